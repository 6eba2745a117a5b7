"""An Origin Story game resumed from Home: the table's frame is painted first, the game is read and replayed after
it (then shown on it, or a round's steps take its place), and keys typed meanwhile act once it is there."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList

from companion.origin.controller import Controller as OriginController
from screens.origin.stepper import StepperScreen
from screens.origin.table import OriginTableScreen
from tests.screens.keys import burst
from tests.screens.origin.test_origin_live import app_on, new_game, play_mine, shown, solo_setup
from tests.screens.settle import settled, until
from tests.screens.test_type_ahead import slow_to_open


async def at_the_table(path: Path) -> str:
    """A solo game stored at the table, a few cards played; its seats as shown."""
    first = app_on(path)
    async with first.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        await solo_setup(pilot, "add 4.5")
        await play_mine(pilot, first, 1)
        return shown(first, "#seats")


async def test_the_tables_frame_is_painted_before_the_game_is_read(tmp_path: Path) -> None:
    seen = await at_the_table(tmp_path / "g.db")
    app = app_on(tmp_path / "g.db")
    frames: list[tuple[object, bool]] = []  # each frame written: the screen, and whether the game was read by then
    display = app._display

    def written(screen: Any, update: Any) -> None:  # the one place Textual sends a frame to the terminal
        frames.append((screen, app.controller("origin-story").session is not None))  # type: ignore[attr-defined]
        display(screen, update)

    app._display = written  # type: ignore[method-assign, assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("enter", "x")  # Home's first entry: resume game 1; a key typed straight on
        await until(pilot, lambda: isinstance(app.screen, OriginTableScreen) and app.screen.filled, "the table")
        table = app.screen
        read = [was_read for screen, was_read in frames if screen is table]
        assert read[0] is False and read[-1] is True  # the frame first, then the game read and shown
        assert shown(app, "#seats") == seen
        await until(pilot, lambda: table.query_one("#action", Input).value == "x", "the key on the table's line")


async def test_a_game_chosen_while_the_database_opens_has_its_frame_at_once_and_is_read_once_it_is_open(
        tmp_path: Path) -> None:
    seen = await at_the_table(tmp_path / "g.db")
    app = app_on(tmp_path / "g.db")
    release = slow_to_open(app)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.home.query_one("#menu", OptionList)
        await until(pilot, lambda: menu.option_count > 0 and menu.get_option_at_index(0).id == "resume:1",
                    "the game listed")
        burst(app, "\nx")  # Enter on the game as the store opens, and a key typed straight on
        await until(pilot, lambda: isinstance(app.screen, OriginTableScreen), "the table's frame")
        table = app.screen
        await until(pilot, lambda: table.sub_title == "game 1", "the frame's title")
        controller = app.controllers["origin-story"]
        assert isinstance(controller, OriginController) and controller.session is None
        assert isinstance(table, OriginTableScreen) and not table.filled and app.store is None
        release.set()
        await until(pilot, lambda: table.filled, "the table filled")
        assert app.screen is table and shown(app, "#seats") == seen
        await until(pilot, lambda: table.query_one("#action", Input).value == "x", "the key on the table's line")


async def test_a_game_resumed_at_a_rounds_steps_opens_them_in_the_frames_place(tmp_path: Path) -> None:
    first = app_on(tmp_path / "g.db")
    async with first.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")  # round 1's steps under way
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        home = app.screen
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, StepperScreen), "the round's steps")
        await settled(pilot)
        assert app.screen_stack == [home, app.screen]  # in the frame's place, not over it
