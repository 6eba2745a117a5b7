"""Origin Story's round summary and score sheet, pushed on the real app: every point with its source, villains
clean or caught, the tricks shown once the round is over, shared winners, and a layout that uses a wide terminal."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from companion.app import make_app
from scoring.origin.cards import parse_card
from scoring.origin.round_input import CardTrick, WinnerOnly
from scoring.origin.round_result import RoundResult
from scoring.origin.sheet import GameScore, quick_game, score_game, score_round
from scoring.origin.trick import Play
from screens.origin.sheet import OriginSheetScreen, OriginSheetView, RoundSummaryScreen, plain, round_text
from tests.scoring.origin.table_helpers import ability, table_round
from tests.screens.settle import settled

SHARED = [{"Ann": "h3 +2 Monologuing", "Bob": "v0", "Cy": "v2"},
          {"Ann": "h1", "Bob": "h4", "Cy": "v0 +1 Story Y"},
          {"Ann": "v0", "Bob": "h4", "Cy": "h2"},
          {"Ann": "h5", "Bob": "v1", "Cy": "h2"},
          {"Ann": "h2", "Bob": "h3 +3 Superhero Z", "Cy": "h3 +6 Hidden Plan"}]  # 17, 18, 18


def a_round() -> RoundResult:
    """Round 1 at three: Ann hero, Bob a clean villain, Cy a caught one; two tricks with cards, six winners only;
    Ann's Monologuing gives 2 VP."""
    tricks: list[object] = [["Bob 7br", "Cy 10br", "Ann 13sp"], ["Cy 2sp", "Ann 9sp", "Bob 4sp"]]
    tricks += [WinnerOnly(w) for w in ("Ann", "Ann", "Cy", "Ann", "Ann", "Ann")]
    return table_round(["Ann", "Bob", "Cy"], "Ann", tricks,  # type: ignore[arg-type]
                       alignment={"Ann": "hero", "Bob": "villain", "Cy": "villain"},
                       abilities=[ability("Ann", "Monologuing", "vp +2")])


def test_a_round_reads_with_each_points_source_and_the_tricks_turned_up() -> None:
    result = a_round()
    text = plain(round_text(1, score_round(result), result, {"Ann": 8, "Bob": 4, "Cy": 0}, 76), 76)
    assert "hero, 6 tricks" in text
    assert "villain, clean" in text and "villain, caught, 2 tricks" in text
    assert "│ alignment +6   │" in text and "│ Monologuing +2 │" in text and "OS-SCORE-VILLAIN" in text
    assert " 1. Bob 7br  Cy 10br  Ann 13sp  → Cy" in text  # the round is over: its tricks are shown
    assert " 3. (winner only)  → Ann" in text


async def test_round_summary_on_the_app_continues_with_enter_and_opens_the_sheet(tmp_path: Path) -> None:
    result = a_round()
    scores = score_round(result)
    game = score_game([scores])
    app = make_app(f"sqlite:///{tmp_path}/s.db")
    closed: list[None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.push_screen(RoundSummaryScreen(1, scores, result, {p.name: p.total for p in game.players}, game),
                        closed.append)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundSummaryScreen)
        shown = screen.shown
        assert "villain, caught, 2 tricks" in shown and "Monologuing" in shown
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, OriginSheetScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen_stack[-1] is screen
        await pilot.press("enter")
        await pilot.pause()
        assert closed == [None] and not isinstance(app.screen, RoundSummaryScreen)


async def test_the_sheet_names_a_shared_victory_and_uses_a_wide_terminal(tmp_path: Path) -> None:
    game = quick_game(SHARED)
    assert game.winners == ("Bob", "Cy")
    app = make_app(f"sqlite:///{tmp_path}/s.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.push_screen(OriginSheetScreen(game, "quick"))
        await pilot.pause()
        await pilot.pause()
        view = app.screen.query_one(OriginSheetView)
        narrow = view.shown
        assert "Shared victory: Bob, Cy, tied on 18 VP" in narrow
        assert "=1 ★" in narrow and "   3 Ann" in narrow  # ranks shared: 1, 1, 3
        assert "* R5 Cy: +6 Hidden Plan (OS-SCORE-ABILITY)" in narrow  # sources listed under a narrow grid
        assert "alignment 15, abilities +2" in narrow  # Ann's split
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        await pilot.pause()
        wide = view.shown
        assert "* R5" not in wide and "+6 Hidden Plan" in wide  # in its cell now
        assert "+0 villain, caught, 2 tricks" in wide


def test_a_game_in_progress_says_so_and_names_a_rules_choice() -> None:
    game: GameScore = quick_game(SHARED[:2], vp_floor="zero")
    from screens.origin.sheet import sheet_text

    text = plain(sheet_text(game, 76, {"vp_floor": "zero"}), 76)
    assert "2 of 5 rounds scored: the game is not over." in text
    assert "Rules choice: vp floor = zero" in text
    assert "R3" not in text


def test_a_card_changed_by_an_ability_reads_as_played_in_the_summary() -> None:
    changed = CardTrick((Play("Bob", parse_card("6br"), Fraction(11), None, "Trance"), Play("Cy", parse_card("10br")),
                         Play("Ann", parse_card("9br"))))
    result = table_round(["Ann", "Bob", "Cy"], "Ann", [changed, *(WinnerOnly("Bob") for _ in range(7))],
                         alignment={"Ann": "hero", "Bob": "hero", "Cy": "hero"})
    text = plain(round_text(1, score_round(result), result, None, 100), 100)
    assert " 1. Bob 6br as 11 by Trance  Cy 10br  Ann 9br  → Bob" in text
