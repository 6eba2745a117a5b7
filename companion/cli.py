"""The `companion` command: the app, and the scripting interface of PRODUCT.md §3."""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from db.errors import UnknownRecord, Unusable
from db.location import default_url
from scoring.errors import InputError, MissingValue

if TYPE_CHECKING:
    from scoring.origami.cards import CardId
    from scoring.origami.catalog import Catalogue
    from scoring.origami.table import Table

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_BUG = 0, 1, 2, 3
EXIT_INTERRUPTED = 130  # the shells' convention for Ctrl+C


@dataclass(frozen=True, slots=True)
class Verb:
    """A verb whose module is imported only when that verb is used: `companion --help` and the other verbs never
    load it. The module has `add(verb)`, which adds the verb's arguments (see `_parser`), and, unless the verb is
    one of the older ones dispatched in `_run`, `run(args) -> (exit code, JSON data, text)`."""

    name: str
    help: str  # as the module's `add` gives it (a test checks the two agree)
    module: str
    add: str = "add_verb"
    run: str = "run"


# Every verb that lives in a module of its own, in the order `companion --help` lists them (after the table verbs).
# A new verb is one line here.
VERBS = (
    Verb("players", "player profiles: list them, or add, rename, merge (all games follow the merge)",
         "companion.history", "add_verbs"),
    Verb("games", "recorded games, newest first", "companion.history", "add_verbs"),
    Verb("history", "statistics: every player in brief, or one player in full, or two head to head",
         "companion.history", "add_verbs"),
    Verb("replay", "a game's log step by step, the state after each event, and the checks on it (exit 1 when a "
                   "check fails)", "companion.history", "add_verbs"),
    Verb("catalog", "every card with what is known and where it came from (? = not known yet); `catalog set CARD "
                    "FIELD VALUE` keeps a value you read off a card in your catalogue", "companion.catalog_cli"),
    Verb("share", "a finished game for BG Stats: the link that fills in the play, its QR code (--qr), or the play "
                  "as a file BG Stats opens (--save FILE); --location names where you play", "companion.share_cli"),
    Verb("export", "write games (every one, or those given with --game) to a file: the companion's own JSON "
                   "(players, full logs, results), BG Stats' export file, or CSV for spreadsheets",
         "companion.exchange_cli", "add_verbs"),
    Verb("import", "add the games of a companion export, or the Origami plays of a BG Stats export; games already "
                   "here are skipped, so importing twice adds nothing, and a bad file changes nothing",
         "companion.exchange_cli", "add_verbs"),
    Verb("serve", "the companion in a browser, and a read-only table for the phones at the table (this machine "
                  "only, unless --network)", "companion.serve_cli"),
    Verb("origin", "Origin Story: setup, tricks, rounds, scores, checks", "companion.origin.cli"),
    Verb("referee", "referee a whole position from a file: the setup, the table at the start of a turn and action "
                    "lines as typed at the table; exit 0 all accepted, 1 at the first refused line, 2 bad input",
         "companion.origami.referee_cli"),
)
_GLOBAL_VALUES = ("--catalog", "--db")  # the options before the verb that take a value


