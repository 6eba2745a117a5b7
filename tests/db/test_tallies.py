"""The running totals behind statistics and head-to-head stay equal to the figures counted afresh from the stored
results, through every change to the history: results written, an undo reopening a game, a merge, a rename and
an import (every backend). Also: no statement carries an unbounded list of parameters."""
from __future__ import annotations

import sqlite3
from collections import defaultdict
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from itertools import permutations
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

from companion.games import KINDS
from companion.origami.render import sheet_json
from companion.origami.statistics import figures as origami_figures
from db import tallies
from db.records import Undone
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet
from tests.db.test_stats import GAMES
from tests.db.test_store import DEAL, START, new_game


def _sheet(rows: list[tuple[str, int, int, bool]], tie: str | None) -> ScoreSheet:
    return ScoreSheet(tuple(PlayerScore(n, s, r, 0, (), ()) for n, s, r, _ in rows),
                      tuple(n for n, _, _, w in rows if w), tie)


def record(store: Store, games: list[Any] = GAMES, day0: int = 0) -> None:
    for variant, families, day, rows, tie in games:
        sheet = _sheet(rows, tie)
        store.results.record(variant=variant, players=[r[0] for r in rows], families=families, characters=[],
                            rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"],
                            finished_at=datetime(2026, 1, 1, 20, tzinfo=UTC) + timedelta(days=day0 + day - 1), kind="origami")


def counted(store: Store) -> tuple[dict[str, Any], dict[tuple[str, str], tuple[int, int, int, int]]]:
    """Every player's figures and every pair's record, counted here from the finished games' stored results."""
    lines: dict[str, dict[str, list[tuple[int, bool]]]] = defaultdict(lambda: defaultdict(list))
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for game in store.games.all(status="finished"):
        results = store.results.of(game.id)
        for r in results:
            for key in (f"variant {game.variant}", f"players {len(game.players)}",
                        *(f"family {f}" for f in game.families)):
                lines[r["name"]][key].append((r["score"], r["winner"]))
        for a, b in permutations(results, 2):
            record_ = pairs[(a["name"], b["name"])]
            record_[0] += 1
            record_[1 if a["rank"] < b["rank"] else 2 if a["rank"] > b["rank"] else 3] += 1
    def line(v: list[tuple[int | None, bool]]) -> tuple[int, int, float, int | None, int]:
        known = [s for s, _ in v if s is not None]  # points unknown (a winners-only play): not in the average
        return (len(v), sum(w for _, w in v), round(sum(known) / len(known), 6) if known else 0,
                max(known, default=None), len(known))

    figures = {name: {key: line(v) for key, v in keys.items()} for name, keys in lines.items()}
    return figures, {k: (v[0], v[1], v[2], v[3]) for k, v in pairs.items()}


def kept(store: Store) -> tuple[dict[str, Any], dict[tuple[str, str], tuple[int, int, int, int]]]:
    """The same, as the store's statistics and head-to-head give them (from the running totals)."""
    figures: dict[str, Any] = {}
    pairs = {}
    players = store.profiles.all()
    for p in players:
        s = origami_figures(store.stats.player(p.id, trend=0))
        keyed = {f"{facet} {t.key}": (t.games, t.wins, round(t.average or 0, 6), t.best, t.scored)
                 for facet, items in (("variant", s.by_variant), ("players", s.by_players), ("family", s.by_family))
                 for t in items}
        if keyed:
            figures[p.name] = keyed
        for q in players:
            if q.id != p.id:
                h = store.stats.head_to_head(p.id, q.id, "origami")
                if h.games:
                    pairs[(p.name, q.name)] = (h.games, h.a_ahead, h.b_ahead, h.level)
    return figures, pairs


def test_the_totals_are_the_counted_figures_after_results_are_written(store: Store) -> None:
    record(store)
    assert kept(store) == counted(store)
    assert kept(store)[0]["Ann"]["variant legends"] == (2, 2, 36.5, 40, 2)


def test_an_undo_in_a_finished_game_takes_its_results_out_of_the_totals(store: Store) -> None:
    record(store)
    before = kept(store)
    gid = new_game(store)
    store.log.append(gid, 1, (DEAL,), key="deal")
    rows = [(name, 50 - i, i + 1, i == 0) for i, name in enumerate(START.players)]
    sheet = _sheet(rows, None)
    store.results.finish(gid, sheet, sheet_json(sheet)["players"])
    assert kept(store) == counted(store) != before
    store.log.append(gid, 2, (Undone(2, "wrong deal"),), key="undo")
    assert kept(store) == counted(store)
    assert kept(store)[0] == {**before[0], **{n: v for n, v in kept(store)[0].items() if n not in before[0]}}
    store.results.finish(gid, sheet, sheet_json(sheet)["players"])  # finished again: counted again, once
    assert kept(store) == counted(store)


