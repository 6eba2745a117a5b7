"""The registry of games: which games the companion knows, each loaded when first asked for.

Shared code asks here for the game of a kind (`game(kind)`) or for every game (`every()`), and never names one.
A game's package (`companion/<game>/`) defines `GAME`, an object of the `Game` protocol (companion/game.py); its
`__init__` is light, so listing the games costs a few small imports. A game from elsewhere (a plug-in, the tests'
example game) joins with `register(GAME)`. Learnt from python-chess's VARIANTS and harlequin's adapters.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from scoring.errors import InputError
from scoring.i18n import _

if TYPE_CHECKING:
    from db.kinds import Codec, Fact, Finished

    from .game import Game

# The games that come with the companion: kind (as the store and the files say it) -> the package defining GAME.
BUILT_IN: dict[str, str] = {"origami": "companion.origami", "origin-story": "companion.origin"}
# Export files of version 1 and the oldest databases name no kind: those games are Origami's.
UNMARKED = "origami"

_loaded: dict[str, Game] = {}
_added: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add a game (after the built-in ones, in the order registered); a kind already known is refused."""
    if game.kind in BUILT_IN or game.kind in _added:
        raise ValueError(_("a game of kind {kind!r} is already registered").format(kind=game.kind))
    _added[game.kind] = game


def unregister(kind: str) -> None:
    """Take back a game added with `register` (the tests' example game, once its test is done)."""
    _added.pop(kind, None)


def kinds() -> tuple[str, ...]:
    return (*BUILT_IN, *_added)


def known(kind: str) -> bool:
    return kind in BUILT_IN or kind in _added


def game(kind: str) -> Game:
    """The game of `kind`; InputError for a kind this companion does not know (a row written by a newer one)."""
    found = _loaded.get(kind) or _added.get(kind)
    if found is not None:
        return found
    if kind not in BUILT_IN:
        raise InputError(_("a game of kind {kind!r} is not one this companion knows: written by a newer companion?")
                         .format(kind=kind))
    loaded: Game = import_module(BUILT_IN[kind]).GAME
    _loaded[kind] = loaded
    return loaded


def every() -> list[Game]:
    return [game(kind) for kind in kinds()]


def codec(kind: str) -> Codec:
    """The codec of a game's events (what the store needs to read and write its log)."""
    return game(kind).codec()


def read_event(kind: str, name: str, version: int, payload: Any) -> Any:
    """A stored event of a game of `kind` (old versions upcast) as that game's event, or the log's own `Undone`."""
    from db.upcast import read

    return read(codec(kind), name, version, payload)


def facts(kind: str, finished: Finished) -> list[list[Fact]]:
    """What each seat's result of a finished game adds to its player's statistics (what the store keeps of them)."""
    return game(kind).facts(finished)


class Kinds:
    """The registry as the store asks it (db/kinds.py), given to `Store.open`: the store knows each game's kind,
    never its rules."""

    def codec(self, kind: str) -> Codec:
        return codec(kind)

    def facts(self, kind: str, game: Finished) -> list[list[Fact]]:
        return facts(kind, game)


KINDS = Kinds()
