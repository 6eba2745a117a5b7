"""The `companion` command: the app, and the scripting interface of PRODUCT.md §3."""
from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any

from db.errors import UnknownRecord, Unusable
from scoring.errors import InputError, MissingValue
from scoring.i18n import ENGLISH, LANGUAGES, N_, _, listing

from . import games, settings
from .game import Output, Verb
from .languages import from_environment, use

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_BUG = 0, 1, 2, 3
EXIT_INTERRUPTED = 130  # the shells' convention for Ctrl+C

# The verbs every game shares, in the order `companion --help` lists them after the games' own (each game's are
# in its `verbs`, companion/<game>/__init__.py). A new shared verb is one line here.
RULES_HELP = N_("the rules reference: every rule id with its text; give words or an id to search")
SHARED = (
    Verb("rules", RULES_HELP, "companion.cli", "add_rules", "run_rules"),
    Verb("players", N_("player profiles: list them, or add, rename, merge (all games follow the merge)"),
         "companion.history", "add_verbs"),
    Verb("games", N_("recorded games, newest first"), "companion.history", "add_verbs"),
    Verb("history", N_("statistics: every player in brief, or one player in full, or two head to head"),
         "companion.history", "add_verbs"),
    Verb("replay", N_("a game's log step by step, the state after each event, and the checks on it (exit 1 when "
                      "a check fails)"), "companion.history", "add_verbs"),
    Verb("catalog", N_("every card with what is known and where it came from (? = not known yet); `catalog set "
                       "CARD FIELD VALUE` keeps a value you read off a card in your catalogue"),
         "companion.catalog_cli"),
    Verb("share", N_("a finished game for BG Stats: the link that fills in the play, its QR code (--qr), or the "
                     "play as a file BG Stats opens (--save FILE); --location names where you play"),
         "companion.share_cli"),
    Verb("export", N_("write games (every one, or those given with --game) to a file: the companion's own JSON "
                      "(players, full logs, results), BG Stats' export file, or CSV for spreadsheets"),
         "companion.exchange_cli", "add_verbs"),
    Verb("import", N_("add the games of a companion export, or the Origami and Origin Story plays of a BG Stats "
                      "export (- reads standard input); games already here are skipped, so importing twice adds "
                      "nothing, and a bad file changes nothing"),
         "companion.exchange_cli", "add_verbs"),
    Verb("serve", N_("the companion in a browser, and a read-only table for the phones at the table (this "
                     "machine only, unless --network)"), "companion.serve_cli"),
)
_GLOBAL_VALUES = ("--catalog", "--db", "--lang", "--print-completion")  # the options before the verb taking a value
SHELLS = ("bash", "zsh", "tcsh")  # those shtab writes completion scripts for
# argparse's own words that a person reads (Python 3.11's): argparse looks each up when it is shown, through the
# gettext function it imported as `_`, which _speak points at the companion's catalogues. Listed for them only.
ARGPARSE_WORDS = (N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
                  N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
                  N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
                  N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
                  N_("expected one argument"), N_("ambiguous option: %(option)s could match %(matches)s"))


def verbs() -> list[Verb]:
    """Every verb: each game's own, then the shared ones."""
    return [*(v for g in games.every() for v in g.verbs), *SHARED]


