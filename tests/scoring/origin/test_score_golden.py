"""G10 (ORIGIN_STORY.md §10.1): alignment scoring, end-of-round alignment, shared victory."""
from __future__ import annotations

from scoring.origin.round_input import Alignment
from scoring.origin.sheet import RoundScore, quick_game, score_game, score_round
from tests.scoring.origin.table_helpers import ability, table_round


def test_g10_hero_3_villain_0_villain_1_switched_villain_0() -> None:
    lines = [RoundScore("Hero", Alignment.HERO, 3), RoundScore("V0", Alignment.VILLAIN, 0),
             RoundScore("V1", Alignment.VILLAIN, 1)]
    assert [line.round_vp for line in lines] == [3, 4, 0]
    # a hero switched to villain by an ability, with no trick: scored as a villain at the end of the round
    r = table_round(["Ann", "Bob", "Cat"], "Cat", [["Ann 2st", "Bob 3st", "Cat 4st"]],
                    alignment={"Ann": "hero", "Bob": "hero", "Cat": "hero"},
                    abilities=[ability("Bob", "Story Z", "align villain", trick=1)])
    bob = next(s for s in score_round(r) if s.player == "Bob")
    assert (bob.alignment, bob.tricks, bob.alignment_vp) == (Alignment.VILLAIN, 0, 4)


def test_g10_ties_at_the_end_share_the_victory() -> None:
    game = score_game([[RoundScore("Ann", Alignment.HERO, 4), RoundScore("Bob", Alignment.VILLAIN, 0),
                        RoundScore("Cat", Alignment.HERO, 3)]])
    assert game.winners == ("Ann", "Bob") and game.shared
    assert [(p.name, p.total, p.rank) for p in game.players] == [("Ann", 4, 1), ("Bob", 4, 1), ("Cat", 3, 3)]


def test_quick_score_cells_with_sources_and_surrender() -> None:
    game = quick_game([{"Ann": "h3 +2 Monologuing", "Bob": "v0", "Cat": "v2"},
                       {"Ann": "v1 -1 Story Y +3 Story Z", "Bob": "h0", "Cat": "h5"}])
    ann = game.players[0]
    assert ann.rounds[0].abilities == (("Monologuing", 2),) and ann.rounds[0].round_vp == 5
    assert ann.rounds[1].abilities == (("Story Y", -1), ("Story Z", 3)) and ann.rounds[1].round_vp == 2
    assert [p.total for p in game.players] == [7, 4, 5] and game.winners == ("Ann",)
    solo = quick_game([{"You": "h4", "Automaton": "h3 +5 surrender", "Factoryon": "h1"}])
    assert solo.players[1].rounds[0].surrender_vp == 5 and solo.players[1].total == 8


def test_vp_floor_zero_keeps_the_dial_at_or_above_zero() -> None:
    grid = [{"Ann": "v1 -3 Story", "Bob": "h0"}, {"Ann": "h2", "Bob": "h0"}]
    assert [p.total for p in quick_game(grid).players] == [-1, 0]
    assert [p.total for p in quick_game(grid, vp_floor="zero").players] == [2, 0]
