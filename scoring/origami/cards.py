"""Cards as data: one frozen record per distinct card, with where every value came from."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NewType

from ..errors import MissingValue
from .step_spec import StepSpec
from .templates import ScoringRule

CardId = NewType("CardId", str)

RICE_PAPER = CardId("Rice Paper")


class Kind(StrEnum):
    ORIGAMI = "origami"
    CHARACTER = "character"
    RICE_PAPER = "rice_paper"


class Effect(StrEnum):
    INSTANT = "instant"
    SCORING = "scoring"
    ONGOING = "ongoing"
    SPECIAL = "special"


class Game(StrEnum):
    ORIGAMI = "origami"
    LEGENDS = "legends"


# The consequence steps an effect may produce at the table (see decide.py).
STEP_KINDS = frozenset(
    {"draw_deck", "take_line", "take_discard", "discard", "pass", "take_rice", "play", "move",
     "replace_line", "refill_line", "extra_action", "swap_in", "copy"}
)


@dataclass(frozen=True, slots=True)
class Card:
    id: CardId
    name: str
    game: Game
    kind: Kind
    family: str | None = None
    colour: str | None = None
    quantity: int | None = None
    cost: int | None = None
    folds: int | None = None
    points: int | None = None
    effect: Effect | None = None
    text: str = ""
    # The text in Italian and German (our translations of `text`); None where there is none.
    text_it: str | None = None
    text_de: str | None = None
    # None: the effect is not known, so any consequence may be recorded for it.
    steps: frozenset[str] | None = None
    # Each consequence with its parameters (step_spec.py); None when the effect is not known.
    do: tuple[StepSpec, ...] | None = None
    amount: int | None = None  # an effect amount a user read off the card, for steps that lack one
    scoring: ScoringRule | None = None
    hand_modifier: int | None = None
    hand_modifier_per: CardId | None = None
    price_modifier: int | None = None
    discount: int | None = None
    free_play: bool = False
    rice_paper: int | None = None
    draw_allowance_base: int | None = None
    line_size: int | None = None
    play_from_discard: bool = False
    rice_trade: bool = False
    extra_action_costs: tuple[int, ...] = ()
    may_go_under: bool = False
    name_printed: str | None = None
    name_it: str | None = None
    name_de: str | None = None
    unknown: frozenset[str] = frozenset()
    source: tuple[tuple[str, str], ...] = ()
    evidence: str = ""
    names: tuple[str, ...] = field(default=(), compare=False)

    def need(self, attr: str, why: str = "") -> int:
        """An integer value the caller cannot do without; a value nobody knows raises MissingValue."""
        value = getattr(self, attr)
        if value is None:
            raise MissingValue(self.id, attr, why)
        return int(value)

    def modifier(self, attr: str, why: str = "") -> int:
        """A modifier that is 0 when the card has none, and raises MissingValue when it is not known."""
        if attr in self.unknown:
            raise MissingValue(self.id, attr, why)
        value = getattr(self, attr)
        return 0 if value is None else int(value)

    def source_of(self, attr: str) -> str | None:
        return dict(self.source).get(attr)

    @property
    def is_origami(self) -> bool:
        return self.kind is Kind.ORIGAMI

    @property
    def is_character(self) -> bool:
        return self.kind is Kind.CHARACTER

    def other_colour(self) -> CardId | None:
        if self.colour is None:
            return None
        return character_id(self.name, "yellow" if self.colour == "red" else "red")


def character_id(name: str, colour: str) -> CardId:
    return CardId(f"{name} ({colour})")
