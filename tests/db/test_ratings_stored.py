"""The skill ratings the store keeps equal the ratings worked out afresh (`rate` over every finished game, oldest
first) through every change to the history: a result written at the end, one written earlier than the latest, an
undo reopening a game, a merge, a rename, an import of newer and of older games, and the migration that fills
them (every backend). And a new game at the end is rated on, not rated again from the start."""
from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

from companion.games import KINDS
from companion.origami.render import sheet_json
from db import ratings
from db.ratings import Ratings, from_store, recompute, stored
from db.records import Undone
from db.store import Store
from tests.db.test_store import DEAL, START, new_game
from tests.db.test_tallies import _sheet, record

ORIGIN = [("table", [], 1, [("Ann", 12, 2, False), ("Cy", 15, 1, True), ("Bob", 9, 3, False)], None),
          ("table", [], 3, [("Bob", 20, 1, True), ("Ann", 11, 2, False)], None),
          ("solo", [], 4, [("Ann", 30, 1, True)], None)]  # a solo game is no contest: not rated


def record_origin(store: Store, day0: int = 0) -> None:
    for variant, _, day, rows, tie in ORIGIN:
        sheet = _sheet(rows, tie)
        store.results.record(variant=variant, players=[r[0] for r in rows], families=[], characters=[], rules={},
                            sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origin-story",
                            finished_at=datetime(2026, 1, 1, 21, tzinfo=UTC) + timedelta(days=day0 + day - 1))


def same(kept: Ratings, fresh: Ratings) -> dict[str, dict[int, Any]]:
    """Asserts the kept ratings are the fresh ones, exactly (the same floats, in the same order of games)."""
    assert kept.by_scope == fresh.by_scope
    assert kept.trend == fresh.trend
    return kept.by_scope


def test_results_written_at_the_end_are_rated_on(store: Store) -> None:
    record(store)
    record_origin(store)
    table = same(from_store(store.database), recompute(store.database))
    assert set(table) == {"origami", "origami/origami", "origami/legends", "origami/mixed", "origin-story",
                          "origin-story/table"}
    ann = store.profiles.get("Ann").id
    assert table["origami"][ann].games == 5 and table["origin-story"][ann].games == 2


def test_a_new_game_at_the_end_is_one_update_not_the_whole_history(store: Store) -> None:
    record(store)
    reads: list[str] = []

    def seen(_c: Any, _cursor: Any, statement: str, *_: Any) -> None:
        reads.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    record(store, [("origami", ["sea"], 1, [("Ann", 31, 1, True), ("Cy", 12, 2, False)], None)], day0=10)
    event.remove(store.engine, "before_cursor_execute", seen)
    assert not [s for s in reads if "DELETE FROM rating_steps" in s]  # nothing rated again
    assert len([s for s in reads if "rating_" in s]) <= 4
    same(from_store(store.database), recompute(store.database))


def test_a_game_finished_earlier_than_the_latest_rates_its_kind_again(store: Store) -> None:
    record(store)
    record_origin(store)
    before = from_store(store.database).by_scope["origin-story"]
    record(store, [("legends", ["sea"], 1, [("Bob", 31, 1, True), ("Ann", 12, 2, False)], None)], day0=-3)  # older
    table = same(from_store(store.database), recompute(store.database))
    assert table["origin-story"] == before  # another game kind: untouched
    assert [g for g, _ in from_store(store.database).trend[("origami", store.profiles.get("Bob").id)]][0] == 9  # first in order


