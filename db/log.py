"""The append-only event log: a user action's events recorded after the event the window saw (or refused: another
window wrote first), a game's events read back through its game's codec, and the number of its latest event."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, func, insert, select

from scoring.errors import InputError

from . import event_rows, games, results, upcast
from .engine import one_writer
from .errors import Conflict, StaleGame, StoreError, UnknownRecord
from .kinds import Codec
from .models import Event as EventRow
from .models import Game, aware
from .records import Appended, Event, LoggedEvent, Undone

if TYPE_CHECKING:
    from .store import Store


class Log:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._kinds: dict[int, str] = {}  # game id -> games.kind

    def append(self, game_id: int, after: int, facts: Sequence[Event | Undone], key: str) -> Appended:
        """Record one user action's events after event `after`, atomically.

        Refused with StaleGame when the log has moved on since `after` (another window wrote first);
        a key already recorded returns that action again and writes nothing. The happy path is one INSERT:
        the (game, seq) primary key and the unique key are the checks, so a conflict is found by the database.
        """
        if not facts:
            raise StoreError("an action records at least one event")
        store = self._store
        kind = self._kinds.get(game_id)
        if kind is None:
            with store._read() as c:
                kind = self._kind(c, game_id)
        codec = store.codec(kind)
        undoing = Undone in map(type, facts)
        try:
            now = store.clock()
            if store.engine.dialect.name == "sqlite" and not undoing:
                store._insert_events(event_rows.rows(codec, game_id, after + 1, facts, key, now))
            else:
                written = rows(codec, game_id, after + 1, facts, key, now)
                with store._write() as c:
                    if undoing:
                        one_writer(c)  # it may reopen a finished game: its results leave the history
                    c.execute(insert(EventRow), written)
                    if undoing:
                        results.reopen(c, game_id)
        except Conflict:
            with store._read() as c:
                found = action(c, key)
                if found is not None:
                    return found[1]
                games.read(c, game_id)  # an unknown game is named as such
                last = c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id)).scalar() or 0
            raise StaleGame(game_id, after, last) from None
        return Appended(after + 1, after + len(facts), False, now)

    def events(self, game_id: int, after: int = 0) -> list[LoggedEvent]:
        """The game's log from event `after` on, old versions upcast; a damaged row is named, not skipped."""
        with self._store._read() as c:
            kind = self._kind(c, game_id)
            found = c.execute(select(EventRow).where(EventRow.game_id == game_id, EventRow.seq > after)
                              .order_by(EventRow.seq)).all()
        out = []
        for r in found:
            try:
                why = row_problem(r)
                if why is not None:
                    raise InputError(why)
                fact = upcast.read(self._store.codec(kind), r.type, r.version, r.payload)
            except (InputError, TypeError, ValueError) as exc:
                raise StoreError(f"game {game_id}, event {r.seq} ({r.type}) is damaged: {exc}. The game cannot "
                                 "be replayed past it; restore a backup copy of the database") from None
            out.append(LoggedEvent(r.seq, r.action, fact, aware(r.recorded_at), r.idempotency_key))
        return out

    def last_seq(self, game_id: int) -> int:
        """The number of the game's latest event (0: none): what a second window compares to follow the game."""
        with self._store._read() as c:
            return int(c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id)).scalar() or 0)

    def _kind(self, c: Connection, game_id: int) -> str:
        """Which game `game_id` is (its events are read and written by that game's codec). A row's kind never
        changes, so it is read once: recording an action costs no extra query."""
        kind = self._kinds.get(game_id)
        if kind is None:
            kind = c.execute(select(Game.kind).where(Game.id == game_id)).scalar()
            if kind is None:
                raise UnknownRecord(f"no game {game_id}", kind="game")
            self._kinds[game_id] = kind
        return kind


def rows(codec: Codec, game_id: int, seq: int, facts: Sequence[Event | Undone], key: str | None,
         now: datetime) -> list[dict[str, Any]]:
    """An action's rows as SQLAlchemy inserts them (db/event_rows.py has the SQLite driver's own)."""
    out = []
    for i, fact in enumerate(facts):
        name, version, payload = upcast.write(codec, fact)
        out.append({"game_id": game_id, "seq": seq + i, "type": name, "version": version, "payload": payload,
                    "action": seq, "idempotency_key": key if i == 0 else None, "recorded_at": now})
    return out


def action(c: Connection, key: str) -> tuple[int, Appended] | None:
    """The game and events of the action recorded with `key`, if there is one."""
    row = c.execute(select(EventRow.game_id, EventRow.seq).where(EventRow.idempotency_key == key)).first()
    if row is None:
        return None
    last = c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == row.game_id,
                                                          EventRow.action == row.seq)).scalar()
    return row.game_id, Appended(row.seq, last or row.seq, True)


def row_problem(r: Any) -> str | None:
    """What makes an events row unreadable (None when it is sound)."""
    for name in ("seq", "action", "version"):
        value = getattr(r, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            return f"its {name} is {value!r}, not a whole number from 1"
    if not isinstance(r.type, str):
        return f"its type is {r.type!r}"
    if not isinstance(r.payload, dict):
        return f"its payload is {r.payload!r}, not an object"
    if not isinstance(r.recorded_at, datetime):
        return f"its time is {r.recorded_at!r}"
    if r.idempotency_key is not None and not isinstance(r.idempotency_key, str):
        return f"its key is {r.idempotency_key!r}"
    return None
