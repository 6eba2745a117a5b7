"""What an Origin Story sheet says is decided once (scoring/origin/sheet_words.py), and its outputs say it alike:
the command line's text and the app's round summary and sheet show each round's alignment, outcome and sources.
A sheet kept in the history reads back as it was written."""
from __future__ import annotations

from typing import Any

import pytest

from companion.origin.cli import round_text, score_text
from scoring.errors import InputError
from scoring.origin.round_file_json import score_json, stored_sheet
from scoring.origin.round_input import Alignment, WinnerOnly
from scoring.origin.rules import RuleId
from scoring.origin.sheet import RoundScore, quick_game, score_game, score_round
from scoring.origin.sheet_words import cell, outcome, sources
from screens.origin.sheet import plain, sheet_text
from screens.origin.sheet import round_text as summary_text
from tests.scoring.origin.table_helpers import ability, table_round

HERO, VILLAIN = Alignment.HERO, Alignment.VILLAIN


def test_a_round_reads_as_its_alignment_and_what_the_tricks_made_of_it() -> None:
    assert [outcome(RoundScore("A", a, n)) for a, n in ((HERO, 3), (HERO, 1), (VILLAIN, 0), (VILLAIN, 2))] == [
        "3 tricks", "1 trick", "clean", "caught, 2 tricks"]
    assert [cell(RoundScore("A", a, n)) for a, n in ((HERO, 3), (VILLAIN, 0))] == ["h3", "v0"]


def test_each_point_has_its_source_and_rule_alignment_first() -> None:
    assert sources(RoundScore("A", HERO, 3, (("Monologuing", 2), ("Story Y", -1)), 5)) == [
        ("hero, 3 tricks", 3, RuleId.SCORE_HERO), ("Monologuing", 2, RuleId.SCORE_ABILITY),
        ("Story Y", -1, RuleId.SCORE_ABILITY), ("surrender", 5, RuleId.SOLO_SURRENDER)]
    assert sources(RoundScore("A", VILLAIN, 2)) == [("villain, caught, 2 tricks", 0, RuleId.SCORE_VILLAIN)]


def test_the_command_line_and_the_app_say_a_round_alike() -> None:
    result = table_round(["Ann", "Bob", "Cy"], "Ann", [["Bob 7br", "Cy 10br", "Ann 13sp"],
                                                       *(WinnerOnly(w) for w in ("Ann",) * 5 + ("Cy", "Cy"))],
                         alignment={"Ann": "hero", "Bob": "villain", "Cy": "villain"},
                         abilities=[ability("Ann", "Monologuing", "vp +2")])
    scores = score_round(result)
    text = round_text(result, scored=True).splitlines()
    assert "Ann: hero, 5 tricks: 5 VP; Monologuing +2 = 7 this round" in text
    assert "Cy: villain, 3 tricks: 0 VP = 0 this round" in text and text[-1] == "Next dealer: Bob."
    summary = plain(summary_text(1, scores, result, None, 100), 100)
    assert all(f"{source} {vp:+d} ({rule})" in summary for line in scores for source, vp, rule in sources(line)[1:])
    assert "hero, 5 tricks" in summary and "villain, clean" in summary and "villain, caught, 3 tricks" in summary
    game = score_game([scores])
    assert score_text(game).splitlines()[0] == f"1. Ann: 7 VP   (r1 {cell(scores[0])} +7)"
    assert "H5" in plain(sheet_text(game, 60), 60) and cell(scores[0]) == "h5"


def stored(data: dict[str, Any], people: int) -> list[dict[str, Any]]:
    """The history's results of a sheet as the session writes them: the first `people` players' lines, the
    others' (the Vancardians') under `opponents`."""
    mine, others = data["players"][:people], data["players"][people:]
    return [{"name": d["name"], "winner": d["name"] in data["winners"],
             "sheet": {**d, "opponents": others} if others else d} for d in mine]


def test_a_sheet_in_the_history_reads_back_as_it_was_written() -> None:
    table = quick_game([{"Ann": "h3 +2 Monologuing", "Bob": "v0", "Cy": "v2"}, {"Ann": "v1", "Bob": "h4", "Cy": "h2"}])
    solo = quick_game([{"Ann": "v0 -1 Story Q", "Automaton": "h5 +5 surrender", "Factoryon": "h3"}])
    assert stored_sheet(stored(score_json(table), 3), "game 1") == table
    assert stored_sheet(stored(score_json(solo), 1), "game 2") == solo


def test_a_damaged_sheet_in_the_history_is_named() -> None:
    damaged = [{"name": "Ann", "winner": True, "sheet": {"total": 3, "rank": 1, "rounds": [{"alignment": "x"}]}}]
    with pytest.raises(InputError, match="Ann's score sheet is damaged .*restore a backup") as raised:
        stored_sheet(damaged, "game 7")
    assert raised.value.where == "game 7"
