"""Origin Story (Stonemaier Games): the game as the companion's registry knows it, with its solo opponents.

Light on purpose (Home lists the entries before its first paint): each method imports what it needs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game import Entry, Game, Verb

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from pathlib import Path

    from db.kinds import Codec, Fact, Finished
    from db.records import GameRecord, WholeGame
    from db.stats import PlayerStats
    from db.store import Store

    from ..game import BgStats, GameController, Output, PhoneView, Statistics
    from ..shell import Shell

KIND = "origin-story"  # games.kind in the store and in export files: never changes

class OriginStory:
    kind = KIND
    name = "Origin Story"
    entries: tuple[Entry, ...] = (
        Entry("origin-new", "Origin Story: new game (3–5 players, or 2 with sidekicks)", "o", "Origin Story"),
        Entry("origin-solo", "Origin Story: solo against Automaton and Factoryon", "v", "Solo"),
        Entry("origin-quick", "Origin Story: quick score a finished game"),
        Entry("origin-rules", "Origin Story: rules reference"),
        Entry("origin-catalogue", "Origin Story: card catalogue"))
    screens = "screens.origin"
    verbs: tuple[Verb, ...] = (Verb("origin", "Origin Story: setup, tricks, rounds, scores, checks",
                                    "companion.origin.cli", nested=True),)

    def title(self, variant: str) -> str:
        return variant  # the mode: table, duo or solo

    def codec(self) -> Codec:
        from scoring.origin import codec

        return codec  # a module with VERSION, encode and decode

    def rules(self, query: str, players: str | None) -> tuple[Any, str]:
        from .cli import rules

        return rules(query, players)

    def catalogue_verb(self, args: argparse.Namespace) -> tuple[Any, str]:
        from db.location import default_url

        from ..catalogue import catalogue_files, stored_values
        from .catalogue import load, run

        url = args.db or default_url()
        return run(args.words, load(catalogue_files(args), stored_values(url, KIND)), url)

    def catalogue(self, files: Sequence[Path]) -> Any:
        from .catalogue import load

        return load(files)

    def phone_view(self, store: Store, game: GameRecord, catalogue: Any) -> PhoneView:
        from .watch import view

        return view(store, game)

    def read_export(self, data: dict[str, Any], uid: str, where: str, replay: bool) -> WholeGame:
        from .exchange import read_export

        return read_export(data, uid, where, replay)

    def bgstats(self) -> BgStats:
        from . import bgstats

        return bgstats

    def replay(self, store: Store, game: GameRecord) -> Output:
        from .replay import replayed

        return replayed(store, game)

    def controller(self, shell: Shell) -> GameController:
        from .controller import OriginController

        return OriginController(shell)

    def facts(self, game: Finished) -> list[list[Fact]]:
        from .statistics import facts

        return facts(game)

    def statistics(self, stats: PlayerStats) -> Statistics:
        from .statistics import statistics

        return statistics(stats)


GAME: Game = OriginStory()