class _Version(argparse.Action):
    """`--version`: the installed version, looked up only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("origami-companion")
        except PackageNotFoundError:  # run from a source tree that is not installed
            number = "(not installed)"
        print(f"companion {number}")  # on standard output, as argparse's own version action prints
        parser.exit()


def _wanted(argv: Sequence[str]) -> str | None:
    """The verb on the command line, as argparse will find it: the first word that is not an option or an option's
    value (a global option may be abbreviated, as argparse allows)."""
    words = iter(argv)
    for word in words:
        if word == "--":
            return next(words, None)
        if word.startswith("-"):
            if "=" not in word and len(word) > 2 and [o for o in _GLOBAL_VALUES if o.startswith(word)]:
                next(words, None)
            continue
        return word
    return None


def _parser(wanted: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser, with the arguments of the `wanted` verb (every other verb is only named, with its
    help: its module stays unimported)."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table companion for Origami and Origami Legends (and, on the command line so far, Origin "
                    "Story: `companion origin --help`): referee, scorer and history.",
        epilog="Exit codes: 0 done; 1 the action checked is illegal; 2 bad input (the message says what "
               "and how to fix it); 3 an internal error (please report it).")
    parser.add_argument("--catalog", action="append", type=Path, default=[], metavar="FILE",
                        help="a catalogue file (TOML) of your own values over the shipped one; repeatable")
    parser.add_argument("--db", metavar="URL",
                        help="the database (an SQLAlchemy URL, e.g. sqlite:///games.db or "
                             "postgresql+psycopg://user@host/club); default: $COMPANION_DB, else a file in "
                             "your data folder")
    parser.add_argument("--version", action=_Version, help="print the companion's version and exit")
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND")

    def verb(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        return p

    _table_verbs(verb)
    for v in VERBS:
        if v.name != wanted:
            sub.add_parser(v.name, help=v.help)
            continue
        add = getattr(import_module(v.module), v.add)
        if v.name == "origin":  # it adds its own verbs under it
            add(sub)
            continue

        def only(name: str, help_text: str, wanted: str = v.name) -> argparse.ArgumentParser:
            # A module adding several verbs: the one asked for is built, the others are throwaways.
            return verb(name, help_text) if name == wanted else argparse.ArgumentParser(add_help=False)

        add(only)
    return parser


def _table_verbs(verb: Any) -> None:
    """The verbs about one table file, and the rules reference."""
    p = verb("score", "score a final table: a line per card, awards, ranks, winners and the tie-break")
    p.add_argument("table", type=Path, help="the table file (JSON)")
    p = verb("check", "is this Play One Origami legal from this position? exit 0 legal, 1 illegal")
    p.add_argument("table", type=Path)
    p.add_argument("--player", required=True, help="who plays (a name at the table)")
    p.add_argument("--play", required=True, metavar="CARD", help="the origami or Character played")
    p.add_argument("--pay", default="", metavar="CARD[,CARD…]", help="the cards discarded to pay")
    p.add_argument("--to", type=int, choices=(1, 2), help="the collection it goes on (omit to be told)")
    p.add_argument("--under", action="store_true", help="slide it under the collection (Snake)")
    p.add_argument("--discount", type=int, default=0, metavar="N",
                   help="folds off the price from an effect (Shell, Dolphin)")
    p.add_argument("--free", action="store_true", help="the play costs nothing (Lion, a Character's free play)")
    p = verb("payments", "every exact payment for a card from a hand, best first (fewest cards)")
    p.add_argument("table", type=Path)
    p.add_argument("--player", required=True)
    p.add_argument("--play", required=True, metavar="CARD")
    p.add_argument("--hand", required=True, metavar="CARD[,CARD…]", help="the cards in hand")
    p = verb("limit", "a player's hand limit and draw allowance, with each modifier named")
    p.add_argument("table", type=Path)
    p.add_argument("--player", required=True)
    p = verb("rules", "the rules reference: every rule id with its text; give words or an id to search")
    p.add_argument("query", nargs="*", help="rule id or words to look for")
    p.add_argument("--game", choices=("origami", "origin-story"), default="origami",
                   help="whose rules: origami (the default) or origin-story")
    p.add_argument("--players", metavar="N",
                   help="Origami: also say what each rule comes to with N players (2 to 5); Origin Story: only "
                        "the rules for 1, 2 or 3-5 players")


def _cards(text: str, table: Table, where: str) -> tuple[CardId, ...]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    return tuple(table.catalogue.lookup(n, table.variant.games, where=where).id for n in names)


def _table(path: Path, catalogue: Catalogue) -> Table:
    from scoring.origami.table import parse_table_text

    from .catalogue import read_text

    return parse_table_text(read_text(path, "table"), catalogue, str(path))


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else text)


def _run(args: argparse.Namespace) -> int:
    # Each branch imports what its verb needs, and only that.
    if args.verb in ("players", "games", "history", "replay"):
        from . import history

        code, data, text = history.run(args)
        _emit(args, data, text)
        return code
    if args.verb == "origin":
        from .origin import cli as origin_cli

        code, data, text = origin_cli.run(args)
        _emit(args, data, text)
        return code
    if args.verb == "rules" and args.game == "origin-story":
        from .origin import cli as origin_cli

        _emit(args, *origin_cli.rules(" ".join(args.query), args.players))
        return EXIT_OK
    if args.verb == "rules":
        from scoring.origami.rules import RULES, at_count

        players = _origami_players(args.players)
        query = " ".join(args.query).casefold()
        rules = [r for r in RULES.values()
                 if not query or query in f"{r.id} {r.title} {r.text}".casefold()]
        notes = {r.id: at_count(r.id, players) if players else None for r in rules}
        _emit(args, [{"id": str(r.id), "title": r.title, "text": r.text, "players": notes[r.id]} for r in rules],
              "\n\n".join(f"{r.id} — {r.title}\n{r.text}" + (f"\n{notes[r.id]}" if notes[r.id] else "")
                           for r in rules) or f"no rule mentions {query!r}")
        return EXIT_OK
    if args.verb in ("export", "import"):
        from . import exchange_cli

        data, text = exchange_cli.run(args, args.db or default_url())
        if args.verb == "export" and str(args.file) == "-":  # the export is standard output: the summary is not
            print(text, file=sys.stderr)
        else:
            _emit(args, data, text)
        return EXIT_BAD_INPUT if data.get("left_out") else EXIT_OK  # a damaged game was not exported
    if args.verb == "share":
        from . import share_cli

        _emit(args, *share_cli.run(args, args.db or default_url()))
        return EXIT_OK
    if args.verb == "serve":
        from . import serve_cli
        from .catalogue import load

        return serve_cli.run(args, args.db or default_url(), load(_catalogue_files(args)),
                             [f.resolve() for f in args.catalog])
    if args.verb == "catalog" and args.game == "origin-story":
        from .origin import catalogue as origin_catalogue

        url = args.db or default_url()
        catalogue = origin_catalogue.load(_catalogue_files(args), _stored_values(url))
        _emit(args, *origin_catalogue.run(args.words, catalogue, url))
        return EXIT_OK
    if args.verb == "catalog":
        from . import catalog_cli

        _emit(args, *catalog_cli.run(args, _user_catalogue(args), args.db or default_url()))
        return EXIT_OK
    if args.verb in ("score", "check", "payments", "limit"):
        return _table_verb(args)
    if args.verb == "referee":
        from .origami import referee_cli

        code, data, text = referee_cli.run(args, _user_catalogue(args))
        _emit(args, data, text)
        return code
    found = next(v for v in VERBS if v.name == args.verb)  # a verb added to VERBS: its module runs it
    code, data, text = getattr(import_module(found.module), found.run)(args)
    _emit(args, data, text)
    return int(code)


def _table_verb(args: argparse.Namespace) -> int:
    from scoring.origami.position import check_play, limits, payments
    from scoring.origami.sheet import score

    from .origami import render

    table = _table(args.table, _user_catalogue(args))
    if args.verb == "score":
        sheet = score(table)
        _emit(args, render.sheet_json(sheet), render.sheet_text(sheet))
        return EXIT_OK
    seat = table.seat(args.player)
    name = table.players[seat].name
    if args.verb == "limit":
        hand, draw = limits(table, seat)
        _emit(args, {"player": name, "hand_limit": render.allowance_json(hand), "draw": render.allowance_json(draw)},
              f"{name}: hand limit {render.allowance_text(hand)}; draw allowance "
              f"{render.allowance_text(draw)} folds")
        return EXIT_OK
    card = table.catalogue.lookup(args.play, table.variant.games, where="--play")
    if args.verb == "payments":
        due, found = payments(table, card, _cards(args.hand, table, "--hand"))
        lines = [" + ".join(p) if p else "(nothing)" for p in found]
        _emit(args, {"card": card.id, "price": render.allowance_json(due), "payments": [list(p) for p in found]},
              f"{card.id} costs {render.allowance_text(due)} fold(s). "
              + (f"{len(found)} exact payment(s), best first:\n  " + "\n  ".join(lines) if found
                 else "No exact payment from that hand."))
        return EXIT_OK
    if args.discount < 0:
        raise InputError("cannot be negative", where="--discount")
    result = check_play(table, seat, card, _cards(args.pay, table, "--pay"),
                        None if args.to is None else args.to - 1, args.under, args.discount, args.free)
    _emit(args, render.check_json(result), render.check_text(result, name))
    return EXIT_OK if result.legal else EXIT_ILLEGAL


def _origami_players(given: str | None) -> int | None:
    if given is None:
        return None
    from scoring.origami.rules import PLAYER_COUNTS

    if not given.strip().isdigit() or int(given) not in PLAYER_COUNTS:
        raise InputError(f"Origami is played by 2 to 5 players, not {given!r}", where="--players")
    return int(given)


def _user_catalogue(args: argparse.Namespace) -> Catalogue:
    """The shipped catalogue, the user's files over it, and the values kept in the database over those."""
    from .catalogue import load, with_values

    return with_values(load(_catalogue_files(args)), _stored_values(args.db or default_url()))


