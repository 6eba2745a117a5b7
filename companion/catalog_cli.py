"""`companion catalog [--game NAME]`: a game's cards with what is known and where each value came from, and the
values of the user's catalogue kept, shared and forgotten (each game says how: its `catalogue_verb`)."""
from __future__ import annotations

import argparse
from collections.abc import Callable

from scoring.i18n import _

from . import games
from .game import Output


def add_verb(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("catalog", _("every card with what is known and where it came from (? = not known yet); `catalog set "
                          "CARD FIELD VALUE` keeps a value you read off a card in your catalogue"))
    p.add_argument("words", nargs="*", metavar="WORD",
                   help=_("a name in any language, a family or a game to look for; or: set CARD FIELD VALUE"))
    kinds = games.kinds()
    p.add_argument("--game", choices=kinds, default=games.UNMARKED,
                   help=_("whose cards: {games}; {default} unless given").format(
                       games=", ".join(f"{k} ({games.game(k).name})" for k in kinds), default=games.UNMARKED))
    add_options(p)  # catalog export FILE, import FILE, unset CARD FIELD: sharing the values


def run(args: argparse.Namespace) -> Output:
    data, text = games.game(args.game).catalogue_verb(args)
    return 0, data, text


def add_options(p: argparse.ArgumentParser) -> None:
    """The options of `catalog export|import` on the `catalog` verb's parser."""
    p.add_argument("--by", metavar="NAME", help=_("catalog export: who entered the values (written beside each)"))
    p.add_argument("--replace", action="store_true",
                   help=_("catalog import: where the file's value differs from yours, take the file's"))
    p.add_argument("--qr", action="store_true",
                   help=_("catalog export: also draw the file as a QR code, for a phone to pass on"))
