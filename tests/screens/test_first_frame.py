"""A table's frame (screens/first_frame.py): its CSS can be parsed ahead, in idle time, so that its first frame
parses none; its line is focused once it is filled, and the keys typed before act on it; a game chosen on Home is
opened by the kind Home listed it under (companion/app.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import textual.css.stylesheet as stylesheet_module
from textual.widgets import Input

from companion.app import make_app
from db.games import Games
from db.records import GameRecord
from screens.home import HomeScreen
from screens.origami import table as origami_table
from screens.origin import table as origin_table
from tests.screens.origami.test_table import CATALOGUE
from tests.screens.origami.test_table_faults import dealt_game
from tests.screens.settle import settled, until, until_filled


def parsed_sources(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The CSS sources Textual parses from now on (by where they were read from: "TableScreen.DEFAULT_CSS")."""
    seen: list[str] = []
    parse = stylesheet_module.parse

    def counted(scope: str, css: str, read_from: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(read_from[1])
        return parse(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counted)
    return seen


@pytest.mark.parametrize("ahead", [False, True])
async def test_the_tables_css_parsed_ahead_is_not_parsed_again_in_its_first_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ahead: bool) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        parsed = parsed_sources(monkeypatch)
        if ahead:
            origami_table.parse_styles_ahead(app.stylesheet)
            origin_table.parse_styles_ahead(app.stylesheet)  # the other table's too: nothing of it on this screen
            assert "TableScreen.DEFAULT_CSS" in parsed and "OriginTableScreen.DEFAULT_CSS" in parsed
            parsed.clear()
        await pilot.press("enter")  # Home's first entry: the game in progress
        await until(pilot, lambda: isinstance(app.screen, origami_table.TableScreen), "the table's frame")
        await until_filled(pilot, app.screen)
        if ahead:
            assert parsed == []  # neither in its frame nor in its fill
        else:
            assert "TableScreen.DEFAULT_CSS" in parsed


async def test_the_line_is_focused_once_the_table_is_filled_and_takes_the_keys_typed_before(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await pilot.press("enter", *"draw")  # the line's first keys typed at once, with the key that opens the table
        await until(pilot, lambda: isinstance(app.screen, origami_table.TableScreen), "the table's frame")
        screen = app.screen
        await until_filled(pilot, screen)
        line = screen.query_one("#action", Input)
        await until(pilot, lambda: line.value == "draw", "the keys typed before on the line")
        assert screen.focused is line


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