class _Parser(argparse.ArgumentParser):
    """argparse's parser, and a mistyped choice (a verb, a game) gets the nearest one: "did you mean 'score'?".
    The verbs' parsers are of this class too (argparse makes subparsers of their parent's class)."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            near = difflib.get_close_matches(str(value), [str(c) for c in action.choices], n=1)
            if near:
                raise argparse.ArgumentError(action, _("invalid choice: {value!r}; did you mean {near!r}?")
                                             .format(value=value, near=near[0]))
        super()._check_value(action, value)


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
            number = _("(not installed)")
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
            if "=" not in word and _global_value(word):
                next(words, None)
            continue
        return word
    return None


def _global_value(word: str) -> str | None:
    """The global option taking a value that `word` names (in full or abbreviated, as argparse allows)."""
    named = [o for o in _GLOBAL_VALUES if o.startswith(word)] if len(word) > 2 else []
    return named[0] if len(named) == 1 else None


def _speak(argv: Sequence[str]) -> None:
    """Speak the language of `--lang` (before the verb), else the one last chosen on Home, else the locale's, else
    English. An unknown `--lang` is left to argparse, which says which ones there are."""
    words = iter(argv)
    given = None
    for word in words:
        if word == "--" or not word.startswith("-"):  # the verb: what follows is its own
            break
        name, equals, value = word.partition("=")
        option = _global_value(name)
        if option and not equals:  # `--db URL`: the URL is the option's, not the verb
            value = next(words, "")
        if option == "--lang":
            given = value
    use(given if given in LANGUAGES else settings.language() or from_environment() or ENGLISH)
    vars(argparse)["_"] = _  # argparse's own words (ARGPARSE_WORDS) too


class _Completion(argparse.Action):
    """`--print-completion SHELL`: the shell's completion script for every verb and its arguments (shtab), the one
    time every verb's module is loaded."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        import shtab

        whole = _parser(every=True)
        for each in _parsers(whole):
            for action in each._actions:
                if action.type is Path:  # a file argument completes file names
                    action.complete = shtab.FILE  # type: ignore[attr-defined]
        print(shtab.complete(whole, shell=values))
        parser.exit()


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """The parser and every verb's parser below it."""
    below = [p for a in parser._actions if isinstance(a, argparse._SubParsersAction) for p in a.choices.values()]
    return [parser, *(q for p in below for q in _parsers(p))]


