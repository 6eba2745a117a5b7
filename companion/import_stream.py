"""Importing a companion export as it is read: a game at a time off the file, in bounded memory whatever its size.

Two readings of the file. The first checks every game (a game already here by its id is checked for its shape but
not replayed again: importing a file twice costs seconds) and finds which are new; the second adds the new ones in
one transaction, a batch at a time. A file written otherwise than `companion export` writes it (another order of
its fields, text after the games) is read whole instead (`None`), with the same checks and the same messages."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from db.records import WholeGame
from db.store import Store
from scoring import jsontext
from scoring.errors import InputError

from .exchange import FORMAT, VERSION, read_game
from .games import KINDS

BATCH = 500  # games checked against the database, and added, at a time
READ = 1 << 20  # characters read from the file at a time
WS = "[ \\t\\n\\r]*"  # JSON's white space (not every Unicode space)
# The start of a file `companion export` wrote, up to the opening of its list of games.
HEAD = re.compile(WS + r'\{' + WS + r'"format"' + WS + ":" + WS + '"' + re.escape(FORMAT) + '"' + WS + "," + WS
                  + r'"version"' + WS + ":" + WS + str(VERSION) + WS + "," + WS + r'"exported_at"' + WS + ":" + WS
                  + r'"[^"\\]*"' + WS + "," + WS + r'"games"' + WS + ":" + WS + r"\[")
SPACE = re.compile(WS)
END = re.compile(WS + r"\}" + WS)
_DECODER = json.JSONDecoder()


class NotStreamable(Exception):
    """The file is not laid out as `companion export` writes it: it is read whole instead."""


class _Reader:
    """The file's text, read a part at a time, and where the reading is."""

    def __init__(self, file: TextIO) -> None:
        self.file, self.text, self.at, self.done = file, "", 0, False

    def fill(self, least: int = READ) -> None:
        if not self.done and len(self.text) - self.at < least:
            more = self.file.read(max(READ, least))
            self.text, self.at, self.done = self.text[self.at:] + more, 0, not more

    def peek(self) -> str:
        while True:
            self.at = SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.text) or self.done:
                return self.text[self.at:self.at + 1]
            self.fill()

    def value(self) -> str:
        """The text of the next JSON value."""
        while True:
            try:
                _, end = _DECODER.raw_decode(self.text, self.at)
            except json.JSONDecodeError:
                if self.done:
                    raise NotStreamable from None
                self.fill(2 * (len(self.text) - self.at))  # a game longer than what was read: read on
                continue
            except ValueError:  # a number too long to read, and the like: reading it whole names it
                raise NotStreamable from None
            span, self.at = self.text[self.at:end], end
            return span


def games_in(path: Path) -> Iterator[Any]:
    """Each game of the file (as parsed JSON), in order; NotStreamable when the file is not laid out as an export
    (or is not even JSON: reading it whole then says what is wrong)."""
    try:
        with path.open(encoding="utf-8") as file:
            reader = _Reader(file)
            reader.fill()
            head = HEAD.match(reader.text)
            if head is None:
                raise NotStreamable
            reader.at = head.end()
            if reader.peek() == "]":
                reader.at += 1
            else:
                while True:
                    reader.fill()
                    reader.peek()  # past the white space
                    yield jsontext.loads(reader.value(), str(path))  # numbers and nesting as reading it whole would
                    after = reader.peek()
                    reader.at += 1
                    if after == "]":
                        break
                    if after != ",":
                        raise NotStreamable
            rest = reader.text[reader.at:] + file.read()
            if END.fullmatch(rest) is None:
                raise NotStreamable
    except (OSError, UnicodeDecodeError, InputError, RecursionError):
        raise NotStreamable from None


# Seconds an import waits for another program's write before saying the database is locked: another import of a
# big file may hold it that long, and then this one finds its games already here.
WAIT = 600.0


def _looks_exported(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as file:
            return HEAD.match(file.read(4096)) is not None
    except (OSError, UnicodeDecodeError):
        return False


def import_file(path: Path, url: str) -> tuple[int, int] | None:
    """(added, skipped) for a companion export read as it goes; None when it must be read whole."""
    where = str(path)
    if not _looks_exported(path):
        return None
    store = Store.open(url, KINDS, timeout=WAIT)
    try:
        try:
            new, here = _check(path, where, store)
        except NotStreamable:
            return None
        if not new:
            return 0, here
        try:
            added, skipped = store.exchange.add_stream(_new_games(path, where, new))
        except NotStreamable:  # it read well a moment ago: changed meanwhile (nothing was added)
            raise InputError("the file changed while it was imported; nothing was added: import it again",
                             where=where) from None
        return added, skipped + here
    finally:
        store.close()


def _check(path: Path, where: str, store: Store) -> tuple[set[str], int]:
    """The first reading: every game checked; the ids of the games to add, and how many are here already."""
    seen: set[str] = set()
    new: set[str] = set()
    here, twice = 0, False
    batch: list[tuple[int, Any]] = []

    def check(batch: list[tuple[int, Any]]) -> int:
        uids = [g["uid"] for _, g in batch if isinstance(g, dict) and isinstance(g.get("uid"), str)]
        known = store.exchange.known(uids)
        skipped = 0
        for i, g in batch:
            game = read_game(g, f"{where}: game {i + 1}", replay=False) if _uid(g) in known else None
            if game is None:
                game = read_game(g, f"{where}: game {i + 1}")
                new.add(game.uid)
            else:
                skipped += 1
        return skipped

    for i, g in enumerate(games_in(path)):
        batch.append((i, g))
        if len(batch) == BATCH:
            here += check(batch)
            batch = []
        uid = _uid(g)
        twice = twice or uid in seen
        if uid is not None:
            seen.add(uid)
    here += check(batch)
    if twice:  # said once every game is checked, as when the file is read whole
        raise InputError("a game is listed twice (the same uid)", where=where)
    return new, here


def _uid(g: Any) -> str | None:
    uid = g.get("uid") if isinstance(g, dict) else None
    return uid if isinstance(uid, str) else None


def _new_games(path: Path, where: str, new: set[str]) -> Iterator[list[WholeGame]]:
    """The second reading: the new games, a batch at a time (checked again without replaying their logs)."""
    batch: list[WholeGame] = []
    for i, g in enumerate(games_in(path)):
        if _uid(g) in new:
            batch.append(read_game(g, f"{where}: game {i + 1}", replay=False))
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch
