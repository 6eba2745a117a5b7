"""A Vancardian's move in a trick (OS-SOLO-LEAD, -DRAW, -FOLLOW): which card she leads or follows with."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import InputError
from ..i18n import N_, _
from ..said import Said, joined, listed
from .cards import TRUMP, Card, Suit
from .rules import RuleId
from .trick import Play, beats, lead_suit, legal_follows, winning
from .vancardian_values import (
    AUTOMATON,
    PRINTED,
    Effective,
    Step,
    checked_row,
    highest,
    lowest,
    plays_low,
    tie_step,
)


def _legal(row: Sequence[Card], lead: Suit | None, effective: Effective,
           allowed: Callable[[Card], bool] | None) -> tuple[list[Card], list[Step]]:
    """Her legal cards in row order: the lead suit if she holds it, then an ability's restriction on top."""
    legal = legal_follows(row, lead, dict(effective.suits))
    steps: list[Step] = []
    if lead is not None and len(legal) < len(row):
        steps.append(Step(RuleId.FOLLOW, Said(N_("She holds {suit}, so she must follow: she may play only {cards}."),
                                              suit=lead.word, cards=listed(effective.show(c) for c in legal))))
    if allowed is not None:
        restricted = [c for c in legal if allowed(c)]
        if not restricted:
            raise InputError(_("the ability's restriction leaves her no card she may play among {cards}: say which "
                               "card it allows").format(cards=listed(legal)))
        if len(restricted) < len(legal):
            steps.append(Step(RuleId.SOLO_PICK, Said(N_("An ability restricts her: she may play only {cards}."),
                                                     cards=listed(effective.show(c) for c in restricted))))
        legal = restricted
    return legal, steps


# --- a Vancardian's move -----------------------------------------------------------------------------------

Priority = Literal["lead-low", "lead-high", "2", "3a", "3b", "4"]


@dataclass(frozen=True, slots=True)
class Move:
    """A Vancardian's turn, as `origin next` reports it (ORIGIN_STORY.md §7.2)."""

    seat: str
    role: Literal["lead", "follow"]
    drew: tuple[Card, ...]  # the cards drawn, in order (fewer than 2 only when deck and discard ran dry)
    kept: tuple[Card, ...]  # those of them she keeps
    discarded: tuple[Card, ...]  # drawn cards not kept, then the cards trimmed from her right end
    row_after: tuple[Card, ...]  # her row after the draw step, before she plays
    plays: Card
    priority: Priority  # which line of the lead rule or the follow priority list decided
    wins: bool  # her card would win the trick as it stands
    steps: tuple[Step, ...]

    @property
    def row_left(self) -> tuple[Card, ...]:
        """Her row once she has played."""
        index = self.row_after.index(self.plays)
        return self.row_after[:index] + self.row_after[index + 1:]

    def report(self) -> dict[str, object]:
        """The `vancardian` object of `origin next --json` (§7.2), cards in the short notation."""
        return {"drew": [str(c) for c in self.drew], "kept": [str(c) for c in self.kept],
                "discarded": [str(c) for c in self.discarded], "row_after": [str(c) for c in self.row_after],
                "plays": str(self.plays),
                "steps": [{"rule": str(s.rule), "sentence": s.sentence} for s in self.steps]}


def lead(row: Sequence[Card], *, alignment: str, tricks_won: int, seat: str = AUTOMATON,
         effective: Effective = PRINTED, allowed: Callable[[Card], bool] | None = None) -> Move:
    """OS-SOLO-LEAD: her lowest card while you play villain with no trick won, otherwise her highest."""
    cards = checked_row(row)
    if not cards:
        raise InputError(_("{seat} has no card left to lead").format(seat=seat))
    low = plays_low(alignment, tricks_won)
    legal, steps = _legal(cards, None, effective, allowed)
    if low:
        card = lowest(legal, effective)
        steps.append(Step(RuleId.SOLO_LEAD, Said(N_("You play villain and have won no trick: she leads her lowest "
                                                    "card, {card}."), card=effective.show(card))))
    else:
        card = highest(legal, effective)
        why = N_("You play hero: she leads her highest card, {card}.") if alignment == "hero" else \
            N_("You play villain but have won a trick: she leads her highest card, {card}.")
        steps.append(Step(RuleId.SOLO_LEAD, Said(why, card=effective.show(card))))
    steps += tie_step(card, legal, effective)
    return Move(seat, "lead", (), (), (), cards, card, "lead-low" if low else "lead-high", True, tuple(steps))


