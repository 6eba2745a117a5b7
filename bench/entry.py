"""The console script as a person meets it: `companion` in a real terminal against a bare Textual app (one Static),
first paint and Home usable (a key pressed the moment Home shows has acted: the players screen is on); `companion
--help`, `--version` and a non-app verb against `python -c pass`."""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from .terminal import BARE_KEY, BIN, run_time, screen_times

ROUNDS = 7
FIRST_PAINT = "Origami: new game"  # Home's menu, there from the first frame
PLAYERS = "Head-to-head"  # the players screen's footer: `p`, pressed on Home, has acted
BARE_PUSHED = "A pushed screen"
TABLE = Path(__file__).resolve().parent.parent / "examples"


def companion_screen(url: str, timeout: float = 60.0) -> list[float]:
    """First paint, and Home usable: `p` typed the moment Home shows, until the players screen is on (a key pressed
    while the database opens waits for it: Home is usable when that key has acted)."""
    return screen_times([str(BIN / "companion")], [FIRST_PAINT, PLAYERS], env={"COMPANION_DB": url},
                        timeout=timeout, keys={0: b"p"})


def bare_screen() -> list[float]:
    """A bare app's paint, and its own key acting (a screen of one Static pushed)."""
    return screen_times([sys.executable, "-c", BARE_KEY], ["Hello from a bare app", BARE_PUSHED], keys={0: b"p"})


def ratio_line(name: str, seconds: float, base_name: str, base: float, target: str) -> None:
    print(f"{name:<44} {seconds * 1000:9.1f} ms   {seconds / base:5.2f}× {base_name} ({base * 1000:.1f} ms)"
          f"   target ≤ {target}")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        companion_screen(url)  # creates the database, as a first run does once
        bare, bare_key, paint, usable = [], [], [], []
        for _ in range(ROUNDS):  # alternated: both see the same moments of a noisy machine
            shown, pushed = bare_screen()
            bare.append(shown)
            bare_key.append(pushed)
            first, ready = companion_screen(url)
            paint.append(first)
            usable.append(ready)
        b = statistics.median(bare)
        print(f"console script in a terminal (median of {ROUNDS}, each its own process):")
        ratio_line("  `companion` first paint", statistics.median(paint), "a bare Textual app", b, "1.3×")
        ratio_line("  `companion` Home usable (`p` acted)", statistics.median(usable), "a bare Textual app",
                   b, "1.6×")
        ratio_line("    (against the bare app's own key)", statistics.median(usable), "a bare app's key",
                   statistics.median(bare_key), "(report)")
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
