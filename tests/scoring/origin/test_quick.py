"""The quick-score grid read by the engine (scoring/origin/quick.py, ORIGIN_STORY.md §3.9): which problem comes
first, a Vancardian's cells, and the note on rounds whose tricks do not come to eight."""
from __future__ import annotations

from scoring.origin.quick import HINT, read_grid


def rows(*r: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    return [(x[0], tuple(x[1:]) + ("",) * (6 - len(x))) for x in r]


def test_too_few_players_is_the_hint_and_a_vancardians_name_is_not_yours() -> None:
    assert read_grid(rows(("Ann", "h3")), solo=False).problem == HINT
    assert read_grid(rows(), solo=True).problem == HINT
    assert read_grid(rows(("automaton", "h3")), solo=True).problem == (
        "your own name goes in the first row: the Vancardians have theirs")


def test_a_cell_that_cannot_be_read_comes_before_a_round_still_to_type() -> None:
    grid = read_grid(rows(("Ann", "h3", "x2"), ("Bob", "h5")), solo=False)
    assert grid.rounds == 1 and grid.problem.startswith("Ann, round 2: 'x2' is not a score cell")
    assert read_grid(rows(("Ann", "h3", "h2"), ("Bob", "h5")), solo=False).problem == "round 2: Bob still to type"


def test_a_vancardian_plays_hero_and_may_leave_out_the_h() -> None:
    grid = read_grid(rows(("Zoe", "h3"), ("Automaton", "3"), ("Factoryon", "v2")), solo=True)
    assert grid.problem == "Factoryon, round 1: Factoryon always plays hero (OS-SOLO-HERO): type her tricks, e.g. 3 or h3"
    grid = read_grid(rows(("Zoe", "h3"), ("Automaton", "3"), ("Factoryon", "h2 +4 surrender")), solo=True)
    assert grid.problem == "" and grid.rounds == 1 and grid.players == ("Zoe",)
    assert grid.notes == ()  # a surrendered round ends short of eight tricks


def test_rounds_whose_tricks_are_not_eight_are_noted_in_one_sentence() -> None:
    grid = read_grid(rows(("Ann", "h3", "h3", "h2"), ("Bob", "h4", "v3", "h2"), ("Cy", "v1", "h3", "v2")),
                     solo=False)
    assert grid.problem == "" and grid.rounds == 3
    assert grid.notes == ("Rounds 2, 3: 9, 6 tricks in all, not 8 (OS-TRICKS-8); check those cells unless an ability "
                          "changed the count.",)
