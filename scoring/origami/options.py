"""Legal options, computed: prices, exact payments, placements, hand limit and draw allowance."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..i18n import N_, _
from .card_names import shown
from .cards import RICE_PAPER, Card, CardId
from .catalog import Catalogue
from .choices import RuleChoices

BASE_HAND_LIMIT = 8
BASE_DRAW = 4
# What a value nobody knows is needed for (errors.MissingValue), marked here and translated where it is shown.
PLAYING_IT = N_("the price of playing it")
EVERY_PLAY = N_("the price of every play")
COUNTING_FOLDS = N_("counting folds")
HAND_LIMIT = N_("the hand limit")
Collections = tuple[tuple[CardId, ...], tuple[CardId, ...]]


@dataclass(frozen=True, slots=True)
class Modifier:
    source: str  # a card id, or a word of its own (N_: JSON keeps it in English; translated where shown)
    amount: int


@dataclass(frozen=True, slots=True)
class Allowance:
    """A number with its parts, so a person can see where it comes from."""

    base: int
    modifiers: tuple[Modifier, ...]
    value: int


@dataclass(frozen=True, slots=True)
class Placement:
    collection: int  # 0 or 1
    under: bool = False


def price(card: Card, characters: Iterable[CardId], catalogue: Catalogue, *, discount: int = 0,
          free: bool = False) -> Allowance:
    """What playing `card` costs now: printed cost, less a discount, plus Characters' price changes."""
    if free:
        return Allowance(card.need("cost", PLAYING_IT), (Modifier(N_("free play"), 0),), 0)
    cost = card.need("cost", PLAYING_IT)
    mods = [Modifier(N_("discount"), -discount)] if discount else []
    for cid in characters:
        amount = catalogue.card(cid).modifier("price_modifier", EVERY_PLAY)
        if amount:
            mods.append(Modifier(cid, amount))
    return Allowance(cost, tuple(mods), max(0, cost + sum(m.amount for m in mods)))


def play_sources(characters: Iterable[CardId], catalogue: Catalogue, free_play: bool) -> tuple[str, ...]:
    """Where the origami played now may come from. Play One Origami plays it from the hand, and so does every play
    an effect grants (played as normally, paying unless the effect says otherwise); the yellow Geisha adds the top
    discard. Only a Character's free play takes it from the draw line."""
    if free_play:
        return ("line",)
    geisha = any(catalogue.card(cid).play_from_discard for cid in characters)
    return ("hand", "discard") if geisha else ("hand",)


def folds(cards: Iterable[CardId], catalogue: Catalogue) -> int:
    return sum(catalogue.card(c).need("folds", COUNTING_FOLDS) for c in cards)


def legal_payments(hand: Sequence[CardId], amount: int, catalogue: Catalogue) -> list[tuple[CardId, ...]]:
    """Every distinct multiset of hand cards worth exactly `amount` folds, best first: fewest cards,
    then most rice paper (it is good for nothing else), then by name."""
    counts = sorted(Counter(hand).items())
    values = [catalogue.card(cid).need("folds", COUNTING_FOLDS) for cid, _n in counts]
    found: list[tuple[CardId, ...]] = []

    def walk(i: int, left: int, chosen: list[CardId]) -> None:
        if left == 0:
            found.append(tuple(chosen))
            return
        if i == len(counts):
            return
        cid, have = counts[i]
        value = values[i]
        for n in range(min(have, left // value if value else have), -1, -1):
            if value == 0 and n:
                continue  # a 0-fold card never changes a payment; offering it would only add noise
            walk(i + 1, left - n * value, chosen + [cid] * n)

    if amount >= 0:
        walk(0, amount, [])
    return sorted(found, key=lambda p: (len(p), -p.count(RICE_PAPER), p))


def placements(collections: Collections, may_go_under: bool) -> list[Placement]:
    """Where a new origami may go while the collections stay within one card of each other."""
    sizes = [len(collections[0]), len(collections[1])]
    spots = [Placement(i) for i in (0, 1) if sizes[i] + 1 - sizes[1 - i] <= 1]
    if may_go_under:
        spots += [Placement(p.collection, under=True) for p in list(spots)]
    return spots


def _hand_modifiers(collections: Collections, characters: Iterable[CardId],
                    catalogue: Catalogue) -> list[Modifier]:
    mods: list[Modifier] = []
    for column in collections:
        if not column:
            continue
        top = catalogue.card(column[-1])
        amount = top.modifier("hand_modifier", HAND_LIMIT)
        if top.hand_modifier_per:
            amount *= sum(c == top.hand_modifier_per for col in collections for c in col)
        if amount:
            mods.append(Modifier(top.id, amount))
    for cid in characters:
        amount = catalogue.card(cid).modifier("hand_modifier", HAND_LIMIT)
        if amount:
            mods.append(Modifier(cid, amount))
    return mods


def hand_limit(collections: Collections, characters: Iterable[CardId], catalogue: Catalogue) -> Allowance:
    mods = tuple(_hand_modifiers(collections, tuple(characters), catalogue))
    return Allowance(BASE_HAND_LIMIT, mods, max(0, BASE_HAND_LIMIT + sum(m.amount for m in mods)))


def draw_allowance(collections: Collections, characters: Iterable[CardId], catalogue: Catalogue,
                   choices: RuleChoices) -> Allowance:
    """Folds the Draw Cards action may take: 4, or with a Mesosaurus on top 3 + hand modifiers."""
    characters = tuple(characters)
    for column in collections:
        if column and catalogue.card(column[-1]).draw_allowance_base is not None:
            top = catalogue.card(column[-1])
            base = int(top.draw_allowance_base or 0)
            mods = tuple(_hand_modifiers(collections, characters, catalogue))
            value = base + sum(m.amount for m in mods)
            if choices.mesosaurus == "best" and value < BASE_DRAW:
                said = _("{card}: 3 + modifiers = {value}, less than 4").format(card=shown(top), value=value)
                return Allowance(BASE_DRAW, (Modifier(said, 0),), BASE_DRAW)
            return Allowance(base, (Modifier(top.id, 0), *mods), max(0, value))
    return Allowance(BASE_DRAW, (), BASE_DRAW)
