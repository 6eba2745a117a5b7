"""Asking for an Origami card value nobody knows yet: Origami's fields for the shared question."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from scoring.errors import MissingValue
from scoring.origami.cards import FIELD_LABELS, Effect
from scoring.origami.catalog import INT_FIELDS, SIGNED_FIELDS

from .. import question

EFFECTS = {Effect.INSTANT: "instant: happens once, when the card is played",
           Effect.SCORING: "scoring: adds points at the end of the game",
           Effect.ONGOING: "ongoing: applies while the card is on top of a collection",
           Effect.SPECIAL: "special: an action a top card offers on later turns"}


def cannot_type(missing: MissingValue) -> str:
    """What to do about a value the question cannot take (a scoring rule, or a fact the input left out)."""
    if missing.supplied_by == "hand":
        return f"Give {missing.seat}'s hand as its cards instead of a number."
    return ("A scoring rule is set on the card catalogue screen (press e, then type e.g. `scoring most_in_hand "
            "amount=3`), with `companion catalog set CARD scoring TEMPLATE PARAMETER=VALUE`, or in a catalogue "
            "file of yours (--catalog FILE).")


VALUES = question.CardValues(
    labels=FIELD_LABELS, numbers=INT_FIELDS + SIGNED_FIELDS,
    picks={"effect": question.Pick("Look at the card: which kind of effect does it have?",
                                   {str(kind): text for kind, text in EFFECTS.items()})},
    elsewhere=cannot_type)


def ask_value(screen: Screen[Any], missing: MissingValue, cancelled: Callable[[], None] | None = None) -> None:
    """Ask for `missing` over `screen`; an answer is posted as ValueGiven from that screen (`cancelled` is
    called when the question is left unanswered)."""
    question.ask_value(screen, missing, VALUES, cancelled)