@dataclass(frozen=True, slots=True)
class DrawStep:
    """OS-SOLO-DRAW: the draw-two step of a follow, on its own."""

    drew: tuple[Card, ...]
    kept: tuple[Card, ...]
    trimmed: tuple[Card, ...]  # from her right end, in row order
    row_after: tuple[Card, ...]
    steps: tuple[Step, ...]

    @property
    def discarded(self) -> tuple[Card, ...]:
        return tuple(c for c in self.drew if c not in self.kept) + self.trimmed


def draw_step(row: Sequence[Card], drawn: Sequence[Card], *, effective: Effective = PRINTED) -> DrawStep:
    """Each drawn card is judged against her row as it was before this draw: kept if she holds its suit. As
    many cards as she kept leave her right end (fewer if her row is shorter); the kept cards then go at the
    right end in draw order. Fewer than two drawn cards means the deck and discard pile ran dry."""
    cards = checked_row(row)
    drew = tuple(drawn)
    if len(drew) > 2:
        raise InputError(_("she draws 2 cards, not {n} ({cards})").format(n=len(drew), cards=listed(drew)))
    for card in drew:
        if card.extra_love:
            raise InputError(_("{card} is an extra-love card: they are never in the deck, so never drawn").format(
                card=card))
        if card in cards:
            raise InputError(_("{card} is already in her row: it cannot be drawn").format(card=card))
    if len(set(drew)) < len(drew):
        raise InputError(_("{card} drawn twice: each card exists once").format(card=drew[0]))
    held = {effective.suit(c) for c in cards}
    steps: list[Step] = []
    if len(drew) < 2:
        steps.append(Step(RuleId.DECK_EMPTY, Said(N_("The deck and the discard pile are empty: {n} draw skipped."),
                                                  N_("The deck and the discard pile are empty: {n} draws skipped."),
                                                  n=2 - len(drew))))
    kept: list[Card] = []
    for card in drew:
        suit = effective.suit(card)
        if suit in held:
            kept.append(card)
            steps.append(Step(RuleId.SOLO_DRAW, Said(N_("Drew {card}: she has {suit}, kept."), card=card,
                                                     suit=suit.word)))
        else:
            steps.append(Step(RuleId.SOLO_DRAW, Said(N_("Drew {card}: she has no {suit}, discarded."), card=card,
                                                     suit=suit.word)))
    cut = min(len(kept), len(cards))
    trimmed = cards[len(cards) - cut:]
    row_after = cards[:len(cards) - cut] + tuple(kept)
    if kept:
        gone = Said(N_("Discarded {cards} from her right end (she had only {n}); "), cards=listed(trimmed),
                    n=len(cards)) if trimmed and cut < len(kept) else \
            Said(N_("Discarded {cards} from her right end; "), cards=listed(trimmed)) if trimmed else \
            Said(N_("Nothing to discard; "))
        placed = Said(N_("{cards} placed at the right end, in draw order."), cards=listed(kept)) if len(kept) > 1 \
            else Said(N_("{cards} placed at the right end."), cards=listed(kept))
        steps.append(Step(RuleId.SOLO_DRAW, joined([gone, placed], "")))
    elif drew:
        steps.append(Step(RuleId.SOLO_DRAW, Said(N_("She kept nothing: her row is unchanged."))))
    return DrawStep(drew, tuple(kept), trimmed, row_after, tuple(steps))


