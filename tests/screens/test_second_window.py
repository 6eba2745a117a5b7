"""Two windows on one game: what one records, the other shows within a second or so, without a key pressed and
without losing what is being typed there (Origami's table and Origin Story's alike)."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from companion.app import make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from companion.origin.session import OriginSession
from db.store import Store
from scoring.origin import commands as oc
from screens.origami.table import TableScreen
from tests.companion.test_origin_session import H, V
from tests.recorded import script
from tests.screens.settle import settled

CATALOGUE = filled(shipped())


async def test_the_origami_table_follows_an_action_recorded_in_another_window(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/two.db"
    game = script(CATALOGUE, seed=3)
    store = Store.open(url, KINDS)
    session = GameSession.start(store, game.script[0], CATALOGUE, key="start")
    assert isinstance(session, GameSession)
    session.submit(game.script[1], "deal")
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await pilot.press("enter")  # resume game 1
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and app.controller("origami").session is not None
        await pilot.press(*"dra")  # half an action typed here…
        other = GameSession(store, session.game_id, CATALOGUE)  # …while the other window records one
        assert other.submit(game.script[2], "elsewhere").recorded
        await pilot.pause(1.6)
        assert app.controller("origami").session.seq == other.seq and app.controller("origami").session.state == other.state
        assert app.screen.query_one("#action", Input).value == "dra"
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
        await pilot.pause(1.6)
        assert app.controller("origin-story").session.seq == other.seq > before and app.controller("origin-story").session.state == other.state
    store.close()
