"""What the table shows as a function of the state (scoring/origin/view.py), checked on positions reached
through the real engine: the surrender offered is the one the referee accepts, the legal cards shown are the ones
it accepts, the Vancardians' moves are those of the trick in play, and the log lines hide every card of a trick."""
from __future__ import annotations

import random
from typing import Any

import pytest

from companion.origin.playout import Engine, play_game
from scoring.decision import Accepted, Rejected
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.decide import decide
from scoring.origin.setup import Kind
from scoring.origin.state import GameState, Phase
from scoring.origin.view import recent_lines, table_view
from tests.scoring.origin.test_game_engine import H, V, card, given, state, table, trick


def moves_in_the_log(log: list[e.Event], you: str) -> tuple[e.VancardianChose, ...]:
    """The Vancardians' moves read back from the log: since your last card, the round's start or the last trick."""
    moves: list[e.VancardianChose] = []
    for x in reversed(log):
        if isinstance(x, e.CardPlayed) and x.seat == you or isinstance(x, e.RoundStarted | e.TrickWon):
            break
        if isinstance(x, e.VancardianChose):
            moves.insert(0, x)
    return tuple(moves[-4:])


def check_solo(now: GameState, log: list[e.Event]) -> dict[str, int]:
    """One position: what the table shows agrees with what the referee accepts. Returns what was seen."""
    facts = table_view(now)
    seen = {"offers": 0, "moves": 0, "refused": 0}
    assert facts.moves == moves_in_the_log(log, now.you)
    seen["moves"] += bool(facts.moves)
    if facts.result is not None and facts.result.in_play is not None:
        assert facts.order[0] == facts.result.in_play.leader
    if facts.surrender is not None:
        offer = facts.surrender
        decision = decide(now, c.Surrender())
        assert isinstance(decision, Accepted), decision
        assert [(x.to, x.vp) for x in decision.events if isinstance(x, e.Surrendered)] == [(offer.to, offer.vp)]
        seen["offers"] += 1
    elif now.phase is Phase.PLAY and facts.to_play == now.you:
        assert isinstance(decide(now, c.Surrender()), Rejected)
        seen["refused"] += 1
    if facts.to_play == now.you:
        assert now.piles is not None and facts.legal
        for option in now.piles.row(now.you):
            decision = decide(now, c.PlayCard(now.you, option))
            assert isinstance(decision, Accepted) is (option in facts.legal), (option, facts.legal)
    elif facts.to_play is not None:
        assert now.seating.seat(facts.to_play).kind is Kind.VANCARDIAN
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_solo_game_shows_what_the_referee_accepts(seed: int) -> None:
    engine = Engine()
    seen = {"offers": 0, "moves": 0, "refused": 0}

    def submit(command: Any) -> Any:
        decision = engine.submit(command)
        for k, v in check_solo(state(engine), engine.log).items():
            seen[k] += v
        return decision

    play_game(submit, lambda: state(engine), random.Random(seed), mode="solo", players=("Zoe",), deck="app",
              surrender=True)
    assert state(engine).phase is Phase.OVER
    assert seen["offers"] and seen["moves"] and seen["refused"]  # each case met, so each check ran


def test_the_table_shows_the_sidekicks_legal_face_up_cards_and_the_seats_from_the_leader() -> None:
    engine = given(c.StartGame("duo", ("A", "B")), c.ChooseDealer("A"), c.StartRound(),
                   c.DealHands((("SK A", (card("7br"), card("12sp"))), ("SK B", (card("2st"), card("3st"))))),
                   c.RevealAlignments((("A", H), ("B", V))))
    facts = table_view(state(engine))
    assert facts.to_play == "B" and facts.legal is None  # a hidden hand: nothing to dim
    assert facts.order == ("B", "SK A", "A", "SK B")
    assert facts.alignment == {"A": H, "B": V}
    engine.submit(c.PlayCard("B", card("5br")))
    facts = table_view(state(engine))
    assert facts.to_play == "SK A" and facts.legal == (card("7br"),)  # it must follow brains
    engine.submit(c.PlayCard("SK A", card("7br"), turned=card("9sp")))
    engine.submit(c.PlayCard("A", card("6br")))
    facts = table_view(state(engine))
    assert facts.to_play == "SK B" and facts.legal == (card("2st"), card("3st"))  # no brains: either
    assert facts.surrender is None and facts.moves == ()


def test_between_rounds_nobody_is_to_play_and_the_seats_start_at_the_dealers_left() -> None:
    engine = given(c.StartGame("table", ("Ann", "Bob", "Cat")), c.ChooseDealer("Bob"), c.StartRound())
    facts = table_view(state(engine))
    assert facts.result is None and facts.to_play is None and facts.legal is None
    assert facts.order == ("Cat", "Ann", "Bob") and facts.counted == 0


def test_the_log_lines_never_name_a_card_of_a_trick() -> None:
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 7br", "Bob 10br", "Cat 13sp")
    trick(engine, "Bob 2br")
    lines = recent_lines(engine.log, 8)
    assert lines[-1] == "Bob won trick 1; Bob leads next"
    assert not any(x in line for line in lines for x in ("7br", "10br", "13sp", "2br"))
    assert recent_lines(engine.log, 2) == lines[-2:]
    assert table_view(state(engine)).counted == 1
