"""The database's store opens in a worker (SQLAlchemy's import and the store's start hold the interpreter ~0.3–0.5 s):
not beside a screen a key typed as Home showed is opening, but in a pause of the typing, or at once when something
waits for it. A window closed while it waits to open lets the worker go."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, OptionList

from companion import shell
from companion.app import make_app
from db.store import Store
from screens.origami.new_game import NewGameScreen
from screens.origami.table import TableScreen
from tests.screens.keys import burst
from tests.screens.settle import PATIENCE, until
from tests.screens.test_abandon import started


async def test_keys_typed_as_home_shows_have_their_screen_filled_and_a_pause_before_the_store_begins_to_open(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    started(url)  # a database the plain reads can list and fill the forms from
    app = make_app(url)
    open_store, on_event = app.open_store, app.on_event
    seen: list[object] = []
    typed: list[float] = []

    def noted() -> Store:
        screen = app.screen
        seen.append((type(screen) if getattr(screen, "filled", False) else None, time.monotonic()))
        return open_store()

    async def timed(event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:  # as the app reads it
            typed.append(time.monotonic())
        await on_event(event)

    app.open_store = noted  # type: ignore[method-assign]
    app.on_event = timed  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        burst(app, "nAnn, Bob")
        await until(pilot, lambda: app.store is not None, "the store open")
        [(screen, began)] = seen
        assert screen is NewGameScreen  # not before the screen opened was filled
        assert began - max(typed) >= shell.IDLE  # nor before a pause in the typing
        assert app.screen.query_one("#players", Input).value == "Ann, Bob"


async def test_the_store_opens_at_once_when_something_waits_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No pause would ever come (IDLE as long as the test's patience): a game resumed from Home's list, which only
    the store can read, opens it."""
    monkeypatch.setattr(shell, "IDLE", 10 * PATIENCE)
    monkeypatch.setattr(shell, "OPEN_BY", 2 * PATIENCE)
    url = f"sqlite:///{tmp_path / 'g.db'}"
    game_id = started(url)
    app = make_app(url)
    async with app.run_test() as pilot:
        menu = app.home.query_one("#menu", OptionList)
        await until(pilot, lambda: menu.option_count > 0 and menu.get_option_at_index(0).id == f"resume:{game_id}",
                    "the game listed by plain reads")
        assert app.store is None
        await pilot.press("enter")
        await until(pilot, lambda: app.store is not None and not isinstance(app.screen, TableScreen)
                    and getattr(app.screen, "filled", False), "the game read, at its deal")


async def test_a_window_closed_while_the_store_waits_to_open_lets_its_worker_go(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shell, "IDLE", 10 * PATIENCE)
    monkeypatch.setattr(shell, "OPEN_BY", 2 * PATIENCE)
    url = f"sqlite:///{tmp_path / 'g.db'}"
    game_id = started(url)
    app = make_app(url)
    closed: list[bool] = []
    open_store = app.open_store

    def noted() -> Store:
        store = open_store()
        close = store.close
        store.close = lambda: (close(), closed.append(True))  # type: ignore[method-assign]
        return store

    app.open_store = noted  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        menu = app.home.query_one("#menu", OptionList)
        await until(pilot, lambda: menu.option_count > 0 and menu.get_option_at_index(0).id == f"resume:{game_id}",
                    "the game listed, the store waiting for a pause")
    deadline = time.monotonic() + PATIENCE
    while not closed:  # the worker opens it, finds the window gone and closes it
        assert time.monotonic() < deadline, "the worker still waits to open the store"
        await asyncio.sleep(0.01)  # the app's loop (the test's) runs the worker's hand-over
    assert app.store is None
