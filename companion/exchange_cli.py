"""`companion export` and `companion import`: games, players, logs and results in the companion's own JSON."""
from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db.store import Store
from scoring.errors import InputError

from .catalogue import read_text
from .exchange import from_json, to_json

VERBS = ("export", "import")


def add_verbs(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("export", "write games (every one, or those given with --game) with their players, logs and "
                       "results to a JSON file")
    p.add_argument("file", type=Path, help="the file to write")
    p.add_argument("--game", type=int, action="append", metavar="ID", help="only this game (repeatable)")
    p.add_argument("--all", action="store_true", help="every game (the default)")
    p = verb("import", "add the games of an export file; games already here are skipped, so importing twice "
                       "adds nothing, and a bad file changes nothing")
    p.add_argument("file", type=Path, help="a file written by `companion export`")


def run(args: argparse.Namespace, url: str) -> tuple[Any, str]:
    if args.verb == "import":
        text = read_text(args.file, "export")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
                             where=str(args.file)) from None
        games = from_json(data, str(args.file))  # everything checked before the database is touched
        store = Store.open(url)
        try:
            added, skipped = store.add_whole_games(games)
        finally:
            store.close()
        return ({"added": added, "skipped": skipped},
                f"{added} game{'s' if added != 1 else ''} added, {skipped} already here")
    if args.game and args.all:
        raise InputError("give --game or --all, not both", where="export")
    store = Store.open(url)
    try:
        games = store.whole_games(args.game)
    finally:
        store.close()
    _write(args.file, to_json(games, datetime.now(UTC)))
    return {"exported": len(games), "file": str(args.file)}, f"{len(games)} game(s) written to {args.file}"


def _write(path: Path, data: dict[str, Any]) -> None:
    """Whole or not at all: the file appears only once it is completely written."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise InputError(f"cannot write the export: {exc.strerror}", where=str(path)) from None
