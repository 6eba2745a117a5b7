"""Importing a companion export as it is read: a game at a time off the file, in bounded memory whatever its size.

The file is read once, and every game checked once (a game already here by its id is checked for its shape but not
replayed again: importing a file twice costs little), before anything is written: the new games, as checked, are
kept aside in a temporary file a batch at a time (bounded memory), then added from there in one transaction. A file
written otherwise than `companion export` writes it (another order of its fields, text after the games) is read
whole instead (`None`), with the same checks and the same messages."""
from __future__ import annotations

import json
import pickle
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, TextIO

from db.records import StoredEvent, WholeGame
from db.store import Store
from scoring import jsontext
from scoring.errors import InputError
from scoring.i18n import _

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
_DECODER = jsontext.decoder()  # numbers as reading the file whole would take them


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

    def value(self) -> Any:
        """The next JSON value, decoded once (nesting and numbers as reading the file whole allows them)."""
        while True:
            try:
                found, end = _DECODER.raw_decode(self.text, self.at)
            except json.JSONDecodeError:
                if self.done:
                    raise NotStreamable from None
                self.fill(2 * (len(self.text) - self.at))  # a game longer than what was read: read on
                continue
            except ValueError:  # a number too long to read, and the like: reading it whole names it
                raise NotStreamable from None
            if jsontext.too_deep(self.text[self.at:end]):  # and so does nesting too deep
                raise NotStreamable
            self.at = end
            return found


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
                    yield reader.value()
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
        with tempfile.TemporaryFile() as kept:
            try:
                new, here = _check(path, where, store, kept)
            except NotStreamable:
                return None
            if not new:
                return 0, here
            kept.seek(0)
            added, skipped = store.exchange.add_stream(_kept(kept))
            return added, skipped + here
    finally:
        store.close()


def _check(path: Path, where: str, store: Store, kept: IO[bytes]) -> tuple[int, int]:
    """The reading: every game checked, the new ones kept in `kept` a batch at a time as checked; how many are new
    and how many here already."""
    seen: set[str] = set()
    new = here = 0
    twice = False
    batch: list[tuple[int, Any]] = []

    def check(batch: list[tuple[int, Any]]) -> None:
        nonlocal new, here
        known = store.exchange.known(uid for _i, g in batch if (uid := _uid(g)) is not None)
        fresh = []
        for i, g in batch:
            at = _("{where}: game {n}").format(where=where, n=i + 1)
            if _uid(g) in known:
                read_game(g, at, replay=False)
                here += 1
            else:
                fresh.append(read_game(g, at))
        if fresh:
            pickle.dump([_packed(g) for g in fresh], kept, protocol=pickle.HIGHEST_PROTOCOL)
            new += len(fresh)

    for i, g in enumerate(games_in(path)):
        batch.append((i, g))
        if len(batch) == BATCH:
            check(batch)
            batch = []
        uid = _uid(g)
        twice = twice or uid in seen
        if uid is not None:
            seen.add(uid)
    check(batch)
    if twice:  # said once every game is checked, as when the file is read whole
        raise InputError(_("a game is listed twice (the same uid)"), where=where)
    return new, here


def _uid(g: Any) -> str | None:
    uid = g.get("uid") if isinstance(g, dict) else None
    return uid if isinstance(uid, str) else None


def _packed(g: WholeGame) -> tuple[Any, ...]:
    """A checked game as plain tuples: pickled and read back at a fraction of a dataclass's cost (its state is
    gathered and set again field by field)."""
    return (g.uid, g.variant, g.families, g.characters, g.rules, g.players, g.status, g.source, g.started_at,
            g.finished_at, g.tie_break, tuple((x.seq, x.action, x.type, x.version, x.payload, x.recorded_at, x.key)
                                              for x in g.events), g.results, g.kind)


def _unpacked(t: tuple[Any, ...]) -> WholeGame:
    uid, variant, families, characters, rules, players, status, source, started, finished, tie, events, results, \
        kind = t
    return WholeGame(uid, variant, families, characters, rules, players, status, source, started, finished, tie,
                     tuple(StoredEvent(*x) for x in events), results, kind)


def _kept(kept: IO[bytes]) -> Iterator[list[WholeGame]]:
    """The new games as they were checked, a batch at a time (this import's own temporary file)."""
    while True:
        try:
            batch: list[tuple[Any, ...]] = pickle.load(kept)
        except EOFError:
            return
        yield [_unpacked(t) for t in batch]
