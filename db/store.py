"""The store: players, games, the append-only event log, results and the user's card values.

Every method is one transaction: it does all of its work or none of it.
"""
from __future__ import annotations

import sqlite3
import threading
import uuid
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, or_, select, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError, StatementError

from scoring.errors import InputError

from . import event_rows, ratings, stats, tallies, upcast
from .engine import WRITE, make_engine, sqlite_path
from .errors import Conflict, DamagedGame, StaleGame, StoreError, UnknownRecord, explain
from .kinds import Codec, Finished, Kinds, Seat
from .models import CardValue, Game, GameFamily, GamePlayer, Player, Result
from .models import Event as EventRow
from .records import (
    Appended,
    Event,
    FinalSheet,
    GameRecord,
    LoggedEvent,
    PlayerRecord,
    StoredEvent,
    Undone,
    WholeGame,
)
from .schema import prepare
from .stats import HeadToHead, PlayerStats

Clock = Callable[[], datetime]
_WRITER_LOCK = 0x0C0A1A55  # PostgreSQL advisory lock key: the companion's checked writes, one at a time


def utc_now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were written in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Store:
    def __init__(self, engine: Engine, where: str, kinds: Kinds, clock: Clock = utc_now) -> None:
        self.engine = engine
        self.kinds = kinds
        self._writer = engine.execution_options(**{WRITE: True})
        self._writes: Connection | None = None  # kept open: a pool checkout per action costs more than the write
        self._lock = threading.Lock()  # writes are one at a time, whichever thread asks
        self.where = where
        self.clock = clock
        self._kinds: dict[int, str] = {}  # game id -> games.kind
        self._codecs: dict[str, Codec] = {}  # games.kind -> its codec, asked for once

    @classmethod
    def open(cls, url: str, kinds: Kinds, *, timeout: float = 5.0, clock: Clock = utc_now) -> Store:
        """Open (creating or migrating as needed) the database at `url`, holding games of the `kinds` given."""
        engine = make_engine(url, timeout=timeout)  # refuses what is not a URL
        path = sqlite_path(url)
        store = cls(engine, str(path) if path else engine.url.render_as_string(hide_password=True), kinds, clock)
        with store._guard():
            prepare(store.engine, store.where)
        return store

    def close(self) -> None:
        with self._lock:
            if self._writes is not None:
                self._writes.close()
                self._writes = None
        self.engine.dispose()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except DBAPIError as exc:
            raise self._mapped(exc) from None

    def _mapped(self, exc: StatementError) -> StoreError:
        """The database's refusal as the store's error: a collision (Conflict) or what a person can act on."""
        if isinstance(exc, IntegrityError):
            return Conflict(f"{self.where}: {exc.orig}")
        return explain(exc, self.where)

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._lock, self._guard():
            connection = self._connection()
            try:
                with connection.begin():
                    yield connection
            except DBAPIError:
                connection.close()  # after the database failed, the next write starts from a fresh connection
                self._writes = None
                raise

    def _connection(self) -> Connection:
        """The write connection, kept open (call with the lock held)."""
        if self._writes is None:
            self._writes = self._writer.connect()
        return self._writes

    def _insert_events(self, rows: list[tuple[Any, ...]]) -> None:
        """The rows inserted by the SQLite driver itself in one IMMEDIATE transaction (see db/event_rows.py):
        SQLAlchemy's transaction handling costs more than the insert itself."""
        with self._lock:  # not under `_guard`: entering and leaving it costs more here than the insert
            try:
                raw: sqlite3.Connection = self._connection().connection.dbapi_connection  # type: ignore[assignment]
            except DBAPIError as exc:  # the file could not be opened again (after a failed write, say)
                raise self._mapped(exc) from None
            try:
                raw.execute("BEGIN IMMEDIATE")
                if len(rows) == 1:
                    raw.execute(event_rows.INSERT, rows[0])
                else:
                    raw.executemany(event_rows.INSERT, rows)
                raw.execute("COMMIT")
            except BaseException as exc:
                if raw.in_transaction:
                    raw.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):  # as SQLAlchemy would wrap it, then as every write maps it
                    raise self._mapped(DBAPIError.instance("append", (), exc, sqlite3.Error)) from None
                raise

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._guard(), self.engine.connect() as connection:
            yield connection

    # --- players ----------------------------------------------------------------------------------
    def add_player(self, name: str) -> PlayerRecord:
        with self._write() as c:
            return self._add_player(c, _clean_name(name))

    def _add_player(self, c: Connection, name: str) -> PlayerRecord:
        self._one_writer(c)
        taken = c.execute(select(Player).where(Player.name_key == name.casefold())).first()
        if taken is not None:
            raise StoreError(f"there is already a player called {taken.name!r}", where=name)
        now = self.clock()
        pid = c.execute(insert(Player).values(name=name, name_key=name.casefold(), created_at=now)).inserted_primary_key
        assert pid is not None
        return PlayerRecord(pid[0], name, now)

    def players(self) -> list[PlayerRecord]:
        """The profiles in use (a merged profile lives on only as a name for the one it joined)."""
        with self._read() as c:
            query = select(Player).where(Player.merged_into.is_(None)).order_by(Player.name_key)
            return [_player(r) for r in c.execute(query)]

    def player(self, who: str | int) -> PlayerRecord:
        """A profile by id or name (case-insensitive); a merged name leads to the profile it joined."""
        with self._read() as c:
            return self._player(c, who)

    def _player(self, c: Connection, who: str | int) -> PlayerRecord:
        found = (c.execute(select(Player).where(Player.id == who)).first() if isinstance(who, int)
                 else c.execute(select(Player).where(Player.name_key == who.strip().casefold())).first())
        if found is None:
            names = [r.name for r in c.execute(select(Player.name).where(Player.merged_into.is_(None)))]
            from difflib import get_close_matches  # only for a name not found: it takes a while to import

            close = get_close_matches(str(who), names, n=3)
            hint = f"; did you mean {' or '.join(close)}?" if close else (
                f"; players: {', '.join(sorted(names))}" if names else "; no players are recorded yet")
            raise UnknownRecord(f"no player {who!r}{hint}", kind="player")
        record = _player(found)
        return self._player(c, record.merged_into) if record.merged_into is not None else record

    def rename_player(self, who: str | int, new_name: str) -> PlayerRecord:
        new_name = _clean_name(new_name)
        with self._write() as c:
            self._one_writer(c)
            player = self._player(c, who)
            taken = c.execute(select(Player).where(Player.name_key == new_name.casefold(),
                                                   Player.id != player.id)).first()
            if taken is not None:
                raise StoreError(f"{taken.name!r} is another profile: merge the two instead of renaming",
                                 where=new_name)
            c.execute(update(Player).where(Player.id == player.id).values(name=new_name,
                                                                          name_key=new_name.casefold()))
            return PlayerRecord(player.id, new_name, player.created_at)

    def merge_players(self, source: str | int, into: str | int) -> PlayerRecord:
        """`source` joins `into`: all of its games follow; its name then leads to `into`."""
        with self._write() as c:
            self._one_writer(c)
            old, new = self._player(c, source), self._player(c, into)
            if old.id == new.id:
                raise StoreError(f"{old.name!r} and {new.name!r} are already one profile")
            both = c.execute(select(GamePlayer.game_id).where(GamePlayer.player_id == old.id).intersect(
                select(GamePlayer.game_id).where(GamePlayer.player_id == new.id))).scalars().all()
            if both:
                raise StoreError(f"{old.name} and {new.name} sat at the same table in game(s) "
                                 f"{', '.join(map(str, sorted(both)))}: they are two people, not one")
            c.execute(update(GamePlayer).where(GamePlayer.player_id == old.id).values(player_id=new.id))
            c.execute(update(Result).where(Result.player_id == old.id).values(player_id=new.id))
            c.execute(update(Player).where(Player.merged_into == old.id).values(merged_into=new.id))
            c.execute(update(Player).where(Player.id == old.id).values(merged_into=new.id))
            tallies.recount(c, (old.id, new.id))  # old's totals and records are now new's
            ratings.recount_players(c, (old.id, new.id))  # and their games rated as one player's
            return new

    # --- games ------------------------------------------------------------------------------------
    def create_game(self, *, variant: str, players: Sequence[str], families: Sequence[str],
                    characters: Sequence[str] = (), rules: dict[str, str] | None = None,
                    first: Sequence[Event] = (), key: str | None = None, uid: str | None = None,
                    kind: str) -> GameRecord:
        """A new game of `kind` with its players (profiles found by name or created) and, atomically, its first
        events."""
        with self._write() as c:
            if key is not None:
                found = self._action(c, key)
                if found is not None:
                    return self._game(c, found[0])
            game_id = self._insert_game(c, variant, players, families, characters, rules or {}, "log", uid,
                                        self.clock(), kind)
            if first:
                c.execute(insert(EventRow), self._rows(self._codec(kind), game_id, 1, first, key)[0])
            return self._game(c, game_id)

    def _insert_game(self, c: Connection, variant: str, players: Sequence[str], families: Sequence[str],
                     characters: Sequence[str], rules: dict[str, str], source: str, uid: str | None,
                     started_at: datetime, kind: str, ids: Sequence[int] | None = None) -> int:
        """The game's row, its seats (profiles found by name or created, unless their `ids` are given) and its
        families."""
        ids = [self._profile(c, name) for name in players] if ids is None else ids
        gid = c.execute(insert(Game).values(
            uid=uid or uuid.uuid4().hex, kind=kind, variant=variant, families=list(families),
            characters=list(characters), rules=dict(rules), player_count=len(players), status="playing", source=source,
            started_at=started_at)).inserted_primary_key
        assert gid is not None
        c.execute(insert(GamePlayer), [{"game_id": gid[0], "seat": s, "player_id": p} for s, p in enumerate(ids)])
        if families:
            c.execute(insert(GameFamily), [{"game_id": gid[0], "family": f} for f in families])
        return int(gid[0])

    def _profile(self, c: Connection, name: str) -> int:
        try:
            return self._player(c, _clean_name(name)).id
        except UnknownRecord:
            return self._add_player(c, _clean_name(name)).id

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

    def _codec(self, kind: str) -> Codec:
        """The codec of `kind`'s events (InputError for a kind this companion does not know)."""
        codec = self._codecs.get(kind)
        if codec is None:
            codec = self._codecs[kind] = self.kinds.codec(kind)
        return codec

    def game(self, game_id: int) -> GameRecord:
        with self._read() as c:
            return self._game(c, game_id)

    def _game(self, c: Connection, game_id: int) -> GameRecord:
        """The game `game_id`: UnknownRecord when there is none, DamagedGame when its row cannot be read."""
        row = c.execute(select(Game).where(Game.id == game_id)).first()
        if row is None:
            raise UnknownRecord(f"no game {game_id}", kind="game")
        found, damaged = self._games(c, [row])
        if damaged:
            raise damaged[0]
        return found[0]

    def games(self, status: str | None = None, player: str | int | None = None) -> list[GameRecord]:
        """Games, newest first; only `status` ('playing' or 'finished') or `player`'s when given. A damaged game
        is left out (`games_and_damaged` names it)."""
        return self.games_and_damaged(status, player)[0]

    def games_and_damaged(self, status: str | None = None, player: str | int | None = None, *,
                          since: datetime | None = None,
                          limit: int | None = None) -> tuple[list[GameRecord], list[DamagedGame]]:
        """`games`, and the games among them whose rows cannot be read, each named with what is wrong; only those
        started at `since` or later, and the newest `limit`, when given."""
        found: list[GameRecord] = []
        damaged: list[DamagedGame] = []
        for g in self.iter_games(status, player, since=since, limit=limit):
            if isinstance(g, DamagedGame):
                damaged.append(g)
            else:
                found.append(g)
        return found, damaged

    def iter_games(self, status: str | None = None, player: str | int | None = None, *,
                   since: datetime | None = None, limit: int | None = None, source: str | None = None,
                   kind: str | None = None) -> Generator[GameRecord | DamagedGame, None, None]:
        """Games newest first (a damaged one in its place, named), read a page at a time: memory and each
        statement's parameters stay bounded whatever the size of the history. Only those of `source` ("log",
        "quick", "bgstats") and `kind` when given."""
        for page in self._pages(status, player, since, limit, source, kind):
            yield from page
        return None

    def last_seq(self, game_id: int) -> int:
        """The number of the game's latest event (0: none): what a second window compares to follow the game."""
        with self._read() as c:
            return int(c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id)).scalar() or 0)

    def latest_finished(self, player: str | int, limit: int) -> list[GameRecord]:
        """The player's `limit` latest finished games, newest first: read off the index of their results (a
        bounded range, the same at 100 and 100,000 games); a game that cannot be read is left out."""
        with self._read() as c:
            pid = self._player(c, player).id
            ids = list(c.execute(select(Result.game_id).where(Result.player_id == pid)
                                 .order_by(Result.finished_at.desc(), Result.game_id.desc()).limit(limit)).scalars())
        return [g for page in self._read_pages(ids) for g in page if isinstance(g, GameRecord)]

    def iter_games_with_results(self, status: str | None = None, player: str | int | None = None, *,
                                since: datetime | None = None, limit: int | None = None
                                ) -> Iterator[tuple[GameRecord, list[dict[str, Any]]] | DamagedGame]:
        """`iter_games`, each game with its stored sheet (`results`; empty while in play), a page at a time."""
        for page in self._pages(status, player, since, limit):
            sound = [g for g in page if isinstance(g, GameRecord)]
            with self._read() as c:
                sheets = self._results_many(c, sound)
            for g in page:
                if isinstance(g, DamagedGame):
                    yield g
                    continue
                sheet = sheets[g.id]
                yield sheet if isinstance(sheet, DamagedGame) else (g, sheet)

    def _pages(self, status: str | None, player: str | int | None, since: datetime | None, limit: int | None,
               source: str | None = None, kind: str | None = None) -> Iterator[list[GameRecord | DamagedGame]]:
        with self._read() as c:
            query = select(Game.id).order_by(Game.started_at.desc(), Game.id.desc())
            if status is not None:
                query = query.where(Game.status == status)
            if player is not None:
                pid = self._player(c, player).id
                query = query.where(Game.id.in_(select(GamePlayer.game_id).where(GamePlayer.player_id == pid)))
            if since is not None:
                query = query.where(Game.started_at >= since)
            if source is not None:
                query = query.where(Game.source == source)
            if kind is not None:  # not by its index (every game is one of two kinds): the order's index serves
                query = query.where(Game.kind + "" == kind)
            # The first page alone (a caller often needs no more: Home, the served table), then the rest's ids (the
            # order only, a few bytes a game), on the (started_at, id) index.
            ids = list(c.execute(query.limit(min(PAGE, limit) if limit is not None else PAGE)).scalars())
        yield from self._read_pages(ids)
        if len(ids) < PAGE or (limit is not None and limit <= PAGE):
            return
        first = set(ids)  # a game added meanwhile shifts the rest by one: a game on both sides is listed once
        with self._read() as c:
            rest = query.offset(PAGE)
            ids = [i for i in c.execute(rest.limit(limit - PAGE) if limit is not None else rest).scalars()
                   if i not in first]
        yield from self._read_pages(ids)

    def _read_pages(self, ids: list[int]) -> Iterator[list[GameRecord | DamagedGame]]:
        for page in tallies.chunks(ids, PAGE):
            with self._read() as c:
                rows = {r.id: r for r in c.execute(select(Game).where(Game.id.in_(page)))}
                yield self._in_order(c, [rows[i] for i in page if i in rows])

    def _games(self, c: Connection, rows: list[Any]) -> tuple[list[GameRecord], list[DamagedGame]]:
        found: list[GameRecord] = []
        damaged: list[DamagedGame] = []
        for page in tallies.chunks(range(len(rows)), PAGE):
            for g in self._in_order(c, [rows[i] for i in page]):
                if isinstance(g, DamagedGame):
                    damaged.append(g)
                else:
                    found.append(g)
        return found, damaged

    def _in_order(self, c: Connection, rows: list[Any]) -> list[GameRecord | DamagedGame]:
        """The games of these rows (at most PAGE), in their order: a damaged one named in its place."""
        ids = [r.id for r in rows]
        seats: dict[int, list[tuple[str, int]]] = {i: [] for i in ids}
        for gp in c.execute(select(GamePlayer.game_id, Player.id, Player.name).join(Player)
                            .where(GamePlayer.game_id.in_(ids)).order_by(GamePlayer.game_id, GamePlayer.seat)):
            seats[gp.game_id].append((gp.name, gp.id))
        last = {gid: seq for gid, seq in c.execute(select(EventRow.game_id, func.max(EventRow.seq))
                                                   .where(EventRow.game_id.in_(ids)).group_by(EventRow.game_id))}
        out: list[GameRecord | DamagedGame] = []
        for r in rows:
            why = _game_row_problem(r, len(seats[r.id]), last.get(r.id, 0))
            if why is not None:
                out.append(DamagedGame(r.id, why))
                continue
            out.append(GameRecord(
                r.id, r.uid, r.variant, tuple(r.families), tuple(r.characters), dict(r.rules),
                tuple(n for n, _ in seats[r.id]), tuple(p for _, p in seats[r.id]), r.status, r.source,
                _aware(r.started_at), _aware(r.finished_at) if r.finished_at else None, r.tie_break,
                last.get(r.id, 0), r.kind))
        return out

    # --- the log ----------------------------------------------------------------------------------
    def append(self, game_id: int, after: int, facts: Sequence[Event | Undone], key: str) -> Appended:
        """Record one user action's events after event `after`, atomically.

        Refused with StaleGame when the log has moved on since `after` (another window wrote first);
        a key already recorded returns that action again and writes nothing. The happy path is one INSERT:
        the (game, seq) primary key and the unique key are the checks, so a conflict is found by the database.
        """
        if not facts:
            raise StoreError("an action records at least one event")
        kind = self._kinds.get(game_id)
        if kind is None:
            with self._read() as c:
                kind = self._kind(c, game_id)
        codec = self._codec(kind)
        undoing = Undone in map(type, facts)
        try:
            if self.engine.dialect.name == "sqlite" and not undoing:
                now = self.clock()
                self._insert_events(event_rows.rows(codec, game_id, after + 1, facts, key, now))
            else:
                rows, now = self._rows(codec, game_id, after + 1, facts, key)
                with self._write() as c:
                    if undoing:
                        self._one_writer(c)  # it may reopen a finished game: its results leave the history
                    c.execute(insert(EventRow), rows)
                    if undoing:
                        self._reopen(c, game_id)
        except Conflict:
            with self._read() as c:
                found = self._action(c, key)
                if found is not None:
                    return found[1]
                self._game(c, game_id)  # an unknown game is named as such
                last = c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id)).scalar() or 0
            raise StaleGame(game_id, after, last) from None
        return Appended(after + 1, after + len(facts), False, now)

    def _rows(self, codec: Codec, game_id: int, seq: int, facts: Sequence[Event | Undone],
              key: str | None) -> tuple[list[dict[str, Any]], datetime]:
        now = self.clock()
        rows = []
        for i, fact in enumerate(facts):
            name, version, payload = upcast.write(codec, fact)
            rows.append({"game_id": game_id, "seq": seq + i, "type": name, "version": version, "payload": payload,
                         "action": seq, "idempotency_key": key if i == 0 else None, "recorded_at": now})
        return rows, now

    def _action(self, c: Connection, key: str) -> tuple[int, Appended] | None:
        row = c.execute(select(EventRow.game_id, EventRow.seq).where(EventRow.idempotency_key == key)).first()
        if row is None:
            return None
        last = c.execute(select(func.max(EventRow.seq)).where(EventRow.game_id == row.game_id,
                                                              EventRow.action == row.seq)).scalar()
        return row.game_id, Appended(row.seq, last or row.seq, True)

    def events(self, game_id: int, after: int = 0) -> list[LoggedEvent]:
        """The game's log from event `after` on, old versions upcast; a damaged row is named, not skipped."""
        with self._read() as c:
            kind = self._kind(c, game_id)
            rows = c.execute(select(EventRow).where(EventRow.game_id == game_id, EventRow.seq > after)
                             .order_by(EventRow.seq)).all()
        out = []
        for r in rows:
            try:
                why = _event_row_problem(r)
                if why is not None:
                    raise InputError(why)
                fact = upcast.read(self._codec(kind), r.type, r.version, r.payload)
            except (InputError, TypeError, ValueError) as exc:
                raise StoreError(f"game {game_id}, event {r.seq} ({r.type}) is damaged: {exc}. The game cannot "
                                 "be replayed past it; restore a backup copy of the database") from None
            out.append(LoggedEvent(r.seq, r.action, fact, _aware(r.recorded_at), r.idempotency_key))
        return out

    # --- results ----------------------------------------------------------------------------------
    def finish(self, game_id: int, sheet: FinalSheet, sheets: Sequence[dict[str, Any]]) -> GameRecord:
        """Write the final score sheet (one row per seat, `sheets` as `score --json` prints each player)."""
        with self._write() as c:
            self._one_writer(c)
            game = self._game(c, game_id)
            if game.finished:
                raise StoreError(f"game {game_id} is already finished")
            self._results(c, game, sheet, sheets, self.clock())
            return self._game(c, game_id)

    def abandon(self, game_id: int) -> GameRecord:
        """A game in progress left for good: off Home, never in the statistics; its log is kept (export carries it)."""
        with self._write() as c:
            self._one_writer(c)
            game = self._game(c, game_id)
            if game.status != "playing":
                raise StoreError(f"game {game_id} is {game.status}: only a game in progress can be abandoned")
            c.execute(update(Game).where(Game.id == game_id).values(status="abandoned"))
            return self._game(c, game_id)

    def _results(self, c: Connection, game: GameRecord, sheet: FinalSheet, sheets: Sequence[dict[str, Any]],
                 finished_at: datetime) -> None:
        if len(sheet.players) != len(game.player_ids):
            raise StoreError(f"game {game.id} has {len(game.player_ids)} players; the sheet has {len(sheet.players)}")
        winners = set(sheet.winners)
        c.execute(insert(Result), [
            {"game_id": game.id, "seat": seat, "player_id": pid, "score": p.total, "rank": p.rank,
             "winner": p.name in winners, "hand": p.hand, "sheet": detail, "finished_at": finished_at}
            for seat, (pid, p, detail) in enumerate(zip(game.player_ids, sheet.players, sheets, strict=True))])
        c.execute(update(Game).where(Game.id == game.id).values(status="finished", finished_at=finished_at,
                                                                tie_break=sheet.tie_break))
        tallies.keep_facts(c, self._facts(game.id, game.kind, game.variant, game.families, game.rules, [
            Seat(p.total, p.rank, p.name in winners, detail) for p, detail in zip(sheet.players, sheets, strict=True)]))
        tallies.count_games(c, (game.id,))
        ratings.rate_games(c, (game.id,))

    def _facts(self, game_id: int, kind: str, variant: str, families: Sequence[str], rules: dict[str, str],
               seats: Sequence[Seat]) -> list[dict[str, Any]]:
        """What each seat's result adds to its player's statistics, as the game of `kind` says (db/kinds.py)."""
        finished = Finished(variant, tuple(families), rules, tuple(seats))
        return tallies.fact_rows(game_id, self.kinds.facts(kind, finished))

    def _reopen(self, c: Connection, game_id: int) -> None:
        """An undo in a finished game reopens it: its results were derived from the log and are recomputed."""
        players = c.execute(select(Result.player_id).where(Result.game_id == game_id)).scalars().all()
        again = ratings.take_back(c, game_id)  # the latest game: its players back to their ratings before it
        tallies.forget_facts(c, game_id)
        c.execute(delete(Result).where(Result.game_id == game_id))
        if players:
            tallies.recount(c, players)
        c.execute(update(Game).where(Game.id == game_id).values(status="playing", finished_at=None, tie_break=None))
        if again is not None:
            ratings.recount_kinds(c, (again,))  # an earlier game left the past: its kind is rated again

    # --- export and import ----------------------------------------------------------------------
    def _event_problem(self, r: Any, kind: str) -> str | None:
        """`_event_row_problem`, and the payload decoded by the codec of the game's `kind`."""
        why = _event_row_problem(r)
        if why is not None:
            return why
        try:
            upcast.read(self._codec(kind), r.type, r.version, r.payload)
        except (InputError, TypeError, ValueError) as exc:
            return f"{r.type}: {exc}"
        return None

    def whole_games(self, game_ids: Sequence[int] | None = None) -> list[WholeGame]:
        """Games with their logs as stored and their results (every game when `game_ids` is None), oldest first;
        DamagedGame when one cannot be read (`whole_games_and_damaged` leaves it out instead)."""
        games, damaged = self.whole_games_and_damaged(game_ids)
        if damaged:
            raise damaged[0]
        return games

    def whole_games_and_damaged(self, game_ids: Sequence[int] | None = None
                                ) -> tuple[list[WholeGame], list[DamagedGame]]:
        """`whole_games`, with the games whose rows (game, events or results) cannot be read left out and named."""
        out: list[WholeGame] = []
        damaged: list[DamagedGame] = []
        for g in self.iter_whole_games(game_ids):
            if isinstance(g, DamagedGame):
                damaged.append(g)
            else:
                out.append(g)
        return out, sorted(damaged, key=lambda d: d.game)

    def iter_whole_games(self, game_ids: Sequence[int] | None = None) -> Iterator[WholeGame | DamagedGame]:
        """`whole_games` (every game when `game_ids` is None), oldest first, a damaged one named in its place, read
        a page at a time: an export streams in bounded memory."""
        with self._read() as c:
            if game_ids is not None:
                for game_id in game_ids:
                    if c.execute(select(Game.id).where(Game.id == game_id)).first() is None:
                        raise UnknownRecord(f"no game {game_id}", kind="game")
            query = select(Game.id, Game.started_at).order_by(Game.started_at, Game.id)
            if game_ids is None:
                ids = list(c.execute(query.with_only_columns(Game.id)).scalars())
            elif len(set(game_ids)) <= PAGE:  # games asked for by number (a few): in the same order
                ids = list(c.execute(query.with_only_columns(Game.id).where(Game.id.in_(set(game_ids)))).scalars())
            else:  # very many: a page of ids per statement, put in order here
                wanted = [r for batch in tallies.chunks(sorted(set(game_ids)), PAGE)
                          for r in c.execute(query.where(Game.id.in_(batch)))]
                ids = [i for i, _ in sorted(wanted, key=lambda r: (str(r[1]), r[0]))]
        for page in self._read_pages(ids):
            with self._read() as c:
                sound = [g for g in page if isinstance(g, GameRecord)]
                events: dict[int, list[Any]] = {g.id: [] for g in sound}
                for r in c.execute(select(EventRow).where(EventRow.game_id.in_([g.id for g in sound]))
                                   .order_by(EventRow.game_id, EventRow.seq)):
                    events[r.game_id].append(r)
                sheets = self._results_many(c, sound)
            for game in page:
                if isinstance(game, DamagedGame):
                    yield game
                    continue
                rows = events[game.id]
                bad = next(((r.seq, why) for r in rows if (why := self._event_problem(r, game.kind)) is not None), None)
                if bad is not None:
                    yield DamagedGame(game.id, f"event {bad[0]}: {bad[1]}")
                    continue
                sheet = sheets[game.id]
                if isinstance(sheet, DamagedGame):
                    yield sheet
                    continue
                results = tuple({k: v for k, v in r.items() if k not in ("seat", "name")} for r in sheet)
                yield WholeGame(game.uid, game.variant, game.families, game.characters, game.rules, game.players,
                                game.status, game.source, game.started_at, game.finished_at, game.tie_break,
                                tuple(StoredEvent(r.seq, r.action, r.type, r.version, dict(r.payload),
                                                  _aware(r.recorded_at), r.idempotency_key) for r in rows),
                                results, game.kind)

    def add_whole_games(self, games: Sequence[WholeGame], *, twins: bool = False) -> tuple[int, int]:
        """Add games exported elsewhere, in one transaction (all or nothing); a game whose uid is already here is
        skipped, so importing twice adds nothing, and with `twins` so is a finished game that is the same play as
        one here (`twin`). Both checks run inside the write transaction, which two imports never share: two
        importing the same plays at once add them once. Returns (added, skipped). Players are found by name or
        created."""
        return self.add_whole_games_stream([games], twins=twins)

    def add_whole_games_stream(self, batches: Iterable[Sequence[WholeGame]], *,
                               twins: bool = False) -> tuple[int, int]:
        """`add_whole_games` for games that come a batch at a time (an import read as it goes), still in one
        transaction: a batch that fails (a bad game found late) leaves nothing written."""
        added = skipped = 0
        with self._write() as c:
            self._one_writer(c)
            for games in batches:
                a, s = self._add_whole_games(c, games, twins)
                added, skipped = added + a, skipped + s
        return added, skipped

    def known_uids(self, uids: Iterable[str]) -> set[str]:
        """Which of these game ids are already here (a page of ids per statement)."""
        found: set[str] = set()
        with self._read() as c:
            for batch in tallies.chunks(uids, PAGE):
                found.update(c.execute(select(Game.uid).where(Game.uid.in_(batch))).scalars())
        return found

    def _add_whole_games(self, c: Connection, games: Sequence[WholeGame], twins: bool) -> tuple[int, int]:
        added = skipped = 0
        finished: list[int] = []
        facts: list[dict[str, Any]] = []
        profiles: dict[str, int] = {}
        for game in games:
            if c.execute(select(Game.id).where(Game.uid == game.uid)).first() is not None or (
                    twins and self._twin(c, game) is not None):
                skipped += 1
                continue
            # A profile found once is the same for every game of the import (one transaction, one writer).
            ids = [profiles[name] if name in profiles else profiles.setdefault(name, self._profile(c, name))
                   for name in game.players]
            game_id = self._insert_game(c, game.variant, game.players, game.families, game.characters,
                                        game.rules, game.source, game.uid, game.started_at, game.kind, ids)
            keys = [e.key for e in game.events if e.key]
            if any(c.execute(select(EventRow.seq).where(EventRow.idempotency_key.in_(batch))).first()
                   for batch in tallies.chunks(keys, PAGE)):
                raise Conflict(f"game {game.uid}: its actions are already recorded in another game")
            if game.events:
                c.execute(insert(EventRow), [
                    {"game_id": game_id, "seq": e.seq, "type": e.type, "version": e.version, "payload": e.payload,
                     "action": e.action, "idempotency_key": e.key, "recorded_at": e.recorded_at}
                    for e in game.events])
            if game.results:
                c.execute(insert(Result), [{"game_id": game_id, "seat": seat, "player_id": pid, **row,
                                            "finished_at": game.finished_at}
                                           for seat, (pid, row) in enumerate(zip(ids, game.results, strict=True))])
                finished.append(game_id)
                facts += self._facts(game_id, game.kind, game.variant, game.families, game.rules, [
                    Seat(r["score"], r["rank"], r["winner"], r["sheet"]) for r in game.results])
            c.execute(update(Game).where(Game.id == game_id).values(
                status=game.status, finished_at=game.finished_at, tie_break=game.tie_break))
            added += 1
        tallies.keep_facts(c, facts)
        tallies.count_games(c, finished)
        ratings.rate_games(c, finished)
        return added, skipped

    def twins(self, games: Sequence[WholeGame]) -> dict[str, int]:
        """Finished games already here that are the same plays as `games` under other ids: uid -> game id."""
        with self._read() as c:
            return {g.uid: found for g in games if (found := self._twin(c, g)) is not None}

    def _twin(self, c: Connection, game: WholeGame) -> int | None:
        """A finished game here that is the same play as `game` under another id: the same variant and players
        with the same points, started or finished within a day (a play sent to BG Stats from the companion, then
        exported from BG Stats, comes back with BG Stats' own id; two phones record one play under two ids)."""
        if game.finished_at is None or not game.results:
            return None
        day = timedelta(days=1)
        want = sorted((n.casefold(), r["score"]) for n, r in zip(game.players, game.results, strict=False))
        near = or_(Game.finished_at.between(game.finished_at - day, game.finished_at + day),
                   Game.started_at.between(game.started_at - day, game.started_at + day))
        candidates = c.execute(select(Game.id).where(Game.status == "finished", Game.variant == game.variant,
                                                     Game.player_count == len(game.players), near)
                               .order_by(Game.id)).scalars().all()
        for other in candidates:
            rows = c.execute(select(Player.name_key, Result.score).join(Player, Player.id == Result.player_id)
                             .where(Result.game_id == other)).all()
            if sorted((r.name_key, r.score) for r in rows) == want:
                return int(other)
        return None

    def _one_writer(self, c: Connection) -> None:
        """Writes that check before they add (an import, a new profile) or change the history (results written or
        taken back, a rename, a merge) take their turn one at a time. SQLite's IMMEDIATE transaction already
        does; PostgreSQL reads committed rows, so a transaction-scoped advisory lock makes the second wait for the
        first and then see what it wrote (a merge would otherwise miss the results of a finish still open)."""
        if c.dialect.name == "postgresql":
            c.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _WRITER_LOCK})

    def record_scored(self, *, variant: str, players: Sequence[str], families: Sequence[str],
                      characters: Sequence[str], rules: dict[str, str], sheet: FinalSheet,
                      sheets: Sequence[dict[str, Any]], finished_at: datetime | None = None,
                      uid: str | None = None, kind: str) -> GameRecord:
        """A game scored at the end without a log (quick score) joins the history."""
        with self._write() as c:
            self._one_writer(c)
            if uid is not None and c.execute(select(Game.id).where(Game.uid == uid)).first() is not None:
                raise StoreError(f"a game with id {uid} is already recorded")
            now = finished_at or self.clock()
            game_id = self._insert_game(c, variant, players, families, characters, rules, "quick", uid, now, kind)
            self._results(c, self._game(c, game_id), sheet, sheets, now)
            return self._game(c, game_id)

    def results(self, game_id: int) -> list[dict[str, Any]]:
        """A finished game's stored sheet, per seat: name, score, rank, winner, hand and the lines."""
        with self._read() as c:
            return self._results_of(c, self._game(c, game_id))

    def _results_of(self, c: Connection, game: GameRecord) -> list[dict[str, Any]]:
        rows = c.execute(select(Result, Player.name).join(Player, Player.id == Result.player_id)
                         .where(Result.game_id == game.id).order_by(Result.seat)).all()
        return _checked_results(game, rows)

    def _results_many(self, c: Connection,
                      games: Sequence[GameRecord]) -> dict[int, list[dict[str, Any]] | DamagedGame]:
        """`_results_of` for many games (at most PAGE), in one statement; a damaged sheet is named in its place."""
        rows: dict[int, list[Any]] = {g.id: [] for g in games}
        finished = [g.id for g in games if g.finished]
        if finished:
            for r in c.execute(select(Result, Player.name).join(Player, Player.id == Result.player_id)
                               .where(Result.game_id.in_(finished)).order_by(Result.game_id, Result.seat)):
                rows[r.game_id].append(r)
        out: dict[int, list[dict[str, Any]] | DamagedGame] = {}
        for g in games:
            try:
                out[g.id] = _checked_results(g, rows[g.id])
            except DamagedGame as exc:
                out[g.id] = exc
        return out

    # --- statistics -------------------------------------------------------------------------------
    def player_stats(self, who: str | int, trend: int = 30) -> PlayerStats:
        """The player's statistics in every game they finished: each game's lines (what the game counts, added up
        over their results: db/kinds.py) and their last `trend` scores in it."""
        with self._read() as c:
            return stats.player_stats(c, self._player(c, who), trend)

    def head_to_head(self, a: str | int, b: str | int, kind: str) -> HeadToHead:
        """Two players' record against each other in the games of `kind` they both finished."""
        with self._read() as c:
            first, second = self._player(c, a), self._player(c, b)
            if first.id == second.id:
                raise StoreError(f"{first.name} against {second.name}: name two different players")
            return stats.head_to_head(c, first, second, kind)

    # --- the user's catalogue ---------------------------------------------------------------------
    def card_values(self, game: str) -> list[tuple[str, str, Any]]:
        """The values kept for the cards of `game` (a games.kind): (card, field, value) by card and field."""
        return [(card, field, value) for card, field, value, _, _ in self.card_values_set(game)]

    def card_values_set(self, game: str) -> list[tuple[str, str, Any, datetime, str | None]]:
        """`card_values` with when each was set and who entered it (None: this database's user), for sharing."""
        with self._read() as c:
            return [(r.card, r.field, r.value, r.set_at, r.entered_by) for r in c.execute(
                select(CardValue).where(CardValue.game == game).order_by(CardValue.card, CardValue.field))]

    def set_card_value(self, game: str, card: str, field: str, value: Any, at: datetime | None = None,
                       by: str | None = None) -> None:
        """Keep a value of a card of `game` (`at` and `by`: when it was first entered and by whom, for one shared
        from another database; else now, by this database's user)."""
        with self._write() as c:
            c.execute(delete(CardValue).where(*_card_value(game, card, field)))
            c.execute(insert(CardValue).values(game=game, card=card, field=field, value=value,
                                               set_at=at or self.clock(), entered_by=by))

    def unset_card_value(self, game: str, card: str, field: str) -> bool:
        """Forget a value of the user's catalogue (it is unknown again, or the shipped one); False: there was none."""
        with self._write() as c:
            return bool(c.execute(delete(CardValue).where(*_card_value(game, card, field))).rowcount)


