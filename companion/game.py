"""What a game provides to the companion: the `Game` protocol. Shared code (the app, the command line, the history,
export and import, BG Stats, the phones' view, the store) never names a game: it asks the registry
(companion/games.py) for the game of a kind and calls what it provides here.

A game is one package in each layer: its rules in `scoring/<game>/`, its screens in `screens/<game>/`, its shell in
`companion/<game>/`, whose `__init__.py` defines `GAME`. That module must stay light (Home lists every game's
entries before its first paint): each method imports what it needs when called.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from db.kinds import Codec, Fact, Finished
    from db.records import GameRecord
    from db.stats import PlayerStats
    from db.store import Store

Output = tuple[int, Any, str | None]  # a verb's exit code, its JSON data and its text (None: it printed its own)


@dataclass(frozen=True, slots=True)
class Entry:
    """A line of Home's menu: the choice it posts (unique across games), its label, and the key that opens it from
    Home (`footer`: its name in the footer; None keeps it out of the footer, where room is short)."""

    choice: str
    label: str
    key: str | None = None
    footer: str | None = None


@dataclass(frozen=True, slots=True)
class Verb:
    """A verb of the command line whose module is imported only when that verb is used: `companion --help` and the
    other verbs never load it. The module's `add` adds the verb's arguments (given a function that makes the
    verb's parser, as `companion/cli.py` does) and its `run(args)` returns (exit code, JSON data, text)."""

    name: str
    help: str  # as the module's `add` gives it (a test checks the two agree)
    module: str
    add: str = "add_verb"
    run: str = "run"
    nested: bool = False  # the verb has verbs of its own: `add` takes the subparsers and adds its parser itself


@dataclass(frozen=True, slots=True)
class Statistics:
    """A game's block of a player's history: how many of its games they finished and won; the block as
    `companion history PLAYER --json` merges it into the player's object; its text headed by the player's name, and
    by the game's (`titled`: beside another game's block on the players screen); and their latest scores in it, the
    players screen's sparkline."""

    games: int
    wins: int
    data: dict[str, Any]
    text: str
    titled: str
    trend: tuple[int, ...] = ()


class PhoneView(Protocol):
    """What the phones following a game may see now (public facts only), as the served table's page shows it."""

    @property
    def title(self) -> str: ...
    @property
    def style(self) -> str:
        """The game's own rules of style, after the page's."""
        ...

    def fragment(self) -> str:
        """The part of the page that changes, as HTML (every name escaped: players type them)."""
        ...


class Game(Protocol):
    kind: str  # games.kind in the store and in export files; never changes
    name: str  # as players call it: "Origami"
    entries: tuple[Entry, ...]  # on Home, in order
    verbs: tuple[Verb, ...]  # on the command line (the game's own verbs, e.g. `origin …`)

    def title(self, variant: str) -> str:
        """The game as a line names it ("Origami Legends", "Origin Story solo")."""
        ...

    def codec(self) -> Codec:
        """Its events to and from the stored log."""
        ...

    def catalogue(self, files: Sequence[Path]) -> Any:
        """Its cards: the shipped catalogue with the user's catalogue files of this game over it."""
        ...

    def catalogue_verb(self, args: argparse.Namespace) -> tuple[Any, str]:
        """`companion catalog --game KIND …`: (JSON data, text)."""
        ...

    def rules(self, query: str, players: str | None) -> tuple[Any, str]:
        """`companion rules --game KIND [WORDS] [--players N]`: the rules reference, searched: (JSON data, text)."""
        ...

    def phone_view(self, store: Store, game: GameRecord, catalogue: Any) -> PhoneView:
        """A game of this kind on the phones' read-only table (`catalogue` as `catalogue` gave it)."""
        ...

    def facts(self, game: Finished) -> list[list[Fact]]:
        """What each seat's result of a finished game of this kind adds to its player's statistics (db/kinds.py)."""
        ...

    def statistics(self, stats: PlayerStats) -> Statistics:
        """The player's statistics in this game, from the store's lines of its kind (`stats.of(kind)`)."""
        ...
