"""One player's Origin Story history (companion/origin/statistics.py, from the lines the store keeps), worked out by
hand from a few recorded games."""

from __future__ import annotations

from typing import Any

from companion.origami.statistics import figures as origami_figures
from companion.origin.session import FinalResults, SeatResult
from companion.origin.statistics import figures as origin_figures
from db.store import Store
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
