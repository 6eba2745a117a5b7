"""A round as the table entered it (§2, §3.5): alignments, effects and their parsing, abilities, tricks."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from ..errors import InputError
from ..i18n import N_, _
from .cards import Card, Suit, format_value, parse_card, parse_value
from .lean import lean
from .rules import Choices
from .setup import Mode, Seating
from .trick import Play


class Alignment(StrEnum):
    HERO = "hero"
    VILLAIN = "villain"


# Each alignment as a person reads it (its value is what files and the log hold): translated where shown.
ALIGNMENT_WORDS = {Alignment.HERO: N_("hero"), Alignment.VILLAIN: N_("villain")}


def parse_alignment(text: str) -> Alignment:
    word = text.strip().casefold()
    for a in Alignment:
        if word in (a.value, a.value[0]):
            return a
    # not echoed: the entry is hidden from the table, and what was typed may give the secret away
    raise InputError(_("that is not an alignment: type hero or villain (h or v)"))


# --- abilities, entered as what they did (§3.5) -------------------------------------------------------------

class EffectKind(StrEnum):
    VP = "vp"
    STAMINA = "stamina"
    REMOVE = "remove"
    AS = "as"  # a card's effective value or suit
    IGNORE_FOLLOW = "ignore follow"
    LEAD = "lead"
    ALIGN = "align"
    PASS = "pass"
    DRAW = "draw"
    DISCARD = "discard"
    EXCHANGE = "exchange"
    REVEAL = "reveal"
    REWIND = "rewind"
    WINNER = "winner"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Effect:
    kind: EffectKind
    amount: int = 0
    card: Card | None = None
    value: Fraction | None = None
    suit: Suit | None = None
    target: str = ""
    cards: tuple[Card, ...] = ()
    text: str = ""

    def __str__(self) -> str:
        k = self.kind
        if k in (EffectKind.VP, EffectKind.STAMINA):
            return f"{k.value} {self.amount:+d}"
        if k in (EffectKind.REMOVE, EffectKind.DRAW, EffectKind.DISCARD):
            return f"{k.value} {self.amount}"
        if k is EffectKind.AS:
            parts = [format_value(self.value)] if self.value is not None else []
            parts += [self.suit.value] if self.suit is not None else []
            return f"{self.card} as {' '.join(parts)}"
        if k in (EffectKind.LEAD, EffectKind.WINNER):
            return f"{k.value} {self.target}"
        if k is EffectKind.ALIGN:
            return f"align {self.text}"
        if k is EffectKind.PASS:
            return f"pass {self.amount} to {self.target}"
        if k is EffectKind.EXCHANGE:
            give = f" give {' '.join(str(c) for c in self.cards)}" if self.cards else ""
            return f"exchange with {self.target}{give}"
        if k is EffectKind.REVEAL:
            return "reveal " + " ".join(str(c) for c in self.cards)
        if k is EffectKind.NOTE:
            return f'note "{self.text}"'
        return k.value


_SUIT_WORDS = {"br": Suit.BRAINS, "brains": Suit.BRAINS, "lv": Suit.LOVE, "love": Suit.LOVE,
               "sp": Suit.SPEED, "speed": Suit.SPEED, "st": Suit.STRENGTH, "strength": Suit.STRENGTH}


# TRANSLATORS: the notation is typed the same in every language: translate only "effects".
EFFECT_HELP = N_("effects: vp +2, stamina +1, remove 1, 9br as 11, 9br as lv, ignore follow, lead bob, "
                 "align villain, pass 2 to bob, draw 1, discard 1, exchange with bob give 3br, reveal 9br 3sp, "
                 "rewind, winner bob, note \"…\"")


def parse_as(text: str) -> tuple[Fraction | None, Suit | None]:
    """`11`, `lv`, `11 sp`, `love`: what follows `as`."""
    value: Fraction | None = None
    suit: Suit | None = None
    for word in text.split():
        w = word.casefold()
        if w in _SUIT_WORDS and suit is None:
            suit = _SUIT_WORDS[w]
        elif value is None and re.fullmatch(r"-?\d{1,3}([.,]5|½)?", w):
            value = parse_value(w)
        else:
            raise InputError(_("{typed} after 'as' is not a value or a suit: write e.g. '9br as 11', '9br as lv' or "
                               "'9br as 11 sp'").format(typed=repr(text.strip())))
    if value is None and suit is None:
        raise InputError(_("'as' needs a value or a suit, e.g. '9br as 11' or '9br as lv'"))
    return value, suit


def parse_effect(text: str, *, solo: bool = False) -> Effect:
    """One effect as entered (§3.5), case-insensitive."""
    t = " ".join(text.strip().split())
    low = t.casefold()
    if m := re.fullmatch(r"(vp|stamina)\s*([+-]?\d{1,3})", low):
        return Effect(EffectKind(m.group(1)), amount=int(m.group(2)))
    if m := re.fullmatch(r"(remove|draw|discard)\s+(\d{1,2})", low):
        return Effect(EffectKind(m.group(1)), amount=int(m.group(2)))
    if low in ("ignore follow", "rewind"):
        return Effect(EffectKind(low))
    if m := re.fullmatch(r"(lead|winner)\s+(\S.*)", t, re.IGNORECASE):
        return Effect(EffectKind(m.group(1).casefold()), target=m.group(2).strip())
    if m := re.fullmatch(r"align\s+(\S+)", t, re.IGNORECASE):
        return Effect(EffectKind.ALIGN, text=parse_alignment(m.group(1)).value)
    if m := re.fullmatch(r"pass\s+(\d{1,2})\s+to\s+(\S.*)", t, re.IGNORECASE):
        return Effect(EffectKind.PASS, amount=int(m.group(1)), target=m.group(2).strip())
    if m := re.fullmatch(r"exchange\s+with\s+(.+?)(?:\s+give\s+(.+))?", t, re.IGNORECASE):
        give = tuple(parse_card(c, solo=solo) for c in _card_words(m.group(2) or ""))
        return Effect(EffectKind.EXCHANGE, target=m.group(1).strip(), cards=give, amount=max(1, len(give)))
    if m := re.fullmatch(r"reveal\s+(.+)", t, re.IGNORECASE):
        return Effect(EffectKind.REVEAL, cards=tuple(parse_card(c, solo=solo) for c in _card_words(m.group(1))))
    if m := re.fullmatch(r"note\s+(.*)", t, re.IGNORECASE | re.DOTALL):
        return Effect(EffectKind.NOTE, text=m.group(1).strip().strip('"“”'))
    if m := re.fullmatch(r"(.+?)\s+as\s+(.+)", t, re.IGNORECASE):
        value, suit = parse_as(m.group(2))
        return Effect(EffectKind.AS, card=parse_card(m.group(1), solo=solo), value=value, suit=suit)
    raise InputError(_("{typed} is not an effect the companion understands; {help}").format(typed=repr(t),
                                                                                            help=_(EFFECT_HELP)))


def _card_words(text: str) -> list[str]:
    """`9br 3sp`, `9br, 3sp`, `9 brains 3 speed`: the cards in a list."""
    return re.findall(r"\d{1,2}(?:[.,]5|½)?\s*[a-zA-Z]+", text)


@dataclass(frozen=True, slots=True)
class Ability:
    """An ability use: who, which card (the source), and what it did. `trick` is the trick it was used in
    (None: at the end of the round, or when is not known)."""

    player: str
    source: str
    effects: tuple[Effect, ...]
    timing: str = ""
    trick: int | None = None


# --- the tricks as entered ----------------------------------------------------------------------------------

@lean
@dataclass(frozen=True, slots=True)
class CardTrick:
    """Plays from the leader in seat order. `turned`: a sidekick's card turned face up after its play.
    `winner`: the winner the table stated, checked against the cards."""

    plays: tuple[Play, ...]
    turned: tuple[tuple[str, Card], ...] = ()
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class WinnerOnly:
    """The winners level: only who won (§1, level 2)."""

    winner: str


TrickEntry = CardTrick | WinnerOnly


@dataclass(frozen=True, slots=True)
class Surrender:
    """Solo: the round ended by surrender in `trick`; the leading Vancardian gains `vp` (OS-SOLO-SURRENDER)."""

    trick: int
    to: str
    vp: int


@lean
@dataclass(frozen=True, slots=True)
class RoundInput:
    seating: Seating
    dealer: str
    alignment: dict[str, Alignment]
    tricks: tuple[TrickEntry, ...] = ()
    abilities: tuple[Ability, ...] = ()
    hands: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # sidekicks' face-up pairs, solo rows
    choices: Choices = Choices()
    round_no: int = 1
    revealed: tuple[Card, ...] = ()
    tricks_won: dict[str, int] = field(default_factory=dict)  # solo: before `tricks`
    surrender: Surrender | None = None
    draws: tuple[Card, ...] = ()  # solo file: the cards drawn for the Vancardians, in order

    @property
    def mode(self) -> Mode:
        return self.seating.mode

    @property
    def played_before(self) -> int:
        """Solo: the tricks played before the file's (every seat's count given)."""
        return sum(self.tricks_won.values())
