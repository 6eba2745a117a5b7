"""Given a position, when a command, then the events or the refusal's rule id."""
from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.errors import MissingValue
from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami.cards import RICE_PAPER
from scoring.origami.rules import _AT_COUNT, PLAYER_COUNTS, RULES, RuleId, at_count
from scoring.origami.state import Hand, Phase
from tests.scoring.origami.referee_helpers import (
    ANN,
    BOB,
    CATALOGUE,
    accepted,
    legends_game,
    origami_game,
    refused,
    run,
    turn_of,
    with_player,
)


def test_every_rule_id_has_a_paraphrase() -> None:
    assert set(RULES) == set(RuleId)
    assert all(len(rule.text) > 40 for rule in RULES.values())


def test_player_count_notes_name_real_rules_and_cards_and_agree_with_the_referee() -> None:
    names = {card.name for card in CATALOGUE.cards.values()}
    assert all(key in RuleId._value2member_map_ or key in names for key in _AT_COUNT)
    families = ("farm", "sky", "sea", "savannah", "lawn")
    for n in PLAYER_COUNTS:
        players = tuple(f"P{i}" for i in range(n))
        origami = run(None, c.StartGame("origami", players, families[:n]))
        note = at_count(RuleId.SETUP_FAMILIES, n)
        assert note is not None and f"{n} families: {origami.deck} origami in the deck" in note
    assert at_count(RuleId.PAY_EXACT, 3) is None


# --- setup ------------------------------------------------------------------------------------------

def test_a_game_uses_as_many_families_as_players() -> None:
    refused(None, c.StartGame("origami", ("Ann", "Bob"), ("sky",)), RuleId.SETUP_FAMILIES)
    refused(None, c.StartGame("origami", ("Ann", "Bob"), ("sky", "polar")), RuleId.SETUP_FAMILIES)
    refused(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "exotic"), ("Ninja",)), RuleId.SETUP_FAMILIES)
    refused(None, c.StartGame("origami", ("Ann", "ann"), ("sky", "sea")), RuleId.SETUP_FAMILIES)
    state = run(None, c.StartGame("mixed", ("Ann", "Bob", "Cy"), ("sky", "polar", "exotic")))
    assert (state.deck, state.rice_deck, state.phase) == (54, 18, Phase.SETUP)


def test_the_deal_stops_at_ten_folds() -> None:
    state = run(None, c.StartGame("origami", ("Ann", "Bob"), ("sky", "lawn")))
    short = (("Chick", "Chicken", "Bee"), ("Magpie", "Butterfly", "Chick", "Bee"))
    refused(state, c.Deal(short, ("Ant", "Owl", "Chick", "Parrot")), RuleId.SETUP_DEAL)
    long = (("Chick", "Chicken", "Bee", "Ant", "Ant"), ("Magpie", "Butterfly", "Chick", "Bee"))
    refused(state, c.Deal(long, ("Ant", "Owl", "Chick", "Parrot")), RuleId.SETUP_DEAL)


def test_fewest_folds_starts_and_a_tie_is_a_recorded_lot() -> None:
    state = origami_game()
    assert (state.current, state.starting, state.turn, state.deck) == (ANN, ANN, 1, 24)
    fresh = run(None, c.StartGame("origami", ("Ann", "Bob"), ("sky", "lawn")))
    tied = (("Chick", "Chicken", "Bee", "Ant"), ("Chick", "Chicken", "Bee", "Ant"))
    line = ("Ant", "Owl", "Chick", "Parrot")
    refused(fresh, c.Deal(tied, line), RuleId.SETUP_START)
    events = accepted(fresh, c.Deal(tied, line, lot=BOB)).events
    assert events[-1] == e.StartingPlayerChosen(BOB, (ANN, BOB))
    refused(fresh, c.Deal((tied[0], ("Magpie", "Butterfly", "Chick", "Bee")), line, lot=BOB), RuleId.SETUP_START)


