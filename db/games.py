"""The games: created (with their first events), found, listed newest first a page at a time (a damaged game named
in its place), a player's latest finished ones, and a game in progress abandoned."""
from __future__ import annotations

import uuid
from collections.abc import Callable, Generator, Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, func, insert, select, update

from . import log, results, tallies
from .engine import one_writer
from .errors import DamagedGame, StoreError, UnknownRecord
from .models import Event as EventRow
from .models import Game, GameFamily, GamePlayer, Player, Result, aware
from .profiles import find, profile_id
from .records import Event, GameRecord

if TYPE_CHECKING:
    from .store import Store

STATUSES = ("playing", "finished", "abandoned")
PAGE = 500  # games read at a time: bounded memory and parameters per statement (SQLite allows 999 by default)


class Games:
    def __init__(self, store: Store) -> None:
        self._store = store

    def create(self, *, variant: str, players: Sequence[str], families: Sequence[str],
               characters: Sequence[str] = (), rules: dict[str, str] | None = None, first: Sequence[Event] = (),
               key: str | None = None, uid: str | None = None, kind: str) -> GameRecord:
        """A new game of `kind` with its players (profiles found by name or created) and, atomically, its first
        events."""
        store = self._store
        with store._write() as c:
            if key is not None:
                found = log.action(c, key)
                if found is not None:
                    return read(c, found[0])
            game_id = insert_game(c, variant, players, families, characters, rules or {}, "log", uid, store.clock(),
                                  kind, store.clock)
            if first:
                c.execute(insert(EventRow), log.rows(store.codec(kind), game_id, 1, first, key, store.clock()))
            return read(c, game_id)

    def get(self, game_id: int) -> GameRecord:
        with self._store._read() as c:
            return read(c, game_id)

    def all(self, status: str | None = None, player: str | int | None = None) -> list[GameRecord]:
        """Games, newest first; only `status` ('playing' or 'finished') or `player`'s when given. A damaged game
        is left out (`all_and_damaged` names it)."""
        return self.all_and_damaged(status, player)[0]

    def all_and_damaged(self, status: str | None = None, player: str | int | None = None, *,
                        since: datetime | None = None,
                        limit: int | None = None) -> tuple[list[GameRecord], list[DamagedGame]]:
        """`all`, and the games among them whose rows cannot be read, each named with what is wrong; only those
        started at `since` or later, and the newest `limit`, when given."""
        found: list[GameRecord] = []
        damaged: list[DamagedGame] = []
        for g in self.iter(status, player, since=since, limit=limit):
            if isinstance(g, DamagedGame):
                damaged.append(g)
            else:
                found.append(g)
        return found, damaged

    def iter(self, status: str | None = None, player: str | int | None = None, *, since: datetime | None = None,
             limit: int | None = None, source: str | None = None,
             kind: str | None = None) -> Generator[GameRecord | DamagedGame, None, None]:
        """Games newest first (a damaged one in its place, named), read a page at a time: memory and each
        statement's parameters stay bounded whatever the size of the history. Only those of `source` ("log",
        "quick", "bgstats") and `kind` when given."""
        for page in self._pages(status, player, since, limit, source, kind):
            yield from page
        return None

    def latest_finished(self, player: str | int, limit: int) -> list[GameRecord]:
        """The player's `limit` latest finished games, newest first: read off the index of their results (a
        bounded range, the same at 100 and 100,000 games); a game that cannot be read is left out."""
        with self._store._read() as c:
            return [g for g in latest_finished(c, find(c, player).id, limit) if isinstance(g, GameRecord)]

    def iter_with_results(self, status: str | None = None, player: str | int | None = None, *,
                          since: datetime | None = None, limit: int | None = None
                          ) -> Iterator[tuple[GameRecord, list[dict[str, Any]]] | DamagedGame]:
        """`iter`, each game with its stored sheet (`results.of`; empty while in play), a page at a time."""
        for page in self._pages(status, player, since, limit):
            sound = [g for g in page if isinstance(g, GameRecord)]
            with self._store._read() as c:
                sheets = results.many(c, sound)
            for g in page:
                if isinstance(g, DamagedGame):
                    yield g
                    continue
                sheet = sheets[g.id]
                yield sheet if isinstance(sheet, DamagedGame) else (g, sheet)

    def abandon(self, game_id: int) -> GameRecord:
        """A game in progress left for good: off Home, never in the statistics; its log is kept (export carries it)."""
        with self._store._write() as c:
            one_writer(c)
            game = read(c, game_id)
            if game.status != "playing":
                raise StoreError(f"game {game_id} is {game.status}: only a game in progress can be abandoned")
            c.execute(update(Game).where(Game.id == game_id).values(status="abandoned"))
            return read(c, game_id)

    def _pages(self, status: str | None, player: str | int | None, since: datetime | None, limit: int | None,
               source: str | None = None, kind: str | None = None) -> Iterator[list[GameRecord | DamagedGame]]:
        with self._store._read() as c:
            query = select(Game.id).order_by(Game.started_at.desc(), Game.id.desc())
            if status is not None:
                query = query.where(Game.status == status)
            if player is not None:
                pid = find(c, player).id
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
        yield from read_pages(self._store, ids)
        if len(ids) < PAGE or (limit is not None and limit <= PAGE):
            return
        first = set(ids)  # a game added meanwhile shifts the rest by one: a game on both sides is listed once
        with self._store._read() as c:
            rest = query.offset(PAGE)
            ids = [i for i in c.execute(rest.limit(limit - PAGE) if limit is not None else rest).scalars()
                   if i not in first]
        yield from read_pages(self._store, ids)