def test_an_undo_in_a_finished_game_takes_it_out_of_the_ratings(store: Store) -> None:
    record(store)
    before = from_store(store.database)
    gid = new_game(store)
    store.log.append(gid, 1, (DEAL,), key="deal")
    rows = [(name, 50 - i, i + 1, i == 0) for i, name in enumerate(START.players)]
    sheet = _sheet(rows, None)
    store.results.finish(gid, sheet, sheet_json(sheet)["players"])
    assert same(from_store(store.database), recompute(store.database)) != before.by_scope
    reads: list[str] = []

    def seen(_c: Any, _cursor: Any, statement: str, *_: Any) -> None:
        reads.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    store.log.append(gid, 2, (Undone(2, "wrong deal"),), key="undo")
    event.remove(store.engine, "before_cursor_execute", seen)
    assert not [s for s in reads if "INSERT INTO rating_steps" in s]  # the latest game: taken back, not re-rated
    kept = from_store(store.database)
    same(kept, recompute(store.database))
    assert {s: {p: v for p, v in t.items() if p in before.names} for s, t in kept.by_scope.items() if t} == {
        s: t for s, t in before.by_scope.items()}  # everyone at the table before is back where they were
    store.results.finish(gid, sheet, sheet_json(sheet)["players"])  # finished again: rated again, once
    same(from_store(store.database), recompute(store.database))


def statements(store: Store, work: Callable[[], object]) -> list[str]:
    reads: list[str] = []

    def seen(_c: Any, _cursor: Any, statement: str, *_: Any) -> None:
        reads.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    work()
    event.remove(store.engine, "before_cursor_execute", seen)
    return reads


def finished_log_game(store: Store, n: int) -> tuple[int, Any]:
    gid = new_game(store, key=f"start{n}")
    store.log.append(gid, 1, (DEAL,), key=f"deal{n}")
    rows = [(name, 50 - i, i + 1, i == 0) for i, name in enumerate(START.players)]
    sheet = _sheet(rows, None)
    store.results.finish(gid, sheet, sheet_json(sheet)["players"])
    return gid, sheet


def test_an_undo_in_an_earlier_game_takes_it_back_or_rates_its_kind_again(store: Store) -> None:
    record(store)
    gid, sheet = finished_log_game(store, 1)
    record_origin(store, day0=400)  # later games, another kind
    record(store, [("origami", ["sea"], 1, [("Ann", 31, 1, True), ("Cy", 12, 2, False)], None)], day0=400)
    # Later Origami games, but none of its players played on after it: taken back, nothing rated again.
    reads = statements(store, lambda: store.log.append(gid, 2, (Undone(2, "wrong deal"),), key="undo1"))
    assert not [s for s in reads if "INSERT INTO rating_steps" in s]
    same(from_store(store.database), recompute(store.database))
    store.results.finish(gid, sheet, sheet_json(sheet)["players"])  # finished again, before the latest: rated again
    same(from_store(store.database), recompute(store.database))
    # P1 plays on after this one: what followed depends on it, the kind is rated again.
    other, _ = finished_log_game(store, 2)
    fresh = recompute(store.database)
    record(store, [("legends", ["sea"], 1, [("P1", 31, 1, True), ("Cy", 12, 2, False)], None)], day0=500)
    reads = statements(store, lambda: store.log.append(other, 2, (Undone(2, "wrong deal"),), key="undo2"))
    assert [s for s in reads if "INSERT INTO rating_steps" in s]
    table = same(from_store(store.database), recompute(store.database))
    assert table["origin-story"] == fresh.by_scope["origin-story"]  # another kind: untouched
    assert table["origami"][store.profiles.get("P1").id].games == 2


def test_a_merge_rates_the_two_profiles_as_one_player(store: Store) -> None:
    record(store)
    record(store, [("origami", ["sea"], 1, [("Dee", 31, 1, True), ("Ann", 12, 2, False)], None),
                   ("mixed", ["farm", "sea"], 2, [("Dee", 9, 2, False), ("Cy", 19, 1, True)], None)], day0=10)
    dee = store.profiles.get("Dee").id
    store.profiles.merge("Dee", "Bob")
    table = same(from_store(store.database), recompute(store.database))
    assert all(dee not in t for t in table.values())
    assert table["origami"][store.profiles.get("Bob").id].games == 6


def test_a_rename_changes_no_rating(store: Store) -> None:
    record(store)
    before = from_store(store.database)
    store.profiles.rename("Ann", "Annabel")
    after = from_store(store.database)
    assert after.by_scope == before.by_scope and after.trend == before.trend
    assert after.names[store.profiles.get("Annabel").id] == "Annabel"