def test_cards_outside_the_chosen_families_are_refused() -> None:
    fresh = run(None, c.StartGame("origami", ("Ann", "Bob"), ("sky", "lawn")))
    hands = (("Chick", "Chicken", "Bee", "Ant"), ("Magpie", "Butterfly", "Chick", "Whale"))
    assert "families are sky, lawn" in str(refused(fresh, c.Deal(hands, ("Ant", "Owl", "Chick", "Parrot")),
                                                   RuleId.CARD_COUNT))


# --- drawing ----------------------------------------------------------------------------------------

def test_draw_at_most_four_folds_from_the_line() -> None:
    state = origami_game()
    refused(state, c.DrawCards(ANN, ("Ant", "Owl", "Chick"), ()), RuleId.DRAW_LINE)  # 2 + 2 + 1 = 5
    refused(state, c.DrawCards(ANN, ("Bee",), ()), RuleId.CARD_ZONE)
    after = run(state, c.DrawCards(ANN, ("Ant", "Owl"), ("Caterpillar", "Ant")))
    assert after.line == ("Chick", "Parrot", "Caterpillar", "Ant")
    assert after.player(ANN).hand.known == ("Ant", "Ant", "Bee", "Chick", "Chicken", "Owl")
    assert after.deck == 22


def test_mesosaurus_allowance_adds_hand_modifiers() -> None:
    state = legends_game()
    state = with_player(turn_of(state, BOB), BOB, collections=(("Brontosaurus",), ("Phoenix", "Mesosaurus")))
    state = replace(state, families=("polar", "legendary", "dinosaurs"), line=("Walrus", "Reindeer", "Seal", "Kappa"))
    # Mesosaurus has no hand modifier of its own but that value is not known: the player is asked.
    with pytest.raises(MissingValue, match="Mesosaurus: hand modifier not known"):
        accepted(state, c.DrawCards(BOB, ("Walrus",), ()))
    known = CATALOGUE.with_entries([("t", {"name": "Mesosaurus", "hand_modifier": 0})], "user")
    # Brontosaurus on top of the other collection: 3 + 3 = 6 folds (Walrus 4 + Seal 2).
    accepted(state, c.DrawCards(BOB, ("Walrus", "Seal"), ()), catalogue=known)
    refused(state, c.DrawCards(BOB, ("Walrus", "Reindeer"), ()), RuleId.DRAW_LINE, catalogue=known)


# --- paying and placing -----------------------------------------------------------------------------

def test_payment_must_be_exact() -> None:
    state = origami_game()
    message = str(refused(state, c.PlayOrigami(ANN, "Chicken", ("Bee",), 0), RuleId.PAY_EXACT))
    assert "Chicken costs 6 folds; Bee is worth 4" in message
    refused(state, c.PlayOrigami(ANN, "Chicken", ("Chick", "Bee", "Ant"), 0), RuleId.PAY_EXACT)
    after = run(state, c.PlayOrigami(ANN, "Chicken", ("Bee", "Ant"), 0))
    assert after.player(ANN).collections == (("Chicken",), ())
    assert after.discard == ("Bee", "Ant") and after.player(ANN).hand.known == ("Chick",)


def test_payment_comes_from_the_hand_never_the_card_played() -> None:
    state = with_player(origami_game(), ANN, hand=("Ant", "Chick"))
    refused(state, c.PlayOrigami(ANN, "Ant", ("Ant",), 0), RuleId.PAY_HAND)
    refused(state, c.PlayOrigami(ANN, "Ant", ("Owl",), 0), RuleId.PAY_HAND)
    refused(state, c.PlayOrigami(ANN, "Bee", ("Ant",), 0), RuleId.CARD_ZONE)


def test_unseen_cards_can_pay_and_are_revealed() -> None:
    state = with_player(origami_game(), ANN, hand=Hand(("Chick",), 3))
    after = run(state, c.PlayOrigami(ANN, "Chicken", ("Bee", "Ant"), 0))
    assert after.player(ANN).hand == Hand(("Chick",), 0)
    refused(state, c.PlayOrigami(ANN, "Chicken", ("Bee", "Ant", "Ant", "Chick"), 0), RuleId.PAY_HAND)


