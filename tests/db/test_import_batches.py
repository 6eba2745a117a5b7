"""An import of more games than a batch (BATCH games read and checked at a time, PAGE written per statement), on
every backend: a bad game in the last batch has the whole file refused and the database unchanged; the good file
adds every game once, with the totals and ratings an import one game at a time would have given; the same file
again adds nothing; and one play recorded on two phones (two ids) in one file joins once, even within a page."""
from __future__ import annotations

import json
import random
import uuid
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from companion import import_stream
from companion.cli import main
from companion.exchange import to_json
from companion.games import KINDS
from db import game_rows
from db.models import Base
from db.ratings import from_store, recompute
from db.records import WholeGame
from db.store import Store
from tests.companion.test_bgstats import bgstats_file, play
from tests.db.test_ratings_stored import same

GAMES = 2 * game_rows.PAGE + 3  # three pages, the last one short
NAMES = [f"Player {i}" for i in range(1, 9)]


def games(count: int, seed: int = 5) -> list[WholeGame]:
    """Quick-scored Origami games, a day apart, of two to four of NAMES (the most points win, ranked by points)."""
    rng = random.Random(seed)
    out = []
    for g in range(count):
        seats = rng.sample(NAMES, rng.choice((2, 3, 4)))
        scores = rng.sample(range(10, 70), len(seats))
        ranks = [1 + sum(o > s for o in scores) for s in scores]
        results = tuple({"score": s, "rank": r, "winner": r == 1, "hand": 2,
                         "sheet": {"name": n, "total": s, "rank": r, "hand": 2, "lines": [], "awards": []}}
                        for n, s, r in zip(seats, scores, ranks, strict=True))
        at = datetime(2024, 1, 1, 20, tzinfo=UTC) + timedelta(days=g)
        out.append(WholeGame(uuid.UUID(int=rng.getrandbits(128)).hex, "origami", ("sea", "farm"), (), {},
                             tuple(seats), "finished", "quick", at - timedelta(minutes=40), at, None, (), results,
                             "origami"))
    return out


