"""A game resumed from Home: the table's frame is painted first, the game is read and replayed after it, and keys
typed meanwhile act once the table is there."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList

from companion.app import make_app
from companion.origami.controller import Controller
from screens.origami.table import TableScreen
from tests.screens.keys import burst
from tests.screens.origami.test_table import CATALOGUE, shown
from tests.screens.origami.test_table_faults import dealt_game
from tests.screens.settle import settled, until, until_filled
from tests.screens.test_type_ahead import slow_to_open


async def test_the_tables_frame_is_painted_before_the_game_is_read(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    frames: list[tuple[object, bool]] = []  # each frame written: the screen, and whether the game was read by then
    display = app._display

    def written(screen: Any, update: Any) -> None:  # the one place Textual sends a frame to the terminal
        frames.append((screen, app.controllers["origami"].session is not None if "origami" in app.controllers
                       else False))
        display(screen, update)

    app._display = written  # type: ignore[method-assign, assignment]
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await pilot.press("enter")  # Home's first entry: resume game 1
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        await until_filled(pilot, table)
        read = [was_read for screen, was_read in frames if screen is table]
        assert read[0] is False and read[-1] is True  # the frame first, then the game read and shown
        assert "Turn " in shown(app, "#status") and table.sub_title == "Game 1"


async def test_keys_typed_before_the_game_is_resumed_act_once_it_is(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await pilot.press("enter", "e", "n", "d")  # straight on: typed before the game is read
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.filled, "the table filled")
        line = app.screen.query_one("#action", Input)
        await until(pilot, lambda: line.value == "end", "the keys on the table's line")
        assert app.screen.focused is line  # focused by the fill (the frame focuses nothing: TableScreen.AUTO_FOCUS)
        assert app.controller("origami").session is not None


async def test_a_game_chosen_while_the_database_opens_has_its_frame_at_once_and_is_read_once_it_is_open(
        tmp_path: Path) -> None:
    """Enter on a game Home listed by plain SQL, the store still opening: the table's frame at once (its game's kind
    read by plain SQL too), the game read once the store is open, and the keys typed meanwhile act on the table."""
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    release = slow_to_open(app)
    frames: list[tuple[object, bool]] = []  # each frame written: the screen, and whether the store was open by then
    display = app._display

    def written(screen: Any, update: Any) -> None:
        frames.append((screen, app.store is not None))
        display(screen, update)

    app._display = written  # type: ignore[method-assign, assignment]
    async with app.run_test(size=(100, 32)) as pilot:
        menu = app.home.query_one("#menu", OptionList)
        await until(pilot, lambda: menu.option_count > 0 and menu.get_option_at_index(0).id == "resume:1",
                    "the game listed")
        burst(app, "\nend")
        await until(pilot, lambda: any(screen is app.screen and isinstance(screen, TableScreen) for screen, _ in frames),
                    "the table's frame on screen")
        table = app.screen
        assert isinstance(table, TableScreen)
        await until(pilot, lambda: table.sub_title == "Game 1", "the frame's title")
        controller = app.controllers["origami"]
        assert isinstance(controller, Controller) and controller.session is None and not table.filled
        assert app.store is None and app.chosen_early is None
        release.set()
        await until_filled(pilot, table)
        await until(pilot, lambda: table.query_one("#action", Input).value == "end", "the keys on the table's line")
        assert app.screen is table and controller.session is not None
        assert "Turn " in shown(app, "#status")
        opened = [was_open for screen, was_open in frames if screen is table]
        assert opened[0] is False and opened[-1] is True


async def test_a_game_that_cannot_be_read_closes_its_frame_and_says_why(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        home = app.screen
        app.controller("origami").resume(99)  # no such game (deleted meanwhile, say)
        await until(pilot, lambda: any(n.title == "Cannot resume" for n in app._notifications), "the reason said")
        await settled(pilot)
        assert app.screen is home and len(app.screen_stack) == 1 and app.is_running
