"""What the rules references of both games share: the rule-id type and a rule entry."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class RuleId(StrEnum):
    """Each game's rule ids derive from this (an enum without members may be subclassed). An id is never
    reused for another rule: stored overrides and refusals cite them."""


@dataclass(frozen=True, slots=True)
class Rule:
    id: RuleId
    title: str
    text: str
