"""A Vancardian's move in a trick (OS-SOLO-LEAD, -DRAW, -FOLLOW): which card she leads or follows with."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from .. import counts
from ..errors import InputError
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
from .wording import name_list


def _legal(row: Sequence[Card], lead: Suit | None, effective: Effective,
           allowed: Callable[[Card], bool] | None) -> tuple[list[Card], list[Step]]:
    """Her legal cards in row order: the lead suit if she holds it, then an ability's restriction on top."""
    legal = legal_follows(row, lead, dict(effective.suits))
    steps: list[Step] = []
    if lead is not None and len(legal) < len(row):
        steps.append(Step(RuleId.FOLLOW, f"She holds {lead.word}, so she must follow: she may play only "
                                         f"{name_list(effective.show(c) for c in legal)}."))
    if allowed is not None:
        restricted = [c for c in legal if allowed(c)]
        if not restricted:
            raise InputError(f"the ability's restriction leaves her no card she may play among "
                             f"{name_list(legal)}: say which card it allows")
        if len(restricted) < len(legal):
            steps.append(Step(RuleId.SOLO_PICK, f"An ability restricts her: she may play only "
                                                f"{name_list(effective.show(c) for c in restricted)}."))
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
        raise InputError(f"{seat} has no card left to lead")
    low = plays_low(alignment, tricks_won)
    legal, steps = _legal(cards, None, effective, allowed)
    if low:
        card = lowest(legal, effective)
        steps.append(Step(RuleId.SOLO_LEAD, f"You play villain and have won no trick: she leads her lowest "
                                            f"card, {effective.show(card)}."))
    else:
        card = highest(legal, effective)
        why = "You play hero" if alignment == "hero" else "You play villain but have won a trick"
        steps.append(Step(RuleId.SOLO_LEAD, f"{why}: she leads her highest card, {effective.show(card)}."))
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
        raise InputError(f"she draws 2 cards, not {len(drew)} ({name_list(drew)})")
    for card in drew:
        if card.extra_love:
            raise InputError(f"{card} is an extra-love card: they are never in the deck, so never drawn")
        if card in cards:
            raise InputError(f"{card} is already in her row: it cannot be drawn")
    if len(set(drew)) < len(drew):
        raise InputError(f"{drew[0]} drawn twice: each card exists once")
    held = {effective.suit(c) for c in cards}
    steps: list[Step] = []
    if len(drew) < 2:
        steps.append(Step(RuleId.DECK_EMPTY, f"The deck and the discard pile are empty: "
                                             f"{counts.draws(2 - len(drew))} skipped."))
    kept: list[Card] = []
    for card in drew:
        suit = effective.suit(card)
        if suit in held:
            kept.append(card)
            steps.append(Step(RuleId.SOLO_DRAW, f"Drew {card}: she has {suit.word}, kept."))
        else:
            steps.append(Step(RuleId.SOLO_DRAW, f"Drew {card}: she has no {suit.word}, discarded."))
    cut = min(len(kept), len(cards))
    trimmed = cards[len(cards) - cut:]
    row_after = cards[:len(cards) - cut] + tuple(kept)
    if kept:
        short = f" (she had only {len(cards)})" if cut < len(kept) else ""
        gone = f"Discarded {name_list(trimmed)} from her right end{short}; " if trimmed else "Nothing to discard; "
        steps.append(Step(RuleId.SOLO_DRAW, f"{gone}{name_list(kept)} placed at the right end"
                                            f"{', in draw order' if len(kept) > 1 else ''}."))
    elif drew:
        steps.append(Step(RuleId.SOLO_DRAW, "She kept nothing: her row is unchanged."))
    return DrawStep(drew, tuple(kept), trimmed, row_after, tuple(steps))


