"""Errors the engine reports about its input. Rule violations are values (see referee.Rejected), not errors."""
from __future__ import annotations

from dataclasses import dataclass


class InputError(ValueError):
    """Bad input: names where (file, player, card, field) and says how to fix it."""

    def __init__(self, message: str, *, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True, slots=True)
class MissingValue(Exception):
    """A value the engine needs and nobody knows yet (e.g. a printed victory point)."""

    card: str
    field: str
    why: str = ""

    def __str__(self) -> str:
        reason = f" ({self.why})" if self.why else ""
        return (
            f"{self.card}: the {self.field.replace('_', ' ')} is not known{reason}. "
            f"You hold the card: add it to the table's \"cards\" "
            f"({{\"{self.card}\": {{\"{self.field}\": ...}}}}) or to your catalogue "
            f"(companion catalog set \"{self.card}\" {self.field} VALUE)."
        )