def follow(row: Sequence[Card], drawn: Sequence[Card], trick: Sequence[Play], *, alignment: str, tricks_won: int,
           seat: str = AUTOMATON, effective: Effective = PRINTED, allowed: Callable[[Card], bool] | None = None,
           as_led: bool = False) -> Move:
    """OS-SOLO-DRAW then OS-SOLO-FOLLOW: draw two, then the first line of the priority list that applies.
    `trick` holds the plays so far (each carrying its effective value/suit); `as_led` is rules choice
    `lead_suit`."""
    if not trick:
        raise InputError(_("{seat} cannot follow an empty trick: she leads it").format(seat=seat))
    drawn_cards = tuple(drawn)
    in_trick = {p.card for p in trick}
    clash = [c for c in (*row, *drawn_cards) if c in in_trick and not c.extra_love]  # two 4.5lv may exist
    if clash:
        raise InputError(_("{cards} is already played to this trick").format(cards=listed(clash)))
    low = plays_low(alignment, tricks_won)
    drawing = draw_step(row, drawn_cards, effective=effective)
    cards = drawing.row_after
    if not cards:
        raise InputError(_("{seat} has no card left to play").format(seat=seat))
    led = lead_suit(trick, as_led=as_led)
    assert led is not None
    legal, steps = _legal(cards, led, effective, allowed)
    steps = [*drawing.steps, *steps]
    played = listed(str(p) for p in trick)
    priority: Priority
    if low:
        pool = [c for c in legal if effective.suit(c) is not TRUMP]
        if pool:
            card, priority = lowest(pool, effective), "2"
            steps.append(Step(RuleId.SOLO_FOLLOW, Said(N_("You play villain and have won no trick: she plays her "
                                                          "lowest non-love card, {card}."), card=effective.show(card))))
        else:
            pool, priority = legal, "2"
            card = lowest(pool, effective)
            steps.append(Step(RuleId.SOLO_FOLLOW, Said(N_("You play villain and have won no trick, and love is all "
                                                          "she may play: she plays her lowest love card, {card}."),
                                                       card=effective.show(card))))
    else:
        following = [c for c in legal if effective.suit(c) is led]
        if following:
            beating = [c for c in following if beats(trick, effective.play(seat, c), as_led=as_led)]
            if beating:
                pool, priority = beating, "3a"
                card = lowest(pool, effective)
                which = N_("She has {suit}, and {better} beats {played}: she plays it, {card}.") \
                    if len(beating) == 1 else \
                    N_("She has {suit}, and {better} beat {played}: she plays the lowest of them, {card}.")
                steps.append(Step(RuleId.SOLO_FOLLOW, Said(which, suit=led.word, played=played, card=effective.show(
                    card), better=listed(effective.show(c) for c in beating))))
            else:
                pool, priority = following, "3b"
                card = lowest(pool, effective)
                shown = [effective.show(c) for c in following]
                none = Said(N_("{card} does not beat {played}"), card=shown[0], played=played) \
                    if len(shown) == 1 else \
                    Said(N_("neither {first} nor {second} beats {played}"), first=shown[0], second=shown[1],
                         played=played) if len(shown) == 2 else \
                    Said(N_("none of {cards} beats {played}"), cards=listed(shown), played=played)
                trumped = [p for p in trick if p.effective_suit is TRUMP] if led is not TRUMP else []
                tie = any(effective.value(c) == trick[winning(trick, as_led=as_led) or 0].effective_value
                          for c in following)
                why = Said(N_(" ({card} is love, the trump: no {suit} card can beat it)"), card=trumped[0],
                           suit=led.word) if trumped else \
                    Said(N_(" (an equal value does not beat: the first played wins)")) if tie else ""
                steps.append(Step(RuleId.SOLO_FOLLOW, Said(N_("She has {suit}, but {none}{why}: she plays her "
                                                              "lowest {suit}, {card}."), suit=led.word, none=none,
                                                           why=why, card=effective.show(card))))
        else:
            pool, priority = legal, "4"
            card = lowest(pool, effective)
            steps.append(Step(RuleId.SOLO_FOLLOW, Said(N_("She has no {suit}: she plays her lowest card, {card}."),
                                                       suit=led.word, card=effective.show(card))))
    steps += tie_step(card, pool, effective)
    wins = beats(trick, effective.play(seat, card), as_led=as_led)
    if wins:
        if effective.suit(card) is TRUMP and led is not TRUMP:
            steps.append(Step(RuleId.TRUMP, Said(N_("{card} is love, the trump: it wins the trick so far, over "
                                                    "{played}."), card=card, played=played)))
        else:
            steps.append(Step(RuleId.TRUMP if led is TRUMP else RuleId.WIN_LEAD,
                              Said(N_("{card} is the highest {suit}: it wins the trick so far."), card=card,
                                   suit=led.word)))
    return Move(seat, "follow", drawing.drew, drawing.kept, drawing.discarded, cards, card, priority, wins,
                tuple(steps))
