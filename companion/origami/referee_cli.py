"""`companion referee FILE [--json]`: a whole position refereed from a file (PRODUCT.md §3's contract).

The file holds the game's setup, the table at the start of a turn and the action lines as typed at the
table; each line is refereed in turn. Exit 0 when every line is accepted, 1 at the first refused line
(nothing after it is run), 2 for bad input. Heavy imports wait for `run`, so `companion --help` stays quick."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scoring.origami.catalog import Catalogue

EXIT_OK, EXIT_REFUSED = 0, 1


def add_verb(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("referee", "referee a whole position from a file: the setup, the table at the start of a turn and "
                        "action lines as typed at the table; exit 0 all accepted, 1 at the first refused line, "
                        "2 bad input")
    p.add_argument("file", type=Path, help="the game file (JSON): game, players, families, characters, cards, "
                                           "rules, position, actions")


def run(args: argparse.Namespace, catalogue: Catalogue) -> tuple[int, Any, str]:
    """Referee the file: (exit code, JSON data, text). A bad file is an InputError (or a MissingValue) naming it."""
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
        out.append(f"{len(lines)} line(s) refereed: all accepted")
    else:
        rest = len(game.actions) - len(lines)
        out.append(f"refused at line {len(lines)}" + (f"; the {rest} line(s) after it were not run" if rest else ""))
    return (EXIT_OK if accepted else EXIT_REFUSED), {"lines": [line.as_json() for line in lines]}, "\n".join(out)
