"""A screen chosen on Home with the database open is on the terminal before the database is read: what it shows of
the database is read by its fill (screens/given.py); a read that fails is said and the frame
closes, Home back on top."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.app import make_app
from db.store import Store
from scoring.errors import InputError
from screens.home import HomeScreen
from screens.later import FillsLater
from tests.screens.settle import settled, until
from tests.screens.test_abandon import started

KEYS = ["p", "n", "s", "o", "v"]  # players, Origami's new game and quick score, Origin Story's new game and solo


@pytest.mark.parametrize("key", KEYS)
async def test_the_database_is_read_after_the_screens_frame_is_painted(tmp_path: Path, key: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    started(url)  # players to list
    app = make_app(url)
    painted: set[int] = set()  # the screens a frame of which was written
    reads: list[bool] = []  # each read: whether the screen on top had been painted by then
    display = app._display

    def written(screen: Any, update: Any) -> None:
        painted.add(id(screen))
        display(screen, update)

    app._display = written  # type: ignore[method-assign, assignment]
    async with app.run_test() as pilot:
        await settled(pilot)
        reader = app.reader

        def read() -> Store:
            reads.append(isinstance(app.screen, FillsLater) and id(app.screen) in painted)
            return reader()

        monkeypatch.setattr(app, "reader", read)
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, FillsLater) and app.screen.filled, "the screen filled")
        assert reads and all(reads)


@pytest.mark.parametrize("key", ["p", "s"])
async def test_a_read_that_fails_is_said_and_the_frame_closes(tmp_path: Path, key: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)

        def broken() -> Store:
            raise InputError("the database is broken")

        monkeypatch.setattr(app, "reader", broken)
        await pilot.press(key)
        await until(pilot, lambda: any("the database is broken" in str(n.message) for n in app._notifications),
                    "the failure said")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen), "Home back on top")
        assert len(app.screen_stack) == 1