def test_a_merge_moves_the_totals_and_the_records(store: Store) -> None:
    record(store)
    record(store, [("origami", ["sea"], 1, [("Dee", 31, 1, True), ("Ann", 12, 2, False)], None),
                   ("mixed", ["farm", "sea"], 2, [("Dee", 9, 2, False), ("Cy", 19, 1, True)], None)], day0=10)
    store.profiles.merge("Dee", "Bob")
    assert kept(store) == counted(store)
    assert "Dee" not in kept(store)[0]
    assert store.stats.head_to_head("Bob", "Ann", "origami").games == 5


def test_a_rename_keeps_the_totals(store: Store) -> None:
    record(store)
    before = kept(store)
    store.profiles.rename("Ann", "Annabel")
    figures, pairs = kept(store)
    assert (figures, pairs) == counted(store)
    assert figures["Annabel"] == before[0]["Ann"]
    assert pairs[("Annabel", "Bob")] == before[1][("Ann", "Bob")]


def test_an_import_adds_to_the_totals_and_a_second_import_adds_nothing(store: Store, tmp_path: Any) -> None:
    source = Store.open(f"sqlite:///{tmp_path / 'elsewhere.db'}", KINDS)
    record(source)
    games = source.exchange.whole()
    source.close()
    assert store.exchange.add(games[:2]) == (2, 0)
    assert kept(store) == counted(store)
    assert store.exchange.add(games) == (3, 2)
    assert kept(store) == counted(store)
    once = kept(store)
    assert store.exchange.add(games) == (0, 5)
    assert kept(store) == once


def test_a_game_whose_points_are_unknown_counts_in_games_wins_and_records_not_in_points(store: Store) -> None:
    """A BG Stats play that kept only who won, added as an import adds it, then taken out of one player by a merge."""
    from db.records import WholeGame

    record(store)
    blank = WholeGame("winners-only", "legends", (), (), {}, ("Dee", "Ann"), "finished", "bgstats",
                      datetime(2026, 2, 1, 20, tzinfo=UTC), datetime(2026, 2, 1, 21, tzinfo=UTC), None, (),
                      tuple({"score": None, "rank": rank, "winner": rank == 1, "hand": None,
                             "sheet": {"name": n, "total": None, "rank": rank, "hand": None, "lines": [], "awards": [],
                                       "imported": "BG Stats"}} for n, rank in (("Dee", 1), ("Ann", 2))), "origami")
    assert store.exchange.add([blank]) == (1, 0)
    assert kept(store) == counted(store)
    dee = origami_figures(store.stats.player("Dee", trend=5)).overall
    assert (dee.games, dee.wins, dee.unknown, dee.average, dee.best) == (1, 1, 1, None, None)
    assert all(s is not None for _, _, s in origami_figures(store.stats.player("Ann", trend=9)).trend)
    legends = next(t for t in origami_figures(store.stats.player("Ann")).by_variant if t.key == "legends")
    assert (legends.games, legends.scored, legends.average) == (3, 2, 36.5)  # the average of the two with points
    store.profiles.merge("Dee", "Bob")
    assert kept(store) == counted(store)


def test_the_trend_is_the_latest_results_in_order(store: Store) -> None:
    record(store)
    record(store, [("origami", ["sea"], 1, [("Ann", 31, 1, True), ("Bob", 12, 2, False)], None)], day0=-5)  # older
    assert [s for _, _, s in origami_figures(store.stats.player("Ann", trend=3)).trend] == [40, 33, 18]
    assert [at.day for _, at, _ in origami_figures(store.stats.player("Ann")).trend] == [27, 1, 2, 3, 4, 5]  # December the 27th first


def test_the_migration_counts_the_results_already_stored(any_url: str) -> None:
    """0005 on SQLite and PostgreSQL: games finished under 0004 are in the totals and the trend after it."""
    from db import schema
    from db.engine import make_engine

    engine = make_engine(any_url)
    schema.migrate(engine, "0004")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', :t), "
                          "(2, 'Bob', 'bob', :t)"), {"t": "2026-01-01 00:00:00+00:00"})
        c.execute(sa.text("INSERT INTO games (id, uid, kind, variant, families, characters, rules, player_count, "
                          "status, source, started_at, finished_at) VALUES (1, 'u1', 'origami', 'legends', "
                          "'[\"sea\"]', '[]', '{}', 2, 'finished', 'quick', :t, :t)"),
                  {"t": "2026-01-02 20:00:00+00:00"})
        c.execute(sa.text("INSERT INTO game_families VALUES (1, 'sea')"))
        c.execute(sa.text("INSERT INTO game_players VALUES (1, 0, 1), (1, 1, 2)"))
        c.execute(sa.text("INSERT INTO results (game_id, seat, player_id, score, rank, winner, hand, sheet) VALUES "
                          "(1, 0, 1, 40, 1, true, 2, '{}'), (1, 1, 2, 30, 2, false, 1, '{}')"))
    engine.dispose()
    store = Store.open(any_url, KINDS)
    try:
        ann = origami_figures(store.stats.player("Ann"))
        assert (ann.overall.games, ann.overall.wins, ann.overall.best) == (1, 1, 40)
        assert [t.key for t in ann.by_family] == ["sea"] and [s for _, _, s in ann.trend] == [40]
        h = store.stats.head_to_head("Bob", "Ann", "origami")
        assert (h.games, h.a_ahead, h.b_ahead, h.level) == (1, 0, 1, 0)
    finally:
        store.close()


