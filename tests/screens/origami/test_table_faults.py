"""The table when the referee says no and a player overrides it, and when another window recorded first."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from companion.origami.session import GameSession
from db.store import Store
from scoring.origami import events as e
from scoring.origami.describe import describe
from scoring.origami.notation import write
from screens.ask import TextQuestion
from screens.origami.table import TableScreen
from tests.recorded import Scripted, script
from tests.screens.origami.test_table import CATALOGUE, shown, type_line
from tests.screens.settle import settled


def dealt_game(url: str) -> Scripted:
    """A 3-player Legends game stored up to the deal."""
    game = script(CATALOGUE, seed=3)
    store = Store.open(url, KINDS)
    try:
        session = GameSession.start(store, game.script[0], CATALOGUE, key="start")  # type: ignore[arg-type]
        assert isinstance(session, GameSession)
        session.submit(game.script[1], "deal")
    finally:
        store.close()
    return game


async def resume(app: CompanionApp, pilot: object) -> GameSession:
    await settled(pilot)  # type: ignore[arg-type]
    await type_line(pilot, "", "enter")  # type: ignore[arg-type]  # Home's first entry: resume game 1
    assert isinstance(app.screen, TableScreen)
    assert app.controller("origami").session is not None
    return app.controller("origami").session


async def test_a_refused_action_is_recorded_anyway_with_its_reason(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    game = dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        turn, seq = session.state.turn, session.seq
        await type_line(pilot, "end")
        assert "✗ TURN-ORDER" in shown(app, "#preview") and "ctrl+o records it anyway" in shown(app, "#preview")
        await type_line(pilot, "", "enter")
        assert session.seq == seq  # Enter records nothing that is refused
        await type_line(pilot, "", "ctrl+o")
        assert isinstance(app.screen, TextQuestion)
        await type_line(pilot, "", "enter")  # an empty reason is asked again, not recorded
        assert isinstance(app.screen, TextQuestion) and session.seq == seq
        await type_line(pilot, "we skip the first turn", "enter")
        assert isinstance(app.screen, TableScreen)
        recorded = [entry.event for entry in session.log if entry.seq > seq]
        assert recorded[0] == e.Overridden(("TURN-ORDER",), "we skip the first turn")  # type: ignore[arg-type]
        assert isinstance(recorded[-1], e.TurnEnded) and session.state.turn == turn + 1
        assert session.state.overrides == 1
        assert "we skip the first turn" in shown(app, "#log")
    assert game.states[1].turn == turn


async def test_an_action_recorded_in_another_window_first_is_shown_not_doubled(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Before this window has looked (it looks once a second: tests/screens/test_second_window.py), the other
    window's action is found when this one records: said, shown, and not recorded twice."""
    from companion.origami.controller import Controller

    monkeypatch.setattr(Controller, "follow", lambda self: None)  # this window has not looked yet
    url = f"sqlite:///{tmp_path}/s.db"
    game = dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        action = write(game.script[2], session.state)
        other_store = Store.open(url, KINDS)
        try:
            other = GameSession(other_store, session.game_id, CATALOGUE)
            assert other.submit(game.script[2], "other window").recorded
        finally:
            other_store.close()
        await type_line(pilot, action, "enter")
        warnings = [n.message for n in app._notifications]
        assert any("changed in another window" in m for m in warnings), warnings
        assert session.state == game.states[2]  # the table shows what the other window recorded
        assert sum(1 for entry in session.log if entry.key == "other window") == 1
        assert session.seq == other.seq  # and the same action was not recorded twice
        names = tuple(p.name for p in session.state.players)
        first = next(entry.event for entry in session.log if entry.key == "other window")
        assert describe(first, names) in shown(app, "#log")
