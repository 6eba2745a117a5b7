"""The Vancardians' round effects (§3.8.2): replace, add and move, their draws, cards leaving a row."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .. import counts
from ..errors import InputError
from ..i18n import N_, _, ngettext
from ..said import Said, listed
from .cards import EXTRA_LOVE_VALUES, TRUMP, Card, Suit, card_of, format_value, parse_value, without
from .rules import RuleId
from .vancardian_values import (
    AUTOMATON,
    EXTRA_LOVE_EXITS,
    MAX_X,
    PRINTED,
    REPLACE_DRAWS,
    REPLACE_ORDERS,
    VANCARDIANS,
    Effective,
    Step,
    check_alignment,
    checked_row,
)

# --- round effects (§3.8.2) --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Effect:
    """One line of a Vancardian card's right side: `replace X`, `add X`, `move X`, or nothing."""

    kind: Literal["replace", "add", "move", "none"]
    x: Fraction = Fraction(0)

    def __str__(self) -> str:
        return "" if self.kind == "none" else f"{self.kind} {format_value(self.x)}"


NO_EFFECT = Effect("none")


def parse_effect(line: str) -> Effect:
    """`replace 2`, `add 4.5` (or 4½), `move 1` (or `move 1 left`), or an empty line (also `-`, `none`)."""
    words = line.casefold().split()
    if not words or words in (["-"], ["none"]):
        return NO_EFFECT
    kind = words[0]
    if kind not in ("replace", "add", "move"):
        raise InputError(_("{line}: a round line is replace X, add X, move X, or empty").format(
            line=repr(line.strip())))
    if kind == "move" and len(words) == 3 and words[2] == "left":
        words = words[:2]
    if len(words) != 2:
        raise InputError(_("{line}: write the effect then one number, e.g. {example}").format(
            line=repr(line.strip()), example=f"{kind} {'4.5' if kind == 'add' else '2'}"))
    if kind == "add":
        value = parse_value(words[1])
        if value not in EXTRA_LOVE_VALUES:
            raise InputError(_("{line}: the extra-love cards are {values} only").format(
                line=repr(line.strip()), values=listed(sorted({format_value(v) for v in EXTRA_LOVE_VALUES}))))
        return Effect("add", value)
    if not words[1].isdigit() or not 1 <= int(words[1]) <= MAX_X:
        raise InputError(_("{line}: {kind} takes a whole number of cards from 1 to {most}").format(
            line=repr(line.strip()), kind=kind, most=MAX_X))
    return Effect("replace" if kind == "replace" else "move", Fraction(int(words[1])))


def _choice(value: str, known: tuple[str, ...], name: str) -> None:
    if value not in known:
        raise InputError(_("rules choice {name} = {value}: one of {known}").format(name=name, value=repr(value),
                                                                                  known=", ".join(known)))


@dataclass(frozen=True, slots=True)
class EffectResult:
    """A round effect applied to one Vancardian. Conservation: row_before + drew + added = row_after +
    discarded, as multisets."""

    seat: str
    effect: Effect
    row_before: tuple[Card, ...]
    drew: tuple[Card, ...]
    discarded: tuple[Card, ...]
    added: tuple[Card, ...]  # the extra-love card put at her left end by Add
    row_after: tuple[Card, ...]
    steps: tuple[Step, ...]


def replace_choice(row: Sequence[Card], count: int, *, alignment: str,
                   effective: Effective = PRINTED) -> tuple[Card, ...]:
    """The cards Replace X takes, in the order chosen. Hero: her lowest non-love cards, lowest first, then
    her lowest love cards if short. Villain: her highest cards, love included. Equal values: leftmost first."""
    cards = checked_row(row)
    by_low = sorted(range(len(cards)), key=lambda i: (effective.value(cards[i]), i))
    if check_alignment(alignment) == "hero":
        nonlove = [i for i in by_low if effective.suit(cards[i]) is not TRUMP]
        love = [i for i in by_low if effective.suit(cards[i]) is TRUMP]
        order = nonlove + love
    else:
        order = sorted(range(len(cards)), key=lambda i: (-effective.value(cards[i]), i))
    return tuple(cards[i] for i in order[:count])


