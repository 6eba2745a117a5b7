"""The referee's refusals name each card as the edition of the language in use prints it (the Italian Legends box,
the German Origami box), else by its English name; in English as before, by the card's id. The rule stays the same
and what is kept (the commands, the events) keeps the ids."""
from __future__ import annotations

import pytest

from companion import languages
from scoring.decision import Rejected
from scoring.origami import commands as c
from scoring.origami.decide import decide
from scoring.origami.describe import describe
from scoring.origami.events import GameStarted
from scoring.origami.rules import RuleId
from scoring.origami.state import GameState

from .referee_helpers import ANN, BOB, CATALOGUE, legends_game, origami_game, refused, run


def said(state: GameState, command: c.Command, rule: RuleId, code: str) -> str:
    languages.use(code)
    return refused(state, command, rule).violation.message


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Walrus costs 8 folds; Seal is worth 2"),
    ("it", "Walrus costa 8 pieghe; Foca vale 2"),  # the Italian box names the Seal; no Italian Walrus is known
    ("de", "Walrus kostet 8 Faltungen; Seal ist 2 wert"),  # no German names for the Legends cards
])
def test_a_price_refused_names_the_cards_as_the_language_in_use_does(code: str, expected: str) -> None:
    assert said(legends_game(), c.PlayOrigami(BOB, "Walrus", ("Seal",), 0), RuleId.PAY_EXACT, code) == expected


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Bob cannot pay with Dragon: the hand holds Reindeer, Seal, Walrus"),
    ("it", "Bob non può pagare con Drago: la mano contiene Renna, Foca, Walrus"),
])
def test_a_payment_refused_names_the_payment_and_the_hand_in_the_language_in_use(code: str, expected: str) -> None:
    assert said(legends_game(), c.PlayOrigami(BOB, "Walrus", ("Dragon",), 0), RuleId.PAY_HAND, code) == expected


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Chicken costs 6 folds; Bee is worth 4"),
    ("de", "Chicken kostet 6 Faltungen; Biene ist 4 wert"),  # the German Origami box: Biene; no German Chicken known
    ("it", "Chicken costa 6 pieghe; Bee vale 4"),  # no Italian names for the Origami cards
])
def test_the_german_origami_box_names_its_cards_in_a_refusal(code: str, expected: str) -> None:
    assert said(origami_game(), c.PlayOrigami(ANN, "Chicken", ("Bee",), 0), RuleId.PAY_EXACT, code) == expected


@pytest.mark.parametrize(("code", "drawn", "missing"), [
    ("en", "Arctic Hare, Dragon, Leprechaun are worth 5 folds; Bob may draw at most 4",
     "Dragon is not on the discard pile"),
    ("it", "Arctic Hare, Drago, Leprechaun valgono 5 pieghe; Bob può pescare al massimo 4",
     "Drago non è nella pila degli scarti"),
])
def test_the_draw_line_and_the_discard_pile_refused_in_the_language_in_use(code: str, drawn: str,
                                                                           missing: str) -> None:
    state = legends_game()
    assert said(state, c.DrawCards(BOB, ("Arctic Hare", "Dragon", "Leprechaun"), ()), RuleId.DRAW_LINE,
                code) == drawn
    assert said(state, c.TakeFromDiscard(BOB, "Dragon"), RuleId.CARD_ZONE, code) == missing


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Seal: take rice paper: 3, not 1"),
    ("it", "Foca: prendi Carta di riso: 3, non 1"),
])
def test_an_effects_refusal_names_its_card_in_the_language_in_use(code: str, expected: str) -> None:
    """grants.exactly, which has no referee's checker: the card named through the catalogue it is given."""
    state = run(legends_game(), c.PlayOrigami(BOB, "Seal", ("Reindeer",), 0))
    assert said(state, c.TakeRicePaper(BOB, 1), RuleId.EFFECT_AMOUNT, code) == expected


def test_a_refusal_is_refused_the_same_way_in_every_language_and_keeps_the_commands_ids() -> None:
    """Only the sentence changes: the rule, whether it may be overridden, and the command refused are the same."""
    state = legends_game()
    command = c.PlayOrigami(BOB, "Walrus", ("Dragon",), 0)
    decisions = []
    for code in ("en", "it", "de"):
        languages.use(code)
        decision = decide(state, command, CATALOGUE)
        assert isinstance(decision, Rejected)
        decisions.append((decision.rule, decision.violation.overridable))
    assert decisions == [(RuleId.PAY_HAND, False)] * 3
    assert command.payment == ("Dragon",)


@pytest.mark.parametrize(("code", "line"), [
    ("en", "mixed game for Ann, Bob: families farm, exotic; Characters Ninja, Merchant; 40 cards in the deck"),
    ("it", "partita mixed per Ann, Bob: famiglie Fattoria, Animali esotici; Personaggi Ninja, Mercante; 40 carte nel "
           "mazzo"),
    ("de", "Partie mixed für Ann, Bob: Familien Bauernhof, Exotische Tiere; Charaktere Ninja, Merchant; 40 Karten im "
           "Stapel"),
])
def test_the_first_log_line_names_the_families_in_the_language_in_use(code: str, line: str) -> None:
    """The table's log (given the catalogue): in English the families' ids, as typed and as the line always said
    them; in Italian and German each family's name in the language. The event keeps the ids."""
    event = GameStarted("mixed", ("Ann", "Bob"), ("farm", "exotic"), ("Ninja", "Merchant"), (), 40, 0)
    languages.use(code)
    assert describe(event, event.players, CATALOGUE) == line
    assert event.families == ("farm", "exotic")
