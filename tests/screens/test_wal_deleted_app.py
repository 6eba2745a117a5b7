"""The app when the database's write-ahead log is deleted under it: the next action is not recorded, the window
says what happened and where every action was copied, and the app keeps running."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from companion.app import make_app
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from scoring.origami.notation import write
from scoring.origami.picks import likely_actions, refill_owed
from screens.origami.table import TableScreen
from tests.recorded import script
from tests.screens.settle import settled, until
from tests.screens.test_second_window import dealt, resumed

CATALOGUE = filled(shipped())
GAME = script(CATALOGUE, seed=3)


def dealt_here(path: Path) -> str:
    """The database at `path` with a game dealt (by another window, closed since): its URL."""
    url = f"sqlite:///{path}"
    store, _ = dealt(url, GAME)
    store.close()
    return url


async def one_recorded(app: Any, pilot: Pilot[None]) -> Any:
    """The game resumed and one action recorded through the table (the log is this window's): its session."""
    await resumed(pilot)
    assert isinstance(app.screen, TableScreen)
    session = app.controller("origami").session
    before = session.seq
    await pilot.press(*write(GAME.script[2], GAME.states[1]), "enter")
    await until(pilot, lambda: session.seq > before, "the first action recorded")
    await settled(pilot)  # and the turn's end, when it ended by itself
    return session


async def test_an_action_after_the_log_was_deleted_is_not_recorded_and_the_window_says_why(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    app = make_app(dealt_here(path), {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await one_recorded(app, pilot)
        recorded = session.seq
        # an action the table takes now (what the script does next may be the end already recorded)
        action = next(x for x in likely_actions(session.state, CATALOGUE) if not refill_owed(x, session.state))
        os.unlink(f"{path}-wal")
        await pilot.press(*write(action, session.state), "enter")
        said = lambda: [n.message for n in app._notifications if "deleted or replaced" in n.message]  # noqa: E731
        await until(pilot, lambda: bool(said()), "the window saying the log was deleted")
        await settled(pilot)
        assert session.seq == recorded and app.is_running
        assert "nothing more is recorded" in said()[0] and str(next(tmp_path.glob("table.db.rescued-*"))) in said()[0]


async def test_a_log_deleted_after_the_last_action_is_said_as_the_app_closes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No action after the log was deleted: the app finds it as it closes the database, copies the actions aside
    instead of letting SQLite fold the deleted log into the file (db/wal.py), and says so once the window is gone."""
    path = tmp_path / "table.db"
    app = make_app(dealt_here(path), {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await one_recorded(app, pilot)
        recorded = session.seq
        os.unlink(f"{path}-wal")
    said = capsys.readouterr().err
    [copy] = tmp_path.glob("table.db.rescued-*")
    assert app.return_code == 2
    assert said.startswith("companion: table.db-wal") and said.count("\n") == 1
    assert "deleted or replaced" in said and str(copy) in said
    with sqlite3.connect(copy) as raw:
        assert raw.execute("SELECT max(seq) FROM events").fetchone() == (recorded,)
    raw.close()
