"""Each screen opened from Home as a person meets it: `companion` in a real pseudo-terminal, the screen's key typed
the moment Home is back on screen, until the screen shows; against a bare Textual app pushing a screen of one Static
the same way, alternated run for run (bench/terminal.py). Run alone: `python -m bench.screens` (entry: `main`)."""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from .entry import BARE_PUSHED, FIRST_PAINT, PLAYERS
from .terminal import BARE_KEY, BIN, screen_times

ROUNDS = 5
HOME = "Origami: new game"  # Home's menu, back on screen
# (name, key on Home, what only that screen shows once open: Home's own words would answer at once)
SCREENS = (("players", b"p", PLAYERS), ("Origami: new game", b"n", "New game"),
           ("Origami: quick score", b"s", "Totals only"), ("Origami: catalogue", b"c", r"Card catalogue \("),
           ("Origami: rules", b"r", "Rules reference"), ("Origin Story: new game", b"o", "Origin Story — new game"),
           ("Origin Story: solo", b"v", "Origin Story — new game"))


def opened(argv: list[str], first: str, key: bytes, shown: str, env: dict[str, str] | None = None) -> float:
    """Seconds from `key` typed on the first screen (back on it after a first visit, so the app is warm) until
    `shown` is on the screen: `p` to the players screen (or the pushed one), escape, then `key`."""
    back = HOME if argv[0] != sys.executable else "Hello from a bare app"
    marks = [first, PLAYERS if argv[0] != sys.executable else BARE_PUSHED, back, shown]
    times = screen_times(argv, marks, env=env, timeout=300, keys={0: b"p", 1: b"\x1b", 2: key})
    return times[3] - times[2]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {"COMPANION_DB": f"sqlite:///{Path(folder) / 'bench.db'}"}
        companion = [str(BIN / "companion")]
        screen_times(companion, [FIRST_PAINT], env=env)  # creates the database, as a first run does once
        print(f"screens opened from Home in a terminal (median of {ROUNDS}, alternated with a bare Textual app "
              "pushing a screen of one Static):")
        for name, key, shown in SCREENS:
            bare, ours = [], []
            for _ in range(ROUNDS):
                bare.append(opened([sys.executable, "-c", BARE_KEY], "Hello from a bare app", b"p", BARE_PUSHED))
                ours.append(opened(companion, FIRST_PAINT, key, shown, env))
            b, o = statistics.median(bare), statistics.median(ours)
            print(f"  {name:<42} {o * 1000:9.1f} ms   {o / b:5.2f}× a bare screen push ({b * 1000:.1f} ms)   "
                  f"target ≤ 3× and ≤ 50 ms")


if __name__ == "__main__":
    main()
