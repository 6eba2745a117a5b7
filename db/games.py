"""The games: created (with their first events), found, listed newest first a page at a time (a damaged game named
in its place), a player's latest finished ones, and a game in progress abandoned."""
from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select, update

from . import event_rows, game_rows, game_status, result_rows
from .database import Database
from .engine import one_writer
from .errors import DamagedGame
from .models import Event as EventRow
from .models import Game, GamePlayer
from .player_rows import find
from .records import Event, GameRecord


class Games:
    def __init__(self, database: Database) -> None:
        self._database = database

    def create(self, *, variant: str, players: Sequence[str], families: Sequence[str],
               characters: Sequence[str] = (), rules: dict[str, str] | None = None, first: Sequence[Event] = (),
               key: str | None = None, uid: str | None = None, kind: str) -> GameRecord:
        """A new game of `kind` with its players (profiles found by name or created) and, atomically, its first
        events."""
        database = self._database
        with database.write() as c:
            if key is not None:
                found = event_rows.action(c, key)
                if found is not None:
                    return game_rows.read(c, found[0])
            game_id = game_rows.insert_game(c, variant, players, families, characters, rules or {}, "log", uid,
                                            database.clock(), kind, database.clock)
            if first:
                c.execute(insert(EventRow), event_rows.mappings(database.codec(kind), game_id, 1, first, key,
                                                                database.clock()))
            return game_rows.read(c, game_id)

    def get(self, game_id: int) -> GameRecord:
        with self._database.read() as c:
            return game_rows.read(c, game_id)

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
        with self._database.read() as c:
            return [g for g in game_rows.latest_finished(c, find(c, player).id, limit) if isinstance(g, GameRecord)]

    def iter_with_results(self, status: str | None = None, player: str | int | None = None, *,
                          since: datetime | None = None, limit: int | None = None
                          ) -> Iterator[tuple[GameRecord, list[dict[str, Any]]] | DamagedGame]:
        """`iter`, each game with its stored sheet (`results.of`; empty while in play), a page at a time."""
        for page in self._pages(status, player, since, limit):
            sound = [g for g in page if isinstance(g, GameRecord)]
            with self._database.read() as c:
                sheets = result_rows.many(c, sound)
            for g in page:
                if isinstance(g, DamagedGame):
                    yield g
                    continue
                sheet = sheets[g.id]
                yield sheet if isinstance(sheet, DamagedGame) else (g, sheet)

    def abandon(self, game_id: int) -> GameRecord:
        """A game in progress left for good: off Home, never in the statistics; its log is kept (export carries it)."""
        with self._database.write() as c:
            one_writer(c)
            game_status.check_move(game_id, game_status.locked(c, game_id), game_status.ABANDONED)
            c.execute(update(Game).where(Game.id == game_id).values(status=game_status.ABANDONED))
            return game_rows.read(c, game_id)

    def _pages(self, status: str | None, player: str | int | None, since: datetime | None, limit: int | None,
               source: str | None = None, kind: str | None = None) -> Iterator[list[GameRecord | DamagedGame]]:
        with self._database.read() as c:
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
            size = game_rows.PAGE
            ids = list(c.execute(query.limit(min(size, limit) if limit is not None else size)).scalars())
        yield from game_rows.read_pages(self._database, ids)
        if len(ids) < size or (limit is not None and limit <= size):
            return
        first = set(ids)  # a game added meanwhile shifts the rest by one: a game on both sides is listed once
        with self._database.read() as c:
            rest = query.offset(size)
            ids = [i for i in c.execute(rest.limit(limit - size) if limit is not None else rest).scalars()
                   if i not in first]
        yield from game_rows.read_pages(self._database, ids)
