"""What a screen shows that the app reads after pushing its frame: a screen chosen on Home is on the terminal at once,
while the database may still be opening; its profiles and card values are read as its fill asks for them (by plain
SQL while the database opens, where that can; else once it is open). The screen's fill (screens/later.py) awaits
them; keys typed meanwhile wait for the fill (screens/type_ahead.py)."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from textual.screen import Screen

from .type_ahead import TypeAhead

T = TypeVar("T")
U = TypeVar("U")


class Given(Generic[T]):
    """A value given now (`Given.now`) or later (`give`), or the reason it cannot be (`fail`: the app says it)."""

    def __init__(self) -> None:
        self.ready = asyncio.Event()  # bound to the running loop when first awaited (Python 3.10+)
        self.found: tuple[T] | None = None
        self.problem = ""
        # What gives it, run when the fill first asks (after the frame is painted, not on the way to it); one reading
        # may give several values: the first asked runs it.
        self.read: Callable[[], object] | None = None

    @classmethod
    def now(cls, value: T) -> Given[T]:
        given: Given[T] = cls()
        given.give(value)
        return given

    @classmethod
    def of(cls, value: T | Given[T]) -> Given[T]:
        """`value` as given already, unless it is to come."""
        return value if isinstance(value, Given) else cls.now(value)

    def give(self, value: T) -> None:
        self.found, self.read = (value,), None
        self.ready.set()

    def fail(self, problem: str) -> None:
        self.problem, self.read = problem, None
        self.ready.set()

    async def taken(self, screen: Screen[Any]) -> T | None:
        """The value once given; None when it cannot be (the app said why): the frame closes, and the keys typed
        for it are dropped (typed for this screen, they must not act on the one under it)."""
        if self.read is not None:
            self.read()
        if self.found is None and not self.problem:
            await self.ready.wait()
        if self.found is not None:
            return self.found[0]
        app = screen.app
        if isinstance(app, TypeAhead) and app.held is not None:
            app.held = None
        if app.screen is screen:
            app.pop_screen()
        return None


async def both(screen: Screen[Any], first: Given[T], second: Given[U]) -> tuple[T, U] | None:
    """Both values once given, in turn; None when either cannot be (the frame closes, as `taken` says)."""
    one = await first.taken(screen)
    two = await second.taken(screen) if one is not None else None
    return None if one is None or two is None else (one, two)
