"""Whether the database changed since Home last listed its games, without reading them: SQLite's `PRAGMA
data_version` on a small read-only connection of Home's own. Its value changes when any other connection commits (the
store's in this app as well as another window's or program's), so an equal value means nothing was written since.
Anything but a plain SQLite file (PostgreSQL) cannot say: it always counts as changed, and Home reads again."""
from __future__ import annotations

import sqlite3
import threading

from .location import connect_read_only, plain_sqlite_file


class Changes:
    """Home's look at the file: `version()` before a listing is read, `listed` set to it once that listing is shown;
    on Home's return, the same version means the same listing. Used from worker threads (one at a time: a lock)."""

    def __init__(self, url: str) -> None:
        self.path = plain_sqlite_file(url)
        self.listed: int | None = None  # the version the listing on Home was read at (None: read it again)
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._closed = False  # the app is closing: nothing opens again

    def version(self) -> int | None:
        """The file's data version as this connection sees it; None when it cannot say (not a plain SQLite file, a
        file not created yet or not readable: the listing is then always read)."""
        if self.path is None:
            return None
        with self._lock:
            if self._closed:
                return None
            try:
                if self._db is None:
                    if not self.path.exists():  # read-only: a file to create is the store's
                        return None
                    self._db = connect_read_only(self.path, isolation_level=None, check_same_thread=False)
                row = self._db.execute("PRAGMA data_version").fetchone()
            except (sqlite3.Error, OSError, ValueError):
                self._close()
                return None
        return row[0] if row and isinstance(row[0], int) else None

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._close()

    def _close(self) -> None:
        if self._db is not None:
            self._db.close()  # read-only: its close never writes the log into the file
            self._db = None
