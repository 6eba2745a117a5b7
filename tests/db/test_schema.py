"""Opening a database file: the schema, migrations with a backup, and every fault as a clear message."""
from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from companion.games import KINDS
from db import schema
from db.engine import make_engine, sqlite_path
from db.errors import StoreError
from db.models import Base
from db.store import Store
from scoring.origami import events as e

START = e.GameStarted("origami", ("Ann", "Bob"), (), (), (), 60, 0)


def url(path: Path) -> str:
    return f"sqlite:///{path}"


def test_every_connection_is_durable_and_checks_foreign_keys(tmp_path: Path) -> None:
    engine = make_engine(url(tmp_path / "a.db"))
    for _ in range(2):  # a fresh connection each time
        with engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert c.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        engine.dispose()


def test_schema_changes_are_transactional(tmp_path: Path) -> None:
    """The pysqlite recipe: a rolled-back transaction takes its CREATE TABLE with it."""
    engine = make_engine(url(tmp_path / "a.db"))
    with engine.connect() as c:
        with c.begin() as t:
            c.exec_driver_sql("CREATE TABLE scratch (x INTEGER)")
            t.rollback()
        assert "scratch" not in sa.inspect(c).get_table_names()


def test_the_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    store = Store.open(url(tmp_path / "a.db"), KINDS)
    with store.engine.connect() as c:
        assert compare_metadata(MigrationContext.configure(c), Base.metadata) == []
    config = Config()
    config.set_main_option("script_location", "db:migrations")
    script = ScriptDirectory.from_config(config)
    assert [r.revision for r in reversed(list(script.walk_revisions()))] == list(schema.REVISIONS)
    assert script.get_current_head() == schema.HEAD


def test_an_older_file_is_backed_up_then_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    schema.migrate(make_engine(url(path)), "0001")
    with sqlite3.connect(path) as c:
        c.execute("INSERT INTO players (name, name_key, created_at) VALUES ('Ann', 'ann', '2026-01-01')")
    store = Store.open(url(path), KINDS)
    assert schema.current_revision(store.engine)[0] == schema.HEAD
    assert store.profiles.get("Ann").name == "Ann"
    backups = list(tmp_path.glob("old.db.backup-0001-*"))
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as c:
        assert c.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]
        assert c.execute("SELECT name FROM players").fetchall() == [("Ann",)]


def test_a_newer_schema_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    Store.open(url(path), KINDS).close()
    with sqlite3.connect(path) as c:
        c.execute("UPDATE alembic_version SET version_num = '0099'")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="written by a newer version of the companion .schema 0099"):
        Store.open(url(path), KINDS)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("new.db.backup-*"))


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="holds tables of another program"):
        Store.open(url(path), KINDS)
    with sqlite3.connect(path) as c:
        assert [r[0] for r in c.execute("SELECT name FROM sqlite_master")] == ["recipes"]


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("shopping list: rice paper, more rice paper\n" * 100)
    with pytest.raises(StoreError, match="is not a companion database .it is not SQLite"):
        Store.open(url(path), KINDS)
    assert path.read_text().startswith("shopping list")


def test_a_locked_database_is_reported_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    store = Store.open(url(path), KINDS, timeout=0.2)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        with pytest.raises(StoreError, match="locked by another program"):
            store.profiles.add("Ann")
        assert store.profiles.all() == []  # reading still works while someone writes
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.profiles.add("Ann").name == "Ann"


