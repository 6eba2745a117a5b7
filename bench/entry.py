"""The console script as a person meets it: `companion` in a real terminal against a bare Textual app (one Static),
first paint and Home usable; `companion --help`, `--version` and a non-app verb against `python -c pass`."""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from .terminal import BARE, BIN, run_time, screen_times

ROUNDS = 7
FIRST_PAINT = "Origami: new game"  # Home's menu, there from the first frame
USABLE = r"Welcome!|in progress|No game can be resumed"  # the games read and listed
TABLE = Path(__file__).resolve().parent.parent / "examples"


def companion_screen(url: str) -> list[float]:
    return screen_times([str(BIN / "companion")], [FIRST_PAINT, USABLE], env={"COMPANION_DB": url})


def bare_screen() -> float:
    return screen_times([sys.executable, "-c", BARE], ["Hello from a bare app"])[0]


def ratio_line(name: str, seconds: float, base_name: str, base: float, target: str) -> None:
    print(f"{name:<44} {seconds * 1000:9.1f} ms   {seconds / base:5.2f}× {base_name} ({base * 1000:.1f} ms)"
          f"   target ≤ {target}")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        companion_screen(url)  # creates the database, as a first run does once
        bare, paint, usable = [], [], []
        for _ in range(ROUNDS):  # alternated: both see the same moments of a noisy machine
            bare.append(bare_screen())
            first, ready = companion_screen(url)
            paint.append(first)
            usable.append(ready)
        b = statistics.median(bare)
        print(f"console script in a terminal (median of {ROUNDS}, each its own process):")
        ratio_line("  `companion` first paint", statistics.median(paint), "a bare Textual app", b, "1.3×")
        ratio_line("  `companion` Home usable (games listed)", statistics.median(usable), "a bare Textual app", b,
                   "1.6×")
        table = next(iter(sorted(TABLE.glob("*.json"))), None)
        commands = [("--help", ["--help"]), ("--version", ["--version"])]
        if table is not None:
            commands.append((f"score {table.name}", ["score", str(table)]))
        times: dict[str, list[float]] = {"pass": [], **{name: [] for name, _ in commands}}
        for _ in range(ROUNDS):
            times["pass"].append(run_time([sys.executable, "-c", "pass"])[0])
            for name, argv in commands:
                times[name].append(run_time([str(BIN / "companion"), *argv], env={"COMPANION_DB": url})[0])
        base = statistics.median(times["pass"])
        for name, _ in commands:
            ratio_line(f"  `companion {name}`", statistics.median(times[name]), "`python -c pass`", base,
                       "4×" if name.startswith("--") else "(report)")


if __name__ == "__main__":
    main()
