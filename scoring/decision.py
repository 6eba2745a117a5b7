"""What a referee answers, for every game: the events of an accepted command, or the broken rule as a value."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .rulebook import RuleId

E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class Violation:
    rule: RuleId
    message: str
    overridable: bool = True

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class Refused(Exception):
    """Raised inside a referee's ordered checks; the referee turns it into a Rejected."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))
        self.violation = violation


@dataclass(frozen=True, slots=True)
class Accepted(Generic[E]):
    events: tuple[E, ...]


@dataclass(frozen=True, slots=True)
class Rejected:
    violation: Violation

    @property
    def rule(self) -> RuleId:
        return self.violation.rule

    def __str__(self) -> str:
        return str(self.violation)


Decision = Accepted[Any] | Rejected

