"""What is typed at the Origin Story table, as the engine reads it (scoring/origin/notation.py): the round stepper's
answers on positions reached through the real engine (a command the referee accepts, or the action the session
completes with a draw or a catalogue look-up), and the logging level a resumed game was recorded at."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from companion.origin.playout import Engine
from scoring.decision import Accepted
from scoring.errors import InputError
from scoring.origin import commands as c
from scoring.origin.decide import decide
from scoring.origin.notation import (
    AppDeckDeal,
    Charge,
    DealerByLot,
    SessionAction,
    StepAnswer,
    StoryCard,
    Superhero,
    level_in_use,
    parse_line,
    read,
    step_answer,
)
from scoring.origin.state import Phase
from scoring.origin.stepper import due
from tests.scoring.origin.test_game_engine import H, V, card, given, state, table, trick
from tests.scoring.origin.test_stepper import at_round

PLAYERS = ("Ann", "Bob", "Cat")


def as_command(action: SessionAction) -> c.Command:
    """An action as the session completes it without a catalogue (the draws are no test's business here)."""
    match action:
        case StoryCard(player=player, name=name):
            return c.PlaceStoryCard(player, name)
        case Superhero(player=player, name=name):
            return c.RevealSuperhero(player, name)
        case Charge(player=player, card=name, stamina=stamina):
            return c.ChargeAbility(player, name, stamina)
    raise AssertionError(action)


def answered(engine: Engine, text: str, charged: bool = False, aligned: Mapping[str, str] | None = None
             ) -> StepAnswer:
    """The answer, and the command it stands for accepted by the referee."""
    now = state(engine)
    answer = step_answer(now, text, charged, aligned or {})
    command = answer.command if answer.action is None else as_command(answer.action)
    if command is not None:
        assert isinstance(decide(now, command), Accepted), (text, command)
        engine.submit(command)
    return answer


def test_a_table_round_set_up_by_typing_each_answer() -> None:
    engine = given(c.StartGame("table", PLAYERS))
    assert step_answer(state(engine), "", False, {}) == StepAnswer(False, action=DealerByLot())
    assert step_answer(state(engine), "lot", False, {}).action == DealerByLot()
    assert answered(engine, "Cat").command == c.ChooseDealer("Cat")
    engine.submit(c.StartRound())
    assert answered(engine, "").command == c.GainStamina()  # Enter confirms
    with pytest.raises(InputError, match="type the name of Ann's story card"):
        step_answer(state(engine), "", False, {})
    for player in ("Ann", "Bob", "Cat"):  # from the dealer's left
        assert answered(engine, "Trance").action == StoryCard(player, "Trance")
    assert answered(engine, "bob trance 1").action == Charge("Bob", "Trance", 1)  # as it was placed
    with pytest.raises(InputError, match="a charge is: who, the card, the stamina, e.g. 'ann Monologuing 2'"):
        step_answer(state(engine), "ann 2", False, {})
    done = step_answer(state(engine), "", False, {})
    assert done == StepAnswer(True) and due(state(engine), True, {}).step == "align"
    first = step_answer(state(engine), "v", True, {})
    assert first == StepAnswer(True, (("Ann", "villain"),))  # kept hidden, nothing recorded
    second = step_answer(state(engine), "h", True, dict(first.aligned))
    assert second.command is None and dict(second.aligned) == {"Ann": "villain", "Bob": "hero"}
    last = answered(engine, "hero", True, dict(second.aligned))
    assert last == StepAnswer(True, (), c.RevealAlignments((("Ann", V), ("Bob", H), ("Cat", H))))
    assert state(engine).phase is Phase.PLAY


def test_round_3_asks_for_the_event_and_round_5_for_the_superheroes() -> None:
    engine = at_round(3)
    with pytest.raises(InputError, match="type the event's name"):
        step_answer(state(engine), "", False, {})
    assert answered(engine, "Transfer of Power").command == c.RevealEvent("Transfer of Power")
    engine = at_round(5)
    assert answered(engine, "Captain X").action == Superhero("Bob", "Captain X")  # Ann deals round 5


def test_a_duo_deal_is_the_sidekicks_face_up_pairs() -> None:
    engine = given(c.StartGame("duo", ("A", "B")), c.ChooseDealer("A"), c.StartRound())
    pairs = (("SK B", (card("7br"), card("12sp"))), ("SK A", (card("3st"), card("9lv"))))
    assert step_answer(state(engine), "7br 12sp, 3st 9lv", False, {}).command == c.DealHands(pairs)
    assert answered(engine, "7br 12sp 3st 9lv").command == c.DealHands(pairs)  # the comma may be left out
    assert state(engine).phase is Phase.ALIGN


def test_solo_with_the_app_deck_the_session_deals_and_an_alignment_ends_the_charges() -> None:
    engine = given(c.StartGame("solo", ("Zoe",), deck="app", difficulty=1, difficulty_colour="red"),
                   c.ChooseDealer("Zoe"), c.StartRound())
    assert step_answer(state(engine), "", False, {}).action == AppDeckDeal()
    piles = state(engine).piles
    assert piles is not None
    engine.submit(c.DealHands((("Zoe", piles.deck[:8]),)))
    engine.submit(c.GainStamina())
    engine.submit(c.PlaceStoryCard("Zoe", "Trance"))
    assert step_answer(state(engine), "trance 1", False, {}).action == Charge("Zoe", "Trance", 1)  # yours
    assert answered(engine, "h") == StepAnswer(True, (), c.RevealAlignments((("Zoe", H),)))
    assert step_answer(state(engine), "none", True, {}).action == AppDeckDeal("")
    assert step_answer(state(engine), "Replace 2", True, {}).action == AppDeckDeal("Replace 2")


def test_solo_with_the_tables_deck_the_rows_are_typed() -> None:
    engine = given(c.StartGame("solo", ("Zoe",), difficulty=1, difficulty_colour="red"), c.ChooseDealer("Zoe"),
                   c.StartRound())
    piles = state(engine).piles
    assert piles is not None
    mine = " ".join(str(x) for x in piles.deck[:8])
    assert answered(engine, mine).command == c.DealHands((("Zoe", piles.deck[:8]),))
    engine.submit(c.RevealAlignments((("Zoe", H),)))
    with pytest.raises(InputError, match=r"type: the line \| Automaton's 8 cards \| Factoryon's 8 cards"):
        step_answer(state(engine), "replace 2 | 9br", True, {})
    rows = piles.deck[8:16], piles.deck[16:24]
    typed = " | ".join(("-", *(" ".join(str(x) for x in row) for row in rows)))
    assert answered(engine, typed).command == c.DealHands((("Automaton", rows[0]), ("Factoryon", rows[1])))
    assert state(engine).phase is Phase.PLAY


def test_the_level_a_game_was_logged_at_is_told_by_its_latest_trick() -> None:
    engine = table(*PLAYERS)
    assert level_in_use(state(engine), "score only") == "score only"  # no trick yet: as last chosen
    trick(engine, "Ann 7br")
    assert level_in_use(state(engine), "winners") == "cards"
    engine = table(*PLAYERS)
    engine.submit(c.NameWinner("Bob"))
    assert level_in_use(state(engine), "cards") == "winners"
    assert level_in_use(state(engine), "score only") == "score only"  # both name winners


def test_the_score_only_level_checks_every_seat_typed_even_with_no_trick() -> None:
    now = state(table(*PLAYERS))
    assert parse_line(now, "ann 2, bob 0, cat 1") == [c.NameWinner("Ann")] * 2 + [c.NameWinner("Cat")]
    with pytest.raises(InputError, match="'zed' is not a seat: the seats are Ann, Bob, Cat"):
        parse_line(now, "ann 3, zed 0")


def recorded(engine: Engine, text: str, level: str = "cards") -> list[c.Command]:
    """The line read as the table reads it, its commands then recorded one by one (the referee checks each)."""
    reading = read(state(engine), text, level)
    assert reading.refusal is None and not reading.problem, (text, reading)
    for command in reading.commands:
        engine.submit(command)
    return list(reading.commands)


def test_a_trick_typed_run_together_is_the_same_plays_as_spaced_or_seat_by_seat() -> None:
    spaced, run, seated = table(*PLAYERS), table(*PLAYERS), table(*PLAYERS)
    plays = recorded(spaced, "7br 10br 13sp")
    assert recorded(run, "7b10b13s") == plays == [c.PlayCard("Ann", card("7br")), c.PlayCard("Bob", card("10br")),
                                                   c.PlayCard("Cat", card("13sp"))]
    for line in ("ann 7br", "bob 10br", "cat 13sp"):
        recorded(seated, line)
    assert spaced.log == run.log == seated.log
    assert recorded(run, "2t12t") == [c.PlayCard("Bob", card("2st")), c.PlayCard("Cat", card("12st"))]  # Bob won
    with pytest.raises(InputError, match="'113s' is not a card"):  # 11 then 3s? 1 then 13s? never guessed
        parse_line(state(run), "113s", "cards")


def test_a_duo_trick_is_one_line_each_sidekick_card_followed_by_the_one_it_turns_up() -> None:
    def dealt() -> Engine:
        return given(c.StartGame("duo", ("A", "B")), c.ChooseDealer("A"), c.StartRound(),
                     c.DealHands((("SK B", (card("7br"), card("12sp"))), ("SK A", (card("3st"), card("9lv"))))),
                     c.RevealAlignments((("A", H), ("B", V))))

    four, one = dealt(), dealt()
    for line in ("5br", "3st up 4st", "8br", "7br up 11sp"):  # B leads, SK A, A, SK B: four lines before
        recorded(four, line)
    assert [p.turned for p in recorded(one, "5b3t up 4t8b7b up 11s")] == [None, card("4st"), None, card("11sp")]
    assert four.log == one.log
    assert parse_line(state(dealt()), "5b3t+4t8b7b+11s", "cards") == parse_line(state(dealt()), "5b 3t up 4t 8b 7b up 11s")
    for wrong in ("5b up", "up 4t 5b", "5b 3t up up 4t", "5b 3t up 4t up 6t", "5b3t+"):
        with pytest.raises(InputError, match=r"'up' \(or \+\) goes between a sidekick's card and the card it turns up"):
            parse_line(state(dealt()), wrong, "cards")