def test_an_import_of_newer_and_of_older_games(store: Store, tmp_path: Any) -> None:
    source = Store.open(f"sqlite:///{tmp_path / 'elsewhere.db'}", KINDS)
    record(source)
    record_origin(source)
    record(source, [("origami", ["sea"], 1, [("Dee", 31, 1, True), ("Ann", 12, 2, False)], None)], day0=-30)
    games = source.exchange.whole()
    source.close()
    newest_first = sorted(games, key=lambda g: g.finished_at, reverse=True)
    assert store.exchange.add(newest_first[:3]) == (3, 0)  # the latest games
    same(from_store(store.database), recompute(store.database))
    assert store.exchange.add(newest_first) == (6, 3)  # then older ones: rated again from the start
    table = same(from_store(store.database), recompute(store.database))
    assert table["origami"][store.profiles.get("Dee").id].games == 1
    assert store.exchange.add(games) == (0, 9)
    same(from_store(store.database), recompute(store.database))


def test_the_trend_read_is_the_latest_steps(store: Store) -> None:
    many = [("origami", ["sea"], day, [("Ann", 30, 1 + day % 2, day % 2 == 0), ("Bob", 20, 2 - day % 2, day % 2)],
             None) for day in range(1, 31)]
    record(store, many)
    ann = store.profiles.get("Ann").id
    whole = from_store(store.database).trend[("origami", ann)]
    assert len(whole) == 30
    assert stored(store.database, player=ann).trend[("origami", ann)] == whole[-20:]
    assert set(stored(store.database, player=ann).by_scope["origami"]) == {ann}


def test_the_migration_rates_the_results_already_stored(any_url: str) -> None:
    """0006 on SQLite and PostgreSQL: games finished under 0005 are in the kept ratings after it."""
    from db import schema
    from db.engine import make_engine

    engine = make_engine(any_url)
    schema.migrate(engine, "0005")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', :t), "
                          "(2, 'Bob', 'bob', :t), (3, 'Cy', 'cy', :t)"), {"t": "2026-01-01 00:00:00+00:00"})
        for gid, day, kind, variant, seats in ((1, 2, "origami", "legends", [(1, 1), (2, 2)]),
                                               (2, 3, "origami", "origami", [(2, 1), (1, 1), (3, 3)]),
                                               (3, 1, "origin-story", "table", [(3, 1), (1, 2)])):
            at = f"2026-01-0{day} 20:00:00+00:00"
            c.execute(sa.text("INSERT INTO games (id, uid, kind, variant, families, characters, rules, player_count, "
                              "status, source, started_at, finished_at) VALUES (:g, :u, :k, :v, '[]', '[]', '{}', "
                              ":n, 'finished', 'quick', :t, :t)"),
                      {"g": gid, "u": f"u{gid}", "k": kind, "v": variant, "n": len(seats), "t": at})
            for seat, (pid, rank) in enumerate(seats):
                c.execute(sa.text("INSERT INTO game_players VALUES (:g, :s, :p)"), {"g": gid, "s": seat, "p": pid})
                c.execute(sa.text("INSERT INTO results (game_id, seat, player_id, score, rank, winner, hand, sheet, "
                                  "finished_at) VALUES (:g, :s, :p, 10, :r, :w, 1, '{}', :t)"),
                          {"g": gid, "s": seat, "p": pid, "r": rank, "w": rank == 1, "t": at})
    engine.dispose()
    store = Store.open(any_url, KINDS)
    try:
        table = same(from_store(store.database), recompute(store.database))
        assert table["origami"][1].games == 2 and table["origin-story/table"][3].mu > 25
        assert [g for g, _ in from_store(store.database).trend[("origami", 1)]] == [1, 2]
    finally:
        store.close()


def test_kept_ratings_are_read_without_the_history(store: Store) -> None:
    """A rating read touches the kept tables only, never the results."""
    record(store)
    reads: list[str] = []

    def seen(_c: Any, _cursor: Any, statement: str, *_: Any) -> None:
        reads.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    stored(store.database, player=store.profiles.get("Ann").id)
    ratings.lineup_skills(store.database, "origami", [1, 2])
    event.remove(store.engine, "before_cursor_execute", seen)
    assert reads and not [s for s in reads if "results" in s]
