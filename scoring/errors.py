"""Errors the engine reports about its input. Rule violations are values (see referee.Rejected), not errors."""
from __future__ import annotations


class InputError(ValueError):
    """Bad input: names where (file, player, card, field) and says how to fix it."""

    def __init__(self, message: str, *, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class MissingValue(Exception):
    """A value the engine needs and nobody knows yet (e.g. a printed victory point)."""

    def __init__(self, card: str, field: str, why: str = "", fix: str = "") -> None:
        super().__init__(card, field)
        self.card = card
        self.field = field
        self.why = why
        self.fix = fix  # how to supply it, when it is not a card value
        self.where = ""  # e.g. "Ann's collection 1, card 2"; filled in by whoever knows

    def at(self, where: str) -> MissingValue:
        if not self.where:
            self.where = where
        return self

    def __str__(self) -> str:
        label = LABELS.get(self.field, self.field.replace("_", " "))
        needed = f", needed for {self.why}" if self.why else ""
        where = f"{self.where}: " if self.where else ""
        if self.fix:
            return f"{where}{self.card}: {label} not known{needed}. {self.fix}"
        return (
            f"{where}{self.card}: {label} not known{needed}. You hold the card: keep its value with "
            f"`companion catalog set \"{self.card}\" {self.field} VALUE`, or put it in the table's \"cards\" "
            f"({{\"{self.card}\": {{\"{self.field}\": ...}}}}) or in a catalogue file of yours (--catalog FILE)."
        )


LABELS = {
    "points": "its printed victory points are",
    "cost": "its cost is",
    "folds": "its folds are",
    "effect": "its kind of effect (instant, scoring, ongoing or special) is",
    "scoring": "its scoring effect is",
    "hand_modifier": "its hand modifier is",
    "price_modifier": "how it changes prices is",
    "hand": "the cards in hand are",
}
