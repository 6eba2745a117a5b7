"""A play an effect grants is made as a normal play: from the hand, paying unless the effect says otherwise; only a
Character's free play takes an origami from the draw line (Origami rulebook, Notes on the Origami: "you must still
pay the fold cost ... like you would if you played the Origami normally"; Legends rulebook, Characters). The same
check serves decide and legal_actions."""
from __future__ import annotations

import pytest

from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.legal import legal_actions
from scoring.origami.rules import RuleId
from scoring.origami.state import GameState
from tests.scoring.origami.referee_helpers import ANN, BOB, run, with_player
from tests.scoring.origami.test_effects import FILLED, KNOWN, after_a_character, no, ok, play, table

FROM_LINE = "only a Character's free play takes an origami from the draw line"


def _granted(state: GameState, seat: int, via: str) -> list[c.PlayOrigami]:
    return [x for x in legal_actions(state, seat, KNOWN) if isinstance(x, c.PlayOrigami) and x.via == via]


def _elephant() -> GameState:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Fox", "Raccoon"),
                  hands=(("Elephant", "Pig", "Cat", "Snake", "Raccoon"), ()))
    state = play(state, ANN, "Elephant", ("Pig", "Cat"))
    return ok(state, c.DrawFromDeck(ANN, 1, (CardId("Fox"),)))


def test_the_elephants_play_from_the_draw_line_is_refused_and_from_the_hand_accepted() -> None:
    state = _elephant()
    why = no(state, c.PlayOrigami(ANN, CardId("Pig"), (CardId("Fox"), CardId("Raccoon")), 1, source="line",
                                  via=CardId("Elephant")), RuleId.CARD_ZONE)
    assert FROM_LINE in why and "Elephant grants is made as a normal play, from the hand" in why
    offered = _granted(state, ANN, "Elephant")
    assert offered and {x.source for x in offered} == {"hand"}
    ok(state, c.PlayOrigami(ANN, CardId("Snake"), (CardId("Fox"), CardId("Raccoon")), 1, via=CardId("Elephant")))


def test_the_lions_free_play_is_free_from_the_hand_never_a_draw_line_card() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Gorilla", "Rhino"), hands=(("Raccoon", "Snake"), ()),
                  collections=((("Lion",), ("Cat",)), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    assert FROM_LINE in no(state, c.PlayOrigami(ANN, CardId("Pig"), (), 1, source="line", via=CardId("Lion"),
                                                free=True), RuleId.CARD_ZONE)
    assert {x.source for x in _granted(state, ANN, "Lion")} == {"hand"}
    play(state, ANN, "Raccoon", (), 1, via="Lion", free=True)


def test_the_dragons_plays_come_from_each_players_hand() -> None:
    state = table(("legendary", "polar"), ("Seal", "Kappa", "Phoenix", "Walrus"),
                  hands=(("Dragon", "Seal", "Reindeer", "Phoenix"), ("Seal", "Phoenix", "Leprechaun")))
    state = play(state, ANN, "Dragon", ("Reindeer", "Seal"))
    no(state, c.PlayOrigami(BOB, CardId("Kappa"), (CardId("Seal"), CardId("Phoenix"), CardId("Leprechaun")), 0,
                            source="line", via=CardId("Dragon")), RuleId.CARD_ZONE)
    assert all(x.source == "hand" for seat in (ANN, BOB) for x in _granted(state, seat, "Dragon"))


@pytest.mark.parametrize(("card", "line", "hand", "how"), [
    ("Chick", ("Ant", "Bee", "Butterfly", "Caterpillar"), ("Chick", "Ant", "Bee", "Ant"), {}),
    ("Shell", ("Parrot", "Chicken", "Owl", "Magpie"), ("Shell", "Owl", "Chick", "Chick", "Owl"), {"discount": 1}),
])
def test_every_instant_play_grant_refuses_the_draw_line(card: str, line: tuple[str, ...], hand: tuple[str, ...],
                                                       how: dict[str, int]) -> None:
    families = ("sky", "lawn") if card == "Chick" else ("sea", "sky")
    state = table(families, line, hands=(hand, ()))
    played = [x for x in legal_actions(state, ANN, KNOWN) if isinstance(x, c.PlayOrigami) and x.card == card]
    state = ok(state, played[0])
    target = next(x for x in line if KNOWN.card(x).family in families)
    no(state, c.PlayOrigami(ANN, CardId(target), (), 1, source="line", via=CardId(card), **how),  # type: ignore[arg-type]
       RuleId.CARD_ZONE)
    assert {x.source for x in _granted(state, ANN, card)} <= {"hand"}


def test_the_dolphins_discounted_play_is_from_the_hand() -> None:
    state = table(("sea", "sky"), ("Owl", "Chick", "Parrot", "Chick"), hands=(("Shell", "Chick", "Owl"), ()),
                  collections=((("Dolphin",), ()), ((), ())))
    state = ok(state, c.UseSpecialAction(ANN, 0))
    no(state, c.PlayOrigami(ANN, CardId("Parrot"), (), 1, source="line", via=CardId("Dolphin"), discount=2),
       RuleId.CARD_ZONE)
    assert {x.source for x in _granted(state, ANN, "Dolphin")} == {"hand"}


def test_with_the_yellow_geisha_a_granted_play_may_be_the_top_discard_as_a_normal_play_may() -> None:
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "legendary"), ("Geisha", "Ninja")),
                catalogue=FILLED)
    state = run(state, c.EnterPosition((((), ()), ((), ())), (0, 0), (CardId("Geisha (yellow)"),),
                                       tuple(map(CardId, ("Seal", "Kappa", "Oni", "Walrus"))), (CardId("Kappa"),),
                                       ANN, ANN), catalogue=FILLED)
    state = with_player(state, ANN, hand=("Dragon", "Seal", "Reindeer", "Phoenix", "Leprechaun", "Arctic Hare",
                                             "Arctic Hare"))
    state = run(state, c.PlayOrigami(ANN, CardId("Dragon"), (CardId("Reindeer"), CardId("Seal")), 0),
                catalogue=FILLED)
    offered = [x for x in legal_actions(state, ANN, FILLED) if isinstance(x, c.PlayOrigami) and x.via == "Dragon"]
    from_discard = [x for x in offered if x.source == "discard"]
    assert from_discard and all(x.card == state.discard[-1] for x in from_discard)  # the payment is on top
    run(state, from_discard[0], catalogue=FILLED)


def test_a_play_without_via_after_the_action_says_how_a_granted_play_is_written() -> None:
    state = _elephant()
    why = no(state, c.PlayOrigami(ANN, CardId("Snake"), (CardId("Fox"), CardId("Raccoon")), 1), RuleId.TURN_ORDER)
    assert "taken this turn's action already" in why and "`via Elephant`" in why


def test_the_characters_free_play_still_takes_a_draw_line_card_without_via() -> None:
    state = after_a_character(("Seal", "Phoenix", "Kappa", "Arctic Hare"))
    run(state, c.PlayOrigami(ANN, CardId("Seal"), (), 0, source="line"), catalogue=FILLED)
    offered = [x for x in legal_actions(state, ANN, FILLED) if isinstance(x, c.PlayOrigami) and x.source == "line"]
    assert offered and all(x.via is None for x in offered)
