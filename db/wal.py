"""The write-ahead log beside a SQLite file (FILE-wal): a recorded action is durable in it until SQLite copies it
into the file. Deleting or replacing it (with or without its index, FILE-shm) while the companion has it open loses
every action not yet copied (SQLite keeps writing to the deleted file, which nobody else sees), so its identity is
noted when a connection opens it and compared after each commit, before the action is acknowledged (one stat call).
When it changed, what the connection still sees (every action, the last one included) is copied aside, and the
connection is never closed (see Connection)."""
from __future__ import annotations

import ctypes
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from scoring.i18n import _

from .errors import LogLost


def identity(wal: str) -> tuple[int, int] | None:
    """Device and inode of the log (None: it is missing)."""
    try:
        found = os.stat(wal)
    except OSError:
        return None
    return found.st_dev, found.st_ino


@dataclass
class Log:
    """A connection's log: the file's (`path`), its name (`wal`) and its identity when the connection opened it
    (None when there was none yet: a new file's log is made by its first write)."""

    path: Path
    wal: str
    noted: tuple[int, int] | None

    def replaced(self) -> bool:
        """Whether it is not FILE-wal any more (False before the first log exists)."""
        return self.noted is not None and identity(self.wal) != self.noted


class Connection(sqlite3.Connection):
    """The driver's connection to a SQLite file (the engine's factory), noting its log's identity as it opens it.

    Once that log was deleted or replaced, closing it is refused: when a process closes its last connection to a
    file, SQLite copies the log it has open into the file and deletes FILE-wal by name. Here the log it has open is
    the deleted one, and FILE-wal the log another program made since, holding writes that program was told are
    stored: the close would lose them (and copy stale pages over the file). Such a connection stays open until the
    process ends, which releases it without SQLite doing either (so does a crash)."""

    log: Log | None = None  # None: SQLite in memory

    def close(self) -> None:
        if self.log is not None and self.log.replaced():
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(self))  # never freed: freeing a connection closes it
            return
        super().close()


def opened(raw: Connection, path: Path) -> None:
    """Note on a new connection the identity of the log it just opened."""
    wal = f"{path}-wal"
    raw.log = Log(path, wal, identity(wal))


def check(raw: object, where: str) -> None:
    """After a commit on the connection `raw`: LogLost when its log is not the file it opened any more."""
    if not isinstance(raw, Connection) or raw.log is None:  # another database, or SQLite in memory
        return
    log = raw.log
    if log.noted is None:  # the first commit on a new file made the log: that one is this connection's
        log.noted = identity(log.wal)
    elif log.replaced():
        raise lost(raw, log.path, where)


def lost(raw: sqlite3.Connection, path: Path, where: str) -> LogLost:
    """What to tell after the log changed under `raw`: its view copied to FILE.rescued-STAMP (if it can be)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    copy = path.with_name(f"{path.name}.rescued-{stamp}")
    try:
        target = sqlite3.connect(copy)
        try:
            raw.backup(target)  # read through this connection: it still sees the deleted log
        finally:
            target.close()
    except sqlite3.Error as exc:
        copy.unlink(missing_ok=True)
        return LogLost(_("{log} (the log beside {where} that holds the latest actions) was deleted or replaced by "
                         "another program while the companion was recording, so the file no longer holds them; they "
                         "could not be copied aside ({why}): the actions recorded since the companion opened the "
                         "database may be lost. Nothing more is recorded: restart the companion").format(
                             log=f"{path.name}-wal", where=where, why=exc))
    return LogLost(_("{log} (the log beside {where} that holds the latest actions) was deleted or replaced by another "
                     "program while the companion was recording, so the file no longer holds them. Every action "
                     "recorded until now, the last one included, was copied to {copy}; nothing more is recorded. "
                     "Close the companion and every other program using the database, then put that copy in place "
                     "of {path}").format(log=f"{path.name}-wal", where=where, copy=copy, path=path))