def test_rice_paper_pays_one_fold_and_returns_to_its_deck() -> None:
    state = turn_of(legends_game(), ANN)
    state = with_player(state, ANN, hand=("Kappa",) + (RICE_PAPER,) * 4)
    state = replace(state, rice_deck=14)
    refused(state, c.PlayOrigami(ANN, RICE_PAPER, (), 0), RuleId.PAY_RICE)
    after = run(state, c.PlayOrigami(ANN, "Kappa", (RICE_PAPER,) * 4, 0))
    assert after.rice_deck == 18 and RICE_PAPER not in after.discard


def test_collections_stay_within_one_card() -> None:
    state = with_player(origami_game(), ANN, collections=(("Chick",), ()), hand=("Ant", "Bee"))
    message = str(refused(state, c.PlayOrigami(ANN, "Ant", ("Bee",), 0), RuleId.COLL_BALANCE))
    assert "put it on collection 2" in message
    refused(state, c.PlayOrigami(ANN, "Ant", ("Bee",), 2), RuleId.COLL_TWO)
    assert run(state, c.PlayOrigami(ANN, "Ant", ("Bee",), 1)).player(ANN).collections == (("Chick",), ("Ant",))


def test_only_the_snake_goes_under() -> None:
    state = run(None, c.StartGame("origami", ("Ann", "Bob"), ("savannah", "sky")))
    state = run(state, c.Deal((("Snake", "Elephant", "Chick", "Chick", "Chick", "Owl"),
                               ("Rhino", "Gorilla", "Snake", "Chicken")), ("Magpie", "Owl", "Parrot", "Chicken")))
    state = with_player(state, ANN, collections=(("Magpie", "Chick"), ("Parrot",)),
                        hand=("Snake", "Elephant", "Owl", "Chick", "Chick"))
    refused(state, c.PlayOrigami(ANN, "Elephant", ("Owl", "Chick", "Chick"), 1, under=True), RuleId.COLL_UNDER)
    after = run(state, c.PlayOrigami(ANN, "Snake", ("Elephant", "Owl", "Chick", "Chick"), 1, under=True))
    assert after.player(ANN).collections == (("Magpie", "Chick"), ("Snake", "Parrot"))


# --- Characters -------------------------------------------------------------------------------------

def test_a_character_replaces_its_other_colour_then_a_free_draw_line_play() -> None:
    state = legends_game()  # Bob starts
    state = with_player(state, BOB, hand=("Ninja (yellow)", "Reindeer", "Seal"))
    state = replace(state, characters=("Ninja (red)",), line=("Arctic Hare", "Kappa", "Leprechaun", "Dragon"))
    known = CATALOGUE.with_entries([("t", {"name": "Ninja", "colour": "red", "hand_modifier": 1}),
                                    ("t", {"name": "Ninja", "colour": "yellow", "hand_modifier": -1})], "user")
    after = run(state, c.PlayCharacter(BOB, "Ninja (yellow)", ("Reindeer",)), catalogue=known)
    assert after.characters == ("Ninja (yellow)",) and "Ninja (red)" in after.discard
    refused(after, c.PlayOrigami(ANN, "Kappa", (), 0, source="line"), RuleId.CHAR_FREE)
    after = run(after, c.PlayOrigami(BOB, "Kappa", (), 0, source="line"), catalogue=known)
    assert after.player(BOB).collections == (("Kappa",), ()) and after.line == ("Arctic Hare", "Leprechaun", "Dragon")
    refused(after, c.EndTurn(BOB), RuleId.LINE_REFILL, catalogue=known)
    after = run(after, c.EndTurn(BOB, refill=("Walrus",)), catalogue=known)
    assert after.current == ANN


def test_characters_must_be_played_as_characters() -> None:
    state = with_player(legends_game(), BOB, hand=("Ninja (yellow)", "Reindeer"))
    refused(state, c.PlayOrigami(BOB, "Ninja (yellow)", ("Reindeer",), 0), RuleId.CHAR_PAIR)