def rows(url: str) -> dict[str, list[Any]]:
    """Every row of every table, in order: what an import that changes nothing leaves as it was."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as c:
            return {t.name: sorted(map(tuple, c.execute(sa.select(t)).all()), key=repr)
                    for t in Base.metadata.sorted_tables}
    finally:
        engine.dispose()


def exact(url: str) -> None:
    """The kept totals and ratings are those counted afresh from the results."""
    store = Store.open(url, KINDS)
    try:
        same(from_store(store.database), recompute(store.database))
        with store.database.write() as c:
            kept = {t: sorted(map(tuple, c.execute(sa.text(f"SELECT * FROM {t}")).all()))
                    for t in ("player_tallies", "pair_tallies")}
            from db import tallies
            tallies.recount_all(c)
            assert kept == {t: sorted(map(tuple, c.execute(sa.text(f"SELECT * FROM {t}")).all()))
                            for t in ("player_tallies", "pair_tallies")}
    finally:
        store.close()


def test_a_bad_game_in_the_last_batch_refuses_the_whole_file(url: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(import_stream, "BATCH", 200)  # batches read that cross the pages written
    every = games(GAMES)
    source = f"sqlite:///{tmp_path / 'source.db'}"
    store = Store.open(source, KINDS)
    store.exchange.add(every)
    store.close()
    file, broken = tmp_path / "all.json", tmp_path / "broken.json"
    assert main(["--db", source, "export", str(file)]) == 0
    data = json.loads(file.read_text(encoding="utf-8"))
    data["games"][-1]["results"][0]["score"] += 1  # no longer its sheet's total
    broken.write_text(json.dumps(data, indent=1), encoding="utf-8")
    store = Store.open(url, KINDS)
    store.exchange.add(every[:7])  # a history already here: it must stay exactly as it is
    store.close()
    before = rows(url)
    capsys.readouterr()
    assert main(["--db", url, "import", str(broken)]) == 2
    assert f": game {GAMES} (" in capsys.readouterr().err
    assert rows(url) == before
    assert main(["--db", url, "import", str(file)]) == 0
    assert f"{GAMES - 7} games added, 7 already here" in capsys.readouterr().out
    exact(url)
    after = rows(url)
    assert main(["--db", url, "import", str(file)]) == 0
    assert f"0 games added, {GAMES} already here" in capsys.readouterr().out
    assert rows(url) == after


def test_a_bad_play_last_in_a_bgstats_file_refuses_it_whole(url: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    start = datetime(2024, 1, 1, 20)
    # Three days apart: each play its own range of the twin check's reads, more than a statement takes.
    plays = [play(7, f"{start + timedelta(days=3 * i):%Y-%m-%d %H:%M:%S}", (1, str(30 + i % 17), True),
                  (2, str(20 + i % 9), False), (3, str(10 + i % 5), False), uid=str(uuid.UUID(int=i + 1)))
             for i in range(GAMES)]
    # The first play again from another phone (another id, an hour later): the same play, within the first page.
    plays.insert(3, {**plays[0], "uuid": str(uuid.UUID(int=10**6)),
                     "playDate": f"{start + timedelta(hours=1):%Y-%m-%d %H:%M:%S}"})
    file, broken = tmp_path / "bg.json", tmp_path / "broken.json"
    file.write_text(json.dumps(bgstats_file(plays)), encoding="utf-8")
    last = dict(plays[-1], playerScores=[dict(s) for s in plays[-1]["playerScores"]])
    last["playerScores"][1]["score"] = "lots"
    broken.write_text(json.dumps(bgstats_file([*plays[:-1], last])), encoding="utf-8")
    Store.open(url, KINDS).close()
    before = rows(url)
    assert main(["--db", url, "import", "--yes", str(broken)]) == 2
    assert f"play {GAMES + 1} (" in capsys.readouterr().err
    assert rows(url) == before
    assert main(["--db", url, "import", "--yes", str(file)]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith(f"{GAMES} games added, 1 already here"), out
    exact(url)
    after = rows(url)
    assert main(["--db", url, "import", "--yes", str(file)]) == 0
    assert f"0 games added, {GAMES + 1} already here" in capsys.readouterr().out
    assert rows(url) == after


def test_games_ended_in_other_zones_are_rated_in_the_order_the_database_keeps(url: str, tmp_path: Path) -> None:
    """An import rates its games on from what it has just written, in the order the database keeps their end times
    (SQLite: the wall-clock time, PostgreSQL: the instant): with zones that make the two orders differ (games twelve
    hours apart, ended at +10:00 and -10:00), and some ending at the same time, the kept ratings and totals are
    those counted afresh. Within a page, later than every game here: rated on, not rated again from the results."""
    zones = (timezone(timedelta(hours=10)), timezone(timedelta(hours=-10)))
    base = datetime(2024, 1, 1, 20, tzinfo=UTC)
    every = games(game_rows.PAGE // 4, seed=11)
    mixed = [WholeGame(g.uid, g.variant, g.families, g.characters, g.rules, g.players, g.status, g.source,
                       (end - timedelta(minutes=40)).astimezone(zones[i % 2]), end.astimezone(zones[i % 2]),
                       g.tie_break, g.events, g.results, g.kind)
             for i, g in enumerate(every) for end in [base + timedelta(hours=12 * (i - i % 7 // 6))]]
    assert [g.finished_at.replace(tzinfo=None) for g in mixed[:2]] != sorted(  # type: ignore[union-attr]
        g.finished_at.replace(tzinfo=None) for g in mixed[:2])  # type: ignore[union-attr]
    file = tmp_path / "mixed.json"
    file.write_text(json.dumps(to_json(mixed[5:], datetime(2026, 1, 1, tzinfo=UTC))), encoding="utf-8")
    store = Store.open(url, KINDS)
    store.exchange.add([WholeGame(g.uid, g.variant, g.families, g.characters, g.rules, g.players, g.status, g.source,
                                  g.started_at - timedelta(days=30), g.finished_at - timedelta(days=30),  # type: ignore[operator]
                                  g.tie_break, g.events, g.results, g.kind) for g in mixed[:5]])  # earlier, here
    store.close()
    assert main(["--db", url, "import", str(file)]) == 0
    exact(url)
