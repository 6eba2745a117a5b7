"""Given/when/then for every card effect the catalogue knows: the exact consequence is accepted; too many,
too few, the wrong player, the wrong zone and the wrong turn are refused with a rule id."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from companion.origami.playout import filled
from scoring.decision import Rejected
from scoring.errors import MissingValue
from scoring.origami import commands as c
from scoring.origami.cards import RICE_PAPER, CardId, Effect
from scoring.origami.catalog import Catalogue
from scoring.origami.decide import decide
from scoring.origami.legal import legal_actions
from scoring.origami.options import hand_limit
from scoring.origami.rules import RuleId
from scoring.origami.state import GameState
from tests.scoring.origami.referee_helpers import ANN, BOB, CATALOGUE, accepted, refused, run, with_player

# Values nobody knows, made up for these tests only (they are not facts about the cards).
KNOWN = CATALOGUE.with_entries([("test", {"name": n, "cost": cost, "folds": f}) for n, cost, f in (
    ("Dolphin", 4, 2), ("Lion", 6, 3), ("Spider", 6, 3))] + [
    ("test", {"name": n, "cost": cost, "folds": f, "hand_modifier": 0}) for n, cost, f in (
        ("Piranha", 3, 2), ("Sloth", 3, 2), ("Nine-tailed Fox", 4, 2), ("Oni", 4, 2))], "user")
FILLED = filled(CATALOGUE)  # made-up values for the Characters' unknown ones


def table(families: tuple[str, str], line: tuple[str, ...], *, hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
          collections: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (((), ()), ((), ())),
          discard: tuple[str, ...] = (), rice: tuple[int, int] = (0, 0), catalogue: Catalogue = KNOWN) -> GameState:
    """Ann and Bob at the start of Ann's turn, reached through a real game start and table entry."""
    state = run(None, c.StartGame("mixed", ("Ann", "Bob"), families), catalogue=catalogue)
    state = run(state, c.EnterPosition(tuple(collections), (0, 0), (), tuple(map(CardId, line)),  # type: ignore[arg-type]
                                       tuple(map(CardId, discard)), ANN, ANN, rice=rice), catalogue=catalogue)
    for seat, hand in enumerate(hands):
        state = with_player(state, seat, hand=(*state.player(seat).hand.known, *hand))
    return state


def play(state: GameState, seat: int, card: str, payment: tuple[str, ...], to: int = 0,
         **how: object) -> GameState:
    return run(state, c.PlayOrigami(seat, CardId(card), tuple(map(CardId, payment)), to, **how),  # type: ignore[arg-type]
               catalogue=KNOWN)


def ok(state: GameState, *commands: c.Command) -> GameState:
    return run(state, *commands, catalogue=KNOWN)


def no(state: GameState, command: c.Command, rule: RuleId) -> str:
    return str(refused(state, command, rule, catalogue=KNOWN))


def end_turn(state: GameState) -> GameState:
    """Ann ends her turn (no refill needed: the test positions keep the deck out of it)."""
    return ok(state, c.EndTurn(state.current, refill=tuple(CardId("Ant") for _ in range(
        max(0, min(state.line_size - len(state.line), state.deck))))))


LAWN_LINE = ("Ant", "Bee", "Butterfly", "Caterpillar")
SKY = ("sky", "lawn")


# --- the cases: each was accepted before ------------------------------------------------------

