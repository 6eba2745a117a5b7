"""An action's events as rows the SQLite driver inserts itself: recording an action is the one write a player
waits on, and after the disk's flush every line of Python runs with cold caches (about 2.5× slower here), so this
path does as little as it can. The stored text is the same as SQLAlchemy's (tests/db/test_dates.py compares)."""
from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from . import upcast
from .kinds import Codec
from .records import Event, Undone

COLUMNS = ("game_id", "seq", "type", "version", "payload", "action", "idempotency_key", "recorded_at")
INSERT = f"INSERT INTO events ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _ in COLUMNS)})"


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


def rows(codec: Codec, game_id: int, seq: int, facts: Sequence[Event | Undone], key: str,
         now: datetime) -> list[tuple[Any, ...]]:
    """One action's rows in `COLUMNS` order (the key on the first row only), the time as SQLite's DATETIME text
    (UTC, without the zone, always six digits of microseconds)."""
    at = now.isoformat(" ", "microseconds")[:26]  # the zone left off, as SQLAlchemy's SQLite DATETIME does
    out = []
    for i, fact in enumerate(facts):
        name, version, data = upcast.write(codec, fact)
        out.append((game_id, seq + i, name, version, json_text(data), seq, key if i == 0 else None, at))
    return out
