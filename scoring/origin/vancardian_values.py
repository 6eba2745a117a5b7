"""What every Vancardian rule reads (§3.8): the seats, effective values, explained steps, row helpers.

The solo game's two card-driven opponents, Automaton and Factoryon (the Vancardians), are pure rules, in
vancardian_moves (lead, draw, follow), vancardian_effects (round effects) and vancardian_abilities (reveal,
exchange, surrender). A Vancardian's hand is a face-up row of cards, left to right. Every choice she makes
compares effective values only (suits never break ties), takes the leftmost of equal cards, and considers only
the cards she may legally play (OS-SOLO-PICK). Each decision comes back with its steps: (rule id, plain
sentence) pairs, so the table can see why she did what she did.

Nothing here draws or shuffles: the cards she draws are given (typed by the player, or drawn by the shell)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple

from ..errors import InputError
from ..i18n import N_, _
from ..said import Said, joined, listed
from .cards import EACH_ONCE, Card, Suit, format_value, too_many
from .rules import RuleId
from .trick import Play

AUTOMATON = "Automaton"


FACTORYON = "Factoryon"


VANCARDIANS = (AUTOMATON, FACTORYON)  # round effects apply in this order


Alignment = Literal["hero", "villain"]


ReplaceOrder = Literal["replace", "draw-first"]


ReplaceDraws = Literal["each", "shared"]


ExtraLoveExit = Literal["aside", "discard"]


ALIGNMENTS: tuple[Alignment, ...] = ("hero", "villain")


REPLACE_ORDERS: tuple[ReplaceOrder, ...] = ("replace", "draw-first")


REPLACE_DRAWS: tuple[ReplaceDraws, ...] = ("each", "shared")


EXTRA_LOVE_EXITS: tuple[ExtraLoveExit, ...] = ("aside", "discard")


MAX_X = 8  # a round effect's X never exceeds a dealt row


class Step(NamedTuple):
    """One explained decision: the rule it applies and a plain-English sentence (never the book's words)."""

    rule: RuleId
    sentence: str


# --- effective values --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Effective:
    """Effective value and suit of the cards an ability or a reveal changed; every other card is as printed.
    Vancardian choices and the trick's winner both read cards through this."""

    values: Mapping[Card, Fraction] = field(default_factory=dict)
    suits: Mapping[Card, Suit] = field(default_factory=dict)
    sources: Mapping[Card, str] = field(default_factory=dict)  # why a card changed (a card name, "reveal")

    def value(self, card: Card) -> Fraction:
        return self.values.get(card, card.value)

    def suit(self, card: Card) -> Suit:
        return self.suits.get(card, card.suit)

    def play(self, seat: str, card: Card) -> Play:
        """The card as played to a trick, carrying its changed value or suit (if any)."""
        value, suit = self.value(card), self.suit(card)
        return Play(seat, card, value if value != card.value else None, suit if suit is not card.suit else None,
                    by=self.sources.get(card, "") if (value != card.value or suit is not card.suit) else "")

    def show(self, card: Card) -> str:
        """`9sp`, or `10sp (counts 9)` when changed."""
        value, suit = self.value(card), self.suit(card)
        changes = ([Said(N_("counts {value}"), value=format_value(value))] if value != card.value else []) + (
            [Said(N_("counts as {suit}"), suit=suit.word)] if suit is not card.suit else [])
        return Said(N_("{card} ({changes})"), card=card, changes=joined(changes, ", ")) if changes else str(card)


PRINTED = Effective()


def check_alignment(alignment: str) -> Alignment:
    for known in ALIGNMENTS:
        if alignment == known:
            return known
    raise InputError(_("alignment {alignment}: hero or villain").format(alignment=repr(alignment)))


# --- helpers -----------------------------------------------------------------------------------------------

def lowest(cards: Sequence[Card], effective: Effective) -> Card:
    """The lowest effective value; the leftmost of equals (cards are given in row order)."""
    return min(enumerate(cards), key=lambda ic: (effective.value(ic[1]), ic[0]))[1]


def highest(cards: Sequence[Card], effective: Effective) -> Card:
    return min(enumerate(cards), key=lambda ic: (-effective.value(ic[1]), ic[0]))[1]


def tie_step(chosen: Card, pool: Sequence[Card], effective: Effective) -> list[Step]:
    equal = [c for c in pool if effective.value(c) == effective.value(chosen)]
    if len(equal) < 2:
        return []
    return [Step(RuleId.SOLO_PICK, Said(N_("{cards} are equal at {value}: she takes the leftmost, {card}."),
                                        cards=listed(equal), value=format_value(effective.value(chosen)),
                                        card=chosen))]


def checked_row(row: Sequence[Card], what: str = "") -> tuple[Card, ...]:
    """`what`: the row as a refusal names it (her row, unless said)."""
    cards = tuple(row)
    doubles = [str(c) for c in too_many(cards)]
    if doubles:
        raise InputError(_("{what} holds {cards} more often than the game has it: {rule}").format(
            what=what or _("her row"), cards=listed(doubles), rule=_(EACH_ONCE)))
    return cards


def plays_low(alignment: str, tricks_won: int) -> bool:
    """True when you play villain and have won no trick yet: the Vancardians then play low."""
    if isinstance(tricks_won, bool) or not isinstance(tricks_won, int) or tricks_won < 0:
        raise InputError(_("tricks won {n}: a whole number, 0 or more").format(n=repr(tricks_won)))
    return check_alignment(alignment) == "villain" and tricks_won == 0