def insert_game(c: Connection, variant: str, players: Sequence[str], families: Sequence[str],
                characters: Sequence[str], rules: dict[str, str], source: str, uid: str | None, started_at: datetime,
                kind: str, clock: Callable[[], datetime], ids: Sequence[int] | None = None) -> int:
    """The game's row, its seats (profiles found by name or created, unless their `ids` are given) and its
    families."""
    ids = [profile_id(c, name, clock) for name in players] if ids is None else ids
    gid = c.execute(insert(Game).values(
        uid=uid or uuid.uuid4().hex, kind=kind, variant=variant, families=list(families),
        characters=list(characters), rules=dict(rules), player_count=len(players), status="playing", source=source,
        started_at=started_at)).inserted_primary_key
    assert gid is not None
    c.execute(insert(GamePlayer), [{"game_id": gid[0], "seat": s, "player_id": p} for s, p in enumerate(ids)])
    if families:
        c.execute(insert(GameFamily), [{"game_id": gid[0], "family": f} for f in families])
    return int(gid[0])


def read(c: Connection, game_id: int) -> GameRecord:
    """The game `game_id`: UnknownRecord when there is none, DamagedGame when its row cannot be read."""
    row = c.execute(select(Game).where(Game.id == game_id)).first()
    if row is None:
        raise UnknownRecord(f"no game {game_id}", kind="game")
    found = in_order(c, [row])[0]
    if isinstance(found, DamagedGame):
        raise found
    return found


def latest_finished(c: Connection, player_id: int, limit: int) -> list[GameRecord | DamagedGame]:
    """The player's `limit` latest finished games, newest first, off the index of their results."""
    ids = list(c.execute(select(Result.game_id).where(Result.player_id == player_id)
                         .order_by(Result.finished_at.desc(), Result.game_id.desc()).limit(limit)).scalars())
    return [g for page in tallies.chunks(ids, PAGE) for g in _page(c, page)]


def read_pages(store: Store, ids: list[int]) -> Iterator[list[GameRecord | DamagedGame]]:
    """The games `ids`, in their order, a page per read (a damaged one named in its place)."""
    for page in tallies.chunks(ids, PAGE):
        with store._read() as c:
            yield _page(c, page)


def _page(c: Connection, ids: list[int]) -> list[GameRecord | DamagedGame]:
    rows = {r.id: r for r in c.execute(select(Game).where(Game.id.in_(ids)))}
    return in_order(c, [rows[i] for i in ids if i in rows])


def in_order(c: Connection, rows: list[Any]) -> list[GameRecord | DamagedGame]:
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
        why = _row_problem(r, len(seats[r.id]), last.get(r.id, 0))
        if why is not None:
            out.append(DamagedGame(r.id, why))
            continue
        out.append(GameRecord(
            r.id, r.uid, r.variant, tuple(r.families), tuple(r.characters), dict(r.rules),
            tuple(n for n, _ in seats[r.id]), tuple(p for _, p in seats[r.id]), r.status, r.source,
            aware(r.started_at), aware(r.finished_at) if r.finished_at else None, r.tie_break,
            last.get(r.id, 0), r.kind))
    return out


def _row_problem(r: Any, seats: int, last: int) -> str | None:
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