def test_the_yellow_merchant_grows_the_draw_line() -> None:
    state = with_player(legends_game(), BOB, hand=("Merchant (yellow)", "Reindeer"))
    known = CATALOGUE.with_entries([("t", {"name": "Merchant", "colour": "yellow", "cost": 4, "folds": 2,
                                           "hand_modifier": 0})], "user")
    after = run(state, c.PlayCharacter(BOB, "Merchant (yellow)", ("Reindeer",)), catalogue=known)
    assert after.line_size == 5
    refused(after, c.EndTurn(BOB), RuleId.LINE_REFILL, catalogue=known)
    assert len(run(after, c.EndTurn(BOB, refill=("Walrus",)), catalogue=known).line) == 5


def test_a_character_whose_cost_is_unknown_asks_for_it() -> None:
    state = with_player(legends_game(), BOB, hand=("Merchant (yellow)", "Reindeer"))
    with pytest.raises(MissingValue, match="Merchant \\(yellow\\): cost not known"):
        accepted(state, c.PlayCharacter(BOB, "Merchant (yellow)", ("Reindeer",)))


# --- special actions ----------------------------------------------------------------------------------

def special_game():
    state = run(None, c.StartGame("origami", ("Ann", "Bob"), ("farm", "lawn")))
    return run(state, c.Deal((("Raccoon", "Cat", "Cat", "Fox", "Ant"), ("Rabbit", "Fox", "Bee")),
                             ("Ant", "Caterpillar", "Butterfly", "Bee")))


def test_special_action_only_from_the_next_turn_once_a_turn_top_card_only() -> None:
    state = special_game()
    state = with_player(state, ANN, hand=("Raccoon", "Cat", "Cat", "Fox"), collections=((), ("Rabbit",)))
    state = run(state, c.PlayOrigami(ANN, "Raccoon", ("Fox",), 0))
    refused(replace(state, actions_left=1), c.UseSpecialAction(ANN, 0), RuleId.SPECIAL_TOP)
    state = turn_of(state, ANN)
    refused(state, c.UseSpecialAction(ANN, 1), RuleId.SPECIAL_TOP)  # the Rabbit scores; no special action
    after = run(state, c.UseSpecialAction(ANN, 0))
    assert after.special_used and after.effects == ("Raccoon",)
    refused(replace(after, actions_left=1), c.UseSpecialAction(ANN, 0), RuleId.SPECIAL_TOP)
    covered = with_player(state, ANN, collections=(("Raccoon", "Ant"), ("Rabbit",)))
    refused(covered, c.UseSpecialAction(ANN, 0), RuleId.SPECIAL_TOP)


def test_no_special_actions_in_a_pure_legends_game() -> None:
    state = with_player(legends_game(), BOB, collections=(("Kappa",), ()))
    refused(state, c.UseSpecialAction(BOB, 0), RuleId.SPECIAL_TOP)


def test_the_raccoon_takes_from_the_line_and_the_discard_pile() -> None:
    state = with_player(turn_of(special_game(), ANN), ANN, collections=(("Raccoon",), ()))
    state = replace(state, discard=("Cat", "Fox"))
    state = run(state, c.UseSpecialAction(ANN, 0), c.TakeFromLine(ANN, ("Ant",)), c.TakeFromDiscard(ANN, "Fox"))
    refused(state, c.DrawFromDeck(ANN, 1), RuleId.EFFECT_STEPS)
    assert state.discard == ("Cat",) and "Fox" in state.player(ANN).hand.known


# --- turns, effects, overrides ---------------------------------------------------------------------

def test_one_action_a_turn_in_seat_order() -> None:
    state = origami_game()
    refused(state, c.DrawCards(BOB, (), ()), RuleId.TURN_ORDER)
    refused(state, c.EndTurn(ANN), RuleId.TURN_ORDER)  # no action taken yet
    state = run(state, c.DrawCards(ANN, ("Chick",), ("Caterpillar",)))
    refused(state, c.DrawCards(ANN, ("Parrot",), ()), RuleId.TURN_ORDER)
    assert run(state, c.EndTurn(ANN)).current == BOB


