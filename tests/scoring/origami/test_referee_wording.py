"""Issue 29's smaller Origami items: the deck running out a third time is said so; an effect's extra action comes
with the effect, the Rhino's as the Caiman's; moving another player's origami (the Sloth) is written `of PLAYER`
and echoed as that player's card moving; an effect that takes from somewhere else than it says cites EFFECT-AMOUNT
(as much as the card says, from where it says)."""
from __future__ import annotations

from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami.cards import CardId
from scoring.origami.describe import describe
from scoring.origami.notation import parse, write
from scoring.origami.rules import RULES, RuleId
from tests.scoring.origami.referee_helpers import ANN, BOB
from tests.scoring.origami.test_effects import KNOWN, no, ok, play, table


def test_a_third_and_fourth_exhaustion_are_not_called_the_second() -> None:
    assert describe(e.DeckRanOut(2, 30), ("Ann", "Bob")) == "the deck runs out (second time); 30 discards reshuffled"
    assert "(third time)" in describe(e.DeckRanOut(3, 12), ("Ann", "Bob"))
    assert "(fourth time)" in describe(e.DeckRanOut(4, 5), ("Ann", "Bob"))


def test_the_rhinos_extra_action_comes_with_its_new_line_as_the_caimans_comes_with_the_play() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Fox", "Raccoon"), hands=(("Rhino", "Pig", "Cat"), ()))
    state = play(state, ANN, "Rhino", ("Pig", "Cat"))
    assert state.actions_left == 0
    no(state, c.TakeExtraAction(ANN), RuleId.EFFECT_STEPS)  # "then take one more action": after the new line
    replaced = ok(state, c.ReplaceLine(tuple(map(CardId, ("Rabbit", "Rabbit", "Dog", "Dog")))))
    assert replaced.actions_left == 1  # without typing `extra`
    counted = ok(replaced, c.TakeExtraAction(ANN))  # typing it still reads, and gives nothing more
    assert counted.actions_left == 1
    no(counted, c.TakeExtraAction(ANN), RuleId.EFFECT_AMOUNT)


def test_a_rhino_whose_line_is_not_replaced_gives_no_extra_action() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Fox", "Raccoon"), hands=(("Rhino", "Pig", "Cat", "Cat"), ()))
    state = play(state, ANN, "Rhino", ("Pig", "Cat"))
    assert "taken this turn's action already" in no(state, c.DrawCards(ANN, (CardId("Cat"),), ()), RuleId.TURN_ORDER)


def test_moving_another_players_origami_is_written_of_player_and_echoed_as_their_card() -> None:
    state = table(("exotic", "legendary"), ("Macaw", "Oni", "Leprechaun", "Dragon"), hands=(("Sloth", "Caiman"), ()),
                  collections=((("Kappa",), ("Macaw",)), (("Phoenix", "Kappa"), ("Oni",))))
    state = play(state, ANN, "Sloth", ("Caiman",), 0)
    move = c.MoveOrigami(BOB, (0, 1), (0, 0))
    assert write(move, state) == "move 1.2 of Bob to 1.1"
    assert parse("move 1.2 of bob to 1.1", state, KNOWN) == move
    assert parse("bob: move 1.2 to 1.1", state, KNOWN) == move  # the older way still reads
    assert parse("move 1.1 to 1.2", state, KNOWN) == c.MoveOrigami(ANN, (0, 0), (0, 1))
    assert describe(e.OrigamiMoved(BOB, (0, 1), (0, 0)), ("Ann", "Bob")) == "Bob's origami at 1.2 moves to 1.1"
    ok(state, move)


def test_an_effect_taking_from_elsewhere_than_it_says_cites_the_rule_that_says_from_where() -> None:
    assert "from where it says" in RULES[RuleId.EFFECT_AMOUNT].text
    state = table(("farm", "sky"), ("Fox", "Cat", "Chick", "Owl"), discard=("Magpie",),
                  hands=(("Pig", "Owl", "Owl", "Chick", "Cat"), ()))
    state = play(state, ANN, "Pig", ("Owl", "Owl", "Chick", "Cat"))
    assert "takes back one of the cards paid for it" in no(state, c.TakeFromDiscard(ANN, CardId("Magpie")),
                                                           RuleId.EFFECT_AMOUNT)


def test_an_effect_used_is_said_without_the_engines_words() -> None:
    """What a player reads in the log: no grant numbers (issue 30)."""
    said = describe(e.GrantUsed(0, (CardId("Seal"),)), ("Ann", "Bob"))
    assert said == "done as an effect played this turn allows (Seal)"
    assert describe(e.GrantUsed(2, ()), ("Ann", "Bob")) == "done as an effect played this turn allows"
