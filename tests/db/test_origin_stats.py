"""One player's Origin Story history (companion/origin/statistics.py, from the lines the store keeps), worked out by
hand from a few recorded games."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from companion.games import KINDS
from companion.origami.statistics import figures as origami_figures
from companion.origin.session import FinalResults, SeatResult
from companion.origin.statistics import figures as origin_figures
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet
from scoring.origin.round_file_json import score_json
from scoring.origin.sheet import quick_game


def quick_scored(store: Store, grid: list[dict[str, str]], people: tuple[str, ...], variant: str,
                 rules: dict[str, str] | None = None) -> int:
    """A game saved as the quick-score screen saves it (`on_origin_quick_screen_save`)."""
    sheet = quick_game(grid)
    data = score_json(sheet)
    lines = [p for p in sheet.players if p.name in people]
    details = [next(d for d in data["players"] if d["name"] == p.name) for p in lines]
    if len(lines) < len(sheet.players):
        others = [d for d in data["players"] if d["name"] not in people]
        details = [{**d, "opponents": others} for d in details]
    return store.results.record(variant=variant, players=list(people), families=[], characters=[], rules=rules or {},
                               sheet=FinalResults(tuple(SeatResult(p.name, p.total, p.rank) for p in lines),
                                                  sheet.winners),
                               sheets=details, kind="origin-story").id


def imported(store: Store) -> None:
    """As BG Stats or typed final dials leave it: totals only, no rounds."""
    people = {"Ann": (7, 1), "Bob": (5, 2), "Cat": (2, 3)}
    sheets: list[dict[str, Any]] = [{"name": n, "total": t, "rank": r, "rounds": []} for n, (t, r) in people.items()]
    store.results.record(variant="table", players=list(people), families=[], characters=[], rules={},
                        sheet=FinalResults(tuple(SeatResult(n, t, r) for n, (t, r) in people.items()), ("Ann",)),
                        sheets=sheets, kind="origin-story")


def history(store: Store) -> None:
    # Ann: hero 3 tricks (3 VP), then a villain caught with 1 trick (0 VP): 3 in all; Cat wins with 9.
    quick_scored(store, [{"Ann": "h3", "Bob": "v0 +2 Monologuing", "Cat": "h5"},
                         {"Ann": "v1", "Bob": "h2", "Cat": "h4"}], ("Ann", "Bob", "Cat"), "table")
    # Ann: a clean villain (4 VP) plus 1 from an ability: 5 against Bob's 4, a win.
    quick_scored(store, [{"Ann": "v0 +1 Monologuing", "Bob": "h4"}], ("Ann", "Bob"), "duo")
    # Level at 3 each: a shared victory.
    quick_scored(store, [{"Ann": "h3", "Bob": "h3"}], ("Ann", "Bob"), "duo")
    # Solo: difficulty 2 beaten (4 against 2 and 2), difficulty 3 lost (1 against 3).
    quick_scored(store, [{"Ann": "h4", "Automaton": "h2", "Factoryon": "h2"}], ("Ann",), "solo", {"difficulty": "2"})
    quick_scored(store, [{"Ann": "h1", "Automaton": "h3", "Factoryon": "h2"}], ("Ann",), "solo", {"difficulty": "3"})
    imported(store)


def test_one_players_origin_story_history(store: Store) -> None:
    history(store)
    s = origin_figures(store.stats.player("Ann"))
    assert (s.games, s.wins, s.without_rounds) == (6, 4, 1)
    assert {k: (v.games, v.wins) for k, v in s.by_mode.items()} == {"table": (2, 1), "duo": (2, 2), "solo": (2, 1)}
    assert {k: (v.games, v.wins) for k, v in s.by_players.items()} == {3: (2, 1), 2: (2, 2), 1: (2, 1)}
    assert (s.hero_rounds, s.villain_rounds) == (4, 2)
    assert {k: (v.clean, v.rounds) for k, v in s.villainy_by_players.items()} == {3: (0, 1), 2: (1, 1)}
    assert (s.alignment_vp, s.ability_vp, s.surrender_vp) == (3 + 0 + 4 + 3 + 4 + 1, 1, 0)
    assert {k: (v.games, v.wins) for k, v in s.solo.items()} == {2: (1, 1), 3: (1, 0)}
    assert s.highest_beaten == 2


def test_only_the_players_own_rows_and_origami_totals_leave_origin_story_out(store: Store) -> None:
    history(store)
    cat = origin_figures(store.stats.player("Cat"))
    assert (cat.games, cat.wins, cat.hero_rounds, cat.villain_rounds, cat.solo) == (2, 1, 2, 0, {})
    assert cat.highest_beaten is None
    origami = origami_figures(store.stats.player("Ann"))
    assert (origami.overall.games, origami.by_variant, origami.by_players, origami.trend) == (0, (), (), ())
    assert store.stats.head_to_head("Ann", "Bob", "origami").games == 0


def test_a_merge_moves_the_origin_story_figures_counted_again_from_the_facts_kept(store: Store) -> None:
    history(store)
    cat = origin_figures(store.stats.player("Cat"))
    store.profiles.add("Dee")
    store.profiles.merge("Cat", "Dee")
    assert origin_figures(store.stats.player("Dee")) == cat
    assert origin_figures(store.stats.player("Ann")).games == 6


def trends(store: Store, name: str) -> dict[str, list[int]]:
    stats = store.stats.player(name)
    return {kind: [score for _, _, score in stats.of(kind).trend] for kind in ("origin-story", "origami")}


def test_each_games_trend_holds_its_own_latest_scores_recorded_or_imported(store: Store, tmp_path: Any) -> None:
    """The trend under each game's block: that game's scores only, oldest first, as recorded, after an import into
    another database, after the same file again, after a merge; each result keeps its game's kind."""
    history(store)
    sheet = ScoreSheet((PlayerScore("Ann", 30, 1, 0, (), ()), PlayerScore("Bob", 20, 2, 0, (), ())), ("Ann",), None)
    store.results.record(variant="origami", players=["Ann", "Bob"], families=[], characters=[], rules={},
                         sheet=sheet, sheets=[{}, {}], kind="origami")
    expected = {"origin-story": [3, 5, 3, 4, 1, 7], "origami": [30]}
    assert trends(store, "Ann") == expected
    other = Store.open(f"sqlite:///{tmp_path / 'other.db'}", KINDS)
    try:
        games = store.exchange.whole()
        assert other.exchange.add(games) == (len(games), 0)
        assert other.exchange.add(games) == (0, len(games))
        assert trends(other, "Ann") == expected
        other.profiles.add("Dee")
        other.profiles.merge("Ann", "Dee")
        assert trends(other, "Dee") == expected
        for s in (store, other):
            with s.engine.connect() as c:
                assert c.execute(sa.text("SELECT count(*), sum(CASE WHEN r.kind = g.kind THEN 1 ELSE 0 END) "
                                         "FROM results r JOIN games g ON g.id = r.game_id")).one() == (14, 14)
    finally:
        other.close()


def test_a_trend_is_read_off_the_index_of_the_players_results_in_that_game(tmp_path: Any) -> None:
    """Not by walking every result the player has until enough of that game's turn up: a few Origin Story games
    among thousands of Origami ones would read them all (SQLite's plan names the index)."""
    store = Store.open(f"sqlite:///{tmp_path / 'plan.db'}", KINDS)
    history(store)
    seen: list[tuple[str, Any]] = []
    sa.event.listen(store.engine, "before_cursor_execute",
                    lambda _c, _cur, statement, params, *_: seen.append((statement, params)))
    try:
        store.stats.player("Ann")
        statement, params = next((s, p) for s, p in seen if "FROM results" in s and "LIMIT" in s)
        with store.engine.connect() as c:
            plan = " ".join(str(r[-1]) for r in c.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", params))
        assert "ix_results_player_kind" in plan and "games" not in plan, plan
    finally:
        store.close()
