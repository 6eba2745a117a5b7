"""The events' rows: an action's events as SQLAlchemy inserts them (`mappings`) and as the SQLite driver inserts
them itself (`rows`), a game's rows read back (`stored`), the action recorded under a key, and what makes a stored
row unreadable.

Recording an action is the one write a player waits on, and after the disk's flush every line of Python runs with
cold caches (about 2.5× slower here), so the driver's path does as little as it can. The stored text is the same as
SQLAlchemy's (tests/db/test_dates.py compares)."""
from __future__ import annotations

import json
import json.encoder
import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Connection, Dialect, func, select

from scoring.i18n import _
from scoring.jsontext import too_deep

from . import upcast
from .kinds import Codec
from .models import Event as EventRow
from .records import Appended, Event, Undone

COLUMNS = ("game_id", "seq", "type", "version", "payload", "action", "idempotency_key", "recorded_at")
# Inserted only while the game is in play (db/game_status.py), checked in the same statement: the game's id again
# at the end of each row.
INSERT = (f"INSERT INTO events ({', '.join(COLUMNS)}) SELECT {', '.join('?' for _ in COLUMNS)} "
          "WHERE EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'playing')")


def _json_text() -> Callable[[Any], str]:
    """json.dumps with its default settings (SQLAlchemy's JSON type writes with it), made once: json.dumps makes
    its C encoder again on every call, behind three layers of Python."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return json.dumps
    encode = make(None, json.JSONEncoder().default, json.encoder.encode_basestring_ascii, None, ": ", ", ",
                  False, False, True)
    return lambda value: "".join(encode(value, 0))


json_text = _json_text()


class Stored(NamedTuple):
    """An events row as read back (its values as the columns' types read them: an unreadable one is Unreadable)."""

    seq: Any
    action: Any
    type: Any
    version: Any
    payload: Any
    recorded_at: Any
    idempotency_key: Any


_STORED = [EventRow.seq, EventRow.action, EventRow.type, EventRow.version, EventRow.payload, EventRow.recorded_at,
           EventRow.idempotency_key]
SELECT = (f"SELECT {', '.join(c.key for c in _STORED)} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq")
_READERS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {}


def stored(c: Connection, game_id: int, after: int) -> list[Stored]:
    """The game's rows after event `after`, in order. Resuming a game reads hundreds: on SQLite they are read by
    the driver itself and their payload and time by the columns' own readers (the same values SQLAlchemy's rows
    give, without the rows' machinery, which cost more than reading them)."""
    if c.dialect.name != "sqlite":
        query = select(*_STORED).where(EventRow.game_id == game_id, EventRow.seq > after).order_by(EventRow.seq)
        return [Stored._make(r) for r in c.execute(query)]
    payload, moment = _readers(c.dialect)
    raw = c.connection.dbapi_connection
    assert raw is not None
    return [Stored(seq, action, name, version, payload(data), moment(at), key)
            for seq, action, name, version, data, at, key in _fetched(raw, game_id, after)]


def _fetched(raw: Any, game_id: int, after: int) -> list[tuple[Any, ...]]:
    """The rows as the driver gives them, their text read as the connection's text factory reads it (bad UTF-8
    as U+FFFD: db/engine.py). Read first as strict UTF-8, by the driver in C (the factory, a Python function, ran for
    each of a long log's thousand texts): the same text wherever that succeeds; a row it refuses reads the whole log
    again through the factory."""
    factory = raw.text_factory
    raw.text_factory = str
    try:
        return raw.execute(SELECT, (game_id, after)).fetchall()  # type: ignore[no-any-return]
    except sqlite3.OperationalError as exc:
        if "decode" not in str(exc):
            raise
    finally:
        raw.text_factory = factory
    return raw.execute(SELECT, (game_id, after)).fetchall()  # type: ignore[no-any-return]


def _readers(dialect: Dialect) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """The payload's and the time's readers on `dialect`, as SQLAlchemy applies them to a row."""
    found = _READERS.get(dialect.name)
    if found is None:
        def reader(column: Any) -> Callable[[Any], Any]:
            read = column.type.dialect_impl(dialect).result_processor(dialect, None)
            return read if read is not None else (lambda value: value)
        payload = reader(EventRow.payload)
        if getattr(dialect, "_json_deserializer", None) is None:  # json.loads: it has a short cut (`_json_read`)
            payload = _json_read(payload)
        found = _READERS[dialect.name] = (payload, reader(EventRow.recorded_at))
    return found


def _json_read(payload: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The payload's reader `payload` (json.loads behind the column type's checks: db/models.py), with a short cut
    for a text that is one JSON value from its first character to its last (every payload the companion writes):
    json.loads' own scanner called on it directly, to the same value. json.loads reaches it through three Python
    calls and two regular expressions (the white space around the value), the type's reader through three more; a
    solo game's resume reads hundreds of payloads. Any other text (too deeply nested, white space around it, not
    JSON) goes to `payload`, which reads or refuses it as before."""
    scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]

    def read(value: Any) -> Any:
        if type(value) is str and not too_deep(value):
            try:
                found, end = scan(value, 0)
            except (StopIteration, ValueError, RecursionError):
                return payload(value)
            if end == len(value):
                return found
        return payload(value)
    return read


def rows(codec: Codec, game_id: int, seq: int, facts: Sequence[Event | Undone], key: str,
         now: datetime) -> list[tuple[Any, ...]]:
    """One action's rows in `COLUMNS` order (the key on the first row only), the time as SQLite's DATETIME text
    (UTC, without the zone, always six digits of microseconds), each followed by the game's id for `INSERT`."""
    at = now.isoformat(" ", "microseconds")[:26]  # the zone left off, as SQLAlchemy's SQLite DATETIME does
    out = []
    for i, fact in enumerate(facts):
        name, version, data = upcast.write(codec, fact)
        out.append((game_id, seq + i, name, version, json_text(data), seq, key if i == 0 else None, at, game_id))
    return out