def test_a_full_disk_is_reported_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "full.db"
    store = Store.open(url(path), KINDS)
    store.profiles.add("Ann")

    @sa.event.listens_for(store.engine, "connect")
    def _tiny(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"

    store.close()  # the next connections are the small ones
    with pytest.raises(StoreError, match="disk holding .* is full: nothing was recorded"):
        store.results.record(variant="origami", players=["Ann", "B" * 70], families=["x" * 40] * 1,
                            characters=["y" * 200] * 50, rules={}, sheet=_two(), sheets=[{"x": "z" * 9000}] * 2, kind="origami")
    assert [p.name for p in store.profiles.all()] == ["Ann"]
    assert store.games.all() == []


def test_an_action_on_a_full_disk_is_reported_and_nothing_is_written(tmp_path: Path) -> None:
    """Recording an action goes straight to the SQLite driver: its failures are named as every other write's."""
    store = Store.open(url(tmp_path / "full.db"), KINDS)
    game = store.games.create(variant="origami", players=["Ann", "Bob"], families=[], first=(START,), key="start", kind="origami").id
    store.log.append(game, 1, (e.TurnEnded(0, ()),), key="one")

    @sa.event.listens_for(store.engine, "connect")
    def _tiny(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    store.close()
    with pytest.raises(StoreError, match="disk holding .* is full: nothing was recorded"):
        store.log.append(game, 2, (e.TurnEnded(1, ("Kappa",) * 3000), e.TurnEnded(0, ())), key="two")
    assert [x.seq for x in store.log.events(game)] == [1, 2]


def test_an_action_when_the_file_cannot_be_opened_again_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    store = Store.open(url(folder / "a.db"), KINDS)
    game = store.games.create(variant="origami", players=["Ann", "Bob"], families=[], first=(START,), key="start", kind="origami").id
    store.log.append(game, 1, (e.TurnEnded(0, ()),), key="one")
    store.close()  # the next write opens the file again…
    folder.rename(tmp_path / "moved")  # …which has gone
    with pytest.raises(StoreError, match="cannot open .*a.db"):
        store.log.append(game, 2, (e.TurnEnded(1, ()),), key="two")


def test_a_read_only_database_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "ro.db"
    Store.open(url(path), KINDS).close()
    read_only = Store.open(f"sqlite:///file:{path}?mode=ro&uri=true", KINDS)
    assert sqlite_path(f"sqlite:///file:{path}?mode=ro&uri=true") == path
    with pytest.raises(StoreError, match="cannot be written .read-only"):
        read_only.profiles.add("Ann")


def test_a_folder_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(StoreError, match="cannot create the folder for the database"):
        Store.open(url(blocker / "sub" / "games.db"), KINDS)


def test_a_url_that_is_not_one() -> None:
    with pytest.raises(StoreError, match="is not a database URL"):
        Store.open("games.db", KINDS)


def _two():  # type: ignore[no-untyped-def]
    from scoring.origami.sheet import PlayerScore, ScoreSheet

    return ScoreSheet((PlayerScore("Ann", 1, 1, 0, (), ()), PlayerScore("B" * 70, 0, 2, 0, (), ())), ("Ann",), None)


def test_results_keep_their_rows_when_hands_become_optional(tmp_path: Path) -> None:
    """0003 rebuilds the results table on SQLite (a column cannot be altered in place): nothing is lost."""
    path = tmp_path / "old.db"
    schema.migrate(make_engine(url(path)), "0002")
    with sqlite3.connect(path) as c:
        c.execute("INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', '2026-01-01')")
        c.execute("INSERT INTO games VALUES (1, 'u1', 'origami', '[]', '[]', '{}', 1, 'finished', 'quick', "
                  "'2026-01-01', '2026-01-01', NULL)")
        c.execute("INSERT INTO game_players VALUES (1, 0, 1)")
        c.execute("INSERT INTO results VALUES (1, 0, 1, 40, 1, 1, 3, '{}')")
    Store.open(url(path), KINDS).close()
    with sqlite3.connect(path) as c:
        # 0005 then keeps the game's end time beside each result, and 0013 its game's kind
        assert c.execute("SELECT * FROM results").fetchall() == [(1, 0, 1, 40, 1, 1, 3, "{}", "2026-01-01",
                                                                   "origami")]
        assert c.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'results' "
                         "AND sql IS NOT NULL ORDER BY name").fetchall() == [
            ("ix_results_player_finished",), ("ix_results_player_game",), ("ix_results_player_kind",)]
        c.execute("INSERT INTO results VALUES (1, 1, 1, 30, 2, 0, NULL, '{}', NULL, 'origami')")  # a hand may now be unknown


def test_games_stored_before_they_had_a_kind_are_origami(tmp_path: Path) -> None:
    """0004 adds games.kind; every game already stored is an Origami game, and the file is backed up first."""
    path = tmp_path / "old.db"
    schema.migrate(make_engine(url(path)), "0003")
    with sqlite3.connect(path) as c:
        c.execute("INSERT INTO games VALUES (1, 'u1', 'legends', '[]', '[]', '{}', 2, 'playing', 'log', "
                  "'2026-01-01', NULL, NULL)")
    store = Store.open(url(path), KINDS)
    assert store.games.get(1).kind == "origami" and store.games.get(1).variant == "legends"
    store.close()
    assert len(list(tmp_path.glob("old.db.backup-0003-*"))) == 1


def test_the_kind_migration_on_every_backend(any_url: str) -> None:
    """The same upgrade on SQLite and PostgreSQL: existing rows become Origami games, new ones say their kind."""
    engine = make_engine(any_url)
    schema.migrate(engine, "0003")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO games (uid, variant, families, characters, rules, player_count, status, "
                          "source, started_at) VALUES ('u1', 'origami', '[]', '[]', '{}', 2, 'playing', 'log', "
                          ":t)"), {"t": "2026-01-01 00:00:00+00:00"})
        old = c.execute(sa.text("SELECT id FROM games WHERE uid = 'u1'")).scalar_one()
    engine.dispose()
    store = Store.open(any_url, KINDS)
    assert store.games.get(old).kind == "origami"
    assert store.games.create(variant="table", players=["Ann", "Bob", "Cat"], families=[], kind="origin-story").kind == (
        "origin-story")
    store.close()


