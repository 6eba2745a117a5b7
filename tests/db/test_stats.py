"""Statistics against figures worked out by hand for a fixed set of games, ties included (every backend)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.origami.statistics import figures as origami_figures
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet

# (variant, families, date, [(name, score, rank, winner)], tie-break)
GAMES = [
    ("origami", ["birds", "sea"], 1, [("Ann", 30, 1, True), ("Bob", 25, 2, False)], None),
    ("origami", ["birds", "insects", "farm"], 2, [("Ann", 20, 2, False), ("Bob", 28, 1, True), ("Cy", 15, 3, False)], None),
    ("legends", ["dinosaurs", "polar"], 3, [("Ann", 40, 1, True), ("Bob", 40, 1, True)], "shared"),
    ("legends", ["dinosaurs", "exotic", "legendary"], 4,
     [("Ann", 33, 1, True), ("Cy", 33, 2, False), ("Bob", 10, 3, False)], "hand"),
    ("mixed", ["birds", "polar"], 5, [("Cy", 22, 1, True), ("Ann", 18, 2, False)], None),
]


@pytest.fixture
def history(store: Store) -> Store:
    for variant, families, day, rows, tie in GAMES:
        sheet = ScoreSheet(tuple(PlayerScore(n, s, r, 0, (), ()) for n, s, r, _ in rows),
                           tuple(n for n, _, _, w in rows if w), tie)
        store.results.record(variant=variant, players=[r[0] for r in rows], families=families, characters=[],
                            rules={}, sheet=sheet, sheets=[{}] * len(rows),
                            finished_at=datetime(2026, 1, day, 20, tzinfo=UTC), kind="origami")
    return store


def tallies(items) -> dict[str, tuple[int, int, float | None, int | None]]:  # type: ignore[no-untyped-def]
    return {t.key: (t.games, t.wins, None if t.average is None else round(t.average, 3), t.best) for t in items}


def test_one_players_figures(history: Store) -> None:
    ann = origami_figures(history.stats.player("Ann"))
    o = ann.overall
    assert (o.games, o.wins, o.win_rate, o.average, o.best) == (5, 3, 0.6, 28.2, 40)
    assert [score for _, _, score in ann.trend] == [30, 20, 40, 33, 18]
    assert [at.day for _, at, _ in ann.trend] == [1, 2, 3, 4, 5]
    assert tallies(ann.by_variant) == {"legends": (2, 2, 36.5, 40), "mixed": (1, 0, 18.0, 18),
                                       "origami": (2, 1, 25.0, 30)}
    assert tallies(ann.by_family) == {
        "birds": (3, 1, 22.667, 30), "dinosaurs": (2, 2, 36.5, 40), "exotic": (1, 1, 33.0, 33),
        "farm": (1, 0, 20.0, 20), "insects": (1, 0, 20.0, 20), "legendary": (1, 1, 33.0, 33),
        "polar": (2, 1, 29.0, 40), "sea": (1, 1, 30.0, 30)}
    assert tallies(ann.by_players) == {"2": (3, 2, 29.333, 40), "3": (2, 1, 26.5, 33)}
    assert [s for _, _, s in origami_figures(history.stats.player("Ann", trend=2)).trend] == [33, 18]


def test_a_shared_victory_is_a_win_for_each_and_a_lost_tie_break_is_not(history: Store) -> None:
    bob, cy = origami_figures(history.stats.player("Bob")).overall, origami_figures(history.stats.player("Cy")).overall
    assert (bob.games, bob.wins, bob.win_rate, bob.average, bob.best) == (4, 2, 0.5, 25.75, 40)
    assert (cy.games, cy.wins, round(cy.win_rate or 0, 4), cy.best) == (3, 1, 0.3333, 33)


def test_head_to_head(history: Store) -> None:
    h = history.stats.head_to_head("Ann", "Bob", "origami")
    assert (h.games, h.a_ahead, h.b_ahead, h.level) == (4, 2, 1, 1)
    h = history.stats.head_to_head("cy", "ann", "origami")
    assert (h.a.name, h.b.name, h.games, h.a_ahead, h.b_ahead, h.level) == ("Cy", "Ann", 3, 1, 2, 0)


def test_a_player_without_games(history: Store) -> None:
    history.profiles.add("Dee")
    dee = origami_figures(history.stats.player("Dee"))
    assert (dee.overall.games, dee.overall.wins, dee.overall.win_rate, dee.overall.average) == (0, 0, None, None)
    assert dee.trend == () and dee.by_variant == ()
    assert history.stats.head_to_head("Dee", "Ann", "origami").games == 0
