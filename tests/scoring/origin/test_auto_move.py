"""What happens next by itself (scoring/origin/auto_move.py), on positions reached through the real engine: a round
due starts; in solo with the app deck the Vancardian to move moves, and the move asked for is one the referee
accepts once the shell has drawn her cards; never on your turn, never with the table's own deck."""
from __future__ import annotations

import random
from typing import Any

import pytest

from companion.origin.playout import Engine, play_game, solo_draw
from scoring.decision import Accepted
from scoring.origin import commands as c
from scoring.origin.auto_move import next_auto_move, vancardian_to_move
from scoring.origin.decide import decide
from scoring.origin.setup import Kind
from scoring.origin.state import GameState, Phase
from scoring.origin.view import next_seat
from tests.scoring.origin.test_game_engine import H, given, state


def check(now: GameState, rng: random.Random) -> str:
    """One position: what comes by itself, checked against the referee. Returns what it was."""
    auto = next_auto_move(now)
    seat = next_seat(now)
    theirs = seat is not None and now.seating.seat(seat).kind is Kind.VANCARDIAN
    assert vancardian_to_move(now) == (seat if theirs else None)
    if now.phase is Phase.ROUND:
        assert auto == c.StartRound() and isinstance(decide(now, auto), Accepted)
        return "round"
    if theirs and now.deck == "app":
        assert auto == c.VancardianPlays()
        assert isinstance(decide(now, solo_draw(now, rng)), Accepted)  # with the shell's draw when she follows
        return "vancardian"
    assert auto is None
    return "you" if seat is not None else "other"


@pytest.mark.parametrize("deck", ["app", "table"])
def test_a_solo_game_moves_by_itself_only_where_the_book_leaves_nobody_a_choice(deck: str) -> None:
    engine, rng = Engine(), random.Random(0)
    seen: list[str] = []

    def submit(command: Any) -> Any:
        decision = engine.submit(command)
        seen.append(check(state(engine), rng))
        return decision

    play_game(submit, lambda: state(engine), random.Random(4), mode="solo", players=("Zoe",), deck=deck)
    assert state(engine).phase is Phase.OVER
    assert seen.count("round") == 5 and "you" in seen  # each round once due, and your turns
    assert ("vancardian" in seen) is (deck == "app")


def test_a_table_game_starts_its_rounds_and_nothing_else() -> None:
    engine = given(c.StartGame("table", ("Ann", "Bob", "Cat")))
    assert next_auto_move(state(engine)) is None  # the first dealer is the table's to choose
    engine.submit(c.ChooseDealer("Cat"))
    assert next_auto_move(state(engine)) == c.StartRound()
    engine.submit(c.StartRound())
    assert next_auto_move(state(engine)) is None  # the stepper's steps are the table's
    engine.submit(c.RevealAlignments(tuple((p, H) for p in ("Ann", "Bob", "Cat"))))
    assert state(engine).phase is Phase.PLAY and next_auto_move(state(engine)) is None
    assert vancardian_to_move(state(engine)) is None