def test_an_override_records_its_reason_and_breaks_only_rules() -> None:
    state = origami_game()
    command = c.DrawCards(ANN, ("Ant", "Owl", "Chick"), ())
    events = accepted(state, c.Override(command, "house rule: 5 folds")).events
    assert events[0] == e.Overridden((RuleId.DRAW_LINE,), "house rule: 5 folds")
    refused(state, c.Override(command, "  "), RuleId.TURN_ORDER)
    refused(state, c.Override(c.DrawCards(ANN, ("Whale",), ()), "misread"), RuleId.CARD_ZONE)
    refused(state, c.Override(c.DrawCards(ANN, ("Ant",), ()), "nothing wrong"), RuleId.TURN_ORDER)
    assert run(state, c.Override(command, "house rule")).overrides == 1


def test_an_effect_records_only_its_kind_of_consequences() -> None:
    state = legends_game()
    state = with_player(state, BOB, hand=("Seal", "Reindeer", "Walrus"))
    state = run(state, c.PlayOrigami(BOB, "Seal", ("Walrus",), 0))
    refused(state, c.DrawFromDeck(BOB, 3), RuleId.EFFECT_STEPS)
    state = run(state, c.TakeRicePaper(BOB, 3))
    assert state.player(BOB).hand.rice == 3 and state.rice_deck == 15
    refused(state, c.TakeRicePaper(BOB, 16), RuleId.PAY_RICE)
    assert run(state, c.Override(c.DrawFromDeck(BOB, 1), "misread card")).player(BOB).hand.unknown == 1


def test_phoenix_every_player_discards_then_draws() -> None:
    state = with_player(legends_game(), BOB, hand=("Phoenix", "Reindeer", "Seal"))
    state = with_player(state, ANN, hand=Hand(("Kappa",), 2))
    state = run(state, c.PlayOrigami(BOB, "Phoenix", ("Seal",), 0), c.Discard(ANN, ("Seal",)),
                c.DrawFromDeck(ANN, 2), c.Discard(BOB, ("Reindeer",)), c.DrawFromDeck(BOB, 2, ("Oni",)))
    assert state.player(ANN).hand == Hand(("Kappa",), 3)
    assert state.player(BOB).hand == Hand(("Oni",), 1)
    assert state.discard[-2:] == ("Seal", "Reindeer")


def test_passing_unseen_cards_hides_what_the_giver_kept() -> None:
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "legendary"), ("Ninja", "Merchant")))
    state = run(state, c.Deal((("Seal", "Kappa", "Phoenix", "Reindeer", "Dragon"), ("Reindeer", "Walrus", "Seal")),
                              ("Arctic Hare", "Oni", "Leprechaun", "Dragon")))
    state = with_player(state, BOB, hand=("Nine-tailed Fox", "Reindeer", "Walrus", "Seal", RICE_PAPER))
    known = CATALOGUE.with_entries([("t", {"name": "Nine-tailed Fox", "cost": 4, "folds": 2})], "user")
    state = run(state, c.PlayOrigami(BOB, "Nine-tailed Fox", ("Walrus",), 0), catalogue=known)
    riced = with_player(state, BOB, hand=("Seal", RICE_PAPER, RICE_PAPER))
    refused(riced, c.PassCards(BOB, ANN, hidden=2), RuleId.CARD_ZONE, catalogue=known)  # rice paper is named
    # Two players: each passes both cards (one per neighbour) to the other.
    state = run(state, c.PassCards(BOB, ANN, hidden=2), c.PassCards(ANN, BOB, ("Kappa", "Phoenix")), catalogue=known)
    assert state.player(BOB).hand == Hand(("Kappa", "Phoenix", RICE_PAPER), 0)
    assert state.player(ANN).hand == Hand(("Dragon", "Reindeer", "Seal"), 2)
    refused(state, c.PassCards(BOB, ANN, hidden=2), RuleId.EFFECT_AMOUNT, catalogue=known)  # passed once