def _card_value(game: str, card: str, field: str) -> tuple[Any, ...]:
    return CardValue.game == game, CardValue.card == card, CardValue.field == field


STATUSES = ("playing", "finished", "abandoned")
PAGE = 500  # games read at a time: bounded memory and parameters per statement (SQLite allows 999 by default)


def _checked_results(game: GameRecord, rows: Sequence[Any]) -> list[dict[str, Any]]:
    """A game's result rows as sheets per seat; DamagedGame when one cannot be read."""
    out = [{"seat": r.seat, "name": r.name, "score": r.score, "rank": r.rank, "winner": r.winner,
            "hand": r.hand, "sheet": r.sheet} for r in rows]
    if game.finished and len(out) != len(game.players):
        raise DamagedGame(game.id, f"finished with {len(out)} result(s) for {len(game.players)} players")
    for r in out:
        whole = all(isinstance(r[k], int) and not isinstance(r[k], bool) for k in ("rank",) + (
            () if r["score"] is None and game.source == "bgstats" else ("score",)))  # None: points unknown
        if not whole or not isinstance(r["winner"], bool) or not (r["hand"] is None or isinstance(r["hand"], int)):
            raise DamagedGame(game.id, f"{r['name']}'s result: score, rank, winner or hand is not readable")
        if not isinstance(r["sheet"], dict):
            raise DamagedGame(game.id, f"{r['name']}'s score sheet is {r['sheet']!r}, not an object")
    return out


