"""What a line typed at the Origin Story table means (scoring/origin/notation.py), without the app: names mistyped,
cards written in two words, an ability checked with its card's kind as the session records it, and a Vancardian's
draw from the table's own deck after the deck ran short."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.origin.playout import Engine, play_game
from scoring.errors import InputError
from scoring.origin import commands as c
from scoring.origin.cards import Suit
from scoring.origin.decide import table_draw
from scoring.origin.evolve import evolve
from scoring.origin.notation import parse_line, read
from scoring.origin.round_input import parse_alignment
from scoring.origin.rules import RuleId
from tests.scoring.origin.test_game_engine import H, V, card, given, state, table


def test_a_mistyped_name_is_named_as_no_seat_with_the_seats() -> None:
    now = state(table("Ann", "Bob", "Cat"))
    for line in ("anne 4sp", "Bbo", "4sp zed"):
        reading = read(now, line, "cards")
        assert "is neither a seat (Ann, Bob, Cat) nor a card" in reading.problem, line
    assert "'anne'" in read(now, "anne 4sp").problem


def test_a_card_in_two_words_is_one_card() -> None:
    now = state(table("Ann", "Bob", "Cat"))
    assert parse_line(now, "ann 4 speed") == [c.PlayCard("Ann", card("4sp"))]
    assert parse_line(now, "4 sp 9 brains") == [c.PlayCard("", card("4sp")), c.PlayCard("", card("9br"))]
    assert parse_line(now, "bob 9br as 11 sp by Trance") == [c.PlayCard("Bob", card("9br"), Fraction(11), Suit.SPEED,
                                                                        "Trance")]
    assert parse_line(now, "bob 10br as 4.5 lv by X")[0].value == Fraction(9, 2)  # a value apart from its suit
    assert parse_line(now, "bob 10br as -1 st by X")[0].value == -1
    assert parse_line(now, "ann uses X: note 3 love letters")[0].effects[0].text == "3 love letters"  # as typed
    assert "Bob played which card?" in read(now, "bob", "cards").problem
    assert "br brains, lv love, sp speed, st strength" in read(now, "ann 13x").problem
    assert "br brains, lv love, sp speed, st strength" in read(now, "ann x13").problem


def test_an_ability_is_checked_with_its_cards_kind_as_the_session_records_it() -> None:
    """Trance is a story card: used without a charge on it, the preview refuses it as recording would."""
    now = state(table("Ann", "Bob", "Cat"))
    unknown = read(now, "ann uses Trance: vp +2", "cards")
    assert unknown.refusal is None and unknown.commands  # a card nobody knows: not checked
    known = read(now, "ann uses Trance: vp +2", "cards", lambda name: "story" if name == "Trance" else None)
    assert known.refusal is not None and known.refusal.rule is RuleId.CHARGED_ONLY


def test_with_the_tables_deck_the_table_names_the_cards_drawn_even_after_the_deck_ran_short() -> None:
    """A random solo game (seed 12 reaches a reshuffle): each follow the table gives by naming the cards drawn
    (`draw 9st 6sp`) is the move the engine expects, the discard pile shuffled in when the deck ran short."""
    engine, reshuffles, follows = Engine(), 0, 0

    def submit(command: c.Command) -> object:
        nonlocal reshuffles, follows
        if isinstance(command, c.VancardianPlays) and command.drawn:
            typed = " ".join(str(x) for x in command.drawn)
            assert parse_line(state(engine), f"draw {typed}") == [command]
            assert table_draw(state(engine), command.drawn) == command
            follows, reshuffles = follows + 1, reshuffles + command.reshuffled
        return engine.submit(command)

    play_game(submit, lambda: engine.state, random.Random(12), mode="solo", players=("Ann",),  # type: ignore[arg-type]
              level="cards", deck="table")
    assert follows > 40 and reshuffles == 1


def test_a_mistyped_hidden_alignment_is_refused_without_echoing_it() -> None:
    """The alignment is typed hidden from the table: the refusal must not show what was typed."""
    with pytest.raises(InputError) as refused:
        parse_alignment("villian")
    assert "villian" not in str(refused.value) and "hero or villain" in str(refused.value)


def test_a_sidekicks_play_without_the_card_it_turns_up_is_noted_before_enter() -> None:
    engine = given(c.StartGame("duo", ("A", "B")), c.ChooseDealer("A"), c.StartRound(),
                   c.DealHands((("SK A", (card("7br"), card("12sp"))), ("SK B", (card("2st"), card("3st"))))),
                   c.RevealAlignments((("A", H), ("B", V))))
    reading = read(state(engine), "5br 7br 6br 2st", "cards")  # B leads; both sidekicks play, nothing turned up
    assert reading.refusal is None and len(reading.commands) == 4
    assert [n.split(" turns up")[0] for n in reading.notes] == ["SK A", "SK B"]
    assert "'sk a 7br up 8sp'" in reading.notes[0]
    engine.submit(c.PlayCard("B", card("5br")))
    assert read(state(engine), "sk a 7br up 4st", "cards").notes == ()


def test_a_charged_card_that_changed_a_play_counts_as_used() -> None:
    from scoring.origin.view import unused_charges
    engine = table("Ann", "Bob", "Cat")
    engine.submit(c.Override(c.ChargeAbility("Ann", "Trance", 1), "charged late"))
    engine.submit(c.Override(c.ChargeAbility("Bob", "Steal", 1), "charged late"))
    assert unused_charges(state(engine)) == [("Ann", "Trance"), ("Bob", "Steal")]
    engine.submit(c.PlayCard("Ann", card("9br"), card("11br").value, None, "Trance"))
    assert unused_charges(state(engine)) == [("Bob", "Steal")]


def test_an_unrevealed_superheros_ability_is_refused_before_enter() -> None:
    """OS-SUPERHERO: a superhero's ability is its revealed card's; the table's line refuses another one in the
    preview, as recording would, and its VP are not counted."""
    from tests.scoring.origin.test_stepper import align, at_round

    engine = at_round(5)  # Bob, Cat, Ann reveal, in that order
    engine.submit(c.RevealSuperhero("Bob", "Hero B"))
    align(engine)
    assert engine.state is not None
    hero = lambda name: "superhero"  # noqa: E731  (the catalogue's word on every card here)
    refused = read(engine.state, "cat uses Hero C: vp +3", "cards", hero)
    assert refused.refusal is not None and refused.refusal.rule is RuleId.SUPERHERO
    assert "Cat has revealed no superhero" in refused.refusal.message
    assert read(engine.state, "bob uses Hero B: vp +3", "cards", hero).refusal is None


def test_a_score_only_line_with_more_tricks_than_the_round_has_says_how_many_it_has() -> None:
    """It said "not now: end and score the round", though the round was not scored and the counts were wrong."""
    now = state(table("Ann", "Bob", "Cat"))
    reading = read(now, "ann 3, bob 0, cat 6", "score only")
    assert reading.refusal is not None and reading.refusal.rule is RuleId.TRICKS_8
    assert "add to 9" in reading.refusal.message and "this round has 8" in reading.refusal.message
    assert "make them add to 8" in reading.refusal.message and "not now" not in reading.refusal.message
    assert read(now, "ann 3, bob 0, cat 5", "score only").refusal is None
    for event in read(now, "ann 2, cat 1", "score only").events:
        now = evolve(now, event)
    reading = read(now, "ann 3, bob 0, cat 3", "score only")  # 3 of the 8 recorded already
    assert reading.refusal is not None
    assert "add to 6" in reading.refusal.message and "3 are recorded already" in reading.refusal.message
    assert "make them add to 5" in reading.refusal.message
