"""`companion share GAME`: the BG Stats link of a finished game, its QR code drawn in the terminal (`--qr`), or
the play saved as a JSON file (`--save`) when the code is too large to scan from this terminal."""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from db.records import ORIGAMI
from db.store import Store
from scoring.errors import InputError

from . import qr
from .share import bgstats_link, bgstats_play


def add_verb(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("share", "a finished game for BG Stats: the link that fills in the play, its QR code (--qr), or "
                      "the play as a JSON file (--save FILE)")
    p.add_argument("game", type=int, help="the game's number (see `companion games --finished`)")
    p.add_argument("--qr", action="store_true", help="draw the link as a QR code to scan with the phone")
    p.add_argument("--save", type=Path, metavar="FILE", help="write the play (JSON) to FILE")


def run(args: argparse.Namespace, url: str) -> tuple[Any, str]:
    """(JSON data, text); a QR code that cannot be scanned from this terminal is said on stderr."""
    store = Store.open(url)
    try:
        game = store.game(args.game)
        if game.kind != ORIGAMI:
            raise InputError(f"game {game.id} is an Origin Story game: sharing with BG Stats is for Origami games "
                             "so far")
        play = bgstats_play(game, store.results(game.id))
    finally:
        store.close()
    link = bgstats_link(play)
    text = link
    if args.save is not None:
        _save(args.save, play)
        text += f"\nThe play is saved in {args.save}."
    if args.qr:
        size = shutil.get_terminal_size()
        try:
            modules = qr.matrix(link)
        except ValueError as too_long:
            _warn(f"{too_long}: use the link, or --save FILE")
            return {"play": play, "link": link}, text
        drawn = qr.drawing(modules, size.columns, size.lines - 2)
        if drawn is not None:
            text = (qr.ansi(drawn) if sys.stdout.isatty() else "\n".join(drawn)) + "\n" + text
        else:
            side = qr.smallest(modules)
            _warn(f"the QR code needs {side} columns and {side + 2} lines at least; this terminal has "
                  f"{size.columns}×{size.lines}: enlarge it (or make the font smaller), or save the play with "
                  f"--save FILE and open that file in BG Stats")
    return {"play": play, "link": link}, text


def _save(path: Path, play: dict[str, Any]) -> None:
    try:
        path.write_text(json.dumps(play, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write the play: {exc.strerror}", where=str(path)) from None


def _warn(text: str) -> None:
    print(f"companion share: {text}", file=sys.stderr)
