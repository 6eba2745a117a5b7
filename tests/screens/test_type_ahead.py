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
        await pilot.press("escape")
        burst(app, "n")
        app.post_message(events.Paste("Ann, Bob"))  # a paste straight after: one event, kept the same way
        for _ in range(5):
            await pilot.pause()
        assert app.screen.query_one("#players", Input).value == "Ann, Bob"
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


async def test_keys_typed_while_the_kept_ones_are_handed_over_follow_them(tmp_path: Path) -> None:
    """Keys that arrive just as the kept ones are given to the new screen come after them, in the order typed."""
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    give = app.give_held_keys

    def late_keys_then_give(frames: int = 60) -> None:
        if app.held is not None and app.screen.is_mounted and not getattr(app, "handed", ()):
            burst(app, "XY")  # typed after "Ann", queued before the hand-over runs
        give(frames)

    app.give_held_keys = late_keys_then_give  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await settled(pilot)
        burst(app, "nAnn")
        for _ in range(8):
            await pilot.pause()
        assert app.screen.query_one("#players", Input).value == "AnnXY"
