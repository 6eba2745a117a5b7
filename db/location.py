"""Where the database is, and a SQLite file's schema revision, read without SQLAlchemy: the command line's light
paths (`score`, `--help`, a database already up to date) start in a few milliseconds."""
from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path
from typing import Any

# Every revision in db/migrations/versions, oldest first (a test checks this against Alembic's view).
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009", "0010", "0011", "0012", "0013")
HEAD = REVISIONS[-1]
APP_NAME = "origami-companion"
DB_FILE = "companion.db"
# A plain SQLite file URL (no query string): anything else goes through SQLAlchemy's own URL parser.
_PLAIN_SQLITE = re.compile(r"sqlite(\+pysqlite)?:///(?P<path>[^?]+)")


def default_url() -> str:
    """`COMPANION_DB` when set, else a SQLite file in the user's data directory."""
    if os.environ.get("COMPANION_DB"):
        return os.environ["COMPANION_DB"]
    from platformdirs import user_data_dir  # only needed when no URL is given

    return f"sqlite:///{Path(user_data_dir(APP_NAME, appauthor=False)) / DB_FILE}"


def plain_sqlite_file(url: str) -> Path | None:
    """The file behind a plain SQLite URL (sqlite:///games.db); None for any other URL, which the store reads."""
    found = _PLAIN_SQLITE.fullmatch(url)
    if found is None or found["path"] in (":memory:", ""):
        return None
    return Path(found["path"])


def connect_read_only(path: Path, **options: Any) -> sqlite3.Connection:
    """The SQLite file at `path` opened read-only: never created, never written (every plain read opens it so;
    `options`: sqlite3.connect's others)."""
    db: sqlite3.Connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0, **options)
    return db


def stored_revision(path: Path) -> str | None:
    """The schema revision stored in a companion SQLite file (read-only, plain SQL); None when the file holds none
    or cannot be read this way (the store then opens it and says what is wrong)."""
    try:
        db = connect_read_only(path)
    except (sqlite3.Error, ValueError, OSError):
        return None
    try:
        row = db.execute("SELECT version_num FROM alembic_version").fetchone()
    except (sqlite3.Error, UnicodeDecodeError):  # UnicodeDecodeError: SQLite quoting a damaged schema's name
        return None
    finally:
        db.close()
    return row[0] if row and isinstance(row[0], str) else None
