"""The solo game's two card-driven opponents, Automaton and Factoryon (the Vancardians), as pure rules.

A Vancardian's hand is a face-up row of cards, left to right. Every choice she makes compares effective values
only (suits never break ties), takes the leftmost of equal cards, and considers only the cards she may legally
play (OS-SOLO-PICK). Each decision comes back with its steps: (rule id, plain sentence) pairs, so the table can
see why she did what she did.

Nothing here draws or shuffles: the cards she draws are given (typed by the player, or drawn by the shell)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple

from ..errors import InputError
from .cards import EXTRA_LOVE_VALUES, TRUMP, Card, Suit, format_value, parse_value
from .rules import RuleId
from .trick import Play, beats, lead_suit, legal_follows, winning

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
        changes = ([f"counts {format_value(value)}"] if value != card.value else []) + (
            [f"counts as {suit.word}"] if suit is not card.suit else [])
        return f"{card} ({', '.join(changes)})" if changes else str(card)


PRINTED = Effective()


def check_alignment(alignment: str) -> Alignment:
    for known in ALIGNMENTS:
        if alignment == known:
            return known
    raise InputError(f"alignment {alignment!r}: hero or villain")


def reveal(cards: Iterable[Card], alignment: str, on: Effective = PRINTED) -> Effective:
    """OS-SOLO-REVEAL: each card you reveal counts 1 less while you play hero, 1 more while villain, in every
    comparison. Which cards are still revealed (rules choice `reveal_lasts`) is the caller's to say."""
    delta = -1 if check_alignment(alignment) == "hero" else 1
    shown = set(cards)
    values = {**on.values, **{c: on.value(c) + delta for c in shown}}
    sources = {**on.sources, **{c: on.sources.get(c) or "reveal" for c in shown}}
    return Effective(values, dict(on.suits), sources)


# --- helpers -----------------------------------------------------------------------------------------------

def _names(cards: Iterable[object]) -> str:
    """`8sp`, `8sp and 6sp`, `4br, 11br and 12br`."""
    items = [str(c) for c in cards]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _lowest(cards: Sequence[Card], effective: Effective) -> Card:
    """The lowest effective value; the leftmost of equals (cards are given in row order)."""
    return min(enumerate(cards), key=lambda ic: (effective.value(ic[1]), ic[0]))[1]


def _highest(cards: Sequence[Card], effective: Effective) -> Card:
    return min(enumerate(cards), key=lambda ic: (-effective.value(ic[1]), ic[0]))[1]


def _tie_step(chosen: Card, pool: Sequence[Card], effective: Effective) -> list[Step]:
    equal = [c for c in pool if effective.value(c) == effective.value(chosen)]
    if len(equal) < 2:
        return []
    return [Step(RuleId.SOLO_PICK, f"{_names(equal)} are equal at {format_value(effective.value(chosen))}: "
                                   f"she takes the leftmost, {chosen}.")]


def _check_row(row: Sequence[Card], what: str = "her row") -> tuple[Card, ...]:
    cards = tuple(row)
    doubles = [str(c) for c, n in Counter(cards).items() if n > 1]
    if doubles:
        raise InputError(f"{what} holds {_names(doubles)} twice: each card exists once")
    return cards


def _role(alignment: str, tricks_won: int) -> bool:
    """True when you play villain and have won no trick yet: the Vancardians then play low."""
    if isinstance(tricks_won, bool) or not isinstance(tricks_won, int) or tricks_won < 0:
        raise InputError(f"tricks won {tricks_won!r}: a whole number, 0 or more")
    return check_alignment(alignment) == "villain" and tricks_won == 0


