"""The engine's sentences count right at 1 and at many: "1 card", "2 cards" (the replay's describe, the rules at a
player count, what an effect still asks, a villain's tricks)."""
from __future__ import annotations

from dataclasses import replace

from scoring import counts
from scoring.origami import events as oe
from scoring.origami.cards import CardId
from scoring.origami.describe import describe as origami_describe
from scoring.origami.effects import Grant
from scoring.origami.obligations import needed
from scoring.origami.rules import RuleId, at_count
from scoring.origin import events as se
from scoring.origin.cards import parse_card
from scoring.origin.describe import describe as origin_describe
from scoring.origin.round_input import Alignment
from scoring.origin.round_result import villain_status

NAMES = ("Ann", "Bob")


def test_origami_events_count_cards_and_discards() -> None:
    assert origami_describe(oe.DeckRanOut(1, 1), NAMES) == "the deck runs out (first time); 1 discard reshuffled"
    assert origami_describe(oe.DrawnFromDeck(0, 1, ()), NAMES) == "Ann draws 1 card from the deck"
    assert origami_describe(oe.DrawnFromDeck(0, 2, ()), NAMES) == "Ann draws 2 cards from the deck"
    assert origami_describe(oe.Passed(0, 1, (), 1), NAMES) == "Ann passes 1 unseen card to Bob"
    assert origami_describe(oe.Passed(0, 1, (), 3), NAMES) == "Ann passes 3 unseen cards to Bob"


def test_origin_events_count_the_cards_dealt_and_reshuffled() -> None:
    assert origin_describe(se.HandDealt("Ann", 1, ())) == "Ann was dealt 1 card"
    assert origin_describe(se.HandDealt("Ann", 8, ())) == "Ann was dealt 8 cards"
    one, two = (origin_describe(se.DeckReshuffled(tuple(map(parse_card, cards)))) for cards in (["5br"], ["5br", "7lv"]))
    assert (one, two) == ("the discard pile (1 card) was shuffled into the deck",
                          "the discard pile (2 cards) was shuffled into the deck")


def test_the_shared_counts_say_one_in_the_singular() -> None:
    assert [f(1) for f in (counts.cards, counts.drawn_cards, counts.draws, counts.tricks, counts.players)] == [
        "1 card", "1 drawn card", "1 draw", "1 trick", "1 player"]
    assert [f(2) for f in (counts.cards, counts.drawn_cards, counts.draws, counts.tricks, counts.players)] == [
        "2 cards", "2 drawn cards", "2 draws", "2 tricks", "2 players"]


def test_a_villain_caught_with_one_trick() -> None:
    assert (villain_status(Alignment.VILLAIN, 1), villain_status(Alignment.VILLAIN, 3)) == (
        "caught, 1 trick", "caught, 3 tricks")


def test_origami_turns_left_and_what_an_effect_still_asks() -> None:
    entered = oe.PositionEntered((), (), (), (), (), 4, (), 10, 2, 0, 1, 1)
    assert origami_describe(entered, NAMES).endswith("has run out twice, 1 turn left after this one")
    assert origami_describe(replace(entered, turns_left=2), NAMES).endswith(", 2 turns left after this one")
    assert needed(Grant(CardId("Fox"), "draw_deck", 0, 1)) == "draw 1 card from the deck"
    assert needed(Grant(CardId("Fox"), "take_line", 0, 2)) == "take 2 cards from the draw line"


def test_origami_rules_at_two_players_count_one_other_player() -> None:
    assert at_count(RuleId.SCORE_TRICERATOPS, 2) == "With 2 players: at most 1 other player: up to 2 points."
    assert at_count(RuleId.SCORE_TRICERATOPS, 4) == "With 4 players: at most 3 other players: up to 6 points."
