"""The Origami referee's words in Italian and German (issue 33): the rules reference made in English and said in the
language in use where it is shown; refusals, and what an effect still needs, in the language in use."""
from __future__ import annotations

import pytest

from companion import languages
from scoring import i18n
from scoring.i18n import _
from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.effects import Grant
from scoring.origami.obligations import needed
from scoring.origami.rules import RULES, RuleId, at_count
from tests.scoring.origami.referee_helpers import ANN, BOB, origami_game, refused


@pytest.mark.parametrize(("code", "title", "start", "note"), [
    ("it", "Pagare il costo esatto", "Per giocare un origami",
     "Con 2 giocatori: al massimo 1 altro giocatore: fino a 2 punti."),
    ("de", "Genau bezahlen", "Um ein Origami auszuspielen",
     "Mit 2 Spielern: höchstens 1 anderer Spieler: bis zu 2 Punkte."),
])
def test_a_rule_is_kept_in_english_and_said_in_the_language_in_use(code: str, title: str, start: str,
                                                                    note: str) -> None:
    languages.use(code)
    rule = RULES[RuleId.PAY_EXACT]
    assert (rule.title, _(rule.title)) == ("Pay exactly", title)
    assert rule.text.startswith("To play an origami") and _(rule.text).startswith(start)
    assert at_count(RuleId.SCORE_TRICERATOPS, 2) == note
    assert at_count(RuleId.PAY_EXACT, 2) is None
    languages.use(i18n.ENGLISH)
    assert at_count(RuleId.SCORE_TRICERATOPS, 2) == "With 2 players: at most 1 other player: up to 2 points."


def test_a_scoring_rules_title_is_its_cards_name_in_every_language() -> None:
    languages.use("de")
    assert _(RULES[RuleId.SCORE_BEE].title) == "Bee"
    assert _(RULES[RuleId.SCORE_BEE].text).startswith("1 Punkt mehr")


@pytest.mark.parametrize(("code", "cost", "turn"), [
    ("it", "Chicken costa 6 pieghe; Bee vale 4", "è il turno di Ann, non di Bob"),
    ("de", "Chicken kostet 6 Faltungen; Biene ist 4 wert", "Ann ist am Zug, nicht Bob"),
])
def test_a_refusal_is_said_in_the_language_in_use_under_its_rule_id(code: str, cost: str, turn: str) -> None:
    state = origami_game()
    languages.use(code)
    assert refused(state, c.PlayOrigami(ANN, "Chicken", ("Bee",), 0), RuleId.PAY_EXACT).violation.message == cost
    assert refused(state, c.DrawCards(BOB, (), ()), RuleId.TURN_ORDER).violation.message == turn
    languages.use(i18n.ENGLISH)
    assert refused(state, c.DrawCards(BOB, (), ()), RuleId.TURN_ORDER).violation.message == "it is Ann's turn, not Bob's"


def test_what_an_effect_still_needs_reads_after_must_in_each_language() -> None:
    """needed() ends "{player} must still {needed}": an infinitive, verb last in German."""
    fox = Grant(CardId("Fox"), "draw_deck", 0, 1)
    languages.use("it")
    assert needed(fox) == "pescare 1 carta dal mazzo"
    languages.use("de")
    assert needed(fox) == "1 Karte vom Stapel ziehen"
    assert needed(Grant(CardId("Spider"), "take_line", 0, 0, 6, True)) == "genau 6 Faltungen aus der Nachschubzeile nehmen"
