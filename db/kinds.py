"""What the store needs of the games it keeps, given to it when it is opened (`Store.open(url, kinds)`): the store
knows a game's kind (games.kind) and never its rules. The companion's registry of games (companion/games.py)
provides it."""
from __future__ import annotations

from typing import Any, Protocol


class Codec(Protocol):
    """A game's events to and from the stored log (type names are stable per game, versions upcast)."""

    VERSION: int

    def encode(self, event: Any) -> tuple[str, int, dict[str, Any]]: ...

    def decode(self, name: str, version: int, payload: dict[str, Any]) -> Any: ...


class Kinds(Protocol):
    def codec(self, kind: str) -> Codec:
        """The codec of the events of a game of `kind`; InputError for a kind this companion does not know."""
        ...
