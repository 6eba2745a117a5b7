"""The plain-SQL reads the command line and Home make before SQLAlchemy is imported give what the store gives, and
step aside (None) whenever the store must decide."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from companion.origin import KIND as ORIGIN_STORY
from db import quick
from db.store import Store
from tests.companion.test_listing import scored
from tests.recorded import script


def test_the_games_in_play_are_those_the_store_lists(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store.open(url, KINDS)
    catalogue = filled(shipped())
    for seed in (2, 3):
        session = GameSession.start(store, script(catalogue, seed=seed).script[0], catalogue, key=f"s{seed}")
        assert isinstance(session, GameSession)
    session.submit(script(catalogue, seed=3).script[1], "deal")
    scored(store, 1)
    store.games.create(variant="table", players=["Ann", "Bob", "Cat"], families=[], kind=ORIGIN_STORY)
    store.catalogue.set_value("origami", "Phoenix", "points", 7)
    expected = [(g.id, g.kind, g.variant, g.players, g.started_at, g.last_seq) for g in store.games.all(status="playing")]
    values = store.catalogue.values("origami")
    store.close()
    found = quick.games_in_play(url)
    assert found is not None and len(found) == 3
    assert [(g.id, g.kind, g.variant, g.players, g.started_at, g.last_seq) for g in found] == expected
    assert quick.card_values(url, "origami") == values


def test_the_store_decides_whenever_anything_is_unusual(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    url = f"sqlite:///{path}"
    assert quick.games_in_play(url) is None and quick.card_values(url, "origami") == []  # no file yet: nothing created
    assert not path.exists()
    assert quick.games_in_play("postgresql+psycopg://u@h/db") is None and quick.card_values("sqlite://", "origami") is None
    store = Store.open(url, KINDS)
    scored(store, 1)
    store.close()
    assert quick.games_in_play(url) == []
    with sqlite3.connect(path) as c:
        c.execute("UPDATE games SET started_at = 'yesterday'")
    assert quick.games_in_play(url) is None
    with sqlite3.connect(path) as c:
        c.execute("UPDATE alembic_version SET version_num = '0004'")
    assert quick.games_in_play(url) is None and quick.card_values(url, "origami") is None


def test_an_abandoned_game_is_read_plainly_too(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store.open(url, KINDS)
    left = store.games.create(variant="table", players=["Ann", "Bob"], families=[], kind=ORIGIN_STORY)
    store.games.create(variant="duo", players=["Ann", "Cat"], families=[], kind=ORIGIN_STORY)
    store.games.abandon(left.id)
    expected = [(g.id, g.players) for g in store.games.all(status="playing")]
    store.close()
    found = quick.games_in_play(url)  # an abandoned game has no end time, as the companion writes it
    assert found is not None and [(g.id, g.players) for g in found] == expected


def test_the_profiles_names_are_those_the_store_lists_and_the_store_decides_the_rest(tmp_path: Path) -> None:
    """The players screen opens on these names while the store opens (companion/players.py `open_early`)."""
    path = tmp_path / "games.db"
    url = f"sqlite:///{path}"
    assert quick.profile_names(url) is None and not path.exists()  # no file yet: the store creates it
    assert quick.profile_names("postgresql+psycopg://u@h/db") is None and quick.profile_names("sqlite://") is None
    store = Store.open(url, KINDS)
    assert quick.profile_names(url) == []
    for name in ("bob", "Ann", "Émile", "cat", "Zoë"):
        store.profiles.add(name)
    store.profiles.merge("cat", "Ann")  # a merged profile is an alias: not listed
    expected = [p.name for p in store.profiles.all()]
    store.close()
    assert quick.profile_names(url) == expected and "cat" not in expected
    with sqlite3.connect(path) as c:
        c.execute("UPDATE players SET created_at = 'yesterday' WHERE name = 'bob'")
    assert quick.profile_names(url) is None  # not as the companion writes it: the store reads it and names the fault
    with sqlite3.connect(path) as c:
        c.execute("UPDATE players SET created_at = '2026-11-27 09:00:00.000000' WHERE name = 'bob'")
        c.execute("UPDATE alembic_version SET version_num = '0004'")
    assert quick.profile_names(url) is None  # to migrate: the store's
