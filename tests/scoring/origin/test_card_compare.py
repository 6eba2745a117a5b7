"""Cards compare, hash and are taken out of piles by their numerator and denominator kept with them: the same answers
as comparing (value, suit) with Fraction, and one object per card of the game. A trick's winner found in one pass is
the greatest of the book's key (love, the lead suit, the value, the first played), and so is it found one play at a
time."""
from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from scoring.origin.cards import DECK, EXTRA_LOVE, Card, Suit, card_of, parse_card, without
from scoring.origin.trick import Play, _key, ahead, lead_suit, winning

ODD = (Card(Fraction(-1), Suit.SPEED), Card(Fraction(27, 2), Suit.LOVE), Card(Fraction(14), Suit.BRAINS),
       Card(Fraction(9, 2), Suit.BRAINS), Card(Fraction(1, 3), Suit.STRENGTH))
CARDS = DECK + EXTRA_LOVE + ODD


def test_cards_compare_as_value_then_suit() -> None:
    for a, b in itertools.product(CARDS, repeat=2):
        ka, kb = (a.value, str(a.suit)), (b.value, str(b.suit))
        assert (a == b, a != b, a < b, a <= b, a > b, a >= b) == (ka == kb, ka != kb, ka < kb, ka <= kb, ka > kb,
                                                                   ka >= kb), (a, b)
        if a == b:
            assert hash(a) == hash(b)
        assert (a.above(b), a.level(b)) == (a.value > b.value, a.value == b.value), (a, b)
    assert sorted(CARDS, key=lambda x: (x.value, str(x.suit))) == sorted(CARDS)
    assert Card(Fraction(9), Suit.BRAINS) != "9br" and Card(Fraction(9), Suit.BRAINS) != Fraction(9)


def test_one_object_per_card_of_the_game() -> None:
    for card in DECK:
        assert parse_card(str(card)) is card and card_of(card.value, card.suit) is card
    assert parse_card("4.5lv", solo=True) is EXTRA_LOVE[0] is EXTRA_LOVE[1]
    odd = card_of(Fraction(14), Suit.BRAINS)
    assert odd == ODD[2] and odd not in DECK


SOME = CARDS[:8] + ODD[:2]


def _one_copy(rng: random.Random, pile: list[Card]) -> list[Card]:
    """An equal copy of a card, or of none in the pile."""
    return [Card(rng.choice(SOME).value, rng.choice(list(Suit)))]


def _several(rng: random.Random, pile: list[Card]) -> list[Card]:
    """Several cards gone (a draw, a discard): copies, the pile's own, one given twice, one not in the pile."""
    return [Card(rng.choice(SOME).value, rng.choice(list(Suit))) if rng.random() < 0.5 else rng.choice(pile or list(ODD))
            for _ in range(rng.randrange(2, 6))]


@pytest.mark.parametrize(("seed", "rounds", "size", "gone_from"), [(5, 300, 6, _one_copy), (6, 500, 12, _several)])
def test_cards_taken_out_are_the_first_equal_ones_one_for_one(seed: int, rounds: int, size: int,
                                                              gone_from: Callable[[random.Random, list[Card]],
                                                                                  list[Card]]) -> None:
    """Each card gone takes out the first equal card left, a card given twice takes out two, one not in the pile
    takes out none; the cards kept are the pile's own objects, in its order (given as tuples or any iterable)."""
    rng = random.Random(seed)
    for _ in range(rounds):
        pile = [rng.choice(SOME) for _ in range(rng.randrange(size))]
        gone = gone_from(rng, pile)
        left, kept = Counter(gone), []
        for card in pile:
            if left[card]:
                left[card] -= 1
            else:
                kept.append(card)
        for given in ((tuple(pile), tuple(gone)), (pile, iter(gone))):
            found = without(*given)
            assert found == tuple(kept) and list(map(id, found)) == list(map(id, kept)), (pile, gone)


def test_the_winner_found_in_one_pass_is_the_books_key() -> None:
    rng = random.Random(7)
    values = [None, Fraction(11), Fraction(9, 2), Fraction(-1), Fraction(5)]
    for _ in range(3000):
        plays = [Play(f"S{i}", rng.choice(CARDS), rng.choice(values), rng.choice([None, *Suit]))
                 for i in range(rng.randrange(1, 6))]
        for as_led in (False, True):
            lead = lead_suit(plays, as_led=as_led)
            assert lead is not None
            expected = max(range(len(plays)), key=lambda i, lead=lead: _key(plays[i], i, lead))  # type: ignore[misc]
            assert winning(plays, as_led=as_led) == expected, plays
            best = 0  # one play at a time (a trick kept from play to play): the same winner
            for i in range(1, len(plays)):
                best = i if ahead(plays[best], plays[i], lead) else best
            assert best == expected, plays
