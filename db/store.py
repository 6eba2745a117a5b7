"""The store: one database, in rooms by concern, each handed out by the Store: the players' profiles
(`store.profiles`), the games and their listing (`store.games`), the append-only event log (`store.log`), results
(`store.results`), whole games in and out (`store.exchange`), the user's card values (`store.catalogue`) and
statistics (`store.stats`). They share one write connection, its lock and the clock.

Every method is one transaction: it does all of its work or none of it.
"""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, StatementError

from . import event_rows
from .catalogue import Catalogue
from .engine import WRITE, make_engine, sqlite_path
from .errors import Conflict, StoreError, explain
from .exchange import Exchange
from .games import Games
from .kinds import Codec, Kinds
from .log import Log
from .profiles import Profiles
from .results import Results
from .schema import prepare
from .stats import Stats

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The database, its rooms (`profiles`, `games`, `log`, `results`, `exchange`, `catalogue`, `stats`) and what
    they share: the write connection kept open and its lock (`_write`; the SQLite driver's own insert for an action,
    `_insert_events`), a read connection per read (`_read`), the clock, and each kind's codec (`codec`)."""

    def __init__(self, engine: Engine, where: str, kinds: Kinds, clock: Clock = utc_now) -> None:
        self.engine = engine
        self.kinds = kinds
        self._writer = engine.execution_options(**{WRITE: True})
        self._writes: Connection | None = None  # kept open: a pool checkout per action costs more than the write
        self._lock = threading.Lock()  # writes are one at a time, whichever thread asks
        self.where = where
        self.clock = clock
        self._codecs: dict[str, Codec] = {}  # games.kind -> its codec, asked for once
        self.profiles = Profiles(self)
        self.games = Games(self)
        self.log = Log(self)
        self.results = Results(self)
        self.exchange = Exchange(self)
        self.catalogue = Catalogue(self)
        self.stats = Stats(self)

    @classmethod
    def open(cls, url: str, kinds: Kinds, *, timeout: float = 5.0, clock: Clock = utc_now) -> Store:
        """Open (creating or migrating as needed) the database at `url`, holding games of the `kinds` given."""
        engine = make_engine(url, timeout=timeout)  # refuses what is not a URL
        path = sqlite_path(url)
        store = cls(engine, str(path) if path else engine.url.render_as_string(hide_password=True), kinds, clock)
        with store._guard():
            prepare(store.engine, store.where)
        return store

    def close(self) -> None:
        with self._lock:
            if self._writes is not None:
                self._writes.close()
                self._writes = None
        self.engine.dispose()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except DBAPIError as exc:
            raise self._mapped(exc) from None

    def _mapped(self, exc: StatementError) -> StoreError:
        """The database's refusal as the store's error: a collision (Conflict) or what a person can act on."""
        if isinstance(exc, IntegrityError):
            return Conflict(f"{self.where}: {exc.orig}")
        return explain(exc, self.where)

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._lock, self._guard():
            connection = self._connection()
            try:
                with connection.begin():
                    yield connection
            except DBAPIError:
                connection.close()  # after the database failed, the next write starts from a fresh connection
                self._writes = None
                raise

    def _connection(self) -> Connection:
        """The write connection, kept open (call with the lock held)."""
        if self._writes is None:
            self._writes = self._writer.connect()
        return self._writes

    def _insert_events(self, rows: list[tuple[Any, ...]]) -> None:
        """The rows inserted by the SQLite driver itself in one IMMEDIATE transaction (see db/event_rows.py):
        SQLAlchemy's transaction handling costs more than the insert itself."""
        with self._lock:  # not under `_guard`: entering and leaving it costs more here than the insert
            try:
                raw: sqlite3.Connection = self._connection().connection.dbapi_connection  # type: ignore[assignment]
            except DBAPIError as exc:  # the file could not be opened again (after a failed write, say)
                raise self._mapped(exc) from None
            try:
                raw.execute("BEGIN IMMEDIATE")
                if len(rows) == 1:
                    raw.execute(event_rows.INSERT, rows[0])
                else:
                    raw.executemany(event_rows.INSERT, rows)
                raw.execute("COMMIT")
            except BaseException as exc:
                if raw.in_transaction:
                    raw.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):  # as SQLAlchemy would wrap it, then as every write maps it
                    raise self._mapped(DBAPIError.instance("append", (), exc, sqlite3.Error)) from None
                raise

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._guard(), self.engine.connect() as connection:
            yield connection

    def codec(self, kind: str) -> Codec:
        """The codec of `kind`'s events (InputError for a kind this companion does not know)."""
        codec = self._codecs.get(kind)
        if codec is None:
            codec = self._codecs[kind] = self.kinds.codec(kind)
        return codec
