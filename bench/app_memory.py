"""The app over an evening: the players screen opened and closed again and again through the real app (its
pilot), the objects the garbage collector walks in each of its full passes (against the same after the first
visit: ≈ 1× means closed screens leave nothing behind), and how long those passes stop the screen (against a
16 ms frame); then with a moment on Home between visits, the time until the screen is filled with the closed screens
collected on Home (the app's way) against the same left to Python's own passes, which come in the next fill.

Run with `python -m bench.app_memory` (entry: `main`)."""
from __future__ import annotations

import asyncio
import gc
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .history_data import history
from .store import FRAME

VISITS = 30
ON_HOME = 0.4  # seconds a person looks at Home before the next key


def live() -> int:
    """The objects every full collection walks (those loaded at the start excepted: the app keeps them out)."""
    gc.collect()
    return len(gc.get_objects())


@contextmanager
def full_passes() -> Iterator[list[float]]:
    """How long each of the collector's full passes takes while the block runs (seconds, filled as they come)."""
    pauses: list[float] = []
    began = [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif info["generation"] == 2:
            pauses.append(time.perf_counter() - began[0])

    gc.callbacks.append(timed)
    try:
        yield pauses
    finally:
        gc.callbacks.remove(timed)


async def visits(url: str) -> tuple[int, int, list[float]]:
    """Objects the collector walks after one visit and after VISITS more; the full passes' pauses meanwhile."""
    from companion.app import make_app

    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()

        async def visit() -> None:  # the players screen, a second player's history, back Home
            await pilot.press("p")
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("down", "escape")
            await pilot.pause()

        await visit()  # the first visit loads the screen's code and fills Textual's caches
        start = live()
        with full_passes() as pauses:
            for _ in range(VISITS):
                await visit()
        return start, live(), pauses


async def evening(url: str, collect: bool) -> tuple[list[float], list[float]]:
    """The players screen opened, a player's history shown and closed, a moment on Home between (ON_HOME seconds):
    each visit's time from the key until the screen is filled, and the collector's full passes meanwhile. `collect`
    False: the app leaves the closed screens to Python's own passes (the baseline)."""
    from companion.app import make_app
    from screens.players import PlayersScreen

    app = make_app(url)
    if not collect:
        app.collect = lambda: None  # type: ignore[method-assign]
    fills: list[float] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        with full_passes() as pauses:
            for _ in range(VISITS):
                start = time.perf_counter()
                await pilot.press("p")
                while not (isinstance(app.screen, PlayersScreen) and app.screen.filled):
                    await asyncio.sleep(0.001)
                fills.append(time.perf_counter() - start)
                await app.workers.wait_for_complete()
                await pilot.press("down", "escape")
                await pilot.pause(ON_HOME)
    return fills[1:], pauses


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url, _ = history(100, Path(folder))  # through the import path: the players' totals are there to show
        start, end, pauses = asyncio.run(visits(url))
        runs = {collect: [asyncio.run(evening(url, collect)) for _ in range(2)] for collect in (False, True)}
    print(f"the app, the players screen opened and closed {VISITS} times (pilot):")
    print(f"  {'objects its full collections walk':<42} {end:9,} {end / start:9.2f}× after the first time ({start:,})")
    if pauses:
        pause = statistics.median(pauses)
        print(f"  {f'a full collection ({len(pauses)} of them, median)':<42} {pause * 1000:9.1f} ms "
              f"{pause / FRAME:5.2f}× a 16 ms frame")
    print(f"the same with {ON_HOME} s on Home between visits: the key until the players screen is filled (p50 / p90), "
          "the closed screens collected on Home against Python's own passes alone:")
    figures = {}
    for collect, found in runs.items():
        fills = sorted(f for run in found for f in run[0])
        passes = [p for run in found for p in run[1]]
        figures[collect] = (statistics.median(fills), fills[int(len(fills) * 0.9)])
        print(f"  {'collected on Home' if collect else 'left to Python':<42} {figures[collect][0] * 1000:7.1f} / "
              f"{figures[collect][1] * 1000:5.1f} ms   {len(passes)} full passes, median "
              f"{statistics.median(passes) * 1000 if passes else 0:.1f} ms")
    print(f"  {'(collected on Home against left to Python)':<42} {figures[True][0] / figures[False][0]:7.2f}× / "
          f"{figures[True][1] / figures[False][1]:4.2f}×")


if __name__ == "__main__":
    main()