def test_the_lion_plays_one_origami_free_not_two() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Gorilla", "Rhino"), hands=(("Raccoon", "Snake"), ()),
                  collections=((("Lion",), ("Cat",)), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    state = play(state, ANN, "Raccoon", (), 1, via="Lion", free=True)
    message = no(state, c.PlayOrigami(ANN, CardId("Snake"), (), 0, via=CardId("Lion"), free=True), RuleId.EFFECT_AMOUNT)
    assert "Lion allowed it once for Ann, and it is used" in message


def test_a_lion_play_is_free_and_paying_for_it_is_refused() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Gorilla", "Rhino"), hands=(("Raccoon", "Pig"), ()),
                  collections=((("Lion",), ("Cat",)), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    no(state, c.PlayOrigami(ANN, CardId("Raccoon"), (CardId("Pig"),), 1, via=CardId("Lion")), RuleId.PAY_EXACT)
    play(state, ANN, "Raccoon", (), 1, via="Lion")  # free, as the card says, with or without the word


def test_one_shell_discount_serves_one_play() -> None:
    state = table(("sea", "sky"), ("Parrot", "Chicken", "Parrot", "Magpie"),
                  hands=(("Shell", "Owl", "Chick", "Chick", "Chick", "Chick", "Owl"), ()))
    state = play(state, ANN, "Shell", ("Owl", "Chick"))
    no(state, c.PlayOrigami(ANN, CardId("Owl"), (CardId("Chick"), CardId("Chick")), 1, via=CardId("Shell"),
                            discount=2), RuleId.PAY_EXACT)  # at most 1 fold off
    state = play(state, ANN, "Owl", ("Chick", "Chick", "Chick"), 1, via="Shell", discount=1)
    assert "Shell allowed it once for Ann" in no(
        state, c.PlayOrigami(ANN, CardId("Chick"), (), 0, via=CardId("Shell"), discount=1), RuleId.EFFECT_AMOUNT)


def test_the_dragon_lets_each_player_play_one_origami_once() -> None:
    state = table(("legendary", "polar"), ("Seal", "Kappa", "Phoenix", "Walrus"),
                  hands=(("Dragon", "Seal", "Reindeer", "Phoenix", "Leprechaun", "Arctic Hare"),
                         ("Kappa", "Seal", "Phoenix", "Leprechaun", "Arctic Hare")))
    state = play(state, ANN, "Dragon", ("Reindeer", "Seal"))
    state = play(state, BOB, "Kappa", ("Seal", "Phoenix", "Leprechaun"), 0, via="Dragon")  # Bob's own play
    no(state, c.PlayOrigami(BOB, CardId("Arctic Hare"), (), 1, via=CardId("Dragon")), RuleId.EFFECT_AMOUNT)
    state = play(state, ANN, "Leprechaun", ("Arctic Hare", "Phoenix"), 1, via="Dragon")
    no(state, c.PlayOrigami(ANN, CardId("Phoenix"), (), 0, via=CardId("Dragon")), RuleId.EFFECT_AMOUNT)


def test_the_piranha_moves_one_of_your_own_origami_once() -> None:
    state = table(("exotic", "legendary"), ("Macaw", "Oni", "Leprechaun", "Dragon"),
                  hands=(("Piranha", "Caiman"), ()),
                  collections=((("Kappa", "Phoenix"), ("Macaw",)), (("Phoenix",), ("Kappa",))))
    state = play(state, ANN, "Piranha", ("Caiman",), 1)
    no(state, c.MoveOrigami(BOB, (0, 0), (1, 0)), RuleId.EFFECT_WHO)  # Bob's card
    state = ok(state, c.MoveOrigami(ANN, (0, 0), (0, 1)))
    no(state, c.MoveOrigami(ANN, (0, 0), (0, 1)), RuleId.EFFECT_AMOUNT)  # a second move


def test_with_two_moves_open_a_move_uses_whichever_allows_it() -> None:
    """Through Ann's Dragon, Bob's Piranha (his own origami, anywhere) and Ann's Sloth (anyone's, to the bottom) are
    both open: each move goes to the effect that allows it, whoever's turn it is (a random game found the move
    offered and refused, as only the first holder's effect was tried)."""
    state = table(("exotic", "legendary"), ("Macaw", "Oni", "Leprechaun", "Dragon"),
                  hands=(("Dragon", "Caiman", "Macaw", "Leprechaun", "Sloth", "Kappa", "Phoenix"),
                         ("Piranha", "Oni", "Phoenix")),
                  collections=((("Kappa", "Phoenix"), ("Macaw",)), (("Phoenix", "Oni"), ("Kappa",))))
    state = play(state, ANN, "Dragon", ("Caiman", "Macaw", "Leprechaun"), 1)
    state = play(state, BOB, "Piranha", ("Oni", "Phoenix"), 1, via="Dragon")
    state = play(state, ANN, "Sloth", ("Kappa", "Phoenix"), 0, via="Dragon")
    state = ok(state, c.MoveOrigami(BOB, (0, 0), (0, 1)))  # Bob's own card, not to a bottom: his Piranha's
    assert state.player(BOB).collections == (("Oni", "Phoenix"), ("Kappa", "Piranha"))
    no(state, c.MoveOrigami(ANN, (0, 1), (1, 0)), RuleId.EFFECT_AMOUNT)  # the Sloth sends to its own bottom only
    state = ok(state, c.MoveOrigami(BOB, (1, 1), (1, 0)))  # to the bottom: Ann's Sloth's, on Bob's card
    assert state.player(BOB).collections == (("Oni", "Phoenix"), ("Piranha", "Kappa"))


def test_the_sloth_sends_a_card_to_the_bottom_of_its_own_collection_only() -> None:
    state = table(("exotic", "legendary"), ("Macaw", "Oni", "Leprechaun", "Dragon"),
                  hands=(("Sloth", "Caiman"), ()),
                  collections=((("Kappa",), ("Macaw",)), (("Phoenix", "Kappa"), ("Oni",))))
    state = play(state, ANN, "Sloth", ("Caiman",), 0)
    assert "to the bottom of its own collection: to 1.1" in no(
        state, c.MoveOrigami(BOB, (0, 1), (1, 0)), RuleId.EFFECT_AMOUNT)  # to the other collection
    no(state, c.MoveOrigami(BOB, (0, 1), (0, 1)), RuleId.CARD_ZONE)
    state = ok(state, c.MoveOrigami(BOB, (0, 1), (0, 0)))  # another player's card: allowed
    assert state.player(BOB).collections == (("Kappa", "Phoenix"), ("Oni",))
    no(state, c.MoveOrigami(ANN, (0, 1), (0, 0)), RuleId.EFFECT_AMOUNT)


def test_the_seal_takes_three_rice_paper_not_five_nor_two() -> None:
    state = table(("polar", "legendary"), ("Walrus", "Kappa", "Phoenix", "Reindeer"), hands=(("Seal", "Kappa", "Kappa"), ()))
    state = play(state, ANN, "Seal", ("Kappa", "Kappa"))
    assert "Seal: take rice paper: 3, not 5" in no(state, c.TakeRicePaper(ANN, 5), RuleId.EFFECT_AMOUNT)
    no(state, c.TakeRicePaper(ANN, 2), RuleId.EFFECT_AMOUNT)
    no(state, c.TakeRicePaper(BOB, 3), RuleId.EFFECT_WHO)
    after = ok(state, c.TakeRicePaper(ANN, 3))
    assert after.player(ANN).hand.rice == 3
    no(after, c.TakeRicePaper(ANN, 3), RuleId.EFFECT_AMOUNT)


def test_rice_paper_runs_short_and_then_all_that_is_left_is_taken() -> None:
    state = table(("polar", "legendary"), ("Walrus", "Kappa", "Phoenix", "Reindeer"), hands=(("Seal", "Kappa", "Kappa"), ()),
                  rice=(8, 8))
    state = play(state, ANN, "Seal", ("Kappa", "Kappa"))
    assert state.rice_deck == 2
    assert "(only 2 available)" in no(state, c.TakeRicePaper(ANN, 1), RuleId.EFFECT_AMOUNT)
    ok(state, c.TakeRicePaper(ANN, 2))


def test_the_phoenix_each_player_discards_one_then_draws_two() -> None:
    state = table(("legendary", "polar"), ("Walrus", "Kappa", "Seal", "Reindeer"),
                  hands=(("Phoenix", "Seal", "Kappa", "Dragon"), ("Walrus", "Seal")))
    state = with_player(state, ANN, hand=("Phoenix", "Arctic Hare", "Leprechaun", "Kappa", "Dragon"))
    state = play(state, ANN, "Phoenix", ("Arctic Hare", "Leprechaun"))
    assert "after discarding: that comes first" in no(state, c.DrawFromDeck(BOB, 2), RuleId.EFFECT_STEPS)
    no(state, c.Discard(BOB, (CardId("Walrus"), CardId("Seal"))), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.Discard(ANN, (CardId("Kappa"),)))
    assert "Phoenix: draw 2, not 3" in no(state, c.DrawFromDeck(ANN, 3), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.Discard(BOB, (CardId("Walrus"),)), c.DrawFromDeck(BOB, 2), c.DrawFromDeck(ANN, 2))
    no(state, c.DrawFromDeck(BOB, 2), RuleId.EFFECT_AMOUNT)


def test_with_an_empty_hand_the_phoenix_still_draws_two() -> None:
    state = table(("legendary", "polar"), ("Walrus", "Kappa", "Seal", "Reindeer"),
                  hands=(("Phoenix", "Arctic Hare", "Leprechaun"), ()))
    state = play(state, ANN, "Phoenix", ("Arctic Hare", "Leprechaun"))
    ok(state, c.DrawFromDeck(ANN, 2), c.DrawFromDeck(BOB, 2))  # nothing in hand to discard first


def test_the_walrus_takes_a_discard_only_when_paid_with_rice_paper() -> None:
    base = table(("polar", "legendary"), ("Seal", "Kappa", "Phoenix", "Reindeer"), discard=("Dragon", "Oni"),
                 hands=(("Walrus", "Reindeer", "Kappa", "Seal", RICE_PAPER, RICE_PAPER), ()), rice=(2, 0))
    plain = play(base, ANN, "Walrus", ("Reindeer", "Kappa", "Seal"))
    assert "only when paid with at least one rice paper" in no(
        plain, c.TakeFromDiscard(ANN, CardId("Dragon")), RuleId.EFFECT_STEPS)
    riced = play(base, ANN, "Walrus", ("Reindeer", "Kappa", RICE_PAPER, RICE_PAPER))
    riced = ok(riced, c.TakeFromDiscard(ANN, CardId("Dragon")))  # any card of the pile, not only the top
    no(riced, c.TakeFromDiscard(ANN, CardId("Oni")), RuleId.EFFECT_AMOUNT)


def test_the_raccoon_takes_at_most_three_folds_and_the_top_discard() -> None:
    state = table(("farm", "sky"), ("Fox", "Cat", "Chick", "Pig"), discard=("Owl", "Magpie"),
                  collections=((("Raccoon",), ()), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    assert "at most 3 folds in all, not 4" in no(state, c.TakeFromLine(ANN, (CardId("Fox"),)), RuleId.EFFECT_AMOUNT)
    no(state, c.TakeFromLine(ANN, (CardId("Cat"), CardId("Pig"))), RuleId.EFFECT_AMOUNT)  # 1 + 3
    no(state, c.TakeFromDiscard(ANN, CardId("Owl")), RuleId.EFFECT_AMOUNT)  # not the top
    state = ok(state, c.TakeFromLine(ANN, (CardId("Cat"), CardId("Chick"))), c.TakeFromDiscard(ANN, CardId("Magpie")))
    no(state, c.TakeFromLine(ANN, (CardId("Pig"),)), RuleId.EFFECT_AMOUNT)


def test_the_golden_frog_takes_every_card_of_one_or_two_folds_and_nothing_else() -> None:
    state = table(("exotic", "polar"), ("Golden Frog", "Seal", "Arctic Hare", "Reindeer"),
                  hands=(("Golden Frog", "Reindeer", "Walrus"), ()))
    state = with_player(state, ANN, hand=("Golden Frog", "Walrus", "Reindeer"))
    state = play(state, ANN, "Golden Frog", ("Walrus", "Reindeer"))
    assert "Reindeer is worth more" in no(state, c.TakeFromLine(ANN, (CardId("Reindeer"),)), RuleId.EFFECT_AMOUNT)
    assert "Arctic Hare, Seal" in no(state, c.TakeFromLine(ANN, (CardId("Seal"),)), RuleId.EFFECT_AMOUNT)  # too few
    ok(state, c.TakeFromLine(ANN, (CardId("Seal"), CardId("Arctic Hare"))))


def test_a_move_elsewhere_keeps_the_played_this_turn_marker() -> None:
    """A Piranha move used to clear the marker of the card played this turn, freeing its special action."""
    state = table(("savannah", "exotic"), ("Rhino", "Gorilla", "Elephant", "Snake"),
                  hands=(("Lion", "Gorilla", "Elephant", "Piranha", "Snake"), ()),
                  collections=((("Macaw",), ("Caiman",)), ((), ())))
    state = play(state, ANN, "Lion", ("Gorilla", "Elephant"), 0)  # the Caiman on top: a 6-cost play, another action
    state = play(state, ANN, "Piranha", ("Snake",), 1)
    state = ok(state, c.MoveOrigami(ANN, (1, 0), (1, 1)))  # the Caiman shows again; the Lion is untouched
    assert state.player(ANN).collections == (("Macaw", "Lion"), ("Piranha", "Caiman"))
    assert state.played_this_turn(ANN, 0)
    # Even with one more action (the regained Caiman's kind), the Lion's special action waits a turn.
    no(replace(state, actions_left=1), c.UseSpecialAction(ANN, 0), RuleId.SPECIAL_TOP)


def test_a_moved_card_keeps_its_played_this_turn_marker() -> None:
    state = table(("savannah", "exotic"), ("Rhino", "Gorilla", "Elephant", "Snake"),
                  hands=(("Lion", "Gorilla", "Elephant", "Piranha", "Snake"), ()),
                  collections=((("Macaw",), ("Caiman", "Macaw")), ((), ())))
    state = play(state, ANN, "Lion", ("Gorilla", "Elephant"), 0)
    state = play(replace(state, actions_left=1), ANN, "Piranha", ("Snake",), 0)  # one more action, as a Rhino gives
    state = ok(state, c.MoveOrigami(ANN, (0, 1), (1, 2)))  # the Lion moves on top of the other collection
    assert state.player(ANN).collections == (("Macaw", "Piranha"), ("Caiman", "Macaw", "Lion"))
    assert state.played_this_turn(ANN, 1)  # and the Piranha, played this turn too, tops collection 1
    no(replace(state, actions_left=1), c.UseSpecialAction(ANN, 1), RuleId.SPECIAL_TOP)


# --- every other effect: exact, too many, too few, wrong player, wrong zone ------------------------------

def test_the_cat_draws_one_from_the_deck() -> None:
    state = table(("farm", "savannah"), ("Pig", "Fox", "Rhino", "Lion"), hands=(("Cat", "Cat", "Cat"), ()))
    state = play(state, ANN, "Cat", ("Cat", "Cat"))
    no(state, c.DrawFromDeck(ANN, 2), RuleId.EFFECT_AMOUNT)
    no(state, c.DrawFromDeck(BOB, 1), RuleId.EFFECT_WHO)
    state = ok(state, c.DrawFromDeck(ANN, 1))
    no(state, c.DrawFromDeck(ANN, 1), RuleId.EFFECT_AMOUNT)


def test_the_pig_takes_back_one_card_it_was_paid_with() -> None:
    state = table(("farm", "sky"), ("Fox", "Cat", "Chick", "Owl"), discard=("Magpie",),
                  hands=(("Pig", "Owl", "Owl", "Chick", "Cat"), ()))
    state = play(state, ANN, "Pig", ("Owl", "Owl", "Chick", "Cat"))
    assert "Cat, Chick, Owl, Owl" in no(state, c.TakeFromDiscard(ANN, CardId("Magpie")), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.TakeFromDiscard(ANN, CardId("Owl")))
    no(state, c.TakeFromDiscard(ANN, CardId("Cat")), RuleId.EFFECT_AMOUNT)


def test_the_fox_draws_three_and_throws_one_away() -> None:
    state = table(("farm", "sky"), ("Fox", "Cat", "Chick", "Owl"), hands=(("Cat", "Chick"), ()),
                  collections=((("Fox",), ()), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    no(state, c.DrawFromDeck(ANN, 2), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.DrawFromDeck(ANN, 3, (CardId("Rabbit"),)))
    no(state, c.Discard(ANN, (CardId("Cat"), CardId("Chick"))), RuleId.EFFECT_AMOUNT)
    ok(state, c.Discard(ANN, (CardId("Rabbit"),)))


def test_the_chick_takes_one_card_or_plays_one_origami_not_both() -> None:
    state = table(SKY, LAWN_LINE, hands=(("Chick", "Ant", "Bee", "Ant"), ()))
    state = play(state, ANN, "Chick", ("Ant",))
    no(state, c.TakeFromLine(ANN, (CardId("Ant"), CardId("Bee"))), RuleId.EFFECT_AMOUNT)
    taken = ok(state, c.TakeFromLine(ANN, (CardId("Ant"),)))
    no(taken, c.PlayOrigami(ANN, CardId("Bee"), (CardId("Ant"), CardId("Ant")), 1, via=CardId("Chick")),
       RuleId.EFFECT_AMOUNT)
    ok(state, c.PlayOrigami(ANN, CardId("Ant"), (CardId("Bee"),), 1, via=CardId("Chick")))


def test_the_owl_makes_each_opponent_discard_one() -> None:
    state = table(SKY, LAWN_LINE, hands=(("Owl", "Ant", "Ant", "Chick"), ("Bee", "Ant")))
    state = play(state, ANN, "Owl", ("Ant", "Ant"))
    no(state, c.Discard(ANN, (CardId("Chick"),)), RuleId.EFFECT_WHO)  # the player who played it
    no(state, c.Discard(BOB, (CardId("Bee"), CardId("Ant"))), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.Discard(BOB, (CardId("Bee"),)))
    no(state, c.Discard(BOB, (CardId("Ant"),)), RuleId.EFFECT_AMOUNT)


def test_the_magpie_keeps_one_of_the_cards_the_opponents_discarded() -> None:
    state = table(SKY, LAWN_LINE, discard=("Parrot",), hands=(("Magpie", "Bee", "Bee"), ("Chicken", "Ant")))
    state = play(state, ANN, "Magpie", ("Bee", "Bee"))
    state = ok(state, c.Discard(BOB, (CardId("Chicken"),)))
    no(state, c.TakeFromDiscard(ANN, CardId("Bee")), RuleId.EFFECT_AMOUNT)  # Ann's own payment
    no(state, c.TakeFromDiscard(BOB, CardId("Chicken")), RuleId.EFFECT_WHO)
    ok(state, c.TakeFromDiscard(ANN, CardId("Chicken")))


def test_the_dolphin_discounts_one_play_by_up_to_two() -> None:
    state = table(("sea", "sky"), ("Owl", "Chick", "Parrot", "Chick"), hands=(("Shell", "Chick", "Owl"), ()),
                  collections=((("Dolphin",), ()), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    no(state, c.PlayOrigami(ANN, CardId("Shell"), (), 1, via=CardId("Dolphin"), discount=3), RuleId.PAY_EXACT)
    state = ok(state, c.PlayOrigami(ANN, CardId("Shell"), (CardId("Chick"),), 1, via=CardId("Dolphin"), discount=2))
    no(state, c.PlayOrigami(ANN, CardId("Owl"), (), 0, via=CardId("Dolphin"), discount=2), RuleId.EFFECT_AMOUNT)


def test_the_shark_discards_one_and_draws_three() -> None:
    state = table(("sea", "sky"), ("Owl", "Chick", "Parrot", "Chick"), hands=(("Owl", "Chick"), ()),
                  collections=((("Shark",), ()), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    no(state, c.Discard(ANN, (CardId("Owl"), CardId("Chick"))), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.Discard(ANN, (CardId("Owl"),)))
    no(state, c.DrawFromDeck(ANN, 4), RuleId.EFFECT_AMOUNT)
    ok(state, c.DrawFromDeck(ANN, 3))


def test_the_rhino_replaces_the_line_once_and_gives_one_more_action() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Fox", "Raccoon"), hands=(("Rhino", "Pig", "Cat"), ()))
    state = play(state, ANN, "Rhino", ("Pig", "Cat"))
    new_line = tuple(CardId(x) for x in ("Rabbit", "Rabbit", "Dog", "Dog"))
    state = ok(state, c.ReplaceLine(new_line), c.TakeExtraAction(ANN))
    no(state, c.ReplaceLine(new_line), RuleId.EFFECT_AMOUNT)
    no(state, c.TakeExtraAction(ANN), RuleId.EFFECT_AMOUNT)


def test_the_gorilla_takes_from_the_line() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Rabbit", "Raccoon"), hands=(("Gorilla", "Fox", "Fox"), ()))
    state = play(state, ANN, "Gorilla", ("Fox", "Fox"))
    no(state, c.TakeFromLine(BOB, (CardId("Cat"),)), RuleId.EFFECT_WHO)
    state = ok(state, c.TakeFromLine(ANN, (CardId("Cat"), CardId("Pig"))))
    no(state, c.TakeFromLine(ANN, (CardId("Rabbit"),)), RuleId.EFFECT_AMOUNT)


def test_the_elephant_draws_one_then_plays_one_paying_for_it() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Fox", "Raccoon"), hands=(("Elephant", "Pig", "Cat", "Snake", "Raccoon"), ()))
    state = play(state, ANN, "Elephant", ("Pig", "Cat"))
    state = ok(state, c.DrawFromDeck(ANN, 1, (CardId("Fox"),)))
    no(state, c.PlayOrigami(ANN, CardId("Snake"), (), 1, via=CardId("Elephant"), free=True), RuleId.PAY_EXACT)
    state = ok(state, c.PlayOrigami(ANN, CardId("Snake"), (CardId("Fox"), CardId("Raccoon")), 1,
                                    via=CardId("Elephant")))
    no(state, c.DrawFromDeck(ANN, 1), RuleId.EFFECT_AMOUNT)


def test_the_caterpillar_swaps_in_a_butterfly_only() -> None:
    state = table(("lawn", "sky"), ("Ant", "Bee", "Chick", "Owl"), hands=(("Butterfly", "Bee"), ()),
                  collections=((("Caterpillar",), ("Ant",)), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    no(state, c.SwapIn(ANN, 0, CardId("Bee")), RuleId.EFFECT_AMOUNT)
    no(state, c.SwapIn(ANN, 1, CardId("Butterfly")), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.SwapIn(ANN, 0, CardId("Butterfly")))
    assert state.player(ANN).collections[0] == ("Butterfly",)


def test_the_spider_takes_exactly_six_folds() -> None:
    state = table(("lawn", "sky"), ("Bee", "Butterfly", "Ant", "Chick"), collections=((("Spider",), ()), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    assert "exactly 6 folds, not 4" in no(state, c.TakeFromLine(ANN, (CardId("Bee"),)), RuleId.EFFECT_AMOUNT)
    ok(state, c.TakeFromLine(ANN, (CardId("Bee"), CardId("Ant"))))


def test_the_penguin_takes_one_rice_paper_per_origami_beneath_it() -> None:
    state = table(("polar", "legendary"), ("Walrus", "Kappa", "Phoenix", "Reindeer"),
                  hands=(("Penguin", "Reindeer", "Phoenix"), ()), collections=((("Seal", "Walrus"), ("Kappa",)), ((), ())))
    state = play(state, ANN, "Penguin", ("Reindeer", "Phoenix"), 1)  # one origami beneath it
    no(state, c.TakeRicePaper(ANN, 2), RuleId.EFFECT_AMOUNT)
    ok(state, c.TakeRicePaper(ANN, 1))


def test_the_arctic_hare_takes_one_and_the_reindeer_two_for_each_player() -> None:
    state = table(("polar", "legendary"), ("Walrus", "Kappa", "Phoenix", "Reindeer"),
                  hands=(("Reindeer", "Walrus", "Seal", "Kappa"), ()))
    hare = play(with_player(state, ANN, hand=("Arctic Hare", "Phoenix", "Phoenix")), ANN, "Arctic Hare",
                ("Phoenix", "Phoenix"))
    no(hare, c.TakeRicePaper(ANN, 2), RuleId.EFFECT_AMOUNT)
    deer = play(state, ANN, "Reindeer", ("Walrus", "Seal", "Kappa"))
    deer = ok(deer, c.TakeRicePaper(BOB, 2), c.TakeRicePaper(ANN, 2))
    no(deer, c.TakeRicePaper(BOB, 2), RuleId.EFFECT_AMOUNT)


def test_the_leprechaun_gives_each_player_one_card() -> None:
    state = table(("legendary", "polar"), ("Walrus", "Kappa", "Phoenix", "Reindeer"),
                  hands=(("Leprechaun", "Phoenix", "Phoenix"), ()))
    state = play(state, ANN, "Leprechaun", ("Phoenix", "Phoenix"))
    no(state, c.DrawFromDeck(BOB, 2), RuleId.EFFECT_AMOUNT)
    ok(state, c.DrawFromDeck(BOB, 1), c.DrawFromDeck(ANN, 1))


def test_the_oni_makes_players_discard_two_or_all_they_hold() -> None:
    state = table(("legendary", "polar"), ("Walrus", "Kappa", "Phoenix", "Reindeer"),
                  hands=(("Oni", "Kappa", "Seal", "Phoenix", "Phoenix"), ("Seal",)))
    state = play(state, ANN, "Oni", ("Kappa", "Seal"))
    no(state, c.Discard(ANN, (CardId("Phoenix"),)), RuleId.EFFECT_AMOUNT)  # too few
    state = ok(state, c.Discard(BOB, (CardId("Seal"),)))  # all Bob holds
    ok(state, c.Discard(ANN, (CardId("Phoenix"), CardId("Phoenix"))))


def test_the_nine_tailed_fox_passes_to_each_neighbour() -> None:
    state = run(None, c.StartGame("mixed", ("Ann", "Bob", "Cy"), ("legendary", "polar", "exotic")), catalogue=KNOWN)
    state = run(state, c.EnterPosition((((), ()),) * 3, (0, 0, 0), (), tuple(map(CardId, ("Seal", "Kappa", "Oni", "Macaw"))),
                                       (), ANN, ANN), catalogue=KNOWN)
    state = with_player(state, ANN, hand=("Nine-tailed Fox", "Kappa", "Phoenix", "Phoenix", "Seal", "Macaw"))
    state = with_player(state, BOB, hand=("Walrus", "Seal"))
    state = play(state, ANN, "Nine-tailed Fox", ("Kappa", "Phoenix", "Phoenix"))
    no(state, c.PassCards(ANN, BOB, (CardId("Seal"), CardId("Macaw"))), RuleId.EFFECT_AMOUNT)
    state = ok(state, c.PassCards(ANN, BOB, (CardId("Seal"),)), c.PassCards(ANN, 2, (CardId("Macaw"),)))
    no(state, c.PassCards(ANN, BOB, (CardId("Seal"),)), RuleId.EFFECT_AMOUNT)


def test_zebra_whose_kind_of_effect_is_unknown_lets_any_consequence_be_recorded() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Fox", "Raccoon"), hands=(("Zebra", "Pig"), ("Cat",)))
    known = KNOWN.with_entries([("t", {"name": "Zebra", "cost": 3, "folds": 2})], "user")
    state = run(state, c.PlayOrigami(ANN, CardId("Zebra"), (CardId("Pig"),), 0), catalogue=known)
    run(state, c.PassCards(BOB, ANN, (CardId("Cat"),)), catalogue=known)


# --- every effect, generically: what legal_actions offers is accepted, once, only this turn ------------

def _opening(card_id: str) -> GameState:
    """A two-player table where Ann has just used `card_id`'s effect (played it, or its special action);
    cards are laid out within their copies, with rice paper in hand when the polar family is in."""
    card = KNOWN.card(card_id)
    family = str(card.family)
    game = KNOWN.families[family]
    partner = {"polar": "legendary"}.get(family, "polar" if game.value == "legends" else
                                         ("farm" if family != "farm" else "sky"))
    copies = Counter({x.id: x.quantity or 2 for x in KNOWN.cards.values()
                      if x.family in (family, partner) and x.folds and x.cost is not None})
    copies[card.id] -= 1

    def deal(n: int, high: bool = False) -> tuple[CardId, ...]:
        out: list[CardId] = []
        for cid in sorted(copies, key=lambda x: ((-1 if high else 1) * (KNOWN.card(x).folds or 0), x)):
            while copies[cid] > 0 and len(out) < n:
                copies[cid] -= 1
                out.append(cid)
        return tuple(out)

    # A special action that cannot do its prerequisite step cannot be used (the Spider: a line with 6 folds to take).
    line = deal(2, high=True) + deal(2) if any(s.prerequisite for s in card.do or ()) else deal(4)
    discard, hand_a, hand_b, low = deal(2), deal(6), deal(3), deal(3)
    rice = (2, 0) if "polar" in (family, partner) else (0, 0)
    if card.effect is Effect.SPECIAL:
        state = table((family, partner), line, hands=(hand_a, hand_b), discard=discard,
                      collections=(((card.id,), (low[0],)), ((low[1],), ())))
        return ok(state, c.UseSpecialAction(ANN, 0))
    state = table((family, partner), line, hands=((card.id, *hand_a, *(RICE_PAPER,) * rice[0]), hand_b),
                  discard=discard, rice=rice, collections=(((low[0],), (low[1],)), ((low[2],), ())))
    plays = [x for x in legal_actions(state, ANN, KNOWN) if isinstance(x, c.PlayOrigami) and x.card == card.id]
    assert plays, f"no way to play {card.id} in the test position"
    rice_paid = [x for x in plays if RICE_PAPER in x.payment]
    return ok(state, (rice_paid or plays)[0])


OWN_STEPS = (c.DrawFromDeck, c.TakeFromLine, c.TakeFromDiscard, c.Discard, c.TakeRicePaper, c.PlayOrigami)
EFFECT_CARDS = sorted(cid for cid, card in KNOWN.cards.items()
                      if card.do and card.effect in (Effect.INSTANT, Effect.SPECIAL)
                      and any(s.step != "refill_line" for s in card.do))


@pytest.mark.parametrize("card_id", EFFECT_CARDS)
def test_every_offered_step_is_accepted_once_and_never_in_the_next_turn(card_id: str) -> None:
    state, catalogue = _opening(card_id), KNOWN
    steps = [x for seat in range(state.count) for x in legal_actions(state, seat, catalogue)
             if not isinstance(x, (c.EndTurn, c.DrawCards, c.UseSpecialAction, c.PlayCharacter))
             and not (isinstance(x, c.PlayOrigami) and x.via is None)]
    for step in steps:
        after = accepted(state, step, catalogue)
        assert any(type(ev).__name__ == "GrantUsed" for ev in after.events), step
        later = run(state, step, catalogue=catalogue)
        again = legal_actions(later, ANN, catalogue) + legal_actions(later, BOB, catalogue)
        assert step not in again, f"{step} is offered again after it was used"
    # The wrong player: Ann's own part of the effect, claimed by Bob, is refused.
    bobs = legal_actions(state, BOB, catalogue)
    for step in steps:
        if isinstance(step, OWN_STEPS) and step.player == ANN and not any(type(x) is type(step) for x in bobs):
            decision = decide(state, replace(step, player=BOB), catalogue)
            assert isinstance(decision, Rejected), step
            assert decision.rule in (RuleId.EFFECT_WHO, RuleId.EFFECT_STEPS), decision
    # The next turn (Bob's): nothing of Ann's effect is left.
    ended = end_turn(state)
    for step in steps:
        refused(ended, step, RuleId.TURN_ORDER if isinstance(step, c.TakeExtraAction) else RuleId.EFFECT_STEPS,
                catalogue=catalogue)


def test_an_amount_nobody_knows_is_asked_for_never_guessed() -> None:
    vague = KNOWN.with_entries([("t", {"name": "Seal", "do": [{"step": "take_rice"}]})], "user")
    state = table(("polar", "legendary"), ("Walrus", "Kappa", "Phoenix", "Reindeer"), hands=(("Seal", "Kappa", "Kappa"), ()),
                  catalogue=vague)
    with pytest.raises(MissingValue, match="Seal: amount not known"):
        accepted(state, c.PlayOrigami(ANN, CardId("Seal"), (CardId("Kappa"), CardId("Kappa")), 0), vague)
    answered = vague.with_entries([("t", {"name": "Seal", "amount": 3})], "user")
    state = run(state, c.PlayOrigami(ANN, CardId("Seal"), (CardId("Kappa"), CardId("Kappa")), 0), catalogue=answered)
    refused(state, c.TakeRicePaper(ANN, 2), RuleId.EFFECT_AMOUNT, catalogue=answered)


# --- the documented choices (docs/rule-choices.md) -----------------------------------------------------------

def test_a_caiman_gives_another_action_for_its_own_play() -> None:
    state = table(("exotic", "legendary"), ("Macaw", "Oni", "Leprechaun", "Dragon"),
                  hands=(("Caiman", "Kappa", "Kappa", "Phoenix", "Phoenix"), ()))
    state = play(state, ANN, "Caiman", ("Kappa", "Kappa", "Phoenix", "Phoenix"))
    assert state.actions_left == 1  # cost 6, and the Caiman shows on top once played


def test_two_visible_velociraptors_give_two_each() -> None:
    state = table(("dinosaurs", "legendary"), ("Kappa", "Oni", "Leprechaun", "Dragon"),
                  collections=((("Velociraptor",), ("Velociraptor",)), ((), ())))
    limit = hand_limit(state.player(ANN).collections, (), KNOWN.with_entries(
        [("t", {"name": "Velociraptor", "hand_modifier": 1})], "user"))
    assert limit.value == 8 + 2 + 2


def after_a_character(line: tuple[str, ...]) -> GameState:
    """Ann has just played the yellow Merchant (her bonus: one origami from this draw line, free)."""
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "legendary"), ("Ninja", "Merchant")),
                catalogue=FILLED)
    state = run(state, c.EnterPosition((((), ()), ((), ())), (0, 0), (), tuple(map(CardId, line)), (), ANN, ANN),
                catalogue=FILLED)
    state = with_player(state, ANN, hand=("Merchant (yellow)", "Seal", "Kappa"))
    return run(state, c.PlayCharacter(ANN, CardId("Merchant (yellow)"), (CardId("Seal"), CardId("Kappa"))),
               catalogue=FILLED)


def test_a_characters_free_play_may_be_left_unused_and_is_never_a_character() -> None:
    state = after_a_character(("Seal", "Ninja (red)", "Kappa", "Phoenix"))
    refused(state, c.PlayOrigami(ANN, CardId("Ninja (red)"), (), 0, source="line"), RuleId.CHAR_PAIR,
            catalogue=FILLED)
    run(state, c.EndTurn(ANN, refill=(CardId("Oni"),)), catalogue=FILLED)  # the free play left unused


def test_the_parrot_copies_one_instant_effect_showing() -> None:
    state = table(SKY, ("Chick", "Owl", "Ant", "Bee"), hands=(("Parrot", "Chick", "Owl"), ("Ant", "Bee")),
                  collections=((("Chicken",), ()), (("Magpie",), ())))
    state = play(state, ANN, "Parrot", ("Owl", "Chick"), 1)
    no(state, c.CopyEffect(ANN, CardId("Butterfly")), RuleId.EFFECT_AMOUNT)  # not showing
    no(state, c.CopyEffect(ANN, CardId("Chicken")), RuleId.EFFECT_STEPS)  # a scoring card
    no(state, c.CopyEffect(BOB, CardId("Owl")), RuleId.EFFECT_WHO)
    no(state, c.CopyEffect(ANN, CardId("Parrot")), RuleId.EFFECT_STEPS)  # a copy of a copy does nothing
    copied = ok(state, c.CopyEffect(ANN, CardId("Magpie")))  # Bob's top card: each opponent discards one
    no(copied, c.CopyEffect(ANN, CardId("Owl")), RuleId.EFFECT_AMOUNT)  # one copy
    copied = ok(copied, c.Discard(BOB, (CardId("Bee"),)), c.TakeFromDiscard(ANN, CardId("Bee")))
    no(copied, c.Discard(BOB, (CardId("Ant"),)), RuleId.EFFECT_AMOUNT)


def test_a_characters_free_play_is_one_play_by_its_player_in_its_turn() -> None:
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "legendary"), ("Ninja", "Merchant")),
                catalogue=FILLED)
    state = run(state, c.EnterPosition((((), ()), ((), ())), (0, 0), (), tuple(map(CardId, (
        "Seal", "Phoenix", "Kappa", "Arctic Hare"))), (), ANN, ANN), catalogue=FILLED)
    state = with_player(state, ANN, hand=("Merchant (yellow)", "Seal", "Kappa"))
    state = run(state, c.PlayCharacter(ANN, CardId("Merchant (yellow)"), (CardId("Seal"), CardId("Kappa"))),
                catalogue=FILLED)
    refused(state, c.PlayOrigami(BOB, CardId("Seal"), (), 0, source="line"), RuleId.CHAR_FREE, catalogue=FILLED)
    played = run(state, c.PlayOrigami(ANN, CardId("Seal"), (), 0, source="line"), catalogue=FILLED)
    assert "free play is used" in str(refused(played, c.PlayOrigami(ANN, CardId("Phoenix"), (), 1, source="line"),
                                              RuleId.EFFECT_AMOUNT, catalogue=FILLED))
    later = run(state, c.EndTurn(ANN, refill=(CardId("Oni"),)), catalogue=FILLED)
    refused(later, c.PlayOrigami(BOB, CardId("Seal"), (), 0, source="line"), RuleId.CARD_ZONE, catalogue=FILLED)
