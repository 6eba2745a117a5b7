"""Each screen opened from Home as a person meets it: `companion` in a real pseudo-terminal, the screen's key typed
the moment Home is back on screen, until the screen shows; against a bare Textual app pushing a screen of one Static
the same way, alternated run for run (bench/terminal.py). Twice in each run: the first time right after the start
(the database may still be opening, and the key waits for it; the screen's modules load), then again (the screen's
own cost). A screen that fills its heavy part after its first paint is also timed until that part shows. Run alone:
`python -m bench.screens` (entry: `main`)."""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from .entry import BARE_PUSHED, FIRST_PAINT, PLAYERS
from .terminal import BARE_KEY, BIN, screen_times

ROUNDS = 5
HOME = "Origami: new game"  # Home's menu, back on screen
BARE_HOME = "Hello from a bare app"
# (name, key on Home, what only that screen shows once open: Home's own words would answer at once, what shows once
# its heavy part is filled in: None when it is there from the first paint)
SCREENS: tuple[tuple[str, bytes, str, str | None], ...] = (
    ("players", b"p", PLAYERS, None), ("Origami: new game", b"n", "New game", None),
    ("Origami: quick score", b"s", "Totals only", None),
    ("Origami: catalogue", b"c", r"Card catalogue \(", None),
    ("Origami: rules", b"r", "Rules reference", "PAY-EXACT — Pay exactly"),
    ("Origin Story: new game", b"o", "Origin Story — new game", None),
    ("Origin Story: solo", b"v", "Origin Story — new game", None))


def opened(argv: list[str], first: str, key: bytes, shown: str, filled: str | None = None,
           env: dict[str, str] | None = None) -> tuple[float, float, float, float]:
    """Seconds from `key` typed on the first screen (back on it after a first visit to the players screen, or the
    pushed one) until `shown`, then `filled`, are on the screen; the first time, then again after escape: (first
    shown, first filled, again shown, again filled)."""
    bare = argv[0] == sys.executable
    back = BARE_HOME if bare else HOME
    done = [shown, *([filled] if filled else [])]
    marks = [first, BARE_PUSHED if bare else PLAYERS, back, *done, back, *done]
    after_key, again = 2, 2 + len(done) + 1  # the marks at which the screen's key is typed
    times = screen_times(argv, marks, env=env, timeout=300,
                         keys={0: b"p", 1: b"\x1b", after_key: key, again - 1: b"\x1b", again: key})
    first_shown, first_filled = times[after_key + 1], times[after_key + len(done)]
    again_shown, again_filled = times[again + 1], times[again + len(done)]
    return (first_shown - times[after_key], first_filled - times[after_key], again_shown - times[again],
            again_filled - times[again])


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {"COMPANION_DB": f"sqlite:///{Path(folder) / 'bench.db'}"}
        companion = [str(BIN / "companion")]
        screen_times(companion, [FIRST_PAINT], env=env)  # creates the database, as a first run does once
        print(f"screens opened from Home in a terminal (median of {ROUNDS}, alternated with a bare Textual app "
              "pushing a screen of one Static; target ≤ 3× and ≤ 50 ms):")
        for name, key, shown, filled in SCREENS:
            bare: list[tuple[float, ...]] = []
            ours: list[tuple[float, ...]] = []
            for _ in range(ROUNDS):
                bare.append(opened([sys.executable, "-c", BARE_KEY], BARE_HOME, b"p", BARE_PUSHED))
                ours.append(opened(companion, FIRST_PAINT, key, shown, filled, env))
            b = statistics.median(t[2] for t in bare)  # the bare app's screen pushed again
            figures = [statistics.median(t[i] for t in ours) for i in range(4)]
            labels = ("first time", "first time, filled", "again", "again, filled")
            for i, label in enumerate(labels):
                if i % 2 and filled is None:
                    continue
                print(f"  {name + ': ' + label:<46} {figures[i] * 1000:9.1f} ms   {figures[i] / b:6.2f}× a bare "
                      f"screen push ({b * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