def _parser(wanted: str | None = None, every: bool = False) -> argparse.ArgumentParser:
    """The command line's parser, with the arguments of the `wanted` verb (every other verb is only named, with its
    help: its module stays unimported), or of `every` verb."""
    parser = _Parser(
        prog="companion",
        description=_("Table companion for {games}: referee, scorer and history.")
        .format(games=listing([g.name for g in games.every()])),
        epilog=_("Exit codes: 0 done; 1 the action checked is illegal; 2 bad input (the message says what and how "
                 "to fix it); 3 an internal error (please report it)."))
    parser.add_argument("--catalog", action="append", type=Path, default=[], metavar="FILE",
                        help=_("a catalogue file (TOML) of your own values over the shipped one; repeatable"))
    parser.add_argument("--db", metavar="URL",
                        help=_("the database (an SQLAlchemy URL, e.g. sqlite:///games.db or "
                               "postgresql+psycopg://user@host/club); default: $COMPANION_DB, else a file in your "
                               "data folder"))
    parser.add_argument("--lang", choices=LANGUAGES, metavar="LANG", default=argparse.SUPPRESS,  # read by _speak
                        help=_("the language of the screens and messages: {languages}; default: the one last "
                               "chosen on Home, else the locale's ($LANG), else English")
                        .format(languages=", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())))
    parser.add_argument("--json", action="store_true", dest="json_first", default=argparse.SUPPRESS,
                        help=_("print JSON instead of text (as the command's own --json)"))
    parser.add_argument("-V", "--version", action=_Version, help=_("print the companion's version and exit"))
    parser.add_argument("--print-completion", action=_Completion, choices=SHELLS, metavar="SHELL",
                        default=argparse.SUPPRESS,
                        help=_("print the completion script for SHELL (bash, zsh or tcsh) and exit"))
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND")

    def verb(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
        return p

    for v in verbs():
        if not every and v.name != wanted:
            sub.add_parser(v.name, help=_(v.help))
            continue
        if v.name in sub.choices:  # built with another verb of its module (every verb's wanted)
            continue
        add = getattr(import_module(v.module), v.add)
        if v.nested:  # a verb with verbs of its own adds its parser itself
            add(sub)
            continue

        def only(name: str, help_text: str, wanted: str = v.name) -> argparse.ArgumentParser:
            # A module adding several verbs: the one asked for is built, the others are throwaways.
            return verb(name, help_text) if every or name == wanted else argparse.ArgumentParser(add_help=False)

        add(only)
    return parser


def add_rules(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("rules", _(RULES_HELP))
    p.add_argument("query", nargs="*", help=_("rule id or words to look for"))
    kinds = games.kinds()
    p.add_argument("--game", choices=kinds, default=games.UNMARKED,
                   help=_("whose rules: {games}; {default} unless given")
                   .format(games=", ".join(f"{k} ({games.game(k).name})" for k in kinds), default=games.UNMARKED))
    p.add_argument("--players", metavar="N",
                   help=_("the rules as they stand for N players (each game says which counts it is played by)"))


def run_rules(args: argparse.Namespace) -> Output:
    data, text = games.game(args.game).rules(" ".join(args.query), args.players)
    return EXIT_OK, data, text


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else text)


def _run(args: argparse.Namespace) -> int:
    """The verb's module runs it (imported now, and only it): it returns its exit code, its JSON data and its text
    (None: it printed what it had to say itself)."""
    found = next(v for v in verbs() if v.name == args.verb)
    code, data, text = getattr(import_module(found.module), found.run)(args)
    if text is not None:
        _emit(args, data, text)
    return int(code)


def _parse(words: list[str]) -> argparse.Namespace:
    """The command line read; `--json` before the verb is the verb's own."""
    if not words:  # `companion` alone starts the app: what parsing nothing gives, without building the parser
        return argparse.Namespace(catalog=[], db=None, verb=None)
    parser = _parser(_wanted(words))
    args = parser.parse_args(words)
    if vars(args).pop("json_first", False):
        if args.verb is None:
            parser.error(_("--json goes with a command, e.g. `companion --json games`"))
        args.json = True
    return args


def _interrupted(verb: str | None) -> int:
    """Ctrl+C: said in a word, never a traceback; what was written is whole (one transaction)."""
    _say(verb, _("interrupted"))
    return EXIT_INTERRUPTED


def _say(verb: str | None, message: str) -> None:
    """A message on standard error, after the command it is about."""
    print(f"companion {verb or ''}: {message}".replace("  ", " "), file=sys.stderr)


def _reader_gone() -> int:
    """The reader stopped early (`| head`): not an error, and nothing more to say to it."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        _speak(words)
        args = _parse(words)  # the verb's module loads now
        if getattr(args, "json", False):  # for programs: the same words in every language, as the keys and ids
            use(ENGLISH)
    except KeyboardInterrupt:
        return _interrupted(_wanted(words))
    except BrokenPipeError:  # `--help | head`
        return _reader_gone()
    try:
        if args.verb is None:
            from .app import make_app
            from .catalogue import catalogue_files

            app = make_app(args.db, files=catalogue_files(args))
            app.run()
            return app.return_code or EXIT_OK  # a crash in the app is not a success for the shell
        return _run(args)
    except UnknownRecord as exc:
        hint = _("; `companion games` lists them") if exc.kind == "game" else ""
        print(f"companion {args.verb}: {exc}{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Unusable as exc:
        _say(args.verb, _("{problem} (--db URL or COMPANION_DB picks it)").format(problem=exc))
        return EXIT_BAD_INPUT
    except InputError as exc:
        _say(args.verb, str(exc))
        return EXIT_BAD_INPUT
    except MissingValue as exc:  # a game's verb words its own advice; this is what any value nobody knows says
        given = getattr(args, "table", None) or getattr(args, "file", None)  # the file the value was needed for
        source = f"{given}: " if given else ""
        print(f"companion {args.verb}: {source}{exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return _interrupted(args.verb)
    except BrokenPipeError:
        return _reader_gone()
    except RecursionError:
        _say(args.verb, _("the input is nested too deeply to be a table file"))
        return EXIT_BAD_INPUT
    except Exception as exc:  # never a traceback for a person at the table
        print(f"companion {args.verb}: "
              + _("internal error ({error}); please report it").format(error=f"{type(exc).__name__}: {exc}"),
              file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
