"""Origami and Origami Legends (dV Giochi), and the two mixed: the game as the companion's registry knows it.

Light on purpose (Home lists the entries before its first paint): each method imports what it needs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring.i18n import N_

from ..game import Entry, Game, GamePackage, Verb

if TYPE_CHECKING:
    import argparse

    from db.kinds import Codec

KIND = "origami"  # games.kind in the store and in export files: never changes
VARIANTS = {"origami": "Origami", "legends": "Origami Legends", "mixed": "Origami and Origami Legends"}
VERB_HELP = {
    "score": N_("score a final table: a line per card, awards, ranks, winners and the tie-break"),
    "check": N_("is this Play One Origami legal from this position? exit 0 legal, 1 illegal"),
    "payments": N_("every exact payment for a card from a hand, best first (fewest cards)"),
    "limit": N_("a player's hand limit and draw allowance, with each modifier named"),
    "referee": N_("referee a whole position from a file: the setup, the table at the start of a turn and action "
                  "lines as typed at the table; exit 0 all accepted, 1 at the first refused line, 2 bad input"),
}


class Origami(GamePackage):
    package = __name__
    kind = KIND
    name = "Origami"
    entries: tuple[Entry, ...] = (Entry("new", N_("Origami: new game"), "n", "Origami"),
               Entry("quick", N_("Origami: quick score a finished game"), "s", N_("Quick score")),
               Entry("catalogue", N_("Origami: card catalogue"), "c"),  # in the menu: the footer has no room
               Entry("rules", N_("Origami: rules reference"), "r"))
    screens = "screens.origami"
    verbs: tuple[Verb, ...] = tuple(Verb(name, text, "companion.origami.cli", "add_verbs")
                                    for name, text in VERB_HELP.items())

    def title(self, variant: str) -> str:
        return VARIANTS.get(variant, variant)

    def codec(self) -> Codec:
        from scoring.origami import codec

        return codec  # a module with VERSION, encode and decode

    def catalogue_verb(self, args: argparse.Namespace) -> tuple[Any, str]:
        from db.location import default_url

        from ..catalogue import catalogue_files, stored_values
        from .catalog_cli import run
        from .catalogue import load, with_values

        url = args.db or default_url()
        return run(args, with_values(load(catalogue_files(args)), stored_values(url, KIND)), url)


GAME: Game = Origami()
