"""What the store needs of the games it keeps, given to it when it is opened (`Store.open(url, kinds)`): the store
knows a game's kind (games.kind) and never its rules. The companion's registry of games (companion/games.py)
provides it."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol


class Codec(Protocol):
    """A game's events to and from the stored log (type names are stable per game, versions upcast)."""

    VERSION: int

    def encode(self, event: Any) -> tuple[str, int, dict[str, Any]]: ...

    def decode(self, name: str, version: int, payload: dict[str, Any]) -> Any: ...


class Seat(NamedTuple):
    """A seat's result of a finished game, as the history keeps it."""

    score: int | None  # None: not known (a play that kept only who won)
    rank: int
    winner: bool
    sheet: Mapping[str, Any]  # the game's own score sheet of the seat


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game as its statistics see it: its choices and each seat's result, in seat order."""

    variant: str
    families: tuple[str, ...]
    rules: Mapping[str, str]
    seats: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class Fact:
    """What a seat's result adds to a line (facet, key) of its player's statistics in that game: a count and, for a
    line of points, the points (None: not known). The store keeps the facts beside the results and, per player, game
    and line: how many results gave a fact, the counts added up, and the points added up, their best and how many
    results had them (db/tallies.py). A result gives at most one fact per line."""

    facet: str  # at most 16 characters
    key: str  # at most 40
    count: int
    value: int | None = None


class Kinds(Protocol):
    def codec(self, kind: str) -> Codec:
        """The codec of the events of a game of `kind`; InputError for a kind this companion does not know."""
        ...

    def facts(self, kind: str, game: Finished) -> Sequence[Sequence[Fact]]:
        """What each seat's result of a finished game of `kind` adds to its player's statistics, in seat order."""
        ...
