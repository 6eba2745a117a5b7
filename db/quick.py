"""Reads the command line makes without opening the store: plain SQL on a SQLite file already at this companion's
schema. Anything else (another database, a file to create, migrate or refuse) returns None: the store does it."""
from __future__ import annotations

import json
import sqlite3
from typing import Any

from .location import HEAD, plain_sqlite_file, stored_revision


def card_values(url: str) -> list[tuple[str, str, Any]] | None:
    """The user's card values, as `Store.card_values` gives them; [] while the file does not exist (this creates
    nothing); None when only the store can say."""
    path = plain_sqlite_file(url)
    if path is None:
        return None
    if not path.exists():
        return []
    if stored_revision(path) != HEAD:
        return None
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0)
        try:
            rows = db.execute("SELECT card, field, value FROM card_values ORDER BY card").fetchall()
        finally:
            db.close()
        return [(card, field, None if value is None else json.loads(value)) for card, field, value in rows]
    except (sqlite3.Error, ValueError, TypeError, OSError):  # damaged: the store names what is wrong
        return None
