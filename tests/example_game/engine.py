"""Pips's rules, pure: 2 to 4 players each score 0 to 9 points a turn (a die thrown at the table); after three
rounds the most points win, a tie shares the victory. This module is also the game's codec (VERSION, encode,
decode): its events to and from the stored log."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.decision import Accepted, Decision, Rejected, Violation
from scoring.errors import InputError
from scoring.rulebook import Rule, RuleId

ROUNDS = 3
MOST = 9


class PipsRule(RuleId):
    PLAYERS = "PIPS-PLAYERS"
    POINTS = "PIPS-POINTS"
    OVER = "PIPS-OVER"


RULES = {r.id: r for r in (
    Rule(PipsRule.PLAYERS, "Players", "Two to four players, each under a name of their own."),
    Rule(PipsRule.POINTS, "A turn", f"The player whose turn it is scores 0 to {MOST} points."),
    Rule(PipsRule.OVER, "The end", f"After {ROUNDS} rounds the most points win; a tie shares the victory."))}


@dataclass(frozen=True, slots=True)
class Start:
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Score:
    points: int


Command = Start | Score


@dataclass(frozen=True, slots=True)
class Started:
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scored:
    seat: int
    points: int


Event = Started | Scored


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[str, ...]
    totals: tuple[int, ...]
    turns: int = 0

    @property
    def current(self) -> int:
        return self.turns % len(self.players)

    @property
    def over(self) -> bool:
        return self.turns >= ROUNDS * len(self.players)


def decide(state: State | None, command: Command) -> Decision:
    if isinstance(command, Start):
        names = [n.casefold() for n in command.players]
        if not 2 <= len(names) <= 4 or len(set(names)) != len(names):
            return Rejected(Violation(PipsRule.PLAYERS, "two to four players, each a different name"))
        return Accepted((Started(command.players),))
    if state is None:
        return Rejected(Violation(PipsRule.PLAYERS, "the game has not started"))
    if state.over:
        return Rejected(Violation(PipsRule.OVER, f"the game is over after {ROUNDS} rounds"))
    if not 0 <= command.points <= MOST:
        return Rejected(Violation(PipsRule.POINTS, f"a turn scores 0 to {MOST} points, not {command.points}"))
    return Accepted((Scored(state.current, command.points),))


def evolve(state: State | None, event: Event) -> State:
    if isinstance(event, Started):
        return State(event.players, (0,) * len(event.players))
    assert state is not None
    totals = tuple(t + event.points if seat == event.seat else t for seat, t in enumerate(state.totals))
    return State(state.players, totals, state.turns + 1)


def project(events: list[Event]) -> State:
    state: State | None = None
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise InputError("the log does not start with the game's setup")
    return state


@dataclass(frozen=True, slots=True)
class SeatTotal:
    name: str
    total: int
    rank: int
    hand: int | None = None


@dataclass(frozen=True, slots=True)
class Sheet:
    """The final score: each seat's total and rank (1 + the seats with more), the winners."""

    players: tuple[SeatTotal, ...]
    winners: tuple[str, ...]
    tie_break: str | None = None


def sheet(state: State) -> Sheet:
    seats = tuple(SeatTotal(n, t, 1 + sum(other > t for other in state.totals))
                  for n, t in zip(state.players, state.totals, strict=True))
    return Sheet(seats, tuple(s.name for s in seats if s.rank == 1))


# --- the codec --------------------------------------------------------------------------------------------------
VERSION = 1


def encode(event: Event) -> tuple[str, int, dict[str, Any]]:
    if isinstance(event, Started):
        return "pips.started", VERSION, {"players": list(event.players)}
    return "pips.scored", VERSION, {"seat": event.seat, "points": event.points}


def decode(name: str, version: int, payload: dict[str, Any]) -> Event:
    try:
        if name == "pips.started" and all(isinstance(p, str) for p in payload["players"]):
            return Started(tuple(payload["players"]))
        if name == "pips.scored" and isinstance(payload["seat"], int) and isinstance(payload["points"], int):
            return Scored(payload["seat"], payload["points"])
    except (KeyError, TypeError) as exc:
        raise InputError(f"{name}: {exc}") from None
    raise InputError(f"{name} is not an event of Pips")
