"""The app: the keys it takes to quick-score the rulebook's 41-point table (driven by the pilot, checked against the
score). Its start is timed through the console script in a terminal: bench/entry.py."""
from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

# The rulebook's table as a player types it: a few letters per card, Tab between boxes.
TABLE_41 = [("Ann", "chick, chicke, mag, ant", "chick, rab, bee, ant", "3"),
            ("Bob", "chick, ant", "bee", "5"), ("Cy", "chicke", "rab", "2")]
FULL_NAMES = [("Ann", "Chick, Chicken, Magpie, Ant", "Chick, Rabbit, Bee, Ant", "3"),
              ("Bob", "Chick, Ant", "Bee", "5"), ("Cy", "Chicken", "Rabbit", "2")]


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
        keys, ann = asyncio.run(quick_score_keys(f"sqlite:///{Path(folder) / 'quick.db'}"))
        spelled = 2 + sum(len(v) + 1 for row in FULL_NAMES for v in row)
        print(f"{'keys to quick-score the 41-point table':<44} {keys:10d} keys   Ann scores {ann}; "
              f"typing every name in full: {spelled} keys ({keys / spelled:.2f}×)")


if __name__ == "__main__":
    main()
