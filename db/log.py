"""The append-only event log: a user action's events recorded after the event the window saw (or refused: another
window wrote first), a game's events read back through its game's codec, and the number of its latest event."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, func, insert, select

from scoring.errors import InputError
from scoring.i18n import _

from . import event_rows, game_rows, game_status, result_rows, upcast
from .database import Database
from .engine import one_writer
from .errors import Conflict, StaleGame, StoreError, UnknownRecord
from .models import Event as EventRow
from .models import Game, aware
from .records import Appended, Event, LoggedEvent, Undone


class Log:
    def __init__(self, database: Database) -> None:
        self._database = database
        self._kinds: dict[int, str] = {}  # game id -> games.kind

    def append(self, game_id: int, after: int, facts: Sequence[Event | Undone], key: str) -> Appended:
        """Record one user action's events after event `after`, atomically.

        Refused with StaleGame when the log has moved on since `after` (another window wrote first), and with a
        StoreError when the game takes no action now (abandoned, or finished and this is not an undo:
        db/game_status.py); a key already recorded returns that action again and writes nothing. The happy path
        is one INSERT: the (game, seq) primary key, the unique key and the game's status are its checks, so a
        conflict is found by the database.
        """
        if not facts:
            raise StoreError(_("an action records at least one event"))
        database = self._database
        kind = self._kinds.get(game_id)
        if kind is None:
            with database.read() as c:
                kind = self._kind(c, game_id)
        codec = database.codec(kind)
        undoing = Undone in map(type, facts)
        try:
            now = database.clock()
            if database.engine.dialect.name == "sqlite" and not undoing:
                taken = database.insert_events(event_rows.rows(codec, game_id, after + 1, facts, key, now)) > 0
            else:
                written = event_rows.mappings(codec, game_id, after + 1, facts, key, now)
                with database.write() as c:
                    if undoing:
                        one_writer(c)  # it may reopen a finished game: its results leave the history
                    status = game_status.locked(c, game_id)
                    taken = game_status.takes(status, undoing)
                    if taken:
                        c.execute(insert(EventRow), written)
                        if status == game_status.FINISHED:
                            result_rows.reopen(c, game_id)
        except Conflict:
            taken = False
        if not taken:
            return self._refused(game_id, after, key, undoing)
        return Appended(after + 1, after + len(facts), False, now)

    def _refused(self, game_id: int, after: int, key: str, undoing: bool) -> Appended:
        """Why an action was not written: its key already was (that action again), the game takes no action
        now (abandoned or finished: said), or another window wrote first (StaleGame)."""
        with self._database.read() as c:
            found = event_rows.action(c, key)
            if found is not None:
                return found[1]
            game = game_rows.read(c, game_id)  # an unknown game is named as such
            game_status.check_action(game_id, game.status, undoing)
            last = c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id)).scalar() or 0
        raise StaleGame(game_id, after, last)

    def events(self, game_id: int, after: int = 0) -> list[LoggedEvent]:
        """The game's log from event `after` on, old versions upcast; a damaged row is named, not skipped."""
        with self._database.read() as c:
            kind = self._kind(c, game_id)
            found = event_rows.stored(c, game_id, after)
        codec = self._database.codec(kind)
        out = []
        for r in found:
            try:
                if not event_rows.sound(r):
                    why = event_rows.row_problem(r)
                    if why is not None:
                        raise InputError(why)
                fact = upcast.read(codec, r.type, r.version, r.payload)
            except (InputError, TypeError, ValueError) as exc:
                raise StoreError(_("game {game}, event {n} ({type}) is damaged: {why}. The game cannot be replayed "
                                   "past it; restore a backup copy of the database").format(
                                       game=game_id, n=r.seq, type=r.type, why=exc)) from None
            out.append(LoggedEvent(r.seq, r.action, fact, aware(r.recorded_at), r.idempotency_key))
        return out

    def last_seq(self, game_id: int) -> int:
        """The number of the game's latest event (0: none): what a second window compares to follow the game."""
        with self._database.read() as c:
            return int(c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id)).scalar() or 0)

    def _kind(self, c: Connection, game_id: int) -> str:
        """Which game `game_id` is (its events are read and written by that game's codec). A row's kind never
        changes, so it is read once: recording an action costs no extra query."""
        kind = self._kinds.get(game_id)
        if kind is None:
            kind = c.execute(select(Game.kind).where(Game.id == game_id)).scalar()
            if kind is None:
                raise UnknownRecord(_("no game {game}").format(game=game_id), kind="game")
            self._kinds[game_id] = kind
        return kind
