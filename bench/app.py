"""The app: start to first screen against a bare Textual app (fresh processes, alternated), and the keys it takes
to quick-score the rulebook's 41-point table (driven by the pilot, checked against the score)."""
from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROUNDS = 7

# Each child prints the seconds from before its imports to the first frame of its first screen.
CHILD = """
import sys, time
start = time.perf_counter()
from textual.app import App
if sys.argv[1] == "bare":
    from textual.widgets import Footer, Header, Static

    class Bare(App):
        def compose(self):
            yield Header()
            yield Static("Hello")
            yield Footer()
    cls = Bare
else:
    from companion.app import CompanionApp
    cls = CompanionApp

class Timed(cls):
    def on_ready(self) -> None:  # the first frame is on screen
        print(time.perf_counter() - start)
        self.exit()

app = Timed(sys.argv[2]) if sys.argv[1] == "companion" else Timed()
app.run(headless=True)
"""

# The rulebook's table as a player types it: a few letters per card, Tab between boxes.
TABLE_41 = [("Ann", "chick, chicke, mag, ant", "chick, rab, bee, ant", "3"),
            ("Bob", "chick, ant", "bee", "5"), ("Cy", "chicke", "rab", "2")]
FULL_NAMES = [("Ann", "Chick, Chicken, Magpie, Ant", "Chick, Rabbit, Bee, Ant", "3"),
              ("Bob", "Chick, Ant", "Bee", "5"), ("Cy", "Chicken", "Rabbit", "2")]


def start_time(kind: str, url: str) -> float:
    out = subprocess.run([sys.executable, "-c", CHILD, kind, url], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


async def quick_score_keys(url: str) -> tuple[int, int]:
    """Keys pressed from Home to the saved sheet, and Ann's score on it."""
    from companion.app import make_app
    from screens.origami.quick import QuickScoreScreen

    app = make_app(url)
    keys = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("s")
        keys += 1
        for row in TABLE_41:
            for value in row:
                await pilot.press(*value, "tab")
                keys += len(value) + 1
        await pilot.press("ctrl+s")
        keys += 1
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuickScoreScreen) and screen.scored is not None and screen.saved
        return keys, screen.scored.sheet.player("Ann").total


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        start_time("companion", url)  # creates the database, as a first run does once
        bare, ours = [], []
        for _ in range(ROUNDS):
            bare.append(start_time("bare", url))
            ours.append(start_time("companion", url))
        b, o = statistics.median(bare), statistics.median(ours)
        print(f"{'app start to first screen (median of 7)':<44} {o * 1000:10.1f} ms   bare Textual app "
              f"{b * 1000:.1f} ms   {o / b:5.2f}× (target ≤ 1.3×)")
        keys, ann = asyncio.run(quick_score_keys(f"sqlite:///{Path(folder) / 'quick.db'}"))
        spelled = 2 + sum(len(v) + 1 for row in FULL_NAMES for v in row)
        print(f"{'keys to quick-score the 41-point table':<44} {keys:10d} keys   Ann scores {ann}; "
              f"typing every name in full: {spelled} keys ({keys / spelled:.2f}×)")


if __name__ == "__main__":
    main()
