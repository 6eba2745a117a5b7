"""The app over an evening: the players screen opened and closed again and again through the real app (its
pilot), the objects the garbage collector walks in each of its full passes (against the same after the first
visit: ≈ 1× means closed screens leave nothing behind), and how long those passes stop the screen (against a
16 ms frame).

Run with `python -m bench.app_memory` (entry: `main`)."""
from __future__ import annotations

import asyncio
import gc
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from .history_data import history
from .store import FRAME

VISITS = 30


def live() -> int:
    """The objects every full collection walks (those loaded at the start excepted: the app keeps them out)."""
    gc.collect()
    return len(gc.get_objects())


async def visits(url: str) -> tuple[int, int, list[float]]:
    """Objects the collector walks after one visit and after VISITS more; the full passes' pauses meanwhile."""
    from companion.app import make_app

    pauses: list[float] = []
    began = [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif info["generation"] == 2:
            pauses.append(time.perf_counter() - began[0])

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
        gc.callbacks.append(timed)
        try:
            for _ in range(VISITS):
                await visit()
        finally:
            gc.callbacks.remove(timed)
        return start, live(), pauses


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url, _ = history(100, Path(folder))  # through the import path: the players' totals are there to show
        start, end, pauses = asyncio.run(visits(url))
    print(f"the app, the players screen opened and closed {VISITS} times (pilot):")
    print(f"  {'objects its full collections walk':<42} {end:9,} {end / start:9.2f}× after the first time ({start:,})")
    if pauses:
        pause = statistics.median(pauses)
        print(f"  {f'a full collection ({len(pauses)} of them, median)':<42} {pause * 1000:9.1f} ms "
              f"{pause / FRAME:5.2f}× a 16 ms frame")


if __name__ == "__main__":
    main()
