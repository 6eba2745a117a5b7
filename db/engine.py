"""Engines: SQLite (the default, a file in the user's data directory) or any SQLAlchemy URL (PostgreSQL)."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from scoring.i18n import _

from . import wal
from .errors import StoreError, Unusable
from .location import APP_NAME, DB_FILE, default_url

__all__ = ["APP_NAME", "DB_FILE", "WRITE", "default_url", "make_engine", "one_writer", "read_only_uri", "sqlite_path"]

WRITE = "companion_write"  # execution option: this transaction will write
_WRITER_LOCK = 0x0C0A1A55  # PostgreSQL advisory lock key: the companion's checked writes, one at a time


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL; None for other databases and in-memory SQLite."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    database = parsed.database.removeprefix("file:") if parsed.query.get("uri") else parsed.database
    return Path(database)


def read_only_uri(path: Path) -> str | None:
    """How to open an existing SQLite file whose folder cannot be written, where SQLite cannot make the files of
    its write-ahead log (or a journal) beside it: a URI for sqlite3.connect(uri, uri=True) that only reads it.
    None: open it as usual."""
    options = _read_only(path)
    return None if options is None else f"{_file(path)}?{urlencode(options)}"


def _read_only(path: Path) -> dict[str, str] | None:
    if os.access(path.parent, os.W_OK) or not path.is_file():
        return None
    if Path(f"{path}-wal").exists():
        return {"mode": "ro"}
    return {"mode": "ro", "immutable": "1"}  # no log, and none can be made: no program can change the file


def _file(path: Path) -> str:
    return f"file:{quote(str(path.absolute()))}"


def make_engine(url: str, *, timeout: float = 5.0) -> Engine:
    """An engine whose every SQLite connection is durable (WAL, synchronous=FULL) and checks foreign keys.

    `timeout` is how long a write waits for another program's write to finish before "locked" is reported.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(_("{url} is not a database URL; give a path-style URL such as {sqlite} or {postgres}").format(
            url=repr(url), sqlite="sqlite:///games.db", postgres="postgresql+psycopg://user@host/dbname")) from None
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(parsed, pool_pre_ping=True)
        except ModuleNotFoundError as exc:  # the driver is an extra: a player's install has none
            fix = (_("install the companion with its postgres extra ({pip}, or {pipx})").format(
                       pip="pip install '.[postgres]'", pipx="pipx install '.[postgres]'") if exc.name == "psycopg"
                   else _("install {driver}").format(driver=exc.name))
            raise StoreError(_("cannot use the database {url}: its driver ({driver}) is not installed; {fix}").format(
                url=parsed.render_as_string(hide_password=True), driver=exc.name, fix=fix)) from None
        except Exception as exc:  # a bad option
            raise StoreError(_("cannot use the database {url}: {why}").format(
                url=parsed.render_as_string(hide_password=True), why=exc)) from None
    path = sqlite_path(url)
    if path is not None:
        _make_folder(path)
        options = _read_only(path)
        if options is not None:  # read, and writes refused as read-only (errors.explain says why)
            parsed = parsed.set(database=_file(path), query={"uri": "true", **options})
    engine = create_engine(parsed, connect_args={"timeout": timeout, "factory": wal.Connection})
    _durable_sqlite(engine, path)
    return engine


def _make_folder(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise Unusable(_("cannot create the folder for the database {path}: {why}; "
                         "choose another place for the database").format(path=path, why=exc.strerror)) from None


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _wal(cursor: Any) -> None:
    """WAL for the companion's own databases (and a new, empty one), switched once and kept by the file. Another
    program's file is looked at first and left in its journal mode (the store refuses it untouched); a read-only
    file is read in the mode it has."""
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
        return
    tables = {name for (name,) in cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "alembic_version" not in tables:
        return
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError as exc:
        if "readonly" not in str(exc).lower() and "read-only" not in str(exc).lower():
            raise


def _durable_sqlite(engine: Engine, path: Path | None) -> None:
    """Pragmas on every connection, and SQLAlchemy's pysqlite recipe so BEGIN (and DDL) is ours to issue. The
    identity of a file's write-ahead log is noted as the connection opens it, and its close leaves the file alone
    once that log was replaced (db/wal.py)."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver must not open or commit transactions itself
        # Text that is not UTF-8 (a file damaged or written by another program, in a row or in the schema) reads
        # with U+FFFD in place of the bad bytes: the store names what is wrong instead of every read failing.
        dbapi_connection.text_factory = _text
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys=ON")
            _wal(cursor)
            cursor.execute("PRAGMA synchronous=FULL")
        finally:
            cursor.close()
        if path is not None:
            wal.opened(dbapi_connection, path)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # A write takes the lock up front (IMMEDIATE): two writers queue instead of failing halfway through.
        # Reads stay deferred and see the last commit even while someone else writes.
        writing = connection.get_execution_options().get(WRITE, False)
        # Straight to the driver: this runs before every transaction, and SQLAlchemy's statement path costs
        # more than the statement.
        statement = "BEGIN IMMEDIATE" if writing else "BEGIN"
        try:
            connection.connection.dbapi_connection.execute(statement)
        except sqlite3.Error as exc:  # as SQLAlchemy would raise it ("database is locked" lands here)
            raise DBAPIError.instance(statement, (), exc, sqlite3.Error) from None


def one_writer(c: Connection) -> None:
    """Writes that check before they add (an import, a new profile) or change the history (results written or
    taken back, a rename, a merge) take their turn one at a time. SQLite's IMMEDIATE transaction already does;
    PostgreSQL reads committed rows, so a transaction-scoped advisory lock makes the second wait for the first and
    then see what it wrote (a merge would otherwise miss the results of a finish still open)."""
    if c.dialect.name == "postgresql":
        c.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _WRITER_LOCK})