def _game_row_problem(r: Any, seats: int, last: int) -> str | None:
    """What makes a games row unreadable (None when it is sound): every column with its type and range."""
    def texts(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)

    for name in ("uid", "kind", "variant", "status", "source"):
        if not isinstance(getattr(r, name), str) or not getattr(r, name):
            return f"its {name} is {getattr(r, name)!r}, not a name"
    if r.status not in STATUSES:
        return f"its status is {r.status!r}, not one of {', '.join(STATUSES)}"
    for name in ("families", "characters"):
        if not texts(getattr(r, name)):
            return f"its {name} are {getattr(r, name)!r}, not a list of names"
    if not isinstance(r.rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in r.rules.items()):
        return f"its rules are {r.rules!r}, not an object of choices"
    if r.tie_break is not None and not isinstance(r.tie_break, str):
        return f"its tie-break is {r.tie_break!r}"
    if not isinstance(r.started_at, datetime):
        return f"its start time is {r.started_at!r}"
    if (r.finished_at is not None or r.status == "finished") and not isinstance(r.finished_at, datetime):
        return f"its status is {r.status} and its end time {r.finished_at!r}"
    if r.status == "playing" and r.finished_at is not None:
        return "it is in play but has an end time"
    if not isinstance(last, int):
        return f"its last event number is {last!r}"
    return None


def _event_row_problem(r: Any) -> str | None:
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


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise StoreError("a player needs a name")
    if len(name) > 80:
        raise StoreError("a player's name is at most 80 characters", where=name[:20] + "…")
    return name


def _player(row: Any) -> PlayerRecord:
    # A creation time damaged outside the companion reads as the epoch: it is shown nowhere a decision rests on.
    created = row.created_at if isinstance(row.created_at, datetime) else datetime(1970, 1, 1, tzinfo=UTC)
    return PlayerRecord(row.id, row.name, _aware(created), row.merged_into)