def _replace(seat: str, row: tuple[Card, ...], count: int, draws: tuple[Card, ...], *, alignment: str,
             effective: Effective, order: str, effect: Effect, lead_in: Sequence[Step] = ()) -> EffectResult:
    steps = list(lead_in)
    pool = row + draws if order == "draw-first" else row
    if order == "draw-first" and draws:
        steps.append(Step(RuleId.SOLO_REPLACE, Said(N_("Drew {cards}: placed at her right end in draw order, before "
                                                    "choosing (rules choice replace_order: draw-first)."),
                                                 cards=listed(draws))))
    chosen = replace_choice(pool, count, alignment=alignment, effective=effective)
    if alignment == "hero":
        nonlove = [c for c in chosen if effective.suit(c) is not TRUMP]
        love = [c for c in chosen if effective.suit(c) is TRUMP]
        if not love:
            text = Said(N_("You play hero: her {n} lowest non-love cards go, lowest first: {cards}."), n=count,
                        cards=listed(chosen)) if count > 1 else \
                Said(N_("You play hero: her lowest non-love card goes: {card}."), card=chosen[0])
        elif nonlove:
            text = Said(N_("You play hero: she has only {n} non-love card: {cards}; topped up with her lowest love: "
                           "{love}."),
                        N_("You play hero: she has only {n} non-love cards: {cards}; topped up with her lowest "
                           "love: {love}."), n=len(nonlove), cards=listed(nonlove), love=listed(love))
        else:
            text = Said(N_("You play hero: she has only {n} non-love cards; topped up with her lowest love: {love}."),
                        n=0, love=listed(love))
    else:
        text = Said(N_("You play villain: her {n} highest cards go, love included: {cards}."), n=count,
                    cards=listed(chosen)) if count > 1 else \
            Said(N_("You play villain: her highest card goes, love included: {card}."), card=chosen[0])
    steps.append(Step(RuleId.SOLO_REPLACE, text))
    def rival(a: Card, b: Card) -> bool:  # b competes with a for the same place in the choice
        same_kind = alignment != "hero" or (effective.suit(a) is TRUMP) == (effective.suit(b) is TRUMP)
        return a != b and same_kind and effective.value(a) == effective.value(b)
    if any(rival(c, other) for c in chosen for other in pool):
        steps.append(Step(RuleId.SOLO_PICK, Said(N_("Among equal values the leftmost goes first."))))
    after = without(pool, chosen)
    if order != "draw-first":
        after += draws
        if draws:
            steps.append(Step(RuleId.SOLO_REPLACE, Said(N_("Drew {cards}: placed at her right end in draw order."),
                                                        cards=listed(draws))))
    return EffectResult(seat, effect, row, draws, chosen, (), after, tuple(steps))


