"""The write-ahead log beside a SQLite file (FILE-wal): a recorded action is durable in it until SQLite copies it
into the file. Deleting or replacing it (with or without its index, FILE-shm) while the companion has it open loses
every action not yet copied (SQLite keeps writing to the deleted file, which nobody else sees), so its identity is
noted when a connection opens it and compared after each commit, before the action is acknowledged (one stat call).
When it changed, what the connection still sees (every action, the last one included) is copied aside."""
from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .errors import LogLost

KEY = "companion_wal"  # in the pool's connection info: [the file, its log's name, the log's identity when opened]


def identity(wal: str) -> tuple[int, int] | None:
    """Device and inode of the log (None: it is missing)."""
    try:
        found = os.stat(wal)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def opened(info: dict[Any, Any], path: Path) -> None:
    """Note in a new connection's `info` the identity of the log it just opened (None when there is none yet: a
    new file's log is made by its first write)."""
    wal = f"{path}-wal"
    info[KEY] = [path, wal, identity(wal)]


def check(info: dict[Any, Any], raw: sqlite3.Connection, where: str) -> None:
    """After a commit on the connection `raw` (whose pool `info` it is): LogLost when its log is not the file
    it opened any more."""
    noted = info.get(KEY)
    if noted is None:
        return
    if noted[2] is None:  # the first commit on a new file made the log: that one is this connection's
        noted[2] = identity(noted[1])
    elif identity(noted[1]) != noted[2]:
        raise lost(raw, noted[0], where)


def lost(raw: sqlite3.Connection, path: Path, where: str) -> LogLost:
    """What to tell after the log changed under `raw`: its view copied to FILE.rescued-STAMP (if it can be)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    copy = path.with_name(f"{path.name}.rescued-{stamp}")
    happened = (f"{path.name}-wal (the log beside {where} that holds the latest actions) was deleted or replaced "
                "by another program while the companion was recording, so the file no longer holds them")
    try:
        target = sqlite3.connect(copy)
        try:
            raw.backup(target)  # read through this connection: it still sees the deleted log
        finally:
            target.close()
    except sqlite3.Error as exc:
        copy.unlink(missing_ok=True)
        return LogLost(f"{happened}; they could not be copied aside ({exc}): the actions recorded since the "
                       "companion opened the database may be lost. Nothing more is recorded: restart the "
                       "companion")
    return LogLost(f"{happened}. Every action recorded until now, the last one included, was copied to {copy}; "
                   "nothing more is recorded. Close the companion and every other program using the database, "
                   f"then put that copy in place of {path}")