def _legal(row: Sequence[Card], lead: Suit | None, effective: Effective,
           allowed: Callable[[Card], bool] | None) -> tuple[list[Card], list[Step]]:
    """Her legal cards in row order: the lead suit if she holds it, then an ability's restriction on top."""
    legal = legal_follows(row, lead, dict(effective.suits))
    steps: list[Step] = []
    if lead is not None and len(legal) < len(row):
        steps.append(Step(RuleId.FOLLOW, f"She holds {lead.word}, so she must follow: she may play only "
                                         f"{_names(effective.show(c) for c in legal)}."))
    if allowed is not None:
        restricted = [c for c in legal if allowed(c)]
        if not restricted:
            raise InputError(f"the ability's restriction leaves her no card she may play among "
                             f"{_names(legal)}: say which card it allows")
        if len(restricted) < len(legal):
            steps.append(Step(RuleId.SOLO_PICK, f"An ability restricts her: she may play only "
                                                f"{_names(effective.show(c) for c in restricted)}."))
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
    cards = _check_row(row)
    if not cards:
        raise InputError(f"{seat} has no card left to lead")
    low = _role(alignment, tricks_won)
    legal, steps = _legal(cards, None, effective, allowed)
    if low:
        card = _lowest(legal, effective)
        steps.append(Step(RuleId.SOLO_LEAD, f"You play villain and have won no trick: she leads her lowest "
                                            f"card, {effective.show(card)}."))
    else:
        card = _highest(legal, effective)
        why = "You play hero" if alignment == "hero" else "You play villain but have won a trick"
        steps.append(Step(RuleId.SOLO_LEAD, f"{why}: she leads her highest card, {effective.show(card)}."))
    steps += _tie_step(card, legal, effective)
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
    cards = _check_row(row)
    drew = tuple(drawn)
    if len(drew) > 2:
        raise InputError(f"she draws 2 cards, not {len(drew)} ({_names(drew)})")
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
                                             f"{_count(2 - len(drew), 'draw')} skipped."))
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
        gone = f"Discarded {_names(trimmed)} from her right end{short}; " if trimmed else "Nothing to discard; "
        steps.append(Step(RuleId.SOLO_DRAW, f"{gone}{_names(kept)} placed at the right end"
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
        raise InputError(f"{_names(clash)} is already played to this trick")
    low = _role(alignment, tricks_won)
    drawing = draw_step(row, drawn_cards, effective=effective)
    cards = drawing.row_after
    if not cards:
        raise InputError(f"{seat} has no card left to play")
    led = lead_suit(trick, as_led=as_led)
    assert led is not None
    legal, steps = _legal(cards, led, effective, allowed)
    steps = [*drawing.steps, *steps]
    played = _names(str(p) for p in trick)
    priority: Priority
    if low:
        pool = [c for c in legal if effective.suit(c) is not TRUMP]
        if pool:
            card, priority = _lowest(pool, effective), "2"
            steps.append(Step(RuleId.SOLO_FOLLOW, f"You play villain and have won no trick: she plays her lowest "
                                                  f"non-love card, {effective.show(card)}."))
        else:
            pool, priority = legal, "2"
            card = _lowest(pool, effective)
            steps.append(Step(RuleId.SOLO_FOLLOW, f"You play villain and have won no trick, and love is all she "
                                                  f"may play: she plays her lowest love card, "
                                                  f"{effective.show(card)}."))
    else:
        following = [c for c in legal if effective.suit(c) is led]
        if following:
            beating = [c for c in following if beats(trick, effective.play(seat, c), as_led=as_led)]
            if beating:
                pool, priority = beating, "3a"
                card = _lowest(pool, effective)
                verb = "beats" if len(beating) == 1 else "beat"
                which = "she plays it" if len(beating) == 1 else "she plays the lowest of them"
                better = _names(effective.show(c) for c in beating)
                steps.append(Step(RuleId.SOLO_FOLLOW, f"She has {led.word}, and {better} {verb} {played}: {which}, "
                                                      f"{effective.show(card)}."))
            else:
                pool, priority = following, "3b"
                card = _lowest(pool, effective)
                shown = [effective.show(c) for c in following]
                none = (f"{shown[0]} does not beat" if len(shown) == 1 else
                        f"neither {shown[0]} nor {shown[1]} beats" if len(shown) == 2 else
                        f"none of {_names(shown)} beats")
                trumped = [p for p in trick if p.effective_suit is TRUMP] if led is not TRUMP else []
                why = (f" ({trumped[0]} is love, the trump: no {led.word} card can beat it)" if trumped else
                       " (an equal value does not beat: the first played wins)" if any(
                           effective.value(c) == trick[winning(trick, as_led=as_led) or 0].effective_value
                           for c in following) else "")
                steps.append(Step(RuleId.SOLO_FOLLOW, f"She has {led.word}, but {none} {played}{why}: she plays "
                                                      f"her lowest {led.word}, {effective.show(card)}."))
        else:
            pool, priority = legal, "4"
            card = _lowest(pool, effective)
            steps.append(Step(RuleId.SOLO_FOLLOW, f"She has no {led.word}: she plays her lowest card, "
                                                  f"{effective.show(card)}."))
    steps += _tie_step(card, pool, effective)
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
        raise InputError(f"{line.strip()!r}: a round line is replace X, add X, move X, or empty")
    if kind == "move" and len(words) == 3 and words[2] == "left":
        words = words[:2]
    if len(words) != 2:
        raise InputError(f"{line.strip()!r}: write the effect then one number, e.g. {kind} "
                         f"{'4.5' if kind == 'add' else '2'}")
    if kind == "add":
        value = parse_value(words[1])
        if value not in EXTRA_LOVE_VALUES:
            raise InputError(f"{line.strip()!r}: the extra-love cards are "
                             f"{_names(sorted({format_value(v) for v in EXTRA_LOVE_VALUES}))} only")
        return Effect("add", value)
    if not words[1].isdigit() or not 1 <= int(words[1]) <= MAX_X:
        raise InputError(f"{line.strip()!r}: {kind} takes a whole number of cards from 1 to {MAX_X}")
    return Effect("replace" if kind == "replace" else "move", Fraction(int(words[1])))


def _choice(value: str, known: tuple[str, ...], name: str) -> None:
    if value not in known:
        raise InputError(f"rules choice {name} = {value!r}: one of {', '.join(known)}")


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
    cards = _check_row(row)
    by_low = sorted(range(len(cards)), key=lambda i: (effective.value(cards[i]), i))
    if check_alignment(alignment) == "hero":
        nonlove = [i for i in by_low if effective.suit(cards[i]) is not TRUMP]
        love = [i for i in by_low if effective.suit(cards[i]) is TRUMP]
        order = nonlove + love
    else:
        order = sorted(range(len(cards)), key=lambda i: (-effective.value(cards[i]), i))
    return tuple(cards[i] for i in order[:count])


def _without(cards: Sequence[Card], gone: Sequence[Card]) -> tuple[Card, ...]:
    left = Counter(gone)
    kept: list[Card] = []
    for card in cards:
        if left[card]:
            left[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)


def _replace(seat: str, row: tuple[Card, ...], count: int, draws: tuple[Card, ...], *, alignment: str,
             effective: Effective, order: str, effect: Effect, lead_in: Sequence[Step] = ()) -> EffectResult:
    steps = list(lead_in)
    pool = row + draws if order == "draw-first" else row
    if order == "draw-first" and draws:
        steps.append(Step(RuleId.SOLO_REPLACE, f"Drew {_names(draws)}: placed at her right end in draw order, "
                                               f"before choosing (rules choice replace_order: draw-first)."))
    chosen = replace_choice(pool, count, alignment=alignment, effective=effective)
    if alignment == "hero":
        nonlove = [c for c in chosen if effective.suit(c) is not TRUMP]
        love = [c for c in chosen if effective.suit(c) is TRUMP]
        text = ((f"You play hero: her {count} lowest non-love cards go, lowest first: {_names(chosen)}."
                 if count > 1 else f"You play hero: her lowest non-love card goes: {chosen[0]}.") if not love else
                f"You play hero: she has only {len(nonlove)} non-love card{'s' if len(nonlove) != 1 else ''}"
                f"{': ' + _names(nonlove) if nonlove else ''}; topped up with her lowest love: {_names(love)}.")
    else:
        text = (f"You play villain: her {count} highest cards go, love included: {_names(chosen)}." if count > 1
                else f"You play villain: her highest card goes, love included: {chosen[0]}.")
    steps.append(Step(RuleId.SOLO_REPLACE, text))
    def rival(a: Card, b: Card) -> bool:  # b competes with a for the same place in the choice
        same_kind = alignment != "hero" or (effective.suit(a) is TRUMP) == (effective.suit(b) is TRUMP)
        return a != b and same_kind and effective.value(a) == effective.value(b)
    if any(rival(c, other) for c in chosen for other in pool):
        steps.append(Step(RuleId.SOLO_PICK, "Among equal values the leftmost goes first."))
    after = _without(pool, chosen)
    if order != "draw-first":
        after += draws
        if draws:
            steps.append(Step(RuleId.SOLO_REPLACE, f"Drew {_names(draws)}: placed at her right end in draw order."))
    return EffectResult(seat, effect, row, draws, chosen, (), after, tuple(steps))


def apply_effect(effect: Effect, row: Sequence[Card], *, alignment: str, draws: Sequence[Card] = (),
                 seat: str = AUTOMATON, effective: Effective = PRINTED, replace_order: str = "replace",
                 replace_count: int | None = None) -> EffectResult:
    """One Vancardian's round effect. `draws` are exactly the cards she needs (draws_needed); Replace's count
    can be set apart from X (rules choice replace_draws = shared)."""
    _choice(replace_order, REPLACE_ORDERS, "replace_order")
    check_alignment(alignment)
    cards = _check_row(row, f"{seat}'s row")
    drew = tuple(draws)
    needed = draws_needed(effect, cards, effective=effective) if replace_count is None else replace_count
    if len(drew) != needed:
        raise InputError(f"{seat}: {str(effect) or 'an empty line'} needs {_count(needed, 'drawn card')}, "
                         f"got {len(drew)}{' (' + _names(drew) + ')' if drew else ''}")
    for card in drew:
        if card.extra_love:
            raise InputError(f"{card} is an extra-love card: they are never in the deck, so never drawn")
        if card in cards:
            raise InputError(f"{card} is already in {seat}'s row: it cannot be drawn")
    x = int(effect.x)
    if effect.kind == "none":
        return EffectResult(seat, effect, cards, (), (), (), cards,
                            (Step(RuleId.SOLO_SETUP, "No effect on this round's line: her row stays as dealt."),))
    if effect.kind == "replace":
        count = needed
        intro = Step(RuleId.SOLO_REPLACE,
                     f"Replace {x}." if count == x else
                     f"Replace {x}, X in all (rules choice replace_draws: shared): she replaces {count}."
                     if replace_count is not None else
                     f"Replace {x}: she holds only {_count(len(cards), 'card')}, so only those are replaced.")
        return _replace(seat, cards, count, drew, alignment=alignment, effective=effective, order=replace_order,
                        effect=effect, lead_in=(intro,))
    if effect.kind == "add":
        extra = Card(effect.x, Suit.LOVE)
        gone = cards[-1:]
        after = (extra,) + cards[:-1]
        first = f"discarded her rightmost card, {gone[0]}" if gone else "she has no card to discard"
        step = Step(RuleId.SOLO_ADD, f"Add {format_value(effect.x)}: {first}; an extra-love {extra} goes at "
                                     f"her left end.")
        return EffectResult(seat, effect, cards, (), gone, (extra,), after, (step,))
    # move
    if not any(effective.suit(c) is TRUMP for c in cards):
        intro = Step(RuleId.SOLO_MOVE, f"Move {x}: she has no love card, so nothing moves and she does "
                                       f"Replace {x} instead.")
        return _replace(seat, cards, needed, drew, alignment=alignment, effective=effective,
                        order=replace_order, effect=effect, lead_in=(intro,))
    steps: list[Step] = []
    now = list(cards)
    for n in range(1, x + 1):
        index = max(i for i, c in enumerate(now) if effective.suit(c) is TRUMP)
        card = now.pop(index)
        now.insert(0, card)
        where = " (already leftmost: it stays)" if index == 0 else ""
        steps.append(Step(RuleId.SOLO_MOVE, f"Move {n} of {x}: her rightmost love card, {card}, goes to her "
                                            f"left end{where}."))
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
        raise InputError(f"{len(rows)} row(s) given for {len(seats)} Vancardians ({_names(seats)})")
    shares = _shares(effect, rows, replace_draws, effective)
    cards = tuple(draws)
    if len(cards) != sum(shares):
        raise InputError(f"{str(effect) or 'an empty line'} needs {_count(sum(shares), 'drawn card')} in all, "
                         f"got {len(cards)}")
    if len(set(cards)) < len(cards):
        raise InputError("a drawn card is given twice: each card exists once")
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


# --- abilities against a Vancardian (§3.8.6) ---------------------------------------------------------------

def exchange_take(row: Sequence[Card], *, effective: Effective = PRINTED) -> Card:
    """The card you take: her lowest non-love card, or her lowest love card if she holds only love."""
    cards = _check_row(row)
    if not cards:
        raise InputError("she has no card to exchange")
    nonlove = [c for c in cards if effective.suit(c) is not TRUMP]
    return _lowest(nonlove or list(cards), effective)


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
    cards = _check_row(row, f"{seat}'s row")
    yours = _check_row(hand, "your hand")
    took = exchange_take(cards, effective=effective)
    if give == took:
        raise InputError(f"you cannot give back {took}, the card you just took: give another")
    if give not in yours:
        raise InputError(f"{give} is not in your hand: give one of {_names(yours)}")
    nonlove = any(effective.suit(c) is not TRUMP for c in cards)
    what = "lowest non-love card" if nonlove else "lowest love card (she holds only love)"
    steps = [Step(RuleId.SOLO_EXCHANGE, f"You take her {what}, {effective.show(took)}.")]
    pool = [c for c in cards if (effective.suit(c) is not TRUMP) == nonlove]
    steps += _tie_step(took, pool, effective)
    steps.append(Step(RuleId.SOLO_EXCHANGE, f"You give her {give}: it goes at her left end."))
    row_after = (give,) + _without(cards, [took])
    hand_after = _without(yours, [give]) + (took,)
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
    low = _role(alignment, tricks_won)
    rule = RuleId.SOLO_SURRENDER
    if not trick:
        return Surrender(False, "", 0, rule, "No trick is in progress: you may surrender only in a trick a "
                                             "Vancardian led.")
    leader = trick[0].seat
    if leader not in vancardians:
        return Surrender(False, "", 0, rule, f"{leader} led this trick: you may surrender only to a Vancardian "
                                             f"who led.")
    if any(p.seat == you for p in trick):
        return Surrender(False, leader, 0, rule, "You have already played to this trick: surrender is offered "
                                                 "only at the start of your turn.")
    if low:
        return Surrender(False, leader, 0, rule, "You play villain and have won no trick: you may not surrender.")
    left = len(leader_row)
    vp = left + 1
    return Surrender(True, leader, vp, rule,
                     f"Surrender to {leader}: she gains {vp} VP ({_count(left, 'card')} left in "
                     f"her row, plus 1 for this trick). The round ends now; abilities that count or look at "
                     f"tricks do not trigger.")
