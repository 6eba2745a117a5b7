"""Origin Story's playing cards: four suits of 1–13 (love is trump) and the solo mode's extra-love cards.

Values are exact (fractions, never floats): printed 1–13, extra-love 4½ and 9½, and abilities may push a value
below 1 or above 13. The short notation is the value then the suit: `9br`, `7lv`, `11sp`, `3st`, `4.5lv`; a suit
may be typed as its one letter (`b`, `l`, `s`, `t`: strength's is its second)."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from ..errors import InputError
from ..i18n import N_, _


class Suit(StrEnum):
    BRAINS = "br"
    LOVE = "lv"
    SPEED = "sp"
    STRENGTH = "st"

    @property
    def word(self) -> str:
        return SUIT_WORDS[self]

    @property
    def letter(self) -> str:
        """The one letter the line takes for the suit (strength's is its second: speed has the s)."""
        return "t" if self is Suit.STRENGTH else self.value[0]


SUIT_WORDS = {Suit.BRAINS: "brains", Suit.LOVE: "love", Suit.SPEED: "speed", Suit.STRENGTH: "strength"}
TRUMP = Suit.LOVE
VALUES = range(1, 14)
EXTRA_LOVE_VALUES = (Fraction(9, 2), Fraction(9, 2), Fraction(19, 2), Fraction(19, 2))  # two of each: §13 Q2


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A card as printed. An extra-love card (solo only) is a love card with a fractional value. Cards are compared
    and hashed by (value, suit), as numbers and text: their value's numerator and denominator are kept once, made
    when the card is (a replay compares and counts cards tens of thousands of times, and Fraction's own comparisons
    and hash are Python code, a modular inverse each hash). `card_of` and `parse_card` give the one object of each
    card of the game (DECK's, EXTRA_LOVE's), so most comparisons are identities."""

    value: Fraction
    suit: Suit
    _num: int = field(init=False, repr=False, compare=False)
    _den: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    _text: str = field(init=False, repr=False, compare=False)  # `9br`: every event and sentence naming it writes it

    def __post_init__(self) -> None:
        num, den = self.value.numerator, self.value.denominator
        object.__setattr__(self, "_num", num)
        object.__setattr__(self, "_den", den)
        object.__setattr__(self, "_hash", hash((self.suit, num, den)))
        object.__setattr__(self, "_text", f"{format_value(self.value)}{self.suit.value}")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Card):
            return NotImplemented
        return self.suit is other.suit and self._num * other._den == other._num * self._den

    def above(self, other: Card) -> bool:
        """Is this card's value above `other`'s (whatever their suits)?"""
        return self._num * other._den > other._num * self._den

    def level(self, other: Card) -> bool:
        """Is this card's value `other`'s (whatever their suits)?"""
        return self._num * other._den == other._num * self._den

    def _cmp(self, other: Card) -> int:
        """-1, 0, 1 as (value, suit) compares: the values cross-multiplied (denominators are positive)."""
        a, b = self._num * other._den, other._num * self._den
        if a != b:
            return -1 if a < b else 1
        return 0 if self.suit is other.suit else -1 if self.suit < other.suit else 1

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp(other) < 0

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp(other) <= 0

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp(other) > 0

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp(other) >= 0

    @property
    def extra_love(self) -> bool:
        return self._den != 1

    def __str__(self) -> str:
        return self._text

    @property
    def short(self) -> str:
        """`7b`: the fewest keys that name the card (`7b10b13s`, cards run together, is a trick's line)."""
        return f"{format_value(self.value)}{self.suit.letter}"


def format_value(value: Fraction) -> str:
    """13, 4.5, -1: the notation's value part (an ability may make any half value)."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


DECK: tuple[Card, ...] = tuple(Card(Fraction(v), s) for s in Suit for v in VALUES)


def _each_once() -> dict[Card, Card]:
    out = {card: card for card in DECK}
    for value in EXTRA_LOVE_VALUES:
        card = Card(value, Suit.LOVE)
        out.setdefault(card, card)  # two of each extra-love card exist: one object for both
    return out


_ONE_OF = _each_once()
EXTRA_LOVE: tuple[Card, ...] = tuple(_ONE_OF[Card(v, Suit.LOVE)] for v in EXTRA_LOVE_VALUES)


def card_of(value: Fraction, suit: Suit) -> Card:
    """The card of that value and suit: the game's own object when it has one (DECK's, EXTRA_LOVE's)."""
    card = Card(value, suit)
    return _ONE_OF.get(card, card)


def too_many(cards: Iterable[Card]) -> list[Card]:
    """The cards given more often than the game has them: one of each playing card, two of each extra-love one."""
    return [card for card, n in Counter(cards).items() if n > (EXTRA_LOVE.count(card) or 1)]


EACH_ONCE = N_("each card exists once, each extra-love card twice")


def without(cards: Iterable[Card], gone: Iterable[Card]) -> tuple[Card, ...]:
    """`cards` less those `gone`, one for one (a card given twice goes twice), in their order."""
    if isinstance(cards, tuple) and isinstance(gone, tuple) and len(gone) == 1:  # a card played: found by `index`
        try:
            i = cards.index(gone[0])  # the first equal card, as below (each compared by identity first)
        except ValueError:
            return cards
        return cards[:i] + cards[i + 1:]
    left: dict[Card, int] = {}  # a plain dict: a Counter's __init__ and its __missing__ for every card kept (most
    for card in gone:  # of a deck) were most of a solo resume's draws
        left[card] = left.get(card, 0) + 1
    kept: list[Card] = []
    for card in cards:
        n = left.get(card)
        if n:
            left[card] = n - 1
        else:
            kept.append(card)
    return tuple(kept)

_SUITS = {**{s.value: s for s in Suit}, **{w: s for s, w in SUIT_WORDS.items()},
          **{s.letter: s for s in Suit}}
_CARD = re.compile(r"^\s*(\d{1,2})(?:\s*(?:\.5|½|,5))?\s*([a-z]+)\s*$")
_HALF = re.compile(r"(\.5|½|,5)")


# `7b10b13s`: cards typed one after the other without a space (each a value then a suit's letters, so where one card
# ends and the next begins is never in doubt); `,5` is left out as a half here, the comma being a separator
_RUN = re.compile(r"(?:\d{1,2}(?:\.5|½)?[a-z]+)+", re.IGNORECASE)
_ONE = re.compile(r"\d{1,2}(?:\.5|½)?[a-z]+", re.IGNORECASE)


def split_run(word: str) -> list[str]:
    """The cards of a word typed without spaces between them (`7b10b13s`: 7b, 10b, 13s); any other word as it is,
    for `parse_card` to say what is wrong with it."""
    return _ONE.findall(word) if _RUN.fullmatch(word) else [word]


def parse_value(text: str) -> Fraction:
    """A value as typed: `11`, `4.5`, `4½`, `-1` (abilities may go below 1)."""
    cleaned = text.strip().replace("½", ".5").replace(",", ".")
    if not re.fullmatch(r"-?\d{1,3}(\.5)?", cleaned):
        raise InputError(_("{typed} is not a card value: a whole number, or a half such as 4.5").format(
            typed=repr(text.strip())))
    return Fraction(cleaned)


def parse_card(text: str, *, solo: bool = False) -> Card:
    """`9br`, `9 brains`, `4.5lv`, `4½ love` (case-insensitive). An extra-love card only where `solo`."""
    lowered = text.casefold()
    match = _CARD.match(lowered)
    if match is None:
        # TRANSLATORS: the suits' words (brains, love, speed, strength) are typed as they are in every language.
        raise InputError(_("{typed} is not a card: write the value then the suit, e.g. 9br, 7lv, 11sp, 3st or "
                           "9 brains (br brains, lv love, sp speed, st strength)").format(typed=repr(text.strip())))
    suit = _SUITS.get(match.group(2))
    if suit is None:
        raise InputError(_("{typed}: {suit} is not a suit (br brains, lv love, sp speed, st strength)").format(
            typed=repr(text.strip()), suit=repr(match.group(2))))
    value = Fraction(int(match.group(1)))
    if _HALF.search(lowered):
        value += Fraction(1, 2)
    card = card_of(value, suit)
    if card.extra_love:
        if card not in EXTRA_LOVE:
            raise InputError(_("{typed} is not a card: the only half values are the extra-love cards {cards}").format(
                typed=repr(text.strip()), cards=", ".join(sorted({str(c) for c in EXTRA_LOVE}))))
        if not solo:
            raise InputError(_("{typed} is an extra-love card: they are used only in the solo game").format(
                typed=repr(text.strip())))
    elif card.value not in VALUES:
        raise InputError(_("{typed} is not a card: printed values run from 1 to 13").format(typed=repr(text.strip())))
    return card
