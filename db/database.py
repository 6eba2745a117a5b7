"""The database as the store's rooms share it: the engine, the write connection kept open and its lock, a
transaction to read (`read`) or to write (`write`; the SQLite driver's own insert for an action, `insert_events`),
the clock, and each kind's codec. The Store builds one and hands it to every room."""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, StatementError
from sqlalchemy.pool import PoolProxiedConnection

from . import event_rows, wal
from .engine import WRITE
from .errors import Conflict, LogLost, StoreError, explain
from .kinds import Codec, Kinds

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class Database:
    """One database (`where` names it in messages) holding games of the `kinds` given, its time read off `clock`.

    Every `read` and `write` is one transaction: it does all of its work or none of it."""

    def __init__(self, engine: Engine, where: str, kinds: Kinds, clock: Clock = utc_now) -> None:
        self.engine = engine
        self.where = where
        self.kinds = kinds
        self.clock = clock
        self._writer = engine.execution_options(**{WRITE: True})
        self._writes: Connection | None = None  # kept open: a pool checkout per action costs more than the write
        self._lock = threading.Lock()  # writes are one at a time, whichever thread asks
        self._codecs: dict[str, Codec] = {}  # games.kind -> its codec, asked for once
        self._lost: LogLost | None = None  # the write-ahead log went missing: nothing more is written

    def close(self) -> None:
        """LogLost, once everything is closed, when the write-ahead log was deleted or replaced since the last
        write (the actions it held copied aside, as after a write: db/wal.py)."""
        found: LogLost | None = None
        with self._lock:
            if self._writes is not None:
                if self._lost is None:
                    try:
                        self._kept(self._writes.connection)
                    except LogLost as exc:
                        found = exc
                self._writes.close()
                self._writes = None
        self.engine.dispose()
        if found is not None:
            raise found

    @contextmanager
    def guard(self) -> Iterator[None]:
        """The database's refusals inside as the store's errors (StoreError)."""
        try:
            yield
        except (DBAPIError, UnicodeDecodeError) as exc:  # the latter: SQLite's message quotes a damaged schema
            raise self._mapped(exc) from None

    def _mapped(self, exc: StatementError | UnicodeDecodeError) -> StoreError:
        """The database's refusal as the store's error: a collision (Conflict) or what a person can act on."""
        if self._lost is not None:  # SQLite's own error ("disk I/O error") says less than what happened
            return LogLost(str(self._lost))
        if isinstance(exc, IntegrityError):
            return Conflict(f"{self.where}: {exc.orig}")
        return explain(exc, self.where)

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """A write transaction on the write connection, one at a time."""
        with self._lock, self.guard():
            connection = self._connection()
            try:
                with connection.begin():
                    yield connection
            except DBAPIError:
                connection.close()  # after the database failed, the next write starts from a fresh connection
                self._writes = None
                raise
            self._kept(connection.connection)

    def _connection(self) -> Connection:
        """The write connection, kept open (call with the lock held); LogLost once its log went missing."""
        if self._lost is not None:
            raise LogLost(str(self._lost))
        if self._writes is None:
            self._writes = self._writer.connect()
        return self._writes

    def insert_events(self, rows: list[tuple[Any, ...]]) -> int:
        """The rows inserted by the SQLite driver itself in one IMMEDIATE transaction (see db/event_rows.py):
        SQLAlchemy's transaction handling costs more than the insert itself. Returns how many went in (none: the
        game is not in play)."""
        with self._lock:  # not under `guard`: entering and leaving it costs more here than the insert
            try:
                proxied = self._connection().connection
            except DBAPIError as exc:  # the file could not be opened again (after a failed write, say)
                raise self._mapped(exc) from None
            raw: sqlite3.Connection = proxied.dbapi_connection  # type: ignore[assignment]
            try:
                raw.execute("BEGIN IMMEDIATE")
                if len(rows) == 1:
                    inserted = raw.execute(event_rows.INSERT, rows[0]).rowcount
                else:
                    inserted = raw.executemany(event_rows.INSERT, rows).rowcount
                raw.execute("COMMIT")
            except BaseException as exc:
                if raw.in_transaction:
                    raw.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):  # as SQLAlchemy would wrap it, then as every write maps it
                    raise self._mapped(DBAPIError.instance("append", (), exc, sqlite3.Error)) from None
                raise
            self._kept(proxied)
            return inserted

    def _kept(self, proxied: PoolProxiedConnection) -> None:
        """Before a write is acknowledged: LogLost (this time and every time after) when the file's write-ahead
        log was deleted or replaced since the connection opened it (db/wal.py)."""
        try:
            wal.check(proxied.dbapi_connection, self.where)
        except LogLost as exc:
            self._lost = exc
            raise

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A read transaction on a connection of its own."""
        with self.guard(), self.engine.connect() as connection:
            yield connection

    def codec(self, kind: str) -> Codec:
        """The codec of `kind`'s events (InputError for a kind this companion does not know)."""
        codec = self._codecs.get(kind)
        if codec is None:
            codec = self._codecs[kind] = self.kinds.codec(kind)
        return codec
