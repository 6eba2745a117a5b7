"""A screen that opens light and fills after its first paint, as Home lists its games: `compose` gives the frame (the
title, the footer, empty containers), painted at once, and `fill` mounts and fills the heavy part once that frame is
on screen. Keys typed before it is filled wait for it and act once it is (screens/type_ahead.py)."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from textual.screen import Screen

R = TypeVar("R")


class FillsLater(Screen[R]):
    filled = False  # `fill` has run: every widget a person sees is there
    framed = False  # its frame has been painted (its fill has begun)
    awaits_store = False  # its fill waits for the database to open (companion/shell.py opens it meanwhile)

    def __init__(self) -> None:
        super().__init__()
        self.waiting: list[Callable[[], object]] = []  # what runs once filled (`when_filled`)

    def on_mount(self) -> None:
        # After a subclass's own on_mount (Textual runs the most derived first): the frame, then the fill.
        self.call_after_refresh(self._fill)

    async def fill(self) -> None:
        """Mount and fill the heavy part into the frame composed (the frame is on screen)."""
        raise NotImplementedError

    async def _fill(self) -> None:
        self.framed = True
        await self.fill()
        self.filled = True
        waiting, self.waiting = self.waiting, []
        for then in waiting:
            then()

    async def store_open(self, after: Callable[[Callable[[], object]], object]) -> None:
        """Wait (in `fill`, the frame on screen) until `after` calls back: the app's `when_open`, once the database
        is open or said to be unusable."""
        ready = asyncio.Event()
        self.awaits_store = True
        try:
            after(ready.set)
            await ready.wait()
        finally:
            self.awaits_store = False

    def when_filled(self, then: Callable[[], object]) -> None:
        """Run `then` once the screen is filled (at once when it is)."""
        if self.filled:
            then()
        else:
            self.waiting.append(then)
