"""Property tests (ORIGIN_STORY.md §10.3, Vancardians): random rows, tricks and draws against a brute-force
reading of the priority lists written here independently of the engine."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import InputError
from scoring.origin.cards import DECK, EXTRA_LOVE, Card, Suit
from scoring.origin.solo_deck import reshuffle
from scoring.origin.vancardian_abilities import exchange
from scoring.origin.vancardian_effects import Effect, apply_effect, draws_needed, leaving
from scoring.origin.vancardian_moves import follow, lead
from scoring.origin.vancardian_values import Effective

LOVE = Suit.LOVE
Value = Callable[[Card], Fraction]
SuitOf = Callable[[Card], Suit]


@st.composite
def positions(draw: st.DrawFn) -> dict[str, object]:
    """Distinct cards: a row (1–8, maybe an extra-love card in it), a trick (1–3), up to 2 drawn cards, some
    cards' values and suits changed by abilities, your alignment and tricks won."""
    deck = draw(st.permutations(DECK))
    n_row = draw(st.integers(1, 8))
    n_trick = draw(st.integers(1, 3))
    n_draw = draw(st.integers(0, 2))
    row = list(deck[:n_row])
    if draw(st.booleans()):
        row.insert(draw(st.integers(0, len(row))), draw(st.sampled_from(EXTRA_LOVE)))
    trick = list(deck[n_row:n_row + n_trick])
    drawn = list(deck[n_row + n_trick:n_row + n_trick + n_draw])
    changed = deck[:n_row + n_trick + n_draw]
    values = {changed[i]: changed[i].value + d
              for i, d in draw(st.lists(st.tuples(st.integers(0, len(changed) - 1), st.integers(-2, 2)),
                                        max_size=4))}
    suits = {changed[i]: s for i, s in draw(st.lists(st.tuples(st.integers(0, len(changed) - 1),
                                                               st.sampled_from(list(Suit))), max_size=2))}
    return {"row": tuple(row), "trick": trick, "drawn": tuple(drawn), "effective": Effective(values, suits),
            "alignment": draw(st.sampled_from(["hero", "villain"])), "tricks_won": draw(st.integers(0, 2))}


def winner(cards: list[tuple[Fraction, Suit]]) -> int:
    """Brute force: love beats everything, else the lead suit; the highest value; the first of equals."""
    led = cards[0][1]
    loves = [i for i, (_, s) in enumerate(cards) if s is LOVE]
    pool = loves or [i for i, (_, s) in enumerate(cards) if s is led]
    top = max(cards[i][0] for i in pool)
    return next(i for i in pool if cards[i][0] == top)


def lowest(pool: list[tuple[int, Card]], value: Value) -> Card:
    return sorted(pool, key=lambda ic: (value(ic[1]), ic[0]))[0][1]


def brute_follow(row: tuple[Card, ...], drawn: tuple[Card, ...], trick: list[tuple[Fraction, Suit]],
                 clean_villain: bool, value: Value, suit: SuitOf,
                 banned: frozenset[Card] = frozenset()) -> tuple[tuple[Card, ...], list[Card], Card | None]:
    held = {suit(c) for c in row}
    kept = [d for d in drawn if suit(d) in held]
    cut = min(len(kept), len(row))
    after = row[:len(row) - cut] + tuple(kept)
    led = trick[0][1]
    mine = list(enumerate(after))
    legal = [(i, c) for i, c in mine if suit(c) is led] or mine
    legal = [(i, c) for i, c in legal if c not in banned]
    if not legal:
        return after, kept, None
    if clean_villain:
        return after, kept, lowest([(i, c) for i, c in legal if suit(c) is not LOVE] or legal, value)
    of_lead = [(i, c) for i, c in legal if suit(c) is led]
    if of_lead:
        better = [(i, c) for i, c in of_lead if winner([*trick, (value(c), suit(c))]) == len(trick)]
        return after, kept, lowest(better or of_lead, value)
    return after, kept, lowest(legal, value)


@settings(max_examples=400)
@given(positions())
def test_follow_matches_the_priority_list(p: dict[str, object]) -> None:
    row, drawn, eff = p["row"], p["drawn"], p["effective"]
    assert isinstance(row, tuple) and isinstance(drawn, tuple) and isinstance(eff, Effective)
    alignment, won, cards_played = str(p["alignment"]), int(str(p["tricks_won"])), p["trick"]
    assert isinstance(cards_played, list)
    trick = [eff.play(f"seat{i}", c) for i, c in enumerate(cards_played)]
    move = follow(row, drawn, trick, alignment=alignment, tricks_won=won, effective=eff)
    after, kept, expected = brute_follow(row, drawn, [(eff.value(c), eff.suit(c)) for c in cards_played],
                                         alignment == "villain" and won == 0, eff.value, eff.suit)
    assert expected is not None
    assert move.row_after == after
    assert list(move.kept) == kept
    assert move.plays == expected
    # legal: of the lead suit whenever she holds it
    led = eff.suit(cards_played[0])
    assert eff.suit(move.plays) is led or all(eff.suit(c) is not led for c in move.row_after)
    # row size: −1, or 0 when she held one card and kept two
    assert len(move.row_left) - len(row) == (0 if len(row) == 1 and len(move.kept) == 2 else -1)
    # conservation, and discarded = drawn-not-kept then trimmed
    assert Counter(row) + Counter(drawn) == Counter(move.row_left) + Counter(move.discarded) + Counter([move.plays])
    assert move.discarded[:len(drawn) - len(kept)] == tuple(c for c in drawn if c not in kept)
    assert move.wins == (winner([*[(eff.value(c), eff.suit(c)) for c in cards_played],
                                 (eff.value(move.plays), eff.suit(move.plays))]) == len(cards_played))
    assert move.steps and all(s.sentence for s in move.steps)


