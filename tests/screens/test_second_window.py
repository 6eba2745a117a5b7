"""Two windows on one game: what one records, the other shows within a second or so, without a key pressed and
without losing what is being typed there (Origami's table and Origin Story's alike)."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from companion.app import make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from companion.origin.session import OriginSession
from db.store import Store
from scoring.origami.notation import write
from scoring.origin import commands as oc
from screens.origami.table import TableScreen
from tests.companion.test_origin_session import H, V
from tests.recorded import Scripted, script
from tests.screens.settle import settled, until

CATALOGUE = filled(shipped())


def dealt(url: str, game: Scripted) -> tuple[Store, GameSession]:
    """A game set up and dealt, recorded by another window (its store left open)."""
    store = Store.open(url, KINDS)
    session = GameSession.start(store, game.script[0], CATALOGUE, key="start")
    assert isinstance(session, GameSession)
    session.submit(game.script[1], "deal")
    return store, session


async def resumed(pilot: Pilot[None]) -> None:
    """Game 1 resumed from Home, its table on screen."""
    await settled(pilot)
    await pilot.press("enter")
    await settled(pilot)


async def test_the_origami_table_follows_an_action_recorded_in_another_window(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/two.db"
    game = script(CATALOGUE, seed=3)
    store, session = dealt(url, game)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await resumed(pilot)
        assert isinstance(app.screen, TableScreen) and app.controller("origami").session is not None
        await pilot.press(*"dra")  # half an action typed here…
        other = GameSession(store, session.game_id, CATALOGUE)  # …while the other window records one
        assert other.submit(game.script[2], "elsewhere").recorded
        mine = app.controller("origami").session
        await until(pilot, lambda: mine.seq == other.seq, "the other window's action shown here")
        assert mine.state == other.state
        assert app.screen.query_one("#action", Input).value == "dra"
    store.close()


async def test_a_line_entered_in_the_window_that_lost_the_race_comes_back_to_it(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.app.FOLLOW", 3600.0)  # this window has not looked at the other one's yet
    url = f"sqlite:///{tmp_path}/two.db"
    game = script(CATALOGUE, seed=3)
    store, session = dealt(url, game)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await resumed(pilot)
        line = write(game.script[2], game.states[1])
        await pilot.press(*line)
        other = GameSession(store, session.game_id, CATALOGUE)
        assert other.submit(game.script[2], "elsewhere").recorded
        await pilot.press("enter")
        mine = app.controller("origami").session
        field = app.screen.query_one("#action", Input)
        await until(pilot, lambda: mine.seq == other.seq and field.value == line, "the table shown as recorded "
                    "there, and the line back here")
        assert mine.state == other.state
    store.close()


async def test_the_origin_story_screen_follows_too(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/two.db"
    store = Store.open(url, KINDS)
    started = OriginSession.start(store, oc.StartGame("table", ("Ann", "Bob", "Cat")), key="start")
    assert isinstance(started, OriginSession)
    assert started.submit(oc.ChooseDealer("Cat"), "dealer").recorded
    app = make_app(url)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        await pilot.press("enter")  # resume the Origin Story game
        await settled(pilot)
        assert app.controller("origin-story").session is not None
        before = app.controller("origin-story").session.seq
        other = OriginSession(store, started.game_id)
        assert other.submit(oc.RevealAlignments((("Ann", H), ("Bob", V), ("Cat", H))), "elsewhere").recorded
        mine = app.controller("origin-story").session
        await until(pilot, lambda: mine.seq == other.seq, "the other window's reveal shown here")
        await settled(pilot)  # the step it leads to drawn
        assert mine.seq > before and mine.state == other.state
    store.close()


async def test_following_stops_quietly_once_the_window_has_closed(tmp_path: Path) -> None:
    # The follow timer can tick once more after the last screen is gone (seen when a window closed mid-game).
    url = f"sqlite:///{tmp_path}/closed.db"
    store, _ = dealt(url, script(CATALOGUE, seed=3))
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await resumed(pilot)
        assert isinstance(app.screen, TableScreen)
    assert not app.screen_stack and app.store is not None
    app.follow_elsewhere()  # raised ScreenStackError before
    store.close()