def test_no_statement_carries_more_parameters_than_sqlite_allows_by_default(tmp_path: Any) -> None:
    """With SQLite's default limit of 999 variables set on every connection, a 1,200-game import, the listing
    and the totals work, and every statement stayed under the limit."""
    url = f"sqlite:///{tmp_path / 'limited.db'}"
    store = Store.open(url, KINDS)
    most = [0]

    @event.listens_for(store.engine, "connect")
    def limit(dbapi: sqlite3.Connection, _record: Any) -> None:
        dbapi.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)

    @event.listens_for(store.engine, "before_cursor_execute")
    def count(_c: Any, _cursor: Any, _statement: str, parameters: Any, _context: Any, many: bool) -> None:
        most[0] = max(most[0], 0 if many else len(parameters or ()))

    store.engine.dispose()  # every connection from now on has the limit
    store.close()
    store = Store.open(url, KINDS)
    event.listen(store.engine, "connect", limit)
    event.listen(store.engine, "before_cursor_execute", count)
    source = Store.open(f"sqlite:///{tmp_path / 'many.db'}", KINDS)
    sheet = _sheet([("Ann", 30, 1, True), ("Bob", 20, 2, False)], None)
    source.results.record(variant="origami", players=["Ann", "Bob"], families=["sea"], characters=[], rules={},
                          sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origami")
    [played] = source.exchange.whole()
    source.close()
    # The same play on 1,200 days, each its own game: written by the import, in one transaction.
    games = [replace(played, uid=f"day-{day}", finished_at=datetime(2020, 1, 1, tzinfo=UTC).replace(day=1 + day % 28))
             for day in range(1200)]
    assert store.exchange.add(games) == (1200, 0)
    assert len(store.games.all()) == 1200
    assert origami_figures(store.stats.player("Ann")).overall.games == 1200 and store.stats.head_to_head("Ann", "Bob", "origami").a_ahead == 1200
    assert len(store.exchange.whole()) == 1200
    store.close()
    assert 0 < most[0] <= 999
    assert tallies.CHUNK <= 999


def test_0007_counts_origin_story_games_out_of_the_origami_totals(any_url: str) -> None:
    """Totals first counted (under 0006) with an Origin Story game among them are Origami's only after 0007."""
    from db import schema
    from db.engine import make_engine

    engine = make_engine(any_url)
    schema.migrate(engine, "0006")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', :t), "
                          "(2, 'Bob', 'bob', :t)"), {"t": "2026-01-01 00:00:00+00:00"})
        for game, kind, variant in ((1, "origami", "origami"), (2, "origin-story", "duo")):
            c.execute(sa.text("INSERT INTO games (id, uid, kind, variant, families, characters, rules, player_count, "
                              "status, source, started_at, finished_at) VALUES (:id, :uid, :kind, :variant, '[]', "
                              "'[]', '{}', 2, 'finished', 'quick', :t, :t)"),
                      {"id": game, "uid": f"u{game}", "kind": kind, "variant": variant,
                       "t": f"2026-01-0{game + 1} 20:00:00+00:00"})
            c.execute(sa.text("INSERT INTO game_players VALUES (:g, 0, 1), (:g, 1, 2)"), {"g": game})
            c.execute(sa.text("INSERT INTO results (game_id, seat, player_id, score, rank, winner, hand, sheet, "
                              "finished_at) VALUES (:g, 0, 1, 40, 1, true, NULL, '{}', :t), "
                              "(:g, 1, 2, 30, 2, false, NULL, '{}', :t)"),
                      {"g": game, "t": f"2026-01-0{game + 1} 20:00:00+00:00"})
        from db.migrations.versions import count_origami_tallies as count_as_0006_did

        c.execute(sa.text("DELETE FROM player_tallies"))
        c.execute(sa.text("DELETE FROM pair_tallies"))
        count_as_0006_did(c)
        c.execute(sa.text("UPDATE player_tallies SET games = games + 1, wins = wins + 1"))  # as an older count left it
    engine.dispose()
    store = Store.open(any_url, KINDS)  # migrates to 0007
    try:
        ann = origami_figures(store.stats.player("Ann"))
        assert (ann.overall.games, ann.overall.wins, ann.overall.best) == (1, 1, 40)
    finally:
        store.close()


def test_a_players_latest_finished_games_come_newest_first_from_their_results(store: Store) -> None:
    record(store)
    for name in ("Ann", "Bob"):
        every = [g.id for g in store.games.all(status="finished") if name in g.players]
        newest = sorted(every, key=lambda i: (store.games.get(i).finished_at, i), reverse=True)
        assert [g.id for g in store.games.latest_finished(name, 2)] == newest[:2]
        assert [g.id for g in store.games.latest_finished(name.lower(), 99)] == newest
