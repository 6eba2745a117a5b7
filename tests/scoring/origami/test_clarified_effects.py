"""The cards the Origami rulebook clarifies (Notes on the Origami), as the catalogue records them and the referee
and legal_actions read them alike: the Fox draws 3 and discards 1 of those (never from the hand, never skipped), the
Spider cannot be used without exactly 6 folds to take, the Dog draws one more than the Sheep showing, the Cricket
cannot play the origami it just took."""
from __future__ import annotations

import pytest

from scoring.errors import MissingValue
from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.legal import legal_actions
from scoring.origami.rules import RuleId
from scoring.origami.state import GameState
from tests.scoring.origami.referee_helpers import ANN, CATALOGUE, accepted, refused, run
from tests.scoring.origami.test_effects import KNOWN, no, ok, table

# Values nobody knows, made up for these tests only (they are not facts about the cards).
CLARIFIED = KNOWN.with_entries([("test", {"name": n, "cost": 2, "folds": 1, "points": 2}) for n in (
    "Dog", "Cricket", "Sheep")], "user")


def ids(*names: str) -> tuple[CardId, ...]:
    return tuple(CardId(n) for n in names)


def offered(state: GameState, catalogue: object = KNOWN) -> list[c.Command]:
    return legal_actions(state, ANN, catalogue)  # type: ignore[arg-type]


# --- the Fox ------------------------------------------------------------------------------------------------

