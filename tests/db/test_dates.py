"""Times are stored in one text format on SQLite, whichever way a row was written: through SQLAlchemy, or through
the fast path that records an action (SQLAlchemy's own processor there too, never the driver's deprecated
datetime adapter)."""
from __future__ import annotations

import sqlite3
import warnings
from pathlib import Path

from db.store import Store
from tests.db.test_store import DEAL, new_game


def test_every_event_time_has_one_format(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    store = Store.open(f"sqlite:///{path}")
    try:
        game = new_game(store)  # the first event through SQLAlchemy
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)  # sqlite3's default datetime adapter warns (3.12+)
            store.append(game, 1, [DEAL], "deal")  # through the fast path
        assert [type(x.recorded_at).__name__ for x in store.events(game)] == ["datetime", "datetime"]
    finally:
        store.close()
    with sqlite3.connect(path) as c:
        times = [t for (t,) in c.execute("SELECT recorded_at FROM events ORDER BY seq")]
    assert len(times) == 2 and all(len(t) == len("2026-11-23 19:02:08.892167") and "+" not in t for t in times), times
