"""Errors the engines report about their input, as facts (card, field, where): the command line and the app
phrase the advice. Rule violations are values (see decision.Rejected), not errors."""
from __future__ import annotations

from .i18n import _


class InputError(ValueError):
    """Bad input: names where (file, player, card, field) and what is wrong with it."""

    def __init__(self, message: str, *, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class Ambiguous(InputError):
    """A name that fits several things: the message names them, and the caller may narrow them down."""


class MissingValue(Exception):
    """A value the engine needs and nobody knows yet (e.g. a printed victory point).

    `supplied_by` says where such a value comes from: "card" (read off the card, kept in a catalogue), or
    another fact the input left out (e.g. "hand": the cards in a hand, given as a count)."""

    def __init__(self, card: str, field: str, why: str = "", supplied_by: str = "card", seat: str = "") -> None:
        super().__init__(card, field)
        self.card = card
        self.field = field
        self.why = why
        self.supplied_by = supplied_by
        self.seat = seat  # the player whose input lacks it, when supplied_by is not "card"
        self.where = ""  # e.g. "Ann's collection 1, card 2"; filled in by whoever knows

    def at(self, where: str) -> MissingValue:
        if not self.where:
            self.where = where
        return self

    def __str__(self) -> str:
        # TRANSLATORS: {field} is the value's name as the catalogue has it (points, cost…); {why} what needs it.
        said = _("{card}: {field} not known, needed for {why}") if self.why else _("{card}: {field} not known")
        said = said.format(card=self.card, field=self.field.replace("_", " "), why=self.why)
        return f"{self.where}: {said}" if self.where else said
