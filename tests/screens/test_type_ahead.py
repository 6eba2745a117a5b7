"""Keys typed on while Home opens a screen (all at once, as from a fast typist, a paste or a slow link) go to the
screen opened: not to Home, whose single letters would open more screens or quit."""
from __future__ import annotations

from pathlib import Path

from textual import events
from textual.keys import _character_to_key
from textual.widgets import Input

from companion.app import make_app
from screens.home import HomeScreen
from screens.origami.new_game import NewGameScreen
from screens.origin.new_game import OriginNewGameScreen
from tests.screens.settle import settled


def burst(app: object, text: str) -> None:
    """`text` as key presses queued in one go, none waiting for the one before to be handled."""
    for ch in text:
        app.post_message(events.Key(_character_to_key(ch), ch))  # type: ignore[attr-defined]


async def test_names_typed_straight_after_n_land_in_the_new_games_players_field(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)
        burst(app, "nAnn, Bob, Quinn")  # n, o, s and q are Home's keys: another game, a quick score, quit
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert [type(s) for s in app.screen_stack] == [HomeScreen, NewGameScreen]
        assert app.screen.query_one("#players", Input).value == "Ann, Bob, Quinn"
        await pilot.press("escape")
        burst(app, "o3")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, OriginNewGameScreen)
        assert app.screen.query_one("#count", Input).value == "3"
        assert app.is_running


async def test_keys_typed_past_a_choice_that_opens_nothing_are_dropped(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)
        store, app.store = app.store, None  # as while the database is still opening: the choice only says so
        burst(app, "nq")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.is_running and app.held is None
        app.store = store
