"""The console script's entry point (and `python -m companion`): Ctrl+C while the command line itself loads is
`interrupted` and exit 130, as it is once it has loaded (companion/cli.py)."""
import sys


def main() -> int:
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        print("companion: interrupted", file=sys.stderr)
        return 130
    return run()


if __name__ == "__main__":
    sys.exit(main())
