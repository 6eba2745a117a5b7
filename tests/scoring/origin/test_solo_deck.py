"""Solo set-up (G12) and drawing when the deck runs out (D12)."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import InputError
from scoring.origin.cards import DECK, EXTRA_LOVE, Card, Suit
from scoring.origin.rules import RuleId
from scoring.origin.solo_deck import Colour, build_solo_deck, plan_draw, reshuffle


@pytest.mark.parametrize(("difficulty", "kinds", "event"), [
    (0, ["base"] * 5, "base"),
    (2, ["base"] * 3 + ["difficulty"] * 2, "base"),
    (3, ["base"] * 2 + ["difficulty"] * 3, "difficulty"),
    (5, ["difficulty"] * 5, "difficulty"),
])
def test_g12_solo_deck(difficulty: int, kinds: list[str], event: str) -> None:
    deck = build_solo_deck(difficulty, Colour.RED)
    assert list(deck.kinds) == kinds
    assert deck.event_kind == event
    assert deck.base_left == 3 + difficulty
    assert deck.difficulty_left == 8 - difficulty
    assert deck.event_colour == (Colour.RED if event == "difficulty" else Colour.GREEN)


def test_g12_colour_is_a_stored_choice() -> None:
    deck = build_solo_deck(3, "green")
    assert deck.colours == (Colour.RED, Colour.RED, Colour.GREEN, Colour.GREEN, Colour.GREEN)
    assert deck.event_colour is Colour.GREEN
    assert [deck.kind_for_round(r) for r in range(1, 6)] == ["base", "base", "difficulty", "difficulty",
                                                            "difficulty"]
    rule, sentence = deck.sentence()
    assert rule is RuleId.SOLO_SETUP and "green event deck" in sentence


@pytest.mark.parametrize("bad", [-1, 6, 2.0, "3", True, None])
def test_difficulty_out_of_range_is_bad_input(bad: object) -> None:
    with pytest.raises(InputError, match="difficulty"):
        build_solo_deck(bad, Colour.RED)


def test_bad_colour_and_round() -> None:
    with pytest.raises(InputError, match="red or green"):
        build_solo_deck(1, "blue")
    with pytest.raises(InputError, match="rounds 1 to 5"):
        build_solo_deck(1, Colour.GREEN).kind_for_round(6)


def test_d12_deck_runs_out() -> None:
    plan = plan_draw(2, deck=1, discard=5)
    assert (plan.from_deck, plan.reshuffled, plan.after_reshuffle, plan.skipped) == (1, 5, 1, 0)
    assert plan.steps[0][0] is RuleId.DECK_EMPTY and "shuffled" in plan.steps[0][1]
    dry = plan_draw(2, deck=0, discard=0)
    assert (dry.from_deck, dry.reshuffled, dry.after_reshuffle, dry.skipped, dry.drawn) == (0, 0, 0, 2, 0)
    assert "skipped" in dry.steps[-1][1]


def test_no_reshuffle_while_the_deck_suffices() -> None:
    assert plan_draw(2, deck=2, discard=9).reshuffled == 0
    assert plan_draw(2, deck=2, discard=9).steps == ()
    one = plan_draw(2, deck=0, discard=1)
    assert (one.reshuffled, one.after_reshuffle, one.skipped) == (1, 1, 1)


def test_plan_draw_bad_input() -> None:
    with pytest.raises(InputError):
        plan_draw(-1, 3, 3)
    with pytest.raises(InputError):
        plan_draw(2, True, 3)


@given(st.integers(0, 5), st.integers(0, 52), st.integers(0, 52))
def test_plan_draw_adds_up(needed: int, deck: int, discard: int) -> None:
    plan = plan_draw(needed, deck, discard)
    assert plan.from_deck + plan.after_reshuffle + plan.skipped == needed
    assert plan.drawn == min(needed, deck + (discard if needed > deck else 0))
    assert (plan.reshuffled > 0) == (needed > deck and discard > 0)
    assert plan.skipped == max(0, needed - deck - discard)


@given(st.lists(st.sampled_from(DECK + EXTRA_LOVE), max_size=20))
def test_extra_love_never_enters_the_deck(pile: list[Card]) -> None:
    out = reshuffle(pile)
    assert not any(c.extra_love for c in out.into_deck)
    assert sorted(out.into_deck + out.aside) == sorted(pile)
    assert all(c == Card(c.value, Suit.LOVE) and c.value.denominator == 2 for c in out.aside)
    assert Fraction(9, 2) not in {c.value for c in out.into_deck}