def follow(row: Sequence[Card], drawn: Sequence[Card], trick: Sequence[Play], *, alignment: str, tricks_won: int,
           seat: str = AUTOMATON, effective: Effective = PRINTED, allowed: Callable[[Card], bool] | None = None,
           as_led: bool = False) -> Move:
    """OS-SOLO-DRAW then OS-SOLO-FOLLOW: draw two, then the first line of the priority list that applies.
    `trick` holds the plays so far (each carrying its effective value/suit); `as_led` is rules choice
    `lead_suit`."""
    if not trick:
        raise InputError(f"{seat} cannot follow an empty trick: she leads it")
    drawn_cards = tuple(drawn)
    in_trick = {p.card for p in trick}
    clash = [c for c in (*row, *drawn_cards) if c in in_trick and not c.extra_love]  # two 4.5lv may exist
    if clash:
        raise InputError(f"{name_list(clash)} is already played to this trick")
    low = plays_low(alignment, tricks_won)
    drawing = draw_step(row, drawn_cards, effective=effective)
    cards = drawing.row_after
    if not cards:
        raise InputError(f"{seat} has no card left to play")
    led = lead_suit(trick, as_led=as_led)
    assert led is not None
    legal, steps = _legal(cards, led, effective, allowed)
    steps = [*drawing.steps, *steps]
    played = name_list(str(p) for p in trick)
    priority: Priority
    if low:
        pool = [c for c in legal if effective.suit(c) is not TRUMP]
        if pool:
            card, priority = lowest(pool, effective), "2"
            steps.append(Step(RuleId.SOLO_FOLLOW, f"You play villain and have won no trick: she plays her lowest "
                                                  f"non-love card, {effective.show(card)}."))
        else:
            pool, priority = legal, "2"
            card = lowest(pool, effective)
            steps.append(Step(RuleId.SOLO_FOLLOW, f"You play villain and have won no trick, and love is all she "
                                                  f"may play: she plays her lowest love card, "
                                                  f"{effective.show(card)}."))
    else:
        following = [c for c in legal if effective.suit(c) is led]
        if following:
            beating = [c for c in following if beats(trick, effective.play(seat, c), as_led=as_led)]
            if beating:
                pool, priority = beating, "3a"
                card = lowest(pool, effective)
                verb = "beats" if len(beating) == 1 else "beat"
                which = "she plays it" if len(beating) == 1 else "she plays the lowest of them"
                better = name_list(effective.show(c) for c in beating)
                steps.append(Step(RuleId.SOLO_FOLLOW, f"She has {led.word}, and {better} {verb} {played}: {which}, "
                                                      f"{effective.show(card)}."))
            else:
                pool, priority = following, "3b"
                card = lowest(pool, effective)
                shown = [effective.show(c) for c in following]
                none = (f"{shown[0]} does not beat" if len(shown) == 1 else
                        f"neither {shown[0]} nor {shown[1]} beats" if len(shown) == 2 else
                        f"none of {name_list(shown)} beats")
                trumped = [p for p in trick if p.effective_suit is TRUMP] if led is not TRUMP else []
                why = (f" ({trumped[0]} is love, the trump: no {led.word} card can beat it)" if trumped else
                       " (an equal value does not beat: the first played wins)" if any(
                           effective.value(c) == trick[winning(trick, as_led=as_led) or 0].effective_value
                           for c in following) else "")
                steps.append(Step(RuleId.SOLO_FOLLOW, f"She has {led.word}, but {none} {played}{why}: she plays "
                                                      f"her lowest {led.word}, {effective.show(card)}."))
        else:
            pool, priority = legal, "4"
            card = lowest(pool, effective)
            steps.append(Step(RuleId.SOLO_FOLLOW, f"She has no {led.word}: she plays her lowest card, "
                                                  f"{effective.show(card)}."))
    steps += tie_step(card, pool, effective)
    wins = beats(trick, effective.play(seat, card), as_led=as_led)
    if wins:
        if effective.suit(card) is TRUMP and led is not TRUMP:
            steps.append(Step(RuleId.TRUMP, f"{card} is love, the trump: it wins the trick so far, over "
                                            f"{played}."))
        else:
            steps.append(Step(RuleId.TRUMP if led is TRUMP else RuleId.WIN_LEAD,
                              f"{card} is the highest {led.word}: it wins the trick so far."))
    return Move(seat, "follow", drawing.drew, drawing.kept, drawing.discarded, cards, card, priority, wins,
                tuple(steps))
