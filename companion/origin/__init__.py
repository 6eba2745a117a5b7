"""Origin Story (Stonemaier Games): the game as the companion's registry knows it, with its solo opponents.

Light on purpose (Home lists the entries before its first paint): each method imports what it needs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring.i18n import N_

from ..game import Entry, Game, GamePackage, Verb

if TYPE_CHECKING:
    import argparse

    from db.kinds import Codec

KIND = "origin-story"  # games.kind in the store and in export files: never changes


class OriginStory(GamePackage):
    package = __name__
    kind = KIND
    name = "Origin Story"
    entries: tuple[Entry, ...] = (
        Entry("origin-new", N_("Origin Story: new game (3–5 players, or 2 with sidekicks)"), "o", "Origin Story"),
        Entry("origin-solo", N_("Origin Story: solo against Automaton and Factoryon"), "v", N_("Solo")),
        Entry("origin-quick", N_("Origin Story: quick score a finished game")),
        Entry("origin-rules", N_("Origin Story: rules reference")),
        Entry("origin-catalogue", N_("Origin Story: card catalogue")))
    screens = "screens.origin"
    verbs: tuple[Verb, ...] = (Verb("origin", N_("Origin Story: setup, tricks, rounds, scores, checks"),
                                    "companion.origin.cli", nested=True),)

    def title(self, variant: str) -> str:
        return variant  # the mode: table, duo or solo

    def codec(self) -> Codec:
        from scoring.origin import codec

        return codec  # a module with VERSION, encode and decode

    def catalogue_verb(self, args: argparse.Namespace) -> tuple[Any, str]:
        from db.location import default_url

        from ..catalogue import catalogue_files, stored_values
        from .catalogue import load, run

        url = args.db or default_url()
        return run(args.words, load(catalogue_files(args), stored_values(url, KIND)), url)


GAME: Game = OriginStory()
