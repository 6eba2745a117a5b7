"""What the store hands out: plain frozen records and logged events, never ORM rows."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple, Protocol

# A game's event, as its engine defines it (each game package has its own events and codec).
Event = Any


class SeatScore(Protocol):
    """A seat's final result as every game's score sheet gives it."""

    @property
    def name(self) -> str: ...
    @property
    def total(self) -> int: ...
    @property
    def rank(self) -> int: ...
    @property
    def hand(self) -> int | None: ...


class FinalSheet(Protocol):
    """What the history keeps of any game's score sheet: per seat in seat order, the winners, the tie-break."""

    @property
    def players(self) -> Sequence[SeatScore]: ...
    @property
    def winners(self) -> Sequence[str]: ...
    @property
    def tie_break(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Undone:
    """A store-level fact: the action starting at `action` no longer counts, and why."""

    action: int
    reason: str


class LoggedEvent(NamedTuple):  # a tuple: made for every event recorded or read, at a third of a dataclass's cost
    seq: int
    action: int  # seq of the first event of the user action this belongs to
    event: Event | Undone
    recorded_at: datetime
    key: str | None  # the action's idempotency key (on its first event only)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    id: int
    name: str
    created_at: datetime
    merged_into: int | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    uid: str
    variant: str
    families: tuple[str, ...]
    characters: tuple[str, ...]
    rules: dict[str, str]
    players: tuple[str, ...]  # profile names in seat order
    player_ids: tuple[int, ...]
    status: str  # playing | finished
    source: str  # log | quick
    started_at: datetime
    finished_at: datetime | None
    tie_break: str | None
    last_seq: int  # 0 for a game without a log
    kind: str  # which game it is (games.kind): its events are read by that game's codec

    @property
    def finished(self) -> bool:
        return self.status == "finished"


class Appended(NamedTuple):
    first: int  # seq of the action's first event
    last: int
    duplicate: bool  # the idempotency key was already recorded: nothing new was written
    at: datetime | None = None  # when it was recorded (None for a duplicate)


@dataclass(frozen=True, slots=True)
class WholeGame:
    """A game with everything stored about it, for export and import: its row, its log (events as stored:
    type, version, payload) and its results."""

    uid: str
    variant: str
    families: tuple[str, ...]
    characters: tuple[str, ...]
    rules: dict[str, str]
    players: tuple[str, ...]  # names in seat order
    status: str
    source: str
    started_at: datetime
    finished_at: datetime | None
    tie_break: str | None
    events: tuple[StoredEvent, ...]
    results: tuple[dict[str, Any], ...]  # per seat: score, rank, winner, hand, sheet
    kind: str


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    action: int
    type: str
    version: int
    payload: dict[str, Any]
    recorded_at: datetime
    key: str | None


@dataclass(frozen=True, slots=True)
class Line:
    """A line of a player's statistics in one game: the facts their results gave it, added up (db/kinds.py)."""

    facet: str
    key: str
    games: int  # results that gave the line a fact
    count: int  # the facts' counts added up
    total: int  # their points added up
    best: int | None  # the most points (None: no fact of the line has points)
    valued: int  # facts with points


@dataclass(frozen=True, slots=True)
class Figures:
    """A player's statistics in one game: its lines, and their latest scores in it."""

    lines: tuple[Line, ...] = ()
    trend: tuple[tuple[int, datetime, int], ...] = ()  # (game, finished at, score), oldest first

    def facet(self, name: str) -> list[Line]:
        return [line for line in self.lines if line.facet == name]

    def line(self, facet: str, key: str) -> Line | None:
        return next((line for line in self.lines if line.facet == facet and line.key == key), None)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: PlayerRecord
    by_kind: Mapping[str, Figures] = field(default_factory=dict)

    def of(self, kind: str) -> Figures:
        """The player's figures in the game of `kind` (none: no lines, no trend)."""
        return self.by_kind.get(kind, Figures())


@dataclass(frozen=True, slots=True)
class HeadToHead:
    a: PlayerRecord
    b: PlayerRecord
    games: int  # finished games both played
    a_ahead: int  # a ranked above b
    b_ahead: int
    level: int  # same rank (a shared victory, or a tie lower down)


@dataclass(frozen=True, slots=True)
class Versus:
    """Two players' head-to-head records in each game (kind) both finished games of, and all of them added up."""

    a: PlayerRecord
    b: PlayerRecord
    by_kind: Mapping[str, HeadToHead] = field(default_factory=dict)

    @classmethod
    def of_rows(cls, a: PlayerRecord, b: PlayerRecord, rows: Sequence[tuple[str, int, int, int, int]]) -> Versus:
        """From the kept records' rows (kind, games, a ahead, b ahead, level), as every reader reads them."""
        return cls(a, b, {kind: HeadToHead(a, b, *figures) for kind, *figures in sorted(rows) if figures[0]})

    def of(self, kind: str) -> HeadToHead:
        """The record in the game of `kind` (none: no games together)."""
        return self.by_kind.get(kind, HeadToHead(self.a, self.b, 0, 0, 0, 0))

    @property
    def overall(self) -> HeadToHead:
        """Every game together, whatever the game."""
        counted = self.by_kind.values()
        return HeadToHead(self.a, self.b, sum(h.games for h in counted), sum(h.a_ahead for h in counted),
                          sum(h.b_ahead for h in counted), sum(h.level for h in counted))