def apply_effect(effect: Effect, row: Sequence[Card], *, alignment: str, draws: Sequence[Card] = (),
                 seat: str = AUTOMATON, effective: Effective = PRINTED, replace_order: str = "replace",
                 replace_count: int | None = None) -> EffectResult:
    """One Vancardian's round effect. `draws` are exactly the cards she needs (draws_needed); Replace's count
    can be set apart from X (rules choice replace_draws = shared)."""
    _choice(replace_order, REPLACE_ORDERS, "replace_order")
    check_alignment(alignment)
    cards = checked_row(row, _("{seat}'s row").format(seat=seat))
    drew = tuple(draws)
    needed = draws_needed(effect, cards, effective=effective) if replace_count is None else replace_count
    if len(drew) != needed:
        said = _("{seat}: {effect} needs {cards}, got {n} ({drew})") if drew else \
            _("{seat}: {effect} needs {cards}, got {n}")
        raise InputError(said.format(seat=seat, effect=str(effect) or _("an empty line"),
                                     cards=counts.drawn_cards(needed), n=len(drew), drew=listed(drew)))
    for card in drew:
        if card.extra_love:
            raise InputError(_("{card} is an extra-love card: they are never in the deck, so never drawn").format(
                card=card))
        if card in cards:
            raise InputError(_("{card} is already in {seat}'s row: it cannot be drawn").format(card=card, seat=seat))
    x = int(effect.x)
    if effect.kind == "none":
        return EffectResult(seat, effect, cards, (), (), (), cards,
                            (Step(RuleId.SOLO_SETUP, Said(N_("No effect on this round's line: her row stays as "
                                                             "dealt."))),))
    if effect.kind == "replace":
        count = needed
        intro = Step(RuleId.SOLO_REPLACE,
                     Said(N_("Replace {x}."), x=x) if count == x else
                     Said(N_("Replace {x}, X in all (rules choice replace_draws: shared): she replaces {count}."),
                          x=x, count=count)
                     if replace_count is not None else
                     Said(N_("Replace {x}: she holds only {n} card, so only those are replaced."),
                          N_("Replace {x}: she holds only {n} cards, so only those are replaced."), x=x, n=len(cards)))
        return _replace(seat, cards, count, drew, alignment=alignment, effective=effective, order=replace_order,
                        effect=effect, lead_in=(intro,))
    if effect.kind == "add":
        extra = card_of(effect.x, Suit.LOVE)
        gone = cards[-1:]
        after = (extra,) + cards[:-1]
        step = Step(RuleId.SOLO_ADD, Said(N_("Add {x}: discarded her rightmost card, {card}; an extra-love {extra} "
                                             "goes at her left end."), x=format_value(effect.x), card=gone[0],
                                          extra=extra) if gone else
                    Said(N_("Add {x}: she has no card to discard; an extra-love {extra} goes at her left end."),
                         x=format_value(effect.x), extra=extra))
        return EffectResult(seat, effect, cards, (), gone, (extra,), after, (step,))
    # move
    if not any(effective.suit(c) is TRUMP for c in cards):
        intro = Step(RuleId.SOLO_MOVE, Said(N_("Move {x}: she has no love card, so nothing moves and she does "
                                               "Replace {x} instead."), x=x))
        return _replace(seat, cards, needed, drew, alignment=alignment, effective=effective,
                        order=replace_order, effect=effect, lead_in=(intro,))
    steps: list[Step] = []
    now = list(cards)
    for n in range(1, x + 1):
        index = max(i for i, c in enumerate(now) if effective.suit(c) is TRUMP)
        card = now.pop(index)
        now.insert(0, card)
        moved = N_("Move {n} of {x}: her rightmost love card, {card}, goes to her left end (already leftmost: it "
                   "stays).") if index == 0 else \
            N_("Move {n} of {x}: her rightmost love card, {card}, goes to her left end.")
        steps.append(Step(RuleId.SOLO_MOVE, Said(moved, n=n, x=x, card=card)))
    return EffectResult(seat, effect, cards, (), (), (), tuple(now), tuple(steps))


def draws_needed(effect: Effect, row: Sequence[Card], *, effective: Effective = PRINTED) -> int:
    """Cards one Vancardian draws for this effect: X for Replace, X for a Move that moves nothing (never more
    than the cards in her row: only what she holds can be replaced)."""
    if effect.kind == "replace" or (effect.kind == "move" and not any(effective.suit(c) is TRUMP for c in row)):
        return min(int(effect.x), len(row))  # a row shorter than X has only that many cards to replace
    return 0


