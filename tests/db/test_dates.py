"""Times and payloads are stored as the same text on SQLite, whichever way a row was written: through SQLAlchemy,
or through the fast path that records an action (db/event_rows.py: its own text, never the driver's deprecated
datetime adapter)."""
from __future__ import annotations

import sqlite3
import warnings
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import insert

from companion import games
from companion.games import KINDS
from db import upcast
from db.models import Event as EventRow
from db.store import Store
from tests.db.test_store import DEAL, new_game


def test_every_event_time_has_one_format(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    store = Store.open(f"sqlite:///{path}", KINDS)
    try:
        game = new_game(store)  # the first event through SQLAlchemy
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)  # sqlite3's default datetime adapter warns (3.12+)
            store.log.append(game, 1, [DEAL], "deal")  # through the fast path
        assert [type(x.recorded_at).__name__ for x in store.log.events(game)] == ["datetime", "datetime"]
    finally:
        store.close()
    with sqlite3.connect(path) as c:
        times = [t for (t,) in c.execute("SELECT recorded_at FROM events ORDER BY seq")]
    assert len(times) == 2 and all(len(t) == len("2026-11-23 19:02:08.892167") and "+" not in t for t in times), times


@pytest.mark.parametrize("moment", [datetime(2026, 11, 24, 20, 30, 5, 123456, tzinfo=UTC),
                                    datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)])  # no microseconds: still six digits
def test_the_fast_path_stores_the_text_sqlalchemy_would(tmp_path: Path, moment: datetime) -> None:
    """The payload and time of an action recorded by the driver read back as the same text as the same row
    inserted through SQLAlchemy's own types."""
    path = tmp_path / "store.db"
    store = Store.open(f"sqlite:///{path}", KINDS, clock=lambda: moment)
    try:
        game = new_game(store)
        store.log.append(game, 1, [DEAL], "deal")  # the fast path
        name, version, payload = upcast.write(games.codec("origami"), DEAL)
        with store.engine.begin() as c:  # the same row, as SQLAlchemy writes it, as seq 3
            c.execute(insert(EventRow).values(game_id=game, seq=3, type=name, version=version, payload=payload,
                                              action=3, idempotency_key=None, recorded_at=moment))
    finally:
        store.close()
    with sqlite3.connect(path) as c:
        fast, slow = c.execute("SELECT type, version, payload, recorded_at FROM events WHERE seq IN (2, 3) ORDER BY seq")
    assert fast == slow and name == "cards_dealt", (fast, slow)
