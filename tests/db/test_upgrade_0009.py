"""A database at the schema before card values were kept per game and statistics came from each game (0009), as a
companion of that time left it (tests/db/at_0009.json: both games' finished games, logged, quick-scored and from
BG Stats, a merged profile, both games' card values), upgrades on SQLite and PostgreSQL: after a backup copy, the
history verbs print exactly what they printed then (a head-to-head: its Origami record, beside the other game's),
and each game's card values are its own."""
from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from companion.cli import main
from companion.games import KINDS
from db import schema
from db.engine import make_engine
from db.store import Store

AT_0009 = json.loads((Path(__file__).parent / "at_0009.json").read_text(encoding="utf-8"))
ORDER = ("players", "games", "game_players", "game_families", "results", "player_tallies", "pair_tallies",
         "rating_skills", "rating_steps", "card_values")  # parents first


def _value(column: sa.Column[Any], value: Any) -> Any:
    """A value as SQLite gave it at 0009 (times and JSON as text, booleans as 0/1), for this backend's column."""
    if value is None:
        return None
    if isinstance(column.type, sa.DateTime):
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    if isinstance(column.type, sa.JSON):
        return json.loads(value) if isinstance(value, str) else value
    if isinstance(column.type, sa.Boolean):
        return bool(value)
    return value


def at_0009(url: str) -> None:
    engine = make_engine(url)
    schema.migrate(engine, "0009")
    with engine.begin() as c:
        tables = sa.MetaData()
        tables.reflect(c, only=ORDER)
        for name in ORDER:
            table = tables.tables[name]
            rows = [{k: _value(table.c[k], v) for k, v in row.items()} for row in AT_0009["tables"][name]]
            c.execute(table.insert(), rows)
        if c.dialect.name == "postgresql":  # rows written with their ids: the sequences go on after them
            for name in ("players", "games"):
                c.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT max(id) FROM {name}))"))
    engine.dispose()


def test_a_0009_database_upgrades_with_the_same_history_and_each_games_values(
        any_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    at_0009(any_url)
    store = Store.open(any_url, KINDS)
    try:
        assert schema.current_revision(store.engine)[0] == schema.HEAD
        assert store.catalogue.values("origami") == [("Cat", "points", 3), ("Sheep", "points", 2)]
        assert store.catalogue.values("origin-story") == [("Hidden Plan", "kind", "story"),
                                                     ("Monologuing", "template", "vp_per_trick")]
        sheep = store.catalogue.values_set("origami")[1]
        assert (sheep[3].replace(tzinfo=UTC), sheep[4]) == (datetime(2026, 1, 3, 9, tzinfo=UTC), "Ann")
    finally:
        store.close()
    if any_url.startswith("sqlite"):
        path = Path(any_url.removeprefix("sqlite:///"))
        assert len(list(path.parent.glob(f"{path.name}.backup-0009-*"))) == 1
    for argv, printed in AT_0009["outputs"]:
        assert main(["--db", any_url, *argv]) == 0, argv
        out = capsys.readouterr().out
        if "--vs" in argv:  # a head-to-head counts every game since: what it printed then is its Origami line
            between, record = printed.rstrip("\n").split(": ", 1)
            assert out.startswith(f"{between}: ") and f"  Origami: {record}" in out.splitlines(), argv
            continue
        assert out == (printed if any_url.startswith("sqlite") else in_utc(printed)), argv


def in_utc(printed: str) -> str:
    """The output printed from SQLite as PostgreSQL prints it: a trend's end times read back with their zone."""
    return re.sub(r'("finished_at": "[^"+]+)"', r'\1+00:00"', printed)
