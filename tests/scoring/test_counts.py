"""The replay's sentences count right at 1 and at many: "1 card", "2 cards" (each game's describe)."""
from __future__ import annotations

from scoring.origami import events as oe
from scoring.origami.describe import describe as origami_describe
from scoring.origin import events as se
from scoring.origin.cards import parse_card
from scoring.origin.describe import describe as origin_describe

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