def _fox_drew(*shown: str) -> GameState:
    state = table(("farm", "sky"), ("Fox", "Cat", "Chick", "Owl"), hands=(("Pig", "Rabbit"), ()),
                  collections=((("Fox",), ()), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    return ok(state, c.DrawFromDeck(ANN, 3, ids(*shown)))


def test_the_fox_discards_one_of_the_three_it_drew_never_a_card_from_the_hand() -> None:
    state = _fox_drew("Cat", "Chick", "Owl")
    why = no(state, c.Discard(ANN, ids("Pig")), RuleId.EFFECT_AMOUNT)
    assert "discard from the cards just drawn (Cat, Chick, Owl), not Pig from the hand" in why
    assert {x for x in offered(state) if isinstance(x, c.Discard)} == {
        c.Discard(ANN, ids(x)) for x in ("Cat", "Chick", "Owl")}
    ok(state, c.Discard(ANN, ids("Owl")))


def test_the_fox_discard_is_not_optional() -> None:
    state = _fox_drew("Cat", "Chick", "Owl")
    assert "Fox: Ann must still discard 1 of the cards it drew before the turn ends" in no(
        state, c.EndTurn(ANN), RuleId.EFFECT_STEPS)
    assert not [x for x in offered(state) if isinstance(x, c.EndTurn)]
    ok(state, c.Discard(ANN, ids("Chick")), c.EndTurn(ANN))


def test_a_fox_draw_the_table_did_not_see_may_be_discarded_as_any_card() -> None:
    state = _fox_drew("Cat")  # two of the three unseen: which one goes cannot be checked
    ok(state, c.Discard(ANN, ids("Pig")))


def test_a_fox_whose_draw_is_not_recorded_leaves_nothing_owed() -> None:
    state = table(("farm", "sky"), ("Fox", "Cat", "Chick", "Owl"), collections=((("Fox",), ()), ((), ())))
    ok(ok(state, c.UseSpecialAction(ANN, 0)), c.EndTurn(ANN))


# --- the Spider ---------------------------------------------------------------------------------------------

def test_the_spider_cannot_be_used_when_no_draw_line_cards_make_exactly_six_folds() -> None:
    state = table(("lawn", "sky"), ("Bee", "Butterfly", "Chick", "Spider"), collections=((("Spider",), ()), ((), ())))
    why = no(state, c.UseSpecialAction(ANN, 0), RuleId.SPECIAL_TOP)  # 4, 4, 1 and 3 folds: never 6
    assert "take exactly 6 folds from the draw line (line: Bee, Butterfly, Chick, Spider)" in why
    assert c.UseSpecialAction(ANN, 0) not in offered(state)
    usable = table(("lawn", "sky"), ("Bee", "Ant", "Chick", "Chick"), collections=((("Spider",), ()), ((), ())))
    assert c.UseSpecialAction(ANN, 0) in offered(usable)
    ok(usable, c.UseSpecialAction(ANN, 0), c.TakeFromLine(ANN, ids("Ant", "Bee")))


# --- the Dog ------------------------------------------------------------------------------------------------

def _dog_played(line: tuple[str, ...], collections: tuple[tuple[str, ...], tuple[str, ...]]) -> GameState:
    state = table(("farm", "sky"), line, hands=(("Dog", "Raccoon"), ()), collections=(collections, ((), ())),
                  catalogue=CLARIFIED)
    return run(state, c.PlayOrigami(ANN, CardId("Dog"), ids("Raccoon"), 1), catalogue=CLARIFIED)


def test_the_dog_draws_one_more_than_the_sheep_showing() -> None:
    state = _dog_played(("Sheep", "Cat", "Owl", "Chick"), (("Sheep",), ("Cat",)))  # 2 Sheep showing: draw 3
    assert [x for x in legal_actions(state, ANN, CLARIFIED) if isinstance(x, c.DrawFromDeck)] == [
        c.DrawFromDeck(ANN, 3)]
    refused(state, c.DrawFromDeck(ANN, 2), RuleId.EFFECT_AMOUNT, catalogue=CLARIFIED)
    assert "draw 3, not 5" in str(refused(state, c.DrawFromDeck(ANN, 5), RuleId.EFFECT_AMOUNT, catalogue=CLARIFIED))
    accepted(state, c.DrawFromDeck(ANN, 3), CLARIFIED)


def test_a_covered_sheep_does_not_count_for_the_dog() -> None:
    state = _dog_played(("Cat", "Cat", "Owl", "Chick"), (("Cat", "Sheep"), ("Sheep",)))  # the Dog covers a Sheep
    refused(state, c.DrawFromDeck(ANN, 3), RuleId.EFFECT_AMOUNT, catalogue=CLARIFIED)
    accepted(state, c.DrawFromDeck(ANN, 2), CLARIFIED)


def test_the_dogs_kind_of_effect_is_asked_before_its_special_action_is_used() -> None:
    state = table(("farm", "sky"), ("Sheep", "Cat", "Owl", "Chick"), collections=((("Dog",), ()), ((), ())),
                  catalogue=CLARIFIED)
    with pytest.raises(MissingValue, match="Dog: effect not known"):
        accepted(state, c.UseSpecialAction(ANN, 0), CLARIFIED)


# --- the Cricket --------------------------------------------------------------------------------------------

def _cricket_took(hand: tuple[str, ...]) -> GameState:
    state = table(("lawn", "sky"), ("Ant", "Bee", "Chick", "Owl"), hands=(("Cricket", *hand), ()),
                  catalogue=CLARIFIED)
    state = run(state, c.PlayOrigami(ANN, CardId("Cricket"), ids("Caterpillar"), 1), catalogue=CLARIFIED)
    return run(state, c.TakeFromLine(ANN, ids("Ant")), catalogue=CLARIFIED)


def test_the_cricket_cannot_play_the_origami_it_just_took() -> None:
    state = _cricket_took(("Caterpillar", "Chick", "Chick"))
    why = str(refused(state, c.PlayOrigami(ANN, CardId("Ant"), ids("Chick", "Chick"), 0, via=CardId("Cricket")),
                      RuleId.EFFECT_AMOUNT, catalogue=CLARIFIED))
    assert "Cricket: not the Ant just taken" in why
    plays = [x for x in legal_actions(state, ANN, CLARIFIED) if isinstance(x, c.PlayOrigami) and x.via == "Cricket"]
    assert plays and all(x.card != "Ant" for x in plays)


def test_the_cricket_may_play_an_identical_origami_already_held_and_pay_with_the_one_taken() -> None:
    state = _cricket_took(("Caterpillar", "Ant", "Chick", "Chick"))
    plays = [x for x in legal_actions(state, ANN, CLARIFIED) if isinstance(x, c.PlayOrigami) and x.via == "Cricket"]
    assert any(x.card == "Ant" for x in plays)
    run(state, c.PlayOrigami(ANN, CardId("Ant"), ids("Ant", "Chick", "Chick"), 0, via=CardId("Cricket")),
        catalogue=CLARIFIED)


def test_the_crickets_play_comes_after_its_take() -> None:
    state = table(("lawn", "sky"), ("Ant", "Bee", "Chick", "Owl"), hands=(("Cricket", "Caterpillar", "Owl"), ()),
                  catalogue=CLARIFIED)
    state = run(state, c.PlayOrigami(ANN, CardId("Cricket"), ids("Caterpillar"), 1), catalogue=CLARIFIED)
    refused(state, c.PlayOrigami(ANN, CardId("Owl"), (), 0, via=CardId("Cricket"), discount=0),
            RuleId.EFFECT_STEPS, catalogue=CLARIFIED)


def test_the_shipped_catalogue_says_where_each_clarified_effect_comes_from() -> None:
    for name in ("Dog", "Fox", "Spider", "Cricket"):
        card = CATALOGUE.card(name)
        assert card.do and card.source_of("do") == "rulebook" and "Notes on the Origami" in card.evidence, name