def test_piranha_moves_within_the_owners_collections() -> None:
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("exotic", "legendary"), ("Ninja", "Merchant")))
    state = run(state, c.Deal((("Kappa", "Phoenix", "Macaw", "Macaw", "Golden Frog"), ("Golden Frog", "Caiman", "Dragon")),
                              ("Macaw", "Oni", "Leprechaun", "Dragon")))
    known = CATALOGUE.with_entries([("t", {"name": "Piranha", "cost": 3, "folds": 2})], "user")
    state = with_player(state, BOB, hand=("Piranha", "Caiman"), collections=(("Kappa", "Phoenix"), ("Macaw",)))
    state = run(state, c.PlayOrigami(BOB, "Piranha", ("Caiman",), 1), catalogue=known)
    refused(state, c.MoveOrigami(BOB, (1, 1), (0, 0)), RuleId.COLL_BALANCE, catalogue=known)
    state = run(state, c.MoveOrigami(BOB, (0, 0), (0, 1)), catalogue=known)
    assert state.player(BOB).collections == (("Phoenix", "Kappa"), ("Macaw", "Piranha"))


def test_caiman_gives_another_action_for_a_4_or_6_cost_play() -> None:
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("exotic", "legendary"), ("Ninja", "Merchant")))
    state = run(state, c.Deal((("Kappa", "Phoenix", "Macaw", "Macaw", "Golden Frog"), ("Golden Frog", "Caiman", "Dragon")),
                              ("Macaw", "Oni", "Leprechaun", "Dragon")))
    state = with_player(state, BOB, hand=("Kappa", "Golden Frog"), collections=(("Caiman",), ("Macaw",)))
    events = accepted(state, c.PlayOrigami(BOB, "Kappa", ("Golden Frog",), 1)).events
    assert events[-1] == e.ExtraActionGranted(BOB, "Caiman")
    assert run(state, c.PlayOrigami(BOB, "Kappa", ("Golden Frog",), 1)).actions_left == 1


def test_arctic_wolf_trades_rice_paper_for_deck_cards() -> None:
    state = with_player(legends_game(), BOB, hand=(RICE_PAPER, RICE_PAPER), collections=(("Seal",), ()))
    refused(state, c.DrawCards(BOB, (), (), rice_traded=2), RuleId.EFFECT_STEPS)
    state = with_player(state, BOB, collections=(("Arctic Wolf",), ()))
    state = replace(state, rice_deck=16)
    after = run(state, c.DrawCards(BOB, (), (), rice_traded=2))
    assert after.player(BOB).hand == Hand((), 2) and after.rice_deck == 18


def test_the_yellow_geisha_plays_the_top_discard() -> None:
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "legendary"), ("Geisha", "Merchant")))
    state = run(state, c.Deal((("Seal", "Kappa", "Phoenix", "Reindeer", "Dragon"), ("Reindeer", "Walrus", "Seal")),
                              ("Arctic Hare", "Oni", "Leprechaun", "Dragon")))
    state = with_player(state, BOB, hand=("Walrus", "Seal"))
    state = replace(state, discard=("Phoenix", "Kappa"))
    refused(state, c.PlayOrigami(BOB, "Kappa", ("Seal",), 0, source="discard"), RuleId.CARD_ZONE)
    state = replace(state, characters=("Geisha (yellow)",))
    refused(state, c.PlayOrigami(BOB, "Phoenix", (), 0, source="discard"), RuleId.CARD_ZONE)
    after = run(state, c.PlayOrigami(BOB, "Kappa", ("Walrus",), 0, source="discard"))
    assert after.player(BOB).collections == (("Kappa",), ()) and after.discard == ("Phoenix", "Walrus")