@settings(max_examples=300)
@given(positions())
def test_lead_is_extreme_and_leftmost(p: dict[str, object]) -> None:
    row, eff = p["row"], p["effective"]
    assert isinstance(row, tuple) and isinstance(eff, Effective)
    alignment, won = str(p["alignment"]), int(str(p["tricks_won"]))
    move = lead(row, alignment=alignment, tricks_won=won, effective=eff)
    values = [eff.value(c) for c in row]
    target = min(values) if alignment == "villain" and won == 0 else max(values)
    assert move.plays == row[values.index(target)]


def brute_replace(row: tuple[Card, ...], x: int, hero: bool, value: Value, suit: SuitOf) -> list[Card]:
    ranked = sorted(enumerate(row), key=lambda ic: (value(ic[1]), ic[0]))
    if hero:
        ranked = [ic for ic in ranked if suit(ic[1]) is not LOVE] + [ic for ic in ranked if suit(ic[1]) is LOVE]
    else:
        ranked = sorted(enumerate(row), key=lambda ic: (-value(ic[1]), ic[0]))
    return [c for _, c in ranked[:x]]


@settings(max_examples=300)
@given(positions(), st.sampled_from(["replace", "add", "move", "none"]), st.integers(1, 4),
       st.sampled_from(["replace", "draw-first"]), st.sampled_from(["aside", "discard"]))
def test_round_effects_conserve_cards(p: dict[str, object], kind: str, x: int, order: str, exit_: str) -> None:
    row, eff, spare = p["row"], p["effective"], p["trick"]
    assert isinstance(row, tuple) and isinstance(eff, Effective) and isinstance(spare, list)
    effect = Effect("add", Fraction(9, 2)) if kind == "add" else Effect(kind, Fraction(x))  # type: ignore[arg-type]
    if kind == "add" and any(c.extra_love and c.value == Fraction(9, 2) for c in row):
        effect = Effect("add", Fraction(19, 2))
    pool = [c for c in DECK if c not in row]
    draws = pool[:draws_needed(effect, row, effective=eff)]
    alignment = str(p["alignment"])
    result = apply_effect(effect, row, alignment=alignment, draws=draws, effective=eff, replace_order=order)
    assert Counter(row) + Counter(result.drew) + Counter(result.added) == \
        Counter(result.row_after) + Counter(result.discarded)
    assert len(result.row_after) == len(row) + (len(result.drew) - len(result.discarded)) + len(result.added)
    if kind in ("replace", "move"):
        assert len(result.row_after) == len(row)
    if kind == "add":
        assert result.row_after[0] == Card(effect.x, LOVE) and result.row_after[1:] == row[:-1]
    loves = [c for c in row if eff.suit(c) is LOVE]
    if kind == "move" and loves:
        assert result.drew == () and sorted(result.row_after) == sorted(row)
    if kind == "replace" and order == "replace":
        assert list(result.discarded) == brute_replace(row, x, alignment == "hero", eff.value, eff.suit)
        assert result.row_after[len(row) - x:] == tuple(draws) or len(row) < x
    # extra-love cards never reach the deck, whichever way they leave
    to_pile, aside = leaving(result.discarded, exit_)
    assert not any(c.extra_love for c in reshuffle(to_pile).into_deck)
    assert Counter(to_pile) + Counter(aside) == Counter(result.discarded)


@settings(max_examples=200)
@given(positions())
def test_exchange_takes_her_lowest_non_love(p: dict[str, object]) -> None:
    row, eff, hand = p["row"], p["effective"], p["trick"]
    assert isinstance(row, tuple) and isinstance(eff, Effective) and isinstance(hand, list)
    give = hand[0]
    done = exchange(row, hand, give, effective=eff)
    pool = [(i, c) for i, c in enumerate(row) if eff.suit(c) is not LOVE] or list(enumerate(row))
    assert done.took == lowest(pool, eff.value)
    assert done.row_after[0] == give and len(done.row_after) == len(row)
    assert Counter(row) + Counter(hand) == Counter(done.row_after) + Counter(done.hand_after)


@settings(max_examples=300)
@given(positions(), st.sets(st.integers(0, 9), max_size=4))
def test_an_ability_restriction_is_respected(p: dict[str, object], banned_at: set[int]) -> None:
    """Trance-like restrictions: she only ever plays a card the filter allows, else the engine asks."""
    row, drawn, eff, cards_played = p["row"], p["drawn"], p["effective"], p["trick"]
    assert isinstance(row, tuple) and isinstance(drawn, tuple) and isinstance(eff, Effective)
    assert isinstance(cards_played, list)
    alignment, won = str(p["alignment"]), int(str(p["tricks_won"]))
    banned = frozenset(c for i, c in enumerate(row + drawn) if i in banned_at)
    trick = [eff.play(f"seat{i}", c) for i, c in enumerate(cards_played)]
    after, _, expected = brute_follow(row, drawn, [(eff.value(c), eff.suit(c)) for c in cards_played],
                                      alignment == "villain" and won == 0, eff.value, eff.suit, banned)
    if expected is None:
        with pytest.raises(InputError, match="restriction"):
            follow(row, drawn, trick, alignment=alignment, tricks_won=won, effective=eff,
                   allowed=lambda c: c not in banned)
        return
    move = follow(row, drawn, trick, alignment=alignment, tricks_won=won, effective=eff,
                  allowed=lambda c: c not in banned)
    assert move.plays == expected and move.plays not in banned and move.row_after == after
