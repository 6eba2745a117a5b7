"""Listing games at any size: `companion games --limit/--since`, pages in order, and the served table's game found
without reading the history."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion import watch
from companion.cli import main
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.render import sheet_json
from companion.origami.session import GameSession
from db import game_rows
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet
from tests.recorded import script

START = datetime(2026, 3, 1, 20, tzinfo=UTC)


def scored(store: Store, day: int, a: str = "Ann", b: str = "Bob") -> int:
    sheet = ScoreSheet((PlayerScore(a, 30, 1, 2, (), ()), PlayerScore(b, 20, 2, 1, (), ())), (a,), None)
    return store.results.record(variant="origami", players=[a, b], families=["sea"], characters=[], rules={},
                               sheet=sheet, sheets=sheet_json(sheet)["players"],
                               finished_at=START + timedelta(days=day), kind="origami").id


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store.open(url, KINDS)
    for day in range(5):
        scored(store, day)
    store.close()
    return url


def games(capsys: pytest.CaptureFixture[str], url: str, *argv: str) -> tuple[int, list[dict[str, object]], str]:
    code = main(["--db", url, "games", "--json", *argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if code == 0 else [], err


def test_limit_gives_the_newest_games(capsys: pytest.CaptureFixture[str], url: str) -> None:
    code, rows, _ = games(capsys, url, "--limit", "2")
    assert code == 0 and [r["id"] for r in rows] == [5, 4]
    assert [r["winners"] for r in rows] == [["Ann"], ["Ann"]]


def test_since_gives_the_games_started_that_day_or_later(capsys: pytest.CaptureFixture[str], url: str) -> None:
    code, rows, _ = games(capsys, url, "--since", "2026-03-04")
    assert code == 0 and [r["id"] for r in rows] == [5, 4]
    code, rows, _ = games(capsys, url, "--since", "2026-03-04", "--limit", "1", "--player", "bob")
    assert code == 0 and [r["id"] for r in rows] == [5]


@pytest.mark.parametrize(("argv", "said"), [(["--limit", "0"], "not a number of games"),
                                            (["--limit", "many"], "not a number of games"),
                                            (["--since", "31/01/2026"], "YYYY-MM-DD")])
def test_a_bad_limit_or_date_is_named(capsys: pytest.CaptureFixture[str], url: str, argv: list[str],
                                      said: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--db", url, "games", *argv])
    assert stop.value.code == 2 and said in capsys.readouterr().err


def test_pages_keep_the_order_newest_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(game_rows, "PAGE", 3)  # 7 games: three pages
    url = f"sqlite:///{tmp_path / 'paged.db'}"
    store = Store.open(url, KINDS)
    for day in (3, 1, 6, 0, 5, 2, 4):
        scored(store, day)
    assert [g.started_at.day for g in store.games.all()] == [7, 6, 5, 4, 3, 2, 1]
    assert [g.started_at.day for g in store.games.all_and_damaged(limit=5)[0]] == [7, 6, 5, 4, 3]
    store.close()
    code, rows, _ = games(capsys, url, "--limit", "4")
    assert code == 0 and [str(r["started_at"])[8:10] for r in rows] == ["07", "06", "05", "04"]


def test_the_served_table_shows_the_latest_game_recorded_turn_by_turn(tmp_path: Path) -> None:
    catalogue = filled(shipped())
    store = Store.open(f"sqlite:///{tmp_path / 'served.db'}", KINDS)
    session = GameSession.start(store, script(catalogue, seed=4).script[0], catalogue, key="start")
    assert isinstance(session, GameSession)
    for day in range(3):  # quick-scored games after it: not a table to show
        scored(store, 400 + day)
    found = watch.current_game(store, None)
    assert found is not None and found.id == session.game_id
    store.close()
