"""The replay's invariants catch what a damaged log would leave behind."""
from __future__ import annotations

from dataclasses import replace

from companion.origin.playout import Engine
from scoring.origin import commands as c
from scoring.origin.audit import audit
from scoring.origin.cards import parse_card
from scoring.origin.round_input import Alignment


def solo_dealt() -> Engine:
    engine = Engine()
    for command in (c.StartGame("solo", ("Ann",), deck="app", difficulty=0, difficulty_colour="red"),
                    c.ChooseDealer("Ann"), c.StartRound()):
        engine.submit(command)
    return engine


def test_a_sound_solo_state_passes_and_a_card_in_two_places_fails() -> None:
    engine = solo_dealt()
    assert engine.state is not None and engine.state.piles is not None
    row = engine.state.piles.deck[:8]
    engine.submit(c.DealHands((("Ann", row),)))
    assert engine.state is not None and engine.state.piles is not None
    assert audit(engine.state) == []
    piles = engine.state.piles
    twice = replace(engine.state, piles=replace(piles, discard=(row[0],)))
    assert any("in 2 places" in p for p in audit(twice))
    lost = replace(engine.state, piles=replace(piles, deck=piles.deck[1:]))
    assert any("is nowhere" in p for p in audit(lost))


def test_a_recorded_winner_that_is_not_the_cards_winner_fails() -> None:
    engine = Engine()
    for command in (c.StartGame("table", ("Ann", "Bob", "Cat")), c.ChooseDealer("Cat"), c.StartRound(),
                    c.RevealAlignments(tuple((p, Alignment.HERO) for p in ("Ann", "Bob", "Cat")))):
        engine.submit(command)
    for seat, text in (("Ann", "7br"), ("Bob", "10br"), ("Cat", "13sp")):
        engine.submit(c.PlayCard(seat, parse_card(text)))
    assert engine.state is not None and engine.state.round is not None
    assert audit(engine.state) == []
    r = engine.state.round
    wrong = replace(engine.state, rounds=(replace(r, winners=((1, "Cat", "Cat"),)),))
    assert any("the cards give Bob" in p for p in audit(wrong))
    too_many = replace(engine.state, rounds=(replace(r, winners=((1, "Bob", "Bob"), (2, "Bob", "Bob"))),))
    assert audit(too_many)
