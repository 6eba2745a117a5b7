"""`companion referee FILE [--json]`: a whole position refereed from a file (PRODUCT.md §3's contract).

The file holds the game's setup, the table at the start of a turn and the action lines as typed at the
table; each line is refereed in turn. Exit 0 when every line is accepted, 1 at the first refused line
(nothing after it is run), 2 for bad input. Heavy imports wait for `run`, so `companion --help` stays quick."""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

EXIT_OK, EXIT_REFUSED, EXIT_BAD_INPUT = 0, 1, 2


def add_verb(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("referee", "referee a whole position from a file: the setup, the table at the start of a turn and "
                        "action lines as typed at the table; exit 0 all accepted, 1 at the first refused line, "
                        "2 bad input")
    p.add_argument("file", type=Path, help="the game file (JSON): game, players, families, characters, cards, "
                                           "rules, position, actions")
    p.set_defaults(runner=run)


def run(args: argparse.Namespace) -> int:
    """Referee the file; print the lines (text or JSON) and return the exit code."""
    from db.engine import default_url
    from scoring.errors import InputError, MissingValue
    from scoring.origami.game_file import parse_game_file_text, referee

    from .advice import missing_message
    from .catalogue import load, read_text, stored_values, with_values

    # The same catalogues as every verb: the shipped one, the user's files, the values kept in the database.
    files: list[Path] = [*args.catalog, *([Path(os.environ["COMPANION_CATALOG"])]
                                          if os.environ.get("COMPANION_CATALOG") else [])]
    try:
        catalogue = with_values(load(files), stored_values(args.db or default_url()))
        game = parse_game_file_text(read_text(args.file, "game"), catalogue, str(args.file))
        lines, _state = referee(game)
    except MissingValue as missing:
        print(f"companion referee: {args.file}: {missing_message(missing)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InputError as exc:
        where = "" if str(exc).startswith(str(args.file)) else f"{args.file}: "
        print(f"companion referee: {where}{exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps({"lines": [line.as_json() for line in lines]}, indent=2, ensure_ascii=False))
    else:
        for n, line in enumerate(lines, start=1):
            mark = "✓" if line.accepted else f"✗ {line.rule}:"
            print(f"{n}. {line.line}\n   {mark} {line.why}")
        if all(line.accepted for line in lines):
            print(f"{len(lines)} line(s) refereed: all accepted")
        else:
            rest = len(game.actions) - len(lines)
            print(f"refused at line {len(lines)}" + (f"; the {rest} line(s) after it were not run" if rest else ""))
    return EXIT_OK if all(line.accepted for line in lines) else EXIT_REFUSED
