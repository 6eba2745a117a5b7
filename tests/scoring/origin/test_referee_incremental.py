"""The incremental referee (`referee_last`: a play checked against the round as refereed so far) gives exactly the
whole-round referee's result, refusals included: every play decided in random legal games of each mode (with
abilities, winners-level tricks and surrenders), random wrong cards and seats put to the same states, and the
round-file mutant soak's refused plays. A Vancardian's play is refereed against the round's hands as recorded, as
every play is (so its finished tricks are those refereed before): the same verdict as with her row after her draw
given as her hand."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from companion.origin.mutants import CARDS, soak
from companion.origin.playout import Engine, play_game
from scoring.errors import InputError
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.decide import decide
from scoring.origin.referee import Refereeing, last_trick, referee, referee_last
from scoring.origin.round_input import CardTrick, RoundInput
from scoring.origin.round_result import RoundResult, TrickResult
from scoring.origin.state import GameState, Phase


def _verdict(judge: Any, rnd: RoundInput) -> Any:
    try:
        return judge(rnd)
    except InputError as exc:
        return f"InputError: {exc}"


class Compared:
    """`referee_last` (and `last_trick`) as decide calls it, checked against `referee` on the same round every
    time."""

    def __init__(self) -> None:
        self.calls = 0
        self.refused = 0

    def __call__(self, rnd: RoundInput) -> RoundResult:
        fast, whole = _verdict(referee_last, rnd), _verdict(referee, rnd)
        assert fast == whole, f"incremental {fast!r}\nwhole round {whole!r}"
        self.calls += 1
        last = whole.tricks[-1] if not isinstance(whole, str) and whole.tricks else None  # none: no trick yet
        if isinstance(whole, str) or (last is not None and (last.refusals or any(p.violations for p in
                                                                                  last.plays[-1:]))):
            self.refused += 1
        if isinstance(fast, str):
            raise InputError(fast.removeprefix("InputError: "))
        result: RoundResult = fast
        return result


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Compared:
    check = Compared()
    monkeypatch.setattr("scoring.origin.decide.referee_last", check)

    def trick(rnd: RoundInput) -> TrickResult:  # a play's trick (`last_trick`): the whole round's last trick
        fast, whole = _verdict(last_trick, rnd), _verdict(referee, rnd)
        assert fast == (whole if isinstance(whole, str) else whole.tricks[-1]), f"{fast!r}\n{whole!r}"
        result: TrickResult = check(rnd).tricks[-1]  # counted, and referee_last compared too (an error raised)
        return result

    monkeypatch.setattr("scoring.origin.decide.last_trick", trick)
    return check


def _state(engine: Engine) -> GameState:
    assert engine.state is not None  # before StartGame: no game yet (playout.current_or_none)
    return engine.state


def _wrong_plays(engine: Engine, rng: random.Random) -> Any:
    """The engine's submit, also deciding a few random (mostly refused) plays against each state a card is played
    in: any card, by the seat to play or another."""
    def submit(command: Any) -> Any:
        state = engine.state
        if isinstance(state, GameState) and isinstance(command, c.PlayCard) and state.phase is Phase.PLAY:
            for _ in range(3):
                seat = command.seat if rng.random() < 0.7 else rng.choice(state.seating.names)
                decide(state, c.PlayCard(seat, rng.choice(CARDS)))
        return engine.submit(command)
    return submit


@pytest.mark.parametrize(("mode", "players", "options"), [
    ("table", ("Ann", "Bob", "Cat", "Dan"), {}),
    ("table", ("Ann", "Bob", "Cat"), {"every_option": True}),
    ("table", ("Ann", "Bob", "Cat", "Dan", "Eve"), {"level": "winners", "skip": True}),
    ("duo", ("Ann", "Bob"), {"every_option": True}),
    ("solo", ("Ann",), {"surrender": True}),
    ("solo", ("Ann",), {"every_option": True}),
])
def test_the_incremental_check_is_the_whole_round_referee(compared: Compared, mode: str, players: tuple[str, ...],
                                                          options: dict[str, Any]) -> None:
    rng = random.Random(f"{mode}{len(players)}{sorted(options)}")
    for _ in range(2):
        engine = Engine()
        current = partial(_state, engine)
        play_game(_wrong_plays(engine, rng), current, rng, mode=mode, players=players, **options)
    if options.get("level") != "winners":
        assert compared.calls > 100 and compared.refused > 10, (compared.calls, compared.refused)


def test_the_mutant_soaks_refused_plays_agree(compared: Compared) -> None:
    found = soak(2029, games=1)
    assert not found.problems, found.line()
    assert compared.calls > 50 and compared.refused > 0, (compared.calls, compared.refused)


def test_a_vancardians_play_has_the_same_verdict_given_her_row_after_the_draw() -> None:
    rng = random.Random("her row")
    engine = Engine()
    roles: list[str] = []

    def submit(command: Any) -> Any:
        decision = engine.submit(command)
        if isinstance(command, c.VancardianPlays):
            chose = next(x for x in decision.events if isinstance(x, e.VancardianChose))
            rnd = _state(engine).round_input()  # her card is the last play of the last trick entry
            told = replace(rnd, hands={**rnd.hands, chose.seat: chose.row_after})
            recorded, given = referee(rnd).tricks[-1], referee(told).tricks[-1]
            assert recorded.plays[-1] == given.plays[-1], (recorded, given)
            assert (recorded.winner, recorded.next_leader, recorded.reason, recorded.refusals) == \
                (given.winner, given.next_leader, given.reason, given.refusals)
            assert [f for f in recorded.flags if f.seat == chose.seat] == [f for f in given.flags if f.seat ==
                                                                            chose.seat]
            roles.append(chose.role)
        return decision

    for options in ({}, {"every_option": True}, {"surrender": True}):
        play_game(submit, partial(_state, engine), rng, mode="solo", players=("Ann",), deck="app", **options)
        engine.state = None
    assert roles.count("lead") > 20 and roles.count("follow") > 50, roles


@pytest.mark.parametrize(("mode", "players", "options"), [
    ("table", ("Ann", "Bob", "Cat", "Dan"), {}),
    ("table", ("Ann", "Bob", "Cat", "Dan", "Eve"), {"every_option": True}),
    ("duo", ("Ann", "Bob"), {}),
    ("solo", ("Ann",), {"deck": "app"}),
])
def test_a_trick_kept_from_play_to_play_gives_the_verdicts_of_refereeing_it_anew(
        compared: Compared, monkeypatch: pytest.MonkeyPatch, mode: str, players: tuple[str, ...],
        options: dict[str, Any]) -> None:
    """A play read alone against its trick as refereed for the play before (`Refereeing.with_play`) gets the whole
    round's verdict, refused or not: at every play of random legal games, several random plays (any card, by the
    seat to play or another, a sidekick's card turned up, named or not) are first put to the same state, as the
    table's preview puts every line typed, and then the play recorded."""
    carried: Counter[bool] = Counter()
    with_play = Refereeing.with_play

    def counted(self: Refereeing, entry: CardTrick) -> Refereeing | None:
        found = with_play(self, entry)
        carried[found is not None] += 1
        return found

    monkeypatch.setattr(Refereeing, "with_play", counted)
    rng = random.Random(f"kept {mode}{len(players)}")
    engine = Engine()

    def submit(command: Any) -> Any:
        state = engine.state
        if isinstance(state, GameState) and isinstance(command, c.PlayCard | c.VancardianPlays):
            for _ in range(4):
                seat = command.seat if isinstance(command, c.PlayCard) and rng.random() < 0.6 else \
                    rng.choice(state.seating.names)
                turned = rng.choice(CARDS) if rng.random() < 0.3 else None
                decide(state, c.PlayCard(seat, rng.choice(CARDS), turned=turned))
        return engine.submit(command)

    for _ in range(2):
        play_game(submit, partial(_state, engine), rng, mode=mode, players=players, **options)
        engine.state = None
    assert carried[True] > 200 and compared.refused > 100, (carried, compared.calls, compared.refused)
