"""A game chosen on Home is opened by the kind Home listed it under (companion/app.py): its record is not read on
the way to its table's frame (that the line is focused once the table is filled, and takes
the keys typed before: tests/screens/origami/test_table_resumed_later.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from companion.app import make_app
from db.games import Games
from db.records import GameRecord
from screens.home import HomeScreen
from screens.origami import table as origami_table
from tests.screens.origami.test_table import CATALOGUE
from tests.screens.origami.test_table_faults import dealt_game
from tests.screens.settle import settled, until, until_filled


async def test_a_game_listed_on_home_opens_by_the_kind_it_was_listed_under(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Its record is not read on the way to its table's frame (the game is read by the fill)."""
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    read_on_home: list[int] = []
    get = Games.get

    def watched(games: Games, game_id: int) -> GameRecord:
        if isinstance(app.screen, HomeScreen):
            read_on_home.append(game_id)
        return get(games, game_id)

    monkeypatch.setattr(Games, "get", watched)
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        assert app.kinds == {1: "origami"}  # as Home lists it
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, origami_table.TableScreen), "the table's frame")
        await until_filled(pilot, app.screen)
        assert read_on_home == []
        assert app.screen.query_one("#action", Input).placeholder  # the table, filled
