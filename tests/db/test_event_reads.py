"""A game's events read on SQLite by the driver itself (db/event_rows.py: the text as strict UTF-8 first, the payload
through json's scanner when it is one JSON value end to end) come back as SQLAlchemy's own select reads them: the
same values, the same text for bytes that are not UTF-8, the same unreadable payloads; and a damaged row is still
named when the log is read."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from companion.games import KINDS
from db import event_rows
from db.errors import StoreError
from db.models import Event as EventRow
from db.models import Unreadable
from db.store import Store
from tests.db.test_store import DEAL, new_game

PAYLOADS = [  # as SQL: payloads the companion writes, and what a damaged or hand-edited file may hold
    """'{"a": 1, "b": [1, 2.5, null, true], "c": "x"}'""", """' {"a": 1}'""", """'{"a": 1} '""",
    """'{"a": 1}x'""", """'{"a": 1}{"b": 2}'""", "'not json'", "''", "'12'", """'"text"'""", """'{"a": NaN}'""",
    """'{"a": 1e999}'""", """'{"a": 123456789012345678901234567890}'""", "'[' || printf('%.3000c', '[')",
    "printf('%.900c', '[') || printf('%.900c', ']')", """'{"a": "é ü"}'""", """X'EFBBBF7B7D'""",
    """'{"a": "' || CAST(X'FF' AS TEXT) || '"}'""", "CAST(X'7BFF7D' AS TEXT)", "5", "X'7B7D'",
]


def _plain(value: Any) -> Any:
    """A value read, comparable: an Unreadable by what it holds."""
    return ("unreadable", value.raw) if isinstance(value, Unreadable) else value


def _rows(path: Path) -> tuple[list[Any], list[Any]]:
    """The game's rows read by the driver's path and by SQLAlchemy's select, on the same connection."""
    store = Store.open(f"sqlite:///{path}", KINDS)
    try:
        game = new_game(store)
        store.log.append(game, 1, [DEAL], "deal")
        with sqlite3.connect(path) as db:
            for n, payload in enumerate(PAYLOADS, start=3):
                db.execute(f"INSERT INTO events SELECT game_id, {n}, type, version, {payload}, {n}, NULL, recorded_at "
                           f"FROM events WHERE game_id = ? AND seq = 2", (game,))
            db.execute("INSERT INTO events SELECT game_id, 100, CAST(X'6cff' AS TEXT), version, payload, 100, NULL, "
                       "recorded_at FROM events WHERE game_id = ? AND seq = 2", (game,))
        with store.database.read() as c:
            fast = event_rows.stored(c, game, 0)
            query = (select(*event_rows._STORED).where(EventRow.game_id == game, EventRow.seq > 0)
                     .order_by(EventRow.seq))
            core = [event_rows.Stored._make(r) for r in c.execute(query)]
        return [tuple(map(_plain, r)) for r in fast], [tuple(map(_plain, r)) for r in core]
    finally:
        store.close()


def test_the_drivers_read_is_sqlalchemys(tmp_path: Path) -> None:
    fast, core = _rows(tmp_path / "store.db")
    assert len(fast) == len(PAYLOADS) + 3 and fast == core
    assert fast[2][4] == {"a": 1, "b": [1, 2.5, None, True], "c": "x"}  # the short cut was taken, and read it
    assert fast[-1][2] == "l\ufffd"  # the type not UTF-8: read as the text factory reads it, the log not refused
    assert {type(r[4]) for r in fast[3:-1]} >= {dict, tuple, int, str}  # some read, some unreadable


@pytest.mark.parametrize(("column", "value", "said"), [
    ("seq", "'x'", "its seq is 'x'"), ("action", "0", "its action is 0"), ("version", "1.5", "its version is 1.5"),
    ("payload", "'[1]'", r"its payload is \[1\]"), ("idempotency_key", "X'41'", "its key is b'A'"),
])
def test_a_row_not_plainly_sound_is_still_named(tmp_path: Path, column: str, value: str, said: str) -> None:
    path = tmp_path / "store.db"
    store = Store.open(f"sqlite:///{path}", KINDS)
    try:
        game = new_game(store)
        columns = {"seq": "2", "action": "2", "version": "version", "payload": "payload", "idempotency_key": "NULL"}
        columns[column] = value
        with sqlite3.connect(path) as db:
            db.execute(f"INSERT INTO events (game_id, seq, type, version, payload, action, idempotency_key, "
                       f"recorded_at) SELECT game_id, {columns['seq']}, type, {columns['version']}, "
                       f"{columns['payload']}, {columns['action']}, {columns['idempotency_key']}, recorded_at "
                       f"FROM events WHERE game_id = ? AND seq = 1", (game,))
        with pytest.raises(StoreError, match=said):
            store.log.events(game)
    finally:
        store.close()