def _shares(effect: Effect, rows: Sequence[Sequence[Card]], replace_draws: str,
            effective: Effective) -> list[int]:
    """How many drawn cards each Vancardian takes, in seat order. `shared` (X in all, for Replace lines): the
    X cards are dealt one at a time, Automaton first, and each replaces as many cards as she receives."""
    if effect.kind == "replace" and replace_draws == "shared":
        return [len(mine) for mine in _deal(int(effect.x), [len(row) for row in rows])]
    return [draws_needed(effect, row, effective=effective) for row in rows]


def _deal(x: int, room: Sequence[int]) -> list[list[int]]:
    """Card numbers 0..x-1 dealt one at a time in seat order to those who still have a card to replace."""
    dealt: list[list[int]] = [[] for _ in room]
    seat = 0
    for n in range(min(x, sum(room))):
        while len(dealt[seat]) >= room[seat]:
            seat = (seat + 1) % len(room)
        dealt[seat].append(n)
        seat = (seat + 1) % len(room)
    return dealt


def round_draws_needed(effect: Effect, rows: Sequence[Sequence[Card]], *, replace_draws: str = "each",
                       effective: Effective = PRINTED) -> int:
    """Cards drawn in all for this line across both Vancardians (for table-deck mode to ask for)."""
    _choice(replace_draws, REPLACE_DRAWS, "replace_draws")
    return sum(_shares(effect, rows, replace_draws, effective))


def apply_round_effect(effect: Effect, rows: Sequence[Sequence[Card]], *, alignment: str,
                       draws: Sequence[Card] = (), seats: Sequence[str] = VANCARDIANS,
                       effective: Effective = PRINTED, replace_order: str = "replace",
                       replace_draws: str = "each") -> tuple[EffectResult, ...]:
    """The round's line applied to Automaton, then Factoryon (`rows` in that order). `draws` are all the cards
    drawn, in order: Automaton's come first (`each`), or they are dealt alternately (`shared`)."""
    _choice(replace_draws, REPLACE_DRAWS, "replace_draws")
    if len(rows) != len(seats):
        given = ngettext("{n} row given", "{n} rows given", len(rows)).format(n=len(rows))
        raise InputError(_("{given} for {n} Vancardians ({seats})").format(given=given, n=len(seats),
                                                                          seats=listed(seats)))
    shares = _shares(effect, rows, replace_draws, effective)
    cards = tuple(draws)
    if len(cards) != sum(shares):
        raise InputError(_("{effect} needs {cards} in all, got {n}").format(
            effect=str(effect) or _("an empty line"), cards=counts.drawn_cards(sum(shares)), n=len(cards)))
    if len(set(cards)) < len(cards):
        raise InputError(_("a drawn card is given twice: each card exists once"))
    own: list[list[Card]] = [[] for _ in rows]
    if effect.kind == "replace" and replace_draws == "shared":
        for i, numbers in enumerate(_deal(int(effect.x), [len(row) for row in rows])):
            own[i] = [cards[n] for n in numbers]
    else:
        start = 0
        for i, share in enumerate(shares):
            own[i] = list(cards[start:start + share])
            start += share
    shared = effect.kind == "replace" and replace_draws == "shared"
    return tuple(apply_effect(effect, row, alignment=alignment, draws=mine, seat=seat, effective=effective,
                              replace_order=replace_order, replace_count=len(mine) if shared else None)
                 for row, mine, seat in zip(rows, own, seats, strict=True))


def leaving(cards: Iterable[Card], extra_love_exit: str = "aside") -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Cards leaving a row or a trick: (to the discard pile, back aside). Extra-love cards go back aside by
    default (rules choice extra_love_exit); either way they never reach the deck (solo_deck.reshuffle)."""
    _choice(extra_love_exit, EXTRA_LOVE_EXITS, "extra_love_exit")
    gone = tuple(cards)
    if extra_love_exit == "discard":
        return gone, ()
    return tuple(c for c in gone if not c.extra_love), tuple(c for c in gone if c.extra_love)