def test_an_effect_play_uses_its_discount_and_no_more() -> None:
    state = run(None, c.StartGame("origami", ("Ann", "Bob"), ("sea", "sky")))
    state = run(state, c.Deal((("Shell", "Chick", "Chicken", "Magpie"), ("Owl", "Magpie", "Parrot", "Chicken")),
                              ("Chick", "Chick", "Chick", "Parrot")))
    state = with_player(state, ANN, hand=("Shell", "Chick", "Owl", "Chicken", "Magpie", "Chick"))
    state = run(state, c.PlayOrigami(ANN, "Shell", ("Chick", "Owl"), 0))
    refused(state, c.PlayOrigami(ANN, "Chicken", ("Magpie",), 1, via="Shell", discount=2), RuleId.PAY_EXACT)
    refused(state, c.PlayOrigami(ANN, "Chicken", ("Magpie", "Chick"), 1, discount=1), RuleId.TURN_ORDER)
    after = run(state, c.PlayOrigami(ANN, "Chicken", ("Magpie", "Chick"), 1, via="Shell", discount=1))
    assert after.player(ANN).collections == (("Shell",), ("Chicken",))


# --- end of turn and end of game --------------------------------------------------------------------

def test_hand_limit_at_the_end_of_the_turn() -> None:
    state = run(origami_game(), c.DrawCards(ANN, (), ()))
    state = with_player(state, ANN, hand=Hand(("Chick",), 8))
    refused(state, c.EndTurn(ANN), RuleId.HAND_LIMIT)
    refused(state, c.EndTurn(ANN, ("Chick", "Ant")), RuleId.HAND_LIMIT)  # only the excess
    after = run(state, c.EndTurn(ANN, ("Chick",)))
    assert after.player(ANN).hand.size == 8 and after.discard[-1] == "Chick"


def test_hand_modifiers_raise_the_limit_and_unknown_ones_are_asked_for() -> None:
    state = run(turn_of(legends_game(), BOB), c.DrawCards(BOB, (), ()))
    state = with_player(state, BOB, hand=Hand((), 10), collections=(("Brontosaurus",), ()))
    assert run(state, c.EndTurn(BOB)).current == ANN  # 8 + 3
    state = replace(state, characters=("Ninja (red)",))
    with pytest.raises(MissingValue, match="Ninja \\(red\\): hand modifier not known"):
        accepted(state, c.EndTurn(BOB))


def test_second_exhaustion_finishes_the_round_then_one_final_turn_each() -> None:
    state = run(origami_game(), c.DrawCards(ANN, (), ()))
    state = replace(state, deck=1, exhaustions=1, discard=("Chick", "Ant", "Owl"))
    state = with_player(state, BOB, hand=Hand((), 3))
    state = run(state, c.EndTurn(ANN), c.DrawCards(BOB, ("Ant",), ("Bee",)))
    # The deck ran out during Bob's refill: three discards shuffled in, the end is triggered.
    assert (state.exhaustions, state.deck, state.discard, state.last_turn) == (2, 3, (), 4)
    assert state.end_banner() == "The deck ran out twice: finish this round, then one final turn each — Bob plays last."
    state = run(state, c.EndTurn(BOB))
    assert state.end_banner() == "Final turns: 1 more after this one — Bob plays last."
    state = run(state, c.DrawCards(ANN, (), ()), c.EndTurn(ANN), c.DrawCards(BOB, (), ()), c.EndTurn(BOB))
    assert state.phase is Phase.OVER
    refused(state, c.DrawCards(ANN, (), ()), RuleId.END_TRIGGER)
    after = run(state, c.RevealHand(BOB, ("Ant",)))
    assert "Ant" in after.player(BOB).hand.known


def test_a_third_copy_cannot_appear() -> None:
    state = origami_game()  # both Bees were dealt
    refused(state, c.DrawCards(ANN, ("Ant",), ("Bee",)), RuleId.CARD_COUNT)
    state = with_player(state, BOB, hand=Hand((), 4))  # Bob's Bee is no longer known: one Bee in view
    assert run(state, c.RevealHand(BOB, ("Bee",))).player(BOB).hand == Hand(("Bee",), 3)
    refused(state, c.RevealHand(BOB, ("Bee", "Bee")), RuleId.CARD_COUNT)
