"""Bringing a database to this companion's schema: create it when empty, migrate after a backup copy,
refuse a database written by a newer companion or by another program, and touch nothing then."""
from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, inspect, text

from scoring.i18n import _

from .engine import WRITE, one_writer, sqlite_path
from .errors import StoreError, Unusable
from .location import HEAD, REVISIONS

__all__ = ["HEAD", "REVISIONS", "backup", "current_revision", "migrate", "prepare"]


def current_revision(engine: Engine) -> tuple[str | None, list[str]]:
    """The stored revision (None when never migrated) and the tables present. Plain SQL: Alembic is imported only
    when a migration is due."""
    with engine.connect() as connection:
        tables = inspect(connection).get_table_names()
        revision = (connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
                    if "alembic_version" in tables else None)
    return revision, tables


def prepare(engine: Engine, where: str) -> None:
    revision, tables = current_revision(engine)
    if revision == HEAD:
        return
    if revision is None and [t for t in tables if t != "alembic_version"]:
        raise Unusable(_("{where} holds tables of another program (no companion schema in it); "
                         "choose a new file for the database").format(where=where))
    if revision is not None and revision not in REVISIONS:
        raise StoreError(_("{where} was written by a newer version of the companion (schema {revision}; this "
                           "one knows up to {head}); it was not touched: update the companion to open it").format(
                               where=where, revision=revision, head=HEAD))
    if revision is not None:
        backup(engine)
    migrate(engine)


def migrate(engine: Engine, target: str = "head") -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "db:migrations")
    with engine.connect() as connection:
        connection.execution_options(**{WRITE: True})
        with connection.begin():  # one transaction: a failed migration leaves the old schema
            # Processes opening one database at once migrate it one at a time (SQLite's IMMEDIATE transaction
            # already does; PostgreSQL takes the writers' lock): the second finds the schema made, not a duplicate.
            one_writer(connection)
            config.attributes["connection"] = connection
            command.upgrade(config, target)


def backup(engine: Engine) -> Path | None:
    """A consistent copy of a SQLite file beside it, named after its schema revision and the time."""
    path = sqlite_path(engine.url.render_as_string(hide_password=False))
    if path is None:
        return None
    revision, _tables = current_revision(engine)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    copy = path.with_name(f"{path.name}.backup-{revision}-{stamp}")
    source, target = sqlite3.connect(path), sqlite3.connect(copy)
    try:
        source.backup(target)  # the online backup API: consistent even with a WAL beside the file
    except sqlite3.Error as exc:
        copy.unlink(missing_ok=True)
        raise StoreError(_("could not back up {path} before upgrading it ({why}); nothing was changed").format(
            path=path, why=exc)) from None
    finally:
        source.close()
        target.close()
    return copy
