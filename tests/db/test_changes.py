"""Home's look at whether the database changed (db/changes.py), on a real SQLite file: another connection's commit
is seen (another program's, and the store's in the same process), a read or nothing at all is not."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.games import KINDS
from db.changes import Changes
from db.store import Store


def test_another_connections_commit_changes_the_version_and_nothing_else_does(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    store = Store.open(f"sqlite:///{path}", KINDS)
    changes = Changes(f"sqlite:///{path}")
    try:
        first = changes.version()
        assert first is not None and changes.version() == first  # nothing written: the same
        store.profiles.all()  # a read is not a change
        assert changes.version() == first
        store.profiles.add("Ann")  # the app's own write, through the store's connection
        after_store = changes.version()
        assert after_store is not None and after_store != first
        with sqlite3.connect(path) as other:  # another program's
            other.execute("UPDATE players SET name = 'Anna' WHERE name = 'Ann'")
        after_other = changes.version()
        assert after_other not in (None, after_store)
        with sqlite3.connect(path) as other:  # a transaction that writes nothing commits nothing
            other.execute("UPDATE players SET name = 'Bea' WHERE name = 'nobody'")
        assert changes.version() == after_other
    finally:
        changes.close()
        store.close()


def test_what_cannot_say_always_counts_as_changed(tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    changes = Changes(f"sqlite:///{missing}")
    assert changes.version() is None and not missing.exists()  # read-only: nothing created
    assert Changes("postgresql+psycopg://u@h/db").version() is None
    assert Changes("sqlite://").version() is None  # in memory: another connection's database
    not_sqlite = tmp_path / "notes.db"
    not_sqlite.write_text("not a database " * 100)
    assert Changes(f"sqlite:///{not_sqlite}").version() is None


def test_once_closed_it_opens_nothing_again(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    Store.open(f"sqlite:///{path}", KINDS).close()
    changes = Changes(f"sqlite:///{path}")
    assert changes.version() is not None
    changes.close()
    assert changes.version() is None
