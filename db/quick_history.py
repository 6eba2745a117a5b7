"""The history's reads for the command line (`companion players`, `history`, `games`) in plain SQL on a SQLite file
already at this companion's schema: the same answers as the store's rooms (`profiles.all`, `stats.player`,
`stats.versus`, `games.iter_with_results`), without importing SQLAlchemy. Whatever it cannot answer exactly as
the store would (a name not found, a row not as the companion writes it, the file busy) raises NotQuick: the caller
then asks the store, which says what is wrong."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from itertools import islice
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from scoring.jsontext import too_deep

from .errors import DamagedGame
from .quick import GAME_COLUMNS, MOMENT, PROFILES, moment, player_sound, read_only, replaced, sound
from .records import Figures, GameRecord, Line, PlayerRecord, PlayerStats, Versus
from .sheets import checked

if TYPE_CHECKING:  # only named: the plain reads load no more than they use (the players screen opens on them)
    from .kinds import Kinds

PAGE = 500  # games read at a time, as the store pages them: bounded memory and parameters per statement


class ProfileReads(Protocol):
    def all(self) -> list[PlayerRecord]: ...


class StatsReads(Protocol):
    def player(self, who: str | int, trend: int = 30) -> PlayerStats: ...
    def versus(self, a: str | int, b: str | int) -> Versus: ...


class GameReads(Protocol):
    def iter_with_results(self, status: str | None = None, player: str | int | None = None, *,
                          since: datetime | None = None, limit: int | None = None
                          ) -> Iterator[tuple[GameRecord, list[dict[str, Any]]] | DamagedGame]: ...


class HistoryReads(Protocol):
    """The history's reads, as the store's rooms and QuickHistory alike give them."""

    @property
    def profiles(self) -> ProfileReads: ...
    @property
    def stats(self) -> StatsReads: ...
    @property
    def games(self) -> GameReads: ...


class NotQuick(Exception):
    """Only the store can answer this exactly (and name what is wrong)."""


def open_history(url: str, kinds: Kinds) -> QuickHistory | None:
    """The plain reads of the SQLite file behind `url` (holding games of the `kinds` given); None when only the
    store can read it (another database, a file to create or migrate)."""
    try:
        if (db := read_only(url)) is None:
            return None
    except (sqlite3.Error, OSError):
        return None
    try:
        return QuickHistory(url, db, kinds)
    except (sqlite3.Error, UnicodeDecodeError):  # UnicodeDecodeError: SQLite quoting a damaged schema's name
        db.close()
        return None


class QuickHistory:
    """One read transaction on the file (every answer from the same moment of the history), with the store's rooms'
    read methods under their names: `profiles`, `stats`, `games` are this object itself."""

    def __init__(self, url: str, db: sqlite3.Connection, kinds: Kinds) -> None:
        self._url, self._kinds, self._db = url, kinds, db
        db.isolation_level = None  # the transaction is this object's own: one BEGIN, never committed
        db.text_factory = replaced
        db.execute("BEGIN")
        self.profiles = self.stats = self.games = self

    def close(self) -> None:
        self._db.close()

    def _rows(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Any]:
        try:
            return self._db.execute(sql, params).fetchall()
        except (sqlite3.Error, UnicodeDecodeError) as exc:  # locked, damaged: the store waits or names it
            raise NotQuick(str(exc)) from None

    # --- profiles ---------------------------------------------------------------------------------------
    def all(self) -> list[PlayerRecord]:
        """`store.profiles.all()`."""
        return [_player(row) for row in self._rows(PROFILES)]

    def get(self, who: str | int) -> PlayerRecord:
        """`store.profiles.get(who)`; NotQuick for a name not found (the store lists the closest)."""
        found = self._rows("SELECT id, name, created_at, merged_into FROM players WHERE "
                           + ("id = ?" if isinstance(who, int) else "name_key = ?"),
                           (who if isinstance(who, int) else who.strip().casefold(),))
        if not found:
            raise NotQuick(f"no player {who!r}")
        player = _player(found[0])
        return self.get(player.merged_into) if player.merged_into is not None else player

    # --- stats ------------------------------------------------------------------------------------------
    def player(self, who: str | int, trend: int = 30) -> PlayerStats:
        """`store.stats.player(who, trend)`: the running totals and, per game, the latest `trend` scores."""
        player = self.get(who)
        lines: dict[str, list[Line]] = {}
        for kind, facet, key, played, count, total, best, valued in self._rows(
                "SELECT kind, facet, key, games, count, total, best, valued FROM player_tallies WHERE player_id = ?",
                (player.id,)):
            _whole(played, count, total, valued)
            if best is not None:
                _whole(best)
            if played:
                lines.setdefault(kind, []).append(Line(facet, key, played, count, total, best, valued))
        return PlayerStats(player, {kind: Figures(tuple(found), self._trend(player.id, kind, trend))
                                    for kind, found in lines.items()})

    def _trend(self, player_id: int, kind: str, size: int) -> tuple[tuple[int, datetime, int], ...]:
        if size <= 0:
            return ()
        rows = self._rows(
            "SELECT game_id, finished_at, score FROM results WHERE player_id = ? AND kind = ? AND score IS NOT NULL "
            "AND score = CAST(score AS INTEGER) AND rank = CAST(rank AS INTEGER) "
            "ORDER BY finished_at DESC, game_id DESC LIMIT ?",
            (player_id, kind, size))
        # As the store reads them: the moment without its zone (SQLite keeps none).
        if not all(_at(at) for _, at, _ in rows):
            raise NotQuick("a result's end time is not as the companion writes it")
        return tuple((game, moment(at).replace(tzinfo=None), score) for game, at, score in rows)[::-1]

    def versus(self, a: str | int, b: str | int) -> Versus:
        """`store.stats.versus(a, b)`."""
        first, second = self.get(a), self.get(b)
        if first.id == second.id:
            raise NotQuick("the same player twice")
        found = self._rows("SELECT kind, games, ahead, behind, level FROM pair_tallies WHERE player_id = ? AND "
                           "other_id = ?", (first.id, second.id))
        for kind, *figures in found:
            _text(kind)
            _whole(*figures)
        return Versus.of_rows(first, second, found)

    # --- games ------------------------------------------------------------------------------------------
    def iter_with_results(self, status: str | None = None, player: str | int | None = None, *,
                          since: datetime | None = None, limit: int | None = None
                          ) -> Iterator[tuple[GameRecord, list[dict[str, Any]]] | DamagedGame]:
        """`store.games.iter_with_results`: games newest first, each with its sheets, a page at a time. What the
        plain reads cannot read exactly is handed to the store, from that game on: the games already given are
        printed by then (a listing is printed as it is read), so this never raises NotQuick."""
        given = 0
        try:
            for found in self._with_results(status, player, since, limit):
                yield found
                given += 1
        except NotQuick:
            from .store import Store  # SQLAlchemy, only for a history the store must read (and name what is wrong)

            store = Store.open(self._url, self._kinds)
            try:
                yield from islice(store.games.iter_with_results(status=status, player=player, since=since,
                                                                limit=limit), given, None)
            finally:
                store.close()

    def _with_results(self, status: str | None, player: str | int | None, since: datetime | None,
                      limit: int | None) -> Iterator[tuple[GameRecord, list[dict[str, Any]]] | DamagedGame]:
        where: list[str] = []
        params: list[Any] = []
        if status is not None:
            where.append("status = ?")
            params.append(status)
        if player is not None:
            where.append("id IN (SELECT game_id FROM game_players WHERE player_id = ?)")
            params.append(self.get(player).id)
        if since is not None:  # as SQLAlchemy writes a moment into SQLite: its UTC digits, no zone
            where.append("started_at >= ?")
            params.append(since.replace(tzinfo=None).isoformat(" ", "microseconds"))
        ids = [i for (i,) in self._rows(
            "SELECT id FROM games" + (f" WHERE {' AND '.join(where)}" if where else "")
            + " ORDER BY started_at DESC, id DESC" + (" LIMIT ?" if limit is not None else ""),
            [*params, *([limit] if limit is not None else [])])]
        for start in range(0, len(ids), PAGE):
            yield from self._page(ids[start:start + PAGE])

    def _page(self, ids: list[int]) -> Iterator[tuple[GameRecord, list[dict[str, Any]]] | DamagedGame]:
        marks = ", ".join("?" for _ in ids)
        rows = {row[0]: row for row in self._rows(f"SELECT {GAME_COLUMNS} FROM games WHERE id IN ({marks})", ids)}
        seats: dict[int, list[tuple[str, int]]] = {i: [] for i in ids}
        for gid, pid, name in self._rows(
                f"SELECT gp.game_id, p.id, p.name FROM game_players gp JOIN players p ON p.id = gp.player_id "
                f"WHERE gp.game_id IN ({marks}) ORDER BY gp.game_id, gp.seat", ids):
            seats[gid].append((_text(name), pid))
        last = dict(self._rows(f"SELECT game_id, max(seq) FROM events WHERE game_id IN ({marks}) GROUP BY game_id",
                               ids))
        results: dict[int, list[ResultRow]] = {i: [] for i in ids}
        for gid, *result in self._rows(
                f"SELECT r.game_id, r.seat, p.name, r.score, r.rank, r.winner, r.hand, r.sheet FROM results r "
                f"JOIN players p ON p.id = r.player_id WHERE r.game_id IN ({marks}) ORDER BY r.game_id, r.seat", ids):
            results[gid].append(_result(*result))
        for i in ids:
            row = rows[i]
            if not sound(row) or not isinstance(last.get(i, 0), int):
                raise NotQuick(f"game {i} is not as the companion writes it")
            g, uid, kind, variant, status, source, families, characters, rules, started, finished, tie = row
            game = GameRecord(g, uid, variant, tuple(json.loads(families)), tuple(json.loads(characters)),
                              json.loads(rules), tuple(n for n, _ in seats[g]), tuple(p for _, p in seats[g]), status,
                              source, moment(started), moment(finished) if finished else None, tie, last.get(g, 0),
                              kind)
            try:
                yield game, checked(game, results[g] if game.finished else [])
            except DamagedGame as exc:
                yield exc


class ResultRow(NamedTuple):
    """A results row as `db/sheets.checked` reads it."""

    seat: int
    name: str
    score: Any
    rank: Any
    winner: Any
    hand: Any
    sheet: Any


def _result(seat: int, name: Any, score: Any, rank: Any, winner: Any, hand: Any, sheet: Any) -> ResultRow:
    """A results row read as SQLAlchemy reads it (a Boolean from 0 or 1, the sheet's JSON decoded)."""
    if winner not in (0, 1) or not isinstance(sheet, str) or too_deep(sheet):
        raise NotQuick("a result is not as the companion writes it")
    try:
        decoded = json.loads(sheet)
    except ValueError:
        raise NotQuick("a score sheet is not JSON") from None
    return ResultRow(seat, _text(name), score, rank, bool(winner), hand, decoded)


def _player(row: tuple[Any, ...]) -> PlayerRecord:
    pid, name, created, merged = row
    if not player_sound(row):
        raise NotQuick(f"player {pid} is not as the companion writes it")
    return PlayerRecord(pid, name, moment(created), merged)


def _at(value: Any) -> bool:
    """A moment as the companion writes one."""
    return isinstance(value, str) and MOMENT.fullmatch(value) is not None


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise NotQuick(f"{value!r} is not a name")
    return value


def _whole(*values: Any) -> None:
    """Figures kept beside the results are whole numbers (anything else: the store names the damage)."""
    if not all(isinstance(v, int) for v in values):
        raise NotQuick("a kept figure is not a number")
