"""Asking for an Origami card value nobody knows yet: Origami's fields for the shared question."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.screen import Screen

from scoring.errors import MissingValue
from scoring.i18n import N_, _
from scoring.origami.card_names import shown_id
from scoring.origami.cards import Effect
from scoring.origami.catalog import INT_FIELDS, SIGNED_FIELDS, Catalogue

from .. import question

# The kinds of effect as the question offers them (translated where asked: `values`).
EFFECTS = {Effect.INSTANT: N_("instant: happens once, when the card is played"),
           Effect.SCORING: N_("scoring: adds points at the end of the game"),
           Effect.ONGOING: N_("ongoing: applies while the card is on top of a collection"),
           Effect.SPECIAL: N_("special: an action a top card offers on later turns")}
EFFECT_QUESTION = N_("Look at the card: which kind of effect does it have?")
# Each card value the question asks for, said whole (word order differs by language); translated where asked.
UNKNOWN = {
    # TRANSLATORS: {card} is a card's name ("its" is the card's).
    "points": N_("[b]{card}[/b]: its printed victory points are not known yet."),
    "cost": N_("[b]{card}[/b]: its cost is not known yet."),
    "folds": N_("[b]{card}[/b]: its folds are not known yet."),
    "effect": N_("[b]{card}[/b]: its kind of effect (instant, scoring, ongoing or special) is not known yet."),
    "scoring": N_("[b]{card}[/b]: its scoring effect is not known yet."),
    "hand_modifier": N_("[b]{card}[/b]: its hand modifier is not known yet."),
    "price_modifier": N_("[b]{card}[/b]: how it changes prices is not known yet."),
    "amount": N_("[b]{card}[/b]: how many cards its effect moves is not known yet."),
    "hand": N_("[b]{card}[/b]: the cards in hand are not known yet."),
}


def cannot_type(missing: MissingValue) -> str:
    """What to do about a value the question cannot take (a scoring rule, or a fact the input left out)."""
    if missing.supplied_by == "hand":
        return _("Give {player}'s hand as its cards instead of a number.").format(player=missing.seat)
    return _("A scoring rule is set on the card catalogue screen (press e, then type e.g. `{example}`), with "
             "`{command}`, or in a catalogue file of yours (--catalog FILE).").format(
        example="scoring most_in_hand amount=3", command="companion catalog set CARD scoring TEMPLATE PARAMETER=VALUE")


def values(catalogue: Catalogue | None = None) -> question.CardValues:
    """Origami's card values as the question asks for them, in the language in use; given the catalogue, the card
    is named as the edition of the language in use names it (card_names.py), else by its id."""
    return question.CardValues(
        unknown={field: _(said) for field, said in UNKNOWN.items()}, numbers=INT_FIELDS + SIGNED_FIELDS,
        picks={"effect": question.Pick(_(EFFECT_QUESTION), {str(kind): _(text) for kind, text in EFFECTS.items()})},
        elsewhere=cannot_type,
        card_name=str if catalogue is None else partial(shown_id, catalogue=catalogue))


VALUES = values()  # in English: as the code reads it


def ask_value(screen: Screen[Any], missing: MissingValue, cancelled: Callable[[], None] | None = None,
              catalogue: Catalogue | None = None) -> None:
    """Ask for `missing` over `screen` (its card named as `catalogue` names it in the language in use); an answer
    is posted as ValueGiven from that screen, with the card's id (`cancelled` is called when the question is left
    unanswered)."""
    question.ask_value(screen, missing, values(catalogue), cancelled)
