"""Your abilities against a Vancardian (§3.8.6, §3.8.7): reveal, exchange, surrender."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import InputError
from ..i18n import N_, _
from ..said import Said, listed
from .cards import TRUMP, Card, without
from .rules import RuleId
from .trick import Play
from .vancardian_values import (
    AUTOMATON,
    PRINTED,
    VANCARDIANS,
    Effective,
    Step,
    check_alignment,
    checked_row,
    lowest,
    plays_low,
    tie_step,
)


def reveal(cards: Iterable[Card], alignment: str, on: Effective = PRINTED) -> Effective:
    """OS-SOLO-REVEAL: each card you reveal counts 1 less while you play hero, 1 more while villain, in every
    comparison. Which cards are still revealed (rules choice `reveal_lasts`) is the caller's to say."""
    delta = -1 if check_alignment(alignment) == "hero" else 1
    shown = set(cards)
    values = {**on.values, **{c: on.value(c) + delta for c in shown}}
    sources = {**on.sources, **{c: on.sources.get(c) or "reveal" for c in shown}}
    return Effective(values, dict(on.suits), sources)


# --- abilities against a Vancardian (§3.8.6) ---------------------------------------------------------------

def exchange_take(row: Sequence[Card], *, effective: Effective = PRINTED) -> Card:
    """The card you take: her lowest non-love card, or her lowest love card if she holds only love."""
    cards = checked_row(row)
    if not cards:
        raise InputError(_("she has no card to exchange"))
    nonlove = [c for c in cards if effective.suit(c) is not TRUMP]
    return lowest(nonlove or list(cards), effective)


@dataclass(frozen=True, slots=True)
class Exchange:
    seat: str
    took: Card
    gave: Card
    row_after: tuple[Card, ...]
    hand_after: tuple[Card, ...]
    steps: tuple[Step, ...]


def exchange(row: Sequence[Card], hand: Sequence[Card], give: Card, *, seat: str = AUTOMATON,
             effective: Effective = PRINTED) -> Exchange:
    """OS-SOLO-EXCHANGE: you take her lowest non-love card (lowest love if she holds only love), then give
    her one of the cards you held before (never the one just taken), which goes at her left end."""
    cards = checked_row(row, _("{seat}'s row").format(seat=seat))
    yours = checked_row(hand, _("your hand"))
    took = exchange_take(cards, effective=effective)
    if give == took:
        raise InputError(_("you cannot give back {card}, the card you just took: give another").format(card=took))
    if give not in yours:
        raise InputError(_("{card} is not in your hand: give one of {cards}").format(card=give,
                                                                                    cards=listed(yours)))
    nonlove = any(effective.suit(c) is not TRUMP for c in cards)
    took_step = N_("You take her lowest non-love card, {card}.") if nonlove else \
        N_("You take her lowest love card (she holds only love), {card}.")
    steps = [Step(RuleId.SOLO_EXCHANGE, Said(took_step, card=effective.show(took)))]
    pool = [c for c in cards if (effective.suit(c) is not TRUMP) == nonlove]
    steps += tie_step(took, pool, effective)
    steps.append(Step(RuleId.SOLO_EXCHANGE, Said(N_("You give her {card}: it goes at her left end."), card=give)))
    row_after = (give,) + without(cards, [took])
    hand_after = without(yours, [give]) + (took,)
    return Exchange(seat, took, give, row_after, hand_after, tuple(steps))


# --- surrender (§3.8.7) ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Surrender:
    allowed: bool
    to: str  # the leading Vancardian ("" when nobody can be surrendered to)
    vp: int  # what she would gain (0 when not allowed)
    rule: RuleId
    sentence: str


def surrender(trick: Sequence[Play], leader_row: Sequence[Card], *, you: str, alignment: str,
              tricks_won: int, vancardians: Sequence[str] = VANCARDIANS) -> Surrender:
    """OS-SOLO-SURRENDER: at the start of your turn in a trick a Vancardian led, unless you play villain with
    no trick won. The leader gains 1 VP per card left in her row plus 1 for the trick in progress; the round
    ends at once and abilities that count or look at tricks do not trigger."""
    low = plays_low(alignment, tricks_won)
    rule = RuleId.SOLO_SURRENDER
    if not trick:
        return Surrender(False, "", 0, rule, Said(N_("No trick is in progress: you may surrender only in a trick a "
                                                  "Vancardian led.")))
    leader = trick[0].seat
    if leader not in vancardians:
        return Surrender(False, "", 0, rule, Said(N_("{leader} led this trick: you may surrender only to a "
                                                  "Vancardian who led."), leader=leader))
    if any(p.seat == you for p in trick):
        return Surrender(False, leader, 0, rule, Said(N_("You have already played to this trick: surrender is "
                                                      "offered only at the start of your turn.")))
    if low:
        return Surrender(False, leader, 0, rule, Said(N_("You play villain and have won no trick: you may not "
                                                      "surrender.")))
    left = len(leader_row)
    vp = left + 1
    return Surrender(True, leader, vp, rule,
                     Said(N_("Surrender to {leader}: she gains {vp} VP ({n} card left in her row, plus 1 for this "
                             "trick). The round ends now; abilities that count or look at tricks do not trigger."),
                          N_("Surrender to {leader}: she gains {vp} VP ({n} cards left in her row, plus 1 for this "
                             "trick). The round ends now; abilities that count or look at tricks do not trigger."),
                          leader=leader, vp=vp, n=left))
