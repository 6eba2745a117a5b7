"""Reads the command line makes without opening the store: plain SQL on a SQLite file already at this companion's
schema. Anything else (another database, a file to create, migrate or refuse) returns None: the store does it."""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .location import HEAD, connect_read_only, plain_sqlite_file, stored_revision


def card_values(url: str, game: str) -> list[tuple[str, str, Any]] | None:
    """The user's values of `game`'s cards, as `store.catalogue.values` gives them; [] while the file does not exist
    (this creates nothing); None when only the store can say."""
    if (path := plain_sqlite_file(url)) is not None and not path.exists():
        return []
    try:
        if (db := read_only(url)) is None:
            return None
        try:
            rows = db.execute("SELECT card, field, value FROM card_values WHERE game = ? ORDER BY card, field",
                              (game,)).fetchall()
        finally:
            db.close()
        # A number is stored as one (the column's affinity), as SQLAlchemy reads it back; the rest is JSON text.
        return [(card, field, json.loads(value) if isinstance(value, str) else value) for card, field, value in rows]
    except (sqlite3.Error, ValueError, TypeError, OSError):  # damaged: the store names what is wrong
        return None


@dataclass(frozen=True, slots=True)
class InPlay:
    """A game in play as Home lists it."""

    id: int
    kind: str
    variant: str
    players: tuple[str, ...]
    started_at: datetime
    last_seq: int


RECENT = 200  # the latest games looked at for damage, as Home does through the store
MOMENT = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{6})?")
GAME_COLUMNS = "id, uid, kind, variant, status, source, families, characters, rules, started_at, finished_at, tie_break"


def read_only(url: str) -> sqlite3.Connection | None:
    """A read-only connection to the SQLite file of `url` when it exists and is at this schema; None when only the
    store can read it (another database, a file to create or migrate)."""
    path = plain_sqlite_file(url)
    if path is None or not path.exists() or stored_revision(path) != HEAD:
        return None
    return connect_read_only(path)


def replaced(data: bytes) -> str:
    """A text column's bytes as SQLAlchemy's SQLite driver reads them (bad UTF-8 shown as U+FFFD, not refused)."""
    return data.decode("utf-8", "replace")


def games_in_play(url: str) -> list[InPlay] | None:
    """The games in play, newest first, read with plain SQL from a SQLite file already up to date; None when only
    the store can say (another database, a file to create or migrate, or any row among those and the latest
    RECENT games that is not exactly as the companion writes it: the store then names what is wrong)."""
    try:
        if (db := read_only(url)) is None:
            return None
        try:
            db.text_factory = replaced
            order = "ORDER BY started_at DESC, id DESC"
            playing = db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'playing' {order}").fetchall()
            recent = db.execute(f"SELECT {GAME_COLUMNS} FROM games {order} LIMIT {RECENT}").fetchall()
            if not all(sound(row) for row in [*playing, *recent]):
                return None
            ids = [row[0] for row in playing]
            seats: dict[int, list[str]] = {i: [] for i in ids}
            last: dict[int, int] = {}
            for start in range(0, len(ids), 500):  # a page of ids per statement
                page = ids[start:start + 500]
                marks = ", ".join("?" for _ in page)
                for game, name in db.execute(
                        f"SELECT gp.game_id, p.name FROM game_players gp JOIN players p ON p.id = gp.player_id "
                        f"WHERE gp.game_id IN ({marks}) ORDER BY gp.game_id, gp.seat", page):
                    seats[game].append(name)
                last.update(db.execute(f"SELECT game_id, max(seq) FROM events WHERE game_id IN ({marks}) "
                                       "GROUP BY game_id", page).fetchall())
        finally:
            db.close()
    except (sqlite3.Error, OSError):
        return None
    if not all(isinstance(last.get(i, 0), int) and isinstance(n, str) for i in ids for n in seats[i]):
        return None
    return [InPlay(row[0], row[2], row[3], tuple(seats[row[0]]), moment(row[9]), last.get(row[0], 0))
            for row in playing]


def kind_of(url: str, game_id: int) -> str | None:
    """The kind of game `game_id` (a game of Home's list, chosen while the store opens), read with plain SQL from a
    SQLite file already up to date; None when only the store can say (as `games_in_play`)."""
    try:
        if (db := read_only(url)) is None:
            return None
        try:
            row = db.execute("SELECT kind FROM games WHERE id = ?", (game_id,)).fetchone()
        finally:
            db.close()
    except (sqlite3.Error, OSError):
        return None
    return row[0] if row is not None and isinstance(row[0], str) and row[0] else None


PROFILES = "SELECT id, name, created_at, merged_into FROM players WHERE merged_into IS NULL ORDER BY name_key"


def profile_names(url: str) -> list[str] | None:
    """The profiles' names as `store.profiles.all()` lists them (the players screen opens on them while the store
    opens), read with plain SQL from a SQLite file already up to date; None when only the store can say (as
    `games_in_play`: a row not exactly as the companion writes it included)."""
    try:
        if (db := read_only(url)) is None:
            return None
        try:
            db.text_factory = replaced
            rows = db.execute(PROFILES).fetchall()
        finally:
            db.close()
    except (sqlite3.Error, OSError, UnicodeDecodeError):  # UnicodeDecodeError: SQLite quoting a damaged schema's name
        return None
    return [row[1] for row in rows] if all(player_sound(row) for row in rows) else None


def player_sound(row: tuple[Any, ...]) -> bool:
    """A players row (PROFILES' columns) exactly as the companion writes one."""
    _, name, created, merged = row
    return (isinstance(name, str) and isinstance(created, str) and MOMENT.fullmatch(created) is not None
            and (merged is None or isinstance(merged, int)))


def sound(row: tuple[Any, ...]) -> bool:
    """The row is exactly as the companion writes one (anything else: the store reads it and names the fault)."""
    _, uid, kind, variant, status, source, families, characters, rules, started, finished, tie = row
    if not all(isinstance(v, str) and v for v in (uid, kind, variant, status, source)):
        return False
    if status not in ("playing", "finished", "abandoned") or not (tie is None or isinstance(tie, str)):
        return False
    try:
        lists = [json.loads(families), json.loads(characters)]
        choices = json.loads(rules)
    except (TypeError, ValueError):
        return False
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in lists):
        return False
    if not isinstance(choices, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                for k, v in choices.items()):
        return False
    if not isinstance(started, str) or not MOMENT.fullmatch(started):
        return False
    if finished is None:  # abandoned in play, or still in play
        return bool(status != "finished")
    if status == "playing":
        return False
    return isinstance(finished, str) and MOMENT.fullmatch(finished) is not None


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)
