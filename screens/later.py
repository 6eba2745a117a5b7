"""A screen that opens light and fills after its first paint, as Home lists its games: `compose` gives the frame (the
title, the footer, empty containers), painted at once, and `fill` mounts and fills the heavy part once that frame is
on screen. Keys typed before it is filled wait for it and act once it is (screens/type_ahead.py).

The frame is mounted just before it first comes on top, and Textual works out every widget's styles again as a pushed
screen comes on top: nothing in between changes a style, so that second pass is left out the first time (later, Textual
decides). Textual lays the frame out and paints it as it first comes on top; the fill begins a refresh later, once the
footer has asked for its keys (begun straight after the paint, the fill put them off by its own length and more). A
screen whose footer's keys are made by its fill begins it straight after the paint (`fills_at_paint`)."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ClassVar, TypeVar

from textual import on
from textual.events import ScreenResume
from textual.screen import Screen

R = TypeVar("R")


class FillsLater(Screen[R]):
    filled = False  # `fill` has run: every widget a person sees is there
    framed = False  # it has come on top: its frame painted, its fill begun or a refresh away
    awaits_store = False  # its fill waits for the database to open (companion/shell.py opens it meanwhile)
    fills_at_paint: ClassVar[bool] = False  # the fill begins straight after the frame's paint, not a refresh later

    def __init__(self) -> None:
        super().__init__()
        self.waiting: list[Callable[[], object]] = []  # what runs once filled (`when_filled`)

    @on(ScreenResume)
    def first_resume(self, event: ScreenResume) -> None:
        # Textual calls this before Screen's own handler, which reads the flag and paints the frame.
        if not self.framed:
            event.refresh_styles = False
            self.framed = True
            (self.call_next if self.fills_at_paint else self.call_after_refresh)(self._fill)

    async def fill(self) -> None:
        """Mount and fill the heavy part into the frame composed (the frame is on screen)."""
        raise NotImplementedError

    async def _fill(self) -> None:
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
