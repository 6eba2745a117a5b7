"""Origami's verbs of the command line (PRODUCT.md §3, a contract): about one table file (`score`, `check`,
`payments`, `limit`), a whole position refereed from a file (`referee`), and its rules reference (`rules`).

`referee` holds the game's setup, the table at the start of a turn and the action lines as typed at the table;
each line is refereed in turn: exit 0 when every line is accepted, 1 at the first refused line (nothing after it
is run), 2 for bad input. Heavy imports wait for `run`, so `companion --help` stays quick."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring.errors import InputError, MissingValue
from scoring.i18n import _, ngettext

if TYPE_CHECKING:
    from scoring.origami.cards import CardId
    from scoring.origami.catalog import Catalogue
    from scoring.origami.table import Table

    from ..game import Output

from ..languages import searchable
from . import KIND
from . import VERB_HELP as HELP

EXIT_OK, EXIT_ILLEGAL = 0, 1


def add_verbs(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    def said(name: str) -> argparse.ArgumentParser:
        return verb(name, _(HELP[name]))  # marked where it is declared (companion/origami/__init__.py)

    p = said("score")
    p.add_argument("table", type=Path, help=_("the table file (JSON); - reads standard input"))
    p = said("check")
    p.add_argument("table", type=Path)
    p.add_argument("--player", required=True, help=_("who plays (a name at the table)"))
    p.add_argument("--play", required=True, metavar="CARD", help=_("the origami or Character played"))
    p.add_argument("--pay", default="", metavar="CARD[,CARD…]", help=_("the cards discarded to pay"))
    p.add_argument("--to", type=int, choices=(1, 2), help=_("the collection it goes on (omit to be told)"))
    p.add_argument("--under", action="store_true", help=_("slide it under the collection (Snake)"))
    p.add_argument("--discount", type=int, default=0, metavar="N",
                   help=_("folds off the price from an effect (Shell, Dolphin)"))
    p.add_argument("--free", action="store_true", help=_("the play costs nothing (Lion, a Character's free play)"))
    p = said("payments")
    p.add_argument("table", type=Path)
    p.add_argument("--player", required=True)
    p.add_argument("--play", required=True, metavar="CARD")
    p.add_argument("--hand", required=True, metavar="CARD[,CARD…]", help=_("the cards in hand"))
    p = said("limit")
    p.add_argument("table", type=Path)
    p.add_argument("--player", required=True)
    p = said("referee")
    p.add_argument("file", type=Path, help=_("the game file (JSON): game, players, families, characters, cards, "
                                             "rules, position, actions"))


def run(args: argparse.Namespace) -> Output:
    from db.location import default_url

    from ..catalogue import catalogue_files, stored_values
    from .advice import missing_message
    from .catalogue import load, with_values

    catalogue = with_values(load(catalogue_files(args)), stored_values(args.db or default_url(), KIND))
    try:
        return _referee(args, catalogue) if args.verb == "referee" else _table_verb(args, catalogue)
    except MissingValue as missing:  # the value a file needed, and how to give it
        given = args.file if args.verb == "referee" else args.table
        raise InputError(missing_message(missing, catalogue), where=str(given)) from None


def _table_verb(args: argparse.Namespace, catalogue: Catalogue) -> Output:
    from scoring.origami.position import check_play, limits, payments
    from scoring.origami.sheet import score

    from . import render

    table = _table(args.table, catalogue)
    if args.verb == "score":
        sheet = score(table)
        return EXIT_OK, render.sheet_json(sheet), render.sheet_text(sheet, catalogue)
    seat = table.seat(args.player)
    name = table.players[seat].name
    if args.verb == "limit":
        hand, draw = limits(table, seat)
        return (EXIT_OK, {"player": name, "hand_limit": render.allowance_json(hand),
                          "draw": render.allowance_json(draw)},
                _("{name}: hand limit {hand}; draw allowance {draw}").format(
                    name=name, hand=render.allowance_text(hand), draw=render.fold_count(draw)))
    card = table.catalogue.lookup(args.play, table.variant.games, where="--play")
    if args.verb == "payments":
        due, found = payments(table, card, _cards(args.hand, table, "--hand"))
        lines = [" + ".join(p) if p else _("(nothing)") for p in found]
        return (EXIT_OK, {"card": card.id, "price": render.allowance_json(due), "payments": [list(p) for p in found]},
                _("{card} costs {price}.").format(card=card.id, price=render.fold_count(due)) + " "
                + (ngettext("{n} exact payment, best first:", "{n} exact payments, best first:", len(found)).format(
                    n=len(found)) + "\n  " + "\n  ".join(lines) if found
                   else _("No exact payment from that hand.")))
    if args.discount < 0:
        raise InputError(_("cannot be negative"), where="--discount")
    result = check_play(table, seat, card, _cards(args.pay, table, "--pay"),
                        None if args.to is None else args.to - 1, args.under, args.discount, args.free)
    return (EXIT_OK if result.legal else EXIT_ILLEGAL), render.check_json(result), render.check_text(result, name)


def _cards(text: str, table: Table, where: str) -> tuple[CardId, ...]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    return tuple(table.catalogue.lookup(n, table.variant.games, where=where).id for n in names)


def _table(path: Path, catalogue: Catalogue) -> Table:
    from scoring.origami.table import parse_table_text

    from ..catalogue import read_text

    return parse_table_text(read_text(path, "table"), catalogue, str(path))


def _referee(args: argparse.Namespace, catalogue: Catalogue) -> Output:
    """Referee the file. A bad file is an InputError (or a MissingValue) naming it."""
    from scoring.origami.game_file import parse_game_file_text, referee

    from ..catalogue import read_text

    game = parse_game_file_text(read_text(args.file, "game"), catalogue, str(args.file))
    lines, _state = referee(game)
    out = []
    for n, line in enumerate(lines, start=1):
        mark = "✓" if line.accepted else f"✗ {line.rule}:"
        out.append(f"{n}. {line.line}\n   {mark} {line.why}")
    accepted = all(line.accepted for line in lines)
    if accepted:
        out.append(ngettext("{n} line refereed: all accepted", "{n} lines refereed: all accepted",
                            len(lines)).format(n=len(lines)))
    else:
        rest = len(game.actions) - len(lines)
        after = ngettext("; the {n} line after it was not run", "; the {n} lines after it were not run", rest)
        out.append(_("refused at line {n}").format(n=len(lines)) + (after.format(n=rest) if rest else ""))
    return (EXIT_OK if accepted else EXIT_ILLEGAL), {"lines": [line.as_json() for line in lines]}, "\n".join(out)


def rules(query: str, players: str | None) -> tuple[Any, str]:
    """`companion rules [WORDS|ID] [--players N]`: every rule id with its text, and what it comes to with N
    players."""
    from scoring.origami.rules import PLAYER_COUNTS, RULES, at_count

    if players is not None and (not players.strip().isdigit() or int(players) not in PLAYER_COUNTS):
        raise InputError(_("Origami is played by 2 to 5 players, not {players!r}").format(players=players),
                         where="--players")
    count = int(players) if players is not None else None
    wanted = query.casefold()
    searched = searchable(RULES.values()) if wanted else {}
    found = [r for r in RULES.values() if not wanted or wanted in searched[r.id]]
    notes = {r.id: at_count(r.id, count) if count else None for r in found}
    return ([{"id": str(r.id), "title": r.title, "text": r.text, "players": notes[r.id]} for r in found],
            "\n\n".join(f"{r.id} — {_(r.title)}\n{_(r.text)}" + (f"\n{notes[r.id]}" if notes[r.id] else "")
                        for r in found) or _("no rule mentions {query!r}").format(query=wanted))