def mappings(codec: Codec, game_id: int, seq: int, facts: Sequence[Event | Undone], key: str | None,
             now: datetime) -> list[dict[str, Any]]:
    """An action's rows as SQLAlchemy inserts them (`rows`: the SQLite driver's own)."""
    out = []
    for i, fact in enumerate(facts):
        name, version, payload = upcast.write(codec, fact)
        out.append({"game_id": game_id, "seq": seq + i, "type": name, "version": version, "payload": payload,
                    "action": seq, "idempotency_key": key if i == 0 else None, "recorded_at": now})
    return out


def action(c: Connection, key: str) -> tuple[int, Appended] | None:
    """The game and events of the action recorded with `key`, if there is one."""
    row = c.execute(select(EventRow.game_id, EventRow.seq).where(EventRow.idempotency_key == key)).first()
    if row is None:
        return None
    last = c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == row.game_id,
                                                          EventRow.action == row.seq)).scalar()
    return row.game_id, Appended(row.seq, last or row.seq, True)


def sound(r: Stored) -> bool:
    """Whether the row is plainly sound, as nearly every row is: its values of exactly their columns' types, the
    numbers from 1 (one check of the row where `row_problem` looks at each value and says what is wrong)."""
    key = r.idempotency_key
    return (type(r.seq) is int and type(r.action) is int and type(r.version) is int
            and r.seq >= 1 and r.action >= 1 and r.version >= 1 and type(r.type) is str and type(r.payload) is dict
            and type(r.recorded_at) is datetime and (key is None or type(key) is str))


def row_problem(r: Any) -> str | None:
    """What makes an events row unreadable (None when it is sound)."""
    for name in ("seq", "action", "version"):
        value = getattr(r, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            return _("its {field} is {value}, not a whole number from 1").format(field=name, value=repr(value))
    if not isinstance(r.type, str):
        return _("its type is {value}").format(value=repr(r.type))
    if not isinstance(r.payload, dict):
        return _("its payload is {value}, not an object").format(value=repr(r.payload))
    if not isinstance(r.recorded_at, datetime):
        return _("its time is {value}").format(value=repr(r.recorded_at))
    if r.idempotency_key is not None and not isinstance(r.idempotency_key, str):
        return _("its key is {value}").format(value=repr(r.idempotency_key))
    return None
