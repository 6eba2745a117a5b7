"""What a game provides to the companion: the `Game` protocol. Shared code (the app, the command line, the history,
export and import, BG Stats, the phones' view, the store) never names a game: it asks the registry
(companion/games.py) for the game of a kind and calls what it provides here.

A game is one package in each layer: its rules in `scoring/<game>/`, its screens in `screens/<game>/`, its shell in
`companion/<game>/`, whose `__init__.py` defines `GAME`. That module must stay light (Home lists every game's
entries before its first paint): each method imports what it needs when called.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from textual.app import SystemCommand
    from textual.message import Message
    from textual.screen import Screen

    from db.kinds import Codec, Fact, Finished
    from db.records import GameRecord, WholeGame
    from db.stats import PlayerStats
    from db.store import Store

    from .bgstats import Play
    from .bgstats_export import Box, Exported
    from .shell import Shell

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


class Controller(Protocol):
    """A part of the app (a game's, or the players' history): it opens its screens and records what they ask for.
    The app owns one per part, made when first used; its screens reach it by messages (`handlers`)."""

    def handlers(self) -> Mapping[type[Message], Callable[[Any], object]]:
        """The messages its screens post and what handles each (the app routes them by type)."""
        ...

    def open(self, choice: str) -> None:
        """One of its Home entries was chosen, the database open or still opening: a game's screen is pushed at once
        (its frame), what it shows of the database given to its fill once the database is open
        (`Shell.give_when_open`, screens/given.py)."""

    def follow(self) -> None:
        """Another window (or machine) may have recorded on the game it shows: show that (one small read)."""

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's entries it offers while `screen` is on top."""
        ...


class GameController(Controller, Protocol):
    """A game's part of the app: its games in progress and finished, too."""

    def resume(self, game_id: int) -> None:
        """Carry on with one of its games in progress."""

    def show_finished(self, game: GameRecord, results: list[dict[str, Any]]) -> None:
        """One of its finished games, from the history: its score sheet."""


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


class BgStats(Protocol):
    """How a game's plays look to BG Stats: sent one at a time (createPlay), written in its export file and read
    back from its files (companion/share.py, bgstats_export.py and bgstats.py ask these)."""

    @property
    def BOXES(self) -> Mapping[str, Box]:  # noqa: N802 (a module's constant)
        """The game's boxes (BG Stats keeps one game per box; an expansion is a box)."""
        ...
    @property
    def TITLES(self) -> Mapping[str, str]:  # noqa: N802
        """The titles BG Stats knows a box by (folded: bgstats.title_key) -> its box key."""
        ...
    @property
    def FEWEST(self) -> int:  # noqa: N802
        """The players a play of it has at least."""
        ...
    @property
    def WINNERS_ONLY(self) -> bool:  # noqa: N802
        """Whether a play that kept only who won joins the history (its points unknown)."""
        ...

    def created(self, store: Store, game: GameRecord, results: list[dict[str, Any]],
                location: str | None) -> dict[str, Any]:
        """The createPlay payload of a finished game."""
        ...

    def exported(self, game: WholeGame) -> Exported:
        """What the export file says of a finished game: its box and expansions, its seats, its comment."""
        ...

    def box(self, variant: str) -> str:
        """The box (a key of BOXES) a play of this variant is recorded under."""
        ...

    def variant(self, box: str, play: dict[str, Any], boxes: dict[int, tuple[str, str]], where: str) -> str:
        """The variant of a play of `box` in a file (`boxes`: the file's game ids -> (kind, box))."""
        ...

    def read(self, play: Play, where: str) -> Play:
        """A play read from a file as this game sees it (its own seats taken out of the players…)."""
        ...

    def whole_game(self, play: Play, names: dict[str, str]) -> WholeGame:
        """The play as a finished game of the history, `names`: each BG Stats name -> the profile it goes to."""
        ...


class Game(Protocol):
    kind: str  # games.kind in the store and in export files; never changes
    name: str  # as players call it: "Origami"
    entries: tuple[Entry, ...]  # on Home, in order
    verbs: tuple[Verb, ...]  # on the command line (the game's own verbs, e.g. `origin …`)
    screens: str  # the package of its screens (their messages go to its controller)

    def title(self, variant: str) -> str:
        """A variant as people name it ("Origami Legends"; Origin Story's modes: "solo")."""
        ...

    def codec(self) -> Codec:
        """Its events to and from the stored log."""
        ...

    def replay(self, store: Store, game: GameRecord) -> Output:
        """`companion replay GAME`: its log step by step, the checks after each event (exit 1 when one fails)."""
        ...

    def read_export(self, data: dict[str, Any], uid: str, where: str, replay: bool) -> WholeGame:
        """One game of this kind in a companion export, every field checked and its log replayed (unless `replay` is
        False: a second reading of a game already checked); InputError names what is wrong and where."""
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

    def bgstats(self) -> BgStats: ...

    def controller(self, shell: Shell) -> GameController:
        """Its part of the app (companion/shell.py: what the app offers it)."""
        ...

    def facts(self, game: Finished) -> list[list[Fact]]:
        """What each seat's result of a finished game of this kind adds to its player's statistics (db/kinds.py)."""
        ...

    def statistics(self, stats: PlayerStats) -> Statistics:
        """The player's statistics in this game, from the store's lines of its kind (`stats.of(kind)`)."""
        ...


_IMPORTED: dict[str, Any] = {}  # GamePackage's modules, by path, once imported


class GamePackage:
    """The Game protocol as a game's shell package meets it when each role lives in the module named for it, as in
    every game's package here (the same role under the same name): `controller.Controller`, `exchange.read_export`,
    `replay.replayed`, `statistics.facts` and `statistics.statistics`, `watch.view`, the module `bgstats`,
    `catalogue.load`, `cli.rules`. Each module is imported when first used: the game's `__init__` stays light. A
    game defines the rest (its kind, names, entries, verbs, codec, catalogue verb) and overrides what it lays out
    otherwise."""

    package: str  # the game's shell package, e.g. "companion.origami"

    def _module(self, name: str) -> Any:
        # Kept once imported (never sys.modules' entry: another thread may be importing it): import_module's own
        # path costs more, paid per game of an import.
        path = f"{self.package}.{name}"
        found = _IMPORTED.get(path)
        if found is None:
            found = _IMPORTED[path] = import_module(path)
        return found

    def replay(self, store: Store, game: GameRecord) -> Output:
        output: Output = self._module("replay").replayed(store, game)
        return output

    def read_export(self, data: dict[str, Any], uid: str, where: str, replay: bool) -> WholeGame:
        whole: WholeGame = self._module("exchange").read_export(data, uid, where, replay)
        return whole

    def catalogue(self, files: Sequence[Path]) -> Any:
        return self._module("catalogue").load(files)

    def rules(self, query: str, players: str | None) -> tuple[Any, str]:
        found: tuple[Any, str] = self._module("cli").rules(query, players)
        return found

    def phone_view(self, store: Store, game: GameRecord, catalogue: Any) -> PhoneView:
        view: PhoneView = self._module("watch").view(store, game, catalogue)
        return view

    def bgstats(self) -> BgStats:
        module: BgStats = self._module("bgstats")
        return module

    def controller(self, shell: Shell) -> GameController:
        controller: GameController = self._module("controller").Controller(shell)
        return controller

    def facts(self, game: Finished) -> list[list[Fact]]:
        found: list[list[Fact]] = self._module("statistics").facts(game)
        return found

    def statistics(self, stats: PlayerStats) -> Statistics:
        block: Statistics = self._module("statistics").statistics(stats)
        return block
