"""What every game's catalogue shares in the shell: reading a user's file (and writing one whole), finding whose
game it is, and the values kept in the database (the user's catalogue), each game's apart."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scoring.catalogue_file import load_toml
from scoring.errors import InputError
from scoring.i18n import N_, _

from . import games

Value = tuple[str, str, Any]  # card, field, value
# The files read_text is asked for, as the callers name them (translated where said: "no such catalogue file").
# TRANSLATORS: each a kind of file, said in "no such {what} file", "the {what} file is not UTF-8 text".
FILE_KINDS = (N_("catalogue"), N_("table"), N_("game"), N_("round"), N_("import"))


def read_text(path: Path, what: str) -> str:
    """The file's text; `-` is standard input (`companion score - < table.json`)."""
    try:
        if str(path) == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(_("no such {what} file").format(what=_(what)), where=str(path)) from None
    except UnicodeDecodeError:
        raise InputError(_("the {what} file is not UTF-8 text").format(what=_(what)), where=str(path)) from None
    except OSError as exc:
        raise InputError(_("cannot read the {what} file: {problem}").format(what=_(what), problem=exc.strerror),
                         where=str(path)) from None


def file_game(name: str, text: str) -> str:
    """Whose cards a user's catalogue file holds: the game it names (`game = "origin-story"`); a file naming none
    is the unmarked game's (the files written before there was a second game)."""
    named = load_toml(name, text).get("game", games.UNMARKED)
    if not isinstance(named, str) or not games.known(named):
        raise InputError(_("game = {named} is not a game this companion knows ({known}); leave it out for {game}'s "
                           "cards").format(named=repr(named), known=", ".join(games.kinds()),
                                           game=games.game(games.UNMARKED).name), where=name)
    return named


def files_of(kind: str, paths: Iterable[Path]) -> list[tuple[str, str]]:
    """(name, text) of each of the user's catalogue files that holds this game's cards, in order."""
    read = ((str(path), read_text(path, "catalogue")) for path in paths)
    return [(name, text) for name, text in read if file_game(name, text) == kind]


def catalogue_files(args: argparse.Namespace) -> list[Path]:
    """The user's catalogue files: --catalog (repeatable), then $COMPANION_CATALOG."""
    files: list[Path] = list(args.catalog)
    return files + ([Path(os.environ["COMPANION_CATALOG"])] if os.environ.get("COMPANION_CATALOG") else [])


def stored_values(url: str, kind: str) -> list[Value]:
    """The values of this game's cards kept in the database: read with plain SQL from a SQLite file already up to
    date (no SQLAlchemy to import), else through the store, which creates nothing while there is no database yet,
    and migrates or refuses as it must."""
    from db.quick import card_values

    found = card_values(url, kind)
    if found is not None:
        return found
    from db.engine import sqlite_path
    from db.store import Store

    path = sqlite_path(url)
    if path is not None and not path.exists():
        return []
    store = Store.open(url, games.KINDS)
    try:
        return store.catalogue.values(kind)
    finally:
        store.close()


def write_whole(path: Path, text: str, what: str | None = None) -> None:
    """Write `text` to `path` in one step: a temporary file beside it, flushed to the disk, then renamed over it. A
    full disk or any other fault leaves what was there before (never an empty or half-written file, no temporary
    file left). `what` names the file in a refusal, in the language in use ("the play"; by default "the file")."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(_("no folder {folder} to write the file in").format(folder=folder), where=str(path))
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        raise InputError(_("cannot write {what}: {problem}").format(what=what or _("the file"), problem=exc.strerror),
                         where=str(path)) from None