def _stored_values(url: str) -> list[tuple[str, str, Any]]:
    """The card values kept in the database: read with plain SQL from a SQLite file already up to date (no
    SQLAlchemy to import), else through the store (which creates nothing, and migrates or refuses as it must)."""
    from db.quick import card_values

    found = card_values(url)
    if found is not None:
        return found
    from .catalogue import stored_values

    return stored_values(url)


def _catalogue_files(args: argparse.Namespace) -> list[Path]:
    files: list[Path] = args.catalog
    return files + ([Path(os.environ["COMPANION_CATALOG"])] if os.environ.get("COMPANION_CATALOG") else [])


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    # `companion` alone starts the app: what parsing nothing gives, without building the parser first.
    args = (argparse.Namespace(catalog=[], db=None, verb=None) if not words
            else _parser(_wanted(words)).parse_args(words))
    try:
        if args.verb is None:
            from .app import make_app
            from .catalogue import load

            files = _catalogue_files(args)
            app = make_app(args.db, load(files) if files else None)
            app.run()
            return app.return_code or EXIT_OK  # a crash in the app is not a success for the shell
        return _run(args)
    except UnknownRecord as exc:
        hint = "; `companion games` lists them" if exc.kind == "game" else ""
        print(f"companion {args.verb}: {exc}{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Unusable as exc:
        print(f"companion {args.verb or ''}: {exc} (--db URL or COMPANION_DB picks it)".replace("  ", " "),
              file=sys.stderr)
        return EXIT_BAD_INPUT
    except InputError as exc:
        print(f"companion {args.verb or ''}: {exc}".replace("  ", " "), file=sys.stderr)
        return EXIT_BAD_INPUT
    except MissingValue as exc:
        given = getattr(args, "table", None) or getattr(args, "file", None)  # the file the value was needed for
        source = f"{given}: " if given else ""
        from .origami.advice import missing_message

        print(f"companion {args.verb}: {source}{missing_message(exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:  # Ctrl+C: the person stopped it; what was written is whole (one transaction)
        print(f"companion {args.verb or ''}: interrupted".replace("  ", " "), file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader stopped early (`| head`): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except RecursionError:
        print(f"companion {args.verb}: the input is nested too deeply to be a table file", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # never a traceback for a person at the table
        print(f"companion {args.verb}: internal error ({type(exc).__name__}: {exc}); please report it",
              file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
