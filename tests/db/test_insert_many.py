"""`tallies.insert_many` on SQLite (its statement compiled once, each value through its column's processor, straight
to the driver) stores what Core's executemany stores: the same text, numbers and NULLs, row for row."""
from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert

from companion.games import KINDS
from db import tallies
from db.models import Game, Player, Result
from db.store import Store

GAMES = [{"uid": f"g{n}", "kind": "origami", "variant": "legends", "families": ["sea", "birds"] if n else [],
          "characters": [], "rules": {"ü": "ß \"q\""} if n % 2 else {}, "player_count": 2, "status": "finished",
          "source": "quick", "started_at": datetime(2025, 3, 1, 20, n, 5, 123456, tzinfo=UTC),
          "finished_at": None if n == 3 else datetime(2025, 3, 1, 22, tzinfo=timezone(timedelta(hours=2))),
          "tie_break": "hand" if n == 1 else None} for n in range(5)]
PLAYERS = [{"name": "Ann", "name_key": "ann", "created_at": datetime(2025, 1, 1, tzinfo=UTC)},
           {"name": "Bo", "name_key": "bo", "created_at": datetime(2025, 1, 2, tzinfo=UTC)}]
RESULTS = [{"game_id": g, "seat": s, "player_id": s + 1, "score": None if g == 2 else 40 - s, "rank": s + 1,
            "winner": s == 0, "hand": None if s else 3, "sheet": {"name": "x", "lines": [["a", 1.5]], "n": None},
            "finished_at": datetime(2025, 3, 1, 22, tzinfo=UTC), "kind": "origami"}
           for g in range(1, 6) for s in range(2)]


def _written(path: Path, fast: bool) -> dict[str, list[Any]]:
    store = Store.open(f"sqlite:///{path}", KINDS)
    try:
        with store.database.write() as c:
            for model, rows in ((Player, PLAYERS), (Game, GAMES), (Result, RESULTS)):
                if fast:
                    tallies.insert_many(c, model, rows)
                else:
                    c.execute(insert(model.__table__), rows)
    finally:
        store.close()
    db = sqlite3.connect(path)
    try:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("players", "games", "results")}
    finally:
        db.close()


def test_the_same_rows_as_core(tmp_path: Path) -> None:
    fast, core = _written(tmp_path / "fast.db", True), _written(tmp_path / "core.db", False)
    assert all(fast.values())
    assert fast == core
    assert [(type(v), v) for v in fast["results"][0]] == [(type(v), v) for v in core["results"][0]]


def test_a_row_missing_a_column_is_refused_as_core_refuses_it(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 's.db'}", KINDS)
    try:
        with pytest.raises(Exception, match="player_id"), store.database.write() as c:
            tallies.insert_many(c, Player, PLAYERS)
            tallies.insert_many(c, Game, GAMES)
            tallies.insert_many(c, Result, [RESULTS[0], {k: v for k, v in RESULTS[1].items() if k != "player_id"}])
    finally:
        store.close()