def test_a_postgresql_database_without_its_driver_says_which_extra_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's install has no PostgreSQL driver (it is the `postgres` extra): the message says how to add it."""
    monkeypatch.setitem(sys.modules, "psycopg", None)  # importing it now fails as when it is not installed
    with pytest.raises(StoreError) as raised:
        make_engine("postgresql+psycopg://user:secret@localhost/club")
    message = str(raised.value)
    assert "its driver (psycopg) is not installed" in message and "'.[postgres]'" in message
    assert "secret" not in message


def test_results_stored_before_they_kept_their_games_kind_take_it_on_every_backend(any_url: str) -> None:
    """0013 gives each result its game's kind (the trend's index): an Origami and an Origin Story game stored at 0012
    read back with their own trends."""
    engine = make_engine(any_url)
    schema.migrate(engine, "0012")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', :t), "
                          "(2, 'Bob', 'bob', :t)"), {"t": "2026-01-01 00:00:00+00:00"})
        for game, kind, variant, score in ((1, "origami", "origami", 40), (2, "origin-story", "duo", 7)):
            at = f"2026-01-0{game + 1} 20:00:00+00:00"
            c.execute(sa.text("INSERT INTO games (id, uid, kind, variant, families, characters, rules, player_count, "
                              "status, source, started_at, finished_at) VALUES (:id, :uid, :kind, :variant, '[]', "
                              "'[]', '{}', 2, 'finished', 'quick', :t, :t)"),
                      {"id": game, "uid": f"u{game}", "kind": kind, "variant": variant, "t": at})
            c.execute(sa.text("INSERT INTO game_players VALUES (:g, 0, 1), (:g, 1, 2)"), {"g": game})
            c.execute(sa.text("INSERT INTO results (game_id, seat, player_id, score, rank, winner, hand, sheet, "
                              "finished_at) VALUES (:g, 0, 1, :s, 1, true, NULL, '{}', :t), "
                              "(:g, 1, 2, 3, 2, false, NULL, '{}', :t)"), {"g": game, "s": score, "t": at})
            c.execute(sa.text("INSERT INTO result_facts VALUES (:g, 0, 'mode', :v, 1, NULL), "
                              "(:g, 1, 'mode', :v, 0, NULL)"), {"g": game, "v": variant})
            c.execute(sa.text("INSERT INTO player_tallies VALUES (1, :k, 'mode', :v, 1, 1, 0, NULL, 0)"),
                      {"k": kind, "v": variant})
    engine.dispose()
    store = Store.open(any_url, KINDS)
    try:
        with store.engine.connect() as c:
            assert c.execute(sa.text("SELECT game_id, seat, kind FROM results ORDER BY game_id, seat")).all() == [
                (1, 0, "origami"), (1, 1, "origami"), (2, 0, "origin-story"), (2, 1, "origin-story")]
        stats = store.stats.player("Ann")
        assert {kind: [s for _, _, s in stats.of(kind).trend] for kind in ("origami", "origin-story")} == {
            "origami": [40], "origin-story": [7]}
    finally:
        store.close()
