"""One trick: the cards played from the leader on, each with its effective value and suit, and who wins it.

The winner maximises (is love, is of the lead suit, effective value, -play order): any love wins over the
lead suit (OS-TRUMP), otherwise the highest of the lead suit (OS-WIN-LEAD), and on equal values the first
played (OS-TIE-FIRST). So there is always exactly one winner."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..i18n import N_, _
from ..said import Said
from .cards import TRUMP, Card, Suit, format_value
from .lean import lean
from .rules import RuleId


@lean
@dataclass(frozen=True, slots=True)
class Play:
    seat: str
    card: Card
    value: Fraction | None = None  # an ability's new value (`9br as 11`), or a solo reveal's ±1
    suit: Suit | None = None  # an ability's new suit (`9br as lv`)
    by: str = ""  # the source of any change, or of the freedom not to follow
    ignore_follow: bool = False  # played off suit under a named ability: records no void

    @property
    def effective_value(self) -> Fraction:
        return self.card.value if self.value is None else self.value

    @property
    def effective_suit(self) -> Suit:
        return self.card.suit if self.suit is None else self.suit

    @property
    def changed(self) -> bool:
        return self.value is not None or self.suit is not None

    def __str__(self) -> str:
        """`9br`, or `9br as 11 sp` when an ability changed it."""
        if not self.changed:
            return str(self.card)
        parts = [format_value(self.value)] if self.value is not None else []
        parts += [self.suit.value] if self.suit is not None else []
        return f"{self.card} as {' '.join(parts)}"


def _above(play: Play, other: Play) -> bool:
    """`play`'s effective value is above `other`'s: as their cards' when no ability changed them (no Fraction
    compared)."""
    if play.value is None and other.value is None:
        return play.card.above(other.card)
    return play.effective_value > other.effective_value


def _level(play: Play, other: Play) -> bool:
    """`play`'s effective value is `other`'s."""
    if play.value is None and other.value is None:
        return play.card.level(other.card)
    return play.effective_value == other.effective_value


def lead_suit(plays: Sequence[Play], *, as_led: bool = False) -> Suit | None:
    """The trick's lead suit: the led card's effective suit (rules choice `lead_suit`: or as printed)."""
    if not plays:
        return None
    return plays[0].card.suit if as_led else plays[0].effective_suit


def _key(play: Play, order: int, lead: Suit) -> tuple[bool, bool, Fraction, int]:
    suit = play.effective_suit
    return suit is TRUMP, suit is lead, play.effective_value, -order


def winning(plays: Sequence[Play], *, as_led: bool = False) -> int | None:
    """The index of the play winning so far (None for an empty trick): the greatest `_key`, found by one pass that
    compares the values of plays of the same standing only (love, the lead suit, neither)."""
    lead = lead_suit(plays, as_led=as_led)
    if lead is None:
        return None
    best = 0
    for i in range(1, len(plays)):
        if ahead(plays[best], plays[i], lead):
            best = i
    return best


def _standing(suit: Suit, lead: Suit) -> int:
    """`_key`'s two flags (love, the lead suit) as one number."""
    return (2 if suit is TRUMP else 0) + (suit is lead)


def ahead(best: Play, play: Play, lead: Suit) -> bool:
    """Is `play`, played after `best` (the play winning so far), winning now? `winning`'s step (equal: the first
    played stays ahead)."""
    rank, standing = _standing(play.effective_suit, lead), _standing(best.effective_suit, lead)
    return rank > standing or (rank == standing and _above(play, best))


def beats(plays: Sequence[Play], candidate: Play, *, as_led: bool = False) -> bool:
    """Would `candidate`, played now, win the trick so far? (Equal value does not beat: first played wins.)"""
    return winning([*plays, candidate], as_led=as_led) == len(plays)


def reason(plays: Sequence[Play], *, as_led: bool = False, index: int | None = None) -> tuple[RuleId, str]:
    """(rule id, sentence) for why the winning play wins (`index`: the winning play's, when it is known)."""
    if index is None:
        index = winning(plays, as_led=as_led)
    assert index is not None, _("a trick with no card has no winner")
    win, lead = plays[index], lead_suit(plays, as_led=as_led)
    assert lead is not None
    tied = [p for i, p in enumerate(plays) if i != index and p.effective_suit is win.effective_suit
            and _level(p, win) and (win.effective_suit in (TRUMP, lead))]
    if tied:
        return RuleId.TIE_FIRST, Said(N_("{win} and {tied} are equal at {value}: the first played, {seat}'s {win}, "
                                         "wins"), win=win, tied=tied[0], value=format_value(win.effective_value),
                                      seat=win.seat)
    if win.effective_suit is TRUMP and lead is not TRUMP:
        return RuleId.TRUMP, Said(N_("{win} is the highest love card, and love is trump: {seat} wins"), win=win,
                                  seat=win.seat)
    return (RuleId.TRUMP if lead is TRUMP else RuleId.WIN_LEAD,
            Said(N_("{win} is the highest {suit} card, the lead suit: {seat} wins"), win=win, suit=lead.word,
                 seat=win.seat))


def legal_follows(hand: Iterable[Card], lead: Suit | None, effective: dict[Card, Suit] | None = None) -> list[Card]:
    """The cards of a known hand that may be played: any when leading, else those of the lead suit when the
    hand holds one (OS-FOLLOW). `effective` gives a card's suit when an ability changed it."""
    cards = list(hand)
    if lead is None:
        return cards
    suit_of = effective or {}
    following = [c for c in cards if suit_of.get(c, c.suit) is lead]
    return following or cards
