"""Waiting for the app: its database opens in a worker after the first paint, and its reads run in workers."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Static

from companion.shell import Shell

PATIENCE = 120.0  # seconds a slow, loaded machine may take to open the database; never reached when it opens


def opened(app: Shell) -> bool:
    """The database is open, or Home says why it could not be (a test of a damaged or foreign database)."""
    if app.store is not None:
        return True
    if not app.home.is_mounted:
        return False
    status = str(app.home.query_one("#status", Static).render())
    return status.startswith("The database could not be opened") or "internal error" in status


async def settled(pilot: Pilot[Any]) -> None:
    """The database open, every read done, the screen drawn."""
    app = pilot.app
    if isinstance(app, Shell):
        deadline = time.monotonic() + PATIENCE
        while not opened(app) and time.monotonic() < deadline:
            await pilot.pause(0.01)
    await app.workers.wait_for_complete()
    await pilot.pause()


async def until(pilot: Pilot[Any], condition: Callable[[], bool], what: str) -> None:
    """Wait for `condition` (a slow, loaded machine may take long; a condition never met fails, saying `what`).
    A widget it asks for that is not built yet (the screen pushed, its children still composing) is not met yet."""
    deadline = time.monotonic() + PATIENCE

    def met() -> bool:
        try:
            return condition()
        except NoMatches:
            return False

    while not met():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        await pilot.pause(0.01)


async def until_filled(pilot: Pilot[Any], screen: object) -> None:
    """A screen that fills its heavy part after its first paint (its `filled`): until it has."""
    await until(pilot, lambda: bool(getattr(screen, "filled")), f"{type(screen).__name__} filled in")  # noqa: B009
