"""What an Origami sheet says is decided once (scoring/origami/sheet_words.py), and both outputs say it alike: the
command line's text and the app's view show each card's line, each award's owner and the sheet's note."""
from __future__ import annotations

from collections.abc import Callable

from companion.origami.render import sheet_text
from scoring.origami.cards import CardId
from scoring.origami.sheet import Award, Line, PlayerScore, ScoreSheet
from scoring.origami.sheet_words import SCORES_ONLY, award_owner, card_line, sheet_note
from screens.origami.sheet import sheet_text as view_text
from tests.conftest import empty_seats

Scored = Callable[..., ScoreSheet]


def test_a_card_line_is_in_columns() -> None:
    assert card_line(Line(CardId("Chicken"), 1, 2, 3, 4, "2 Chicks × 2")) == "1.2  Chicken            3   +4 =   7"
    assert card_line(Line(CardId("Magpie"), 2, 10, 6, 0, "")) == "2.10 Magpie             6      =   6"


def test_an_award_names_whose_card_gives_it() -> None:
    assert award_owner(Award(CardId("Kappa"), "Ann", 5, "")) == "Ann's"
    assert award_owner(Award(CardId("Ninja"), None, 3, "")) == "Character"


def test_a_sheet_without_hands_says_it_kept_only_the_scores() -> None:
    known = ScoreSheet((PlayerScore("Ann", 9, 1, 2, (), ()), PlayerScore("Bob", 5, 2, None, (), ())), ("Ann",), None)
    unknown = ScoreSheet((PlayerScore("Ann", 9, 1, None, (), ()),), ("Ann",), None)
    assert sheet_note(known) is None and sheet_note(unknown) == SCORES_ONLY
    assert SCORES_ONLY in sheet_text(unknown) and SCORES_ONLY in view_text(unknown).plain
    assert SCORES_ONLY not in sheet_text(known) + view_text(known).plain


def test_the_command_line_and_the_app_show_the_same_lines_and_awards(scored: Scored) -> None:
    sheet = scored("legends", [
        {"name": "Ann", "collections": [["Phoenix", "Phoenix", "Kappa", "T-Rex"],
                                        ["Walrus", "Reindeer", "Macaw", "Macaw"]], "hand": 3},
        *empty_seats("Bob", "Cy", "Di")])
    text = sheet_text(sheet).splitlines()
    view = [row.rstrip() for row in view_text(sheet, 120).plain.splitlines()]
    for line in sheet.player("Ann").lines:
        shown = f"   {card_line(line)}  {line.why}".rstrip()
        assert shown in text and shown in view
    assert "   award Ann's Kappa          +5  most legendary origami (3)" in text
    assert "   award: Ann's Kappa +5  most legendary origami (3)" in view
