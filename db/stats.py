"""History statistics: indexed SQL over the results of finished games (a shared victory is a win for each)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Integer, and_, case, cast, func, select
from sqlalchemy.orm import aliased

from .models import Game, GameFamily, Result
from .records import PlayerRecord


@dataclass(frozen=True, slots=True)
class Tally:
    key: str  # the variant, family or player count this line is about ("" for all games)
    games: int
    wins: int
    average: float | None
    best: int | None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: PlayerRecord
    overall: Tally
    trend: tuple[tuple[int, datetime, int], ...]  # (game, finished at, score), oldest first
    by_variant: tuple[Tally, ...]
    by_family: tuple[Tally, ...]
    by_players: tuple[Tally, ...]


@dataclass(frozen=True, slots=True)
class HeadToHead:
    a: PlayerRecord
    b: PlayerRecord
    games: int  # finished games both played
    a_ahead: int  # a ranked above b
    b_ahead: int
    level: int  # same rank (a shared victory, or a tie lower down)


# A result row counts when its numbers are numbers: a row damaged outside the companion (text in SQLite's
# integer column) is left out of the statistics rather than breaking them (the store names the game elsewhere).
_SOUND = (Result.score == cast(Result.score, Integer), Result.rank == cast(Result.rank, Integer))
_wins = func.coalesce(func.sum(case((Result.winner, 1), else_=0)), 0)
_columns = (func.count(), _wins, func.avg(Result.score), func.max(Result.score))


def _tally(key: object, games: int, wins: int, average: float | None, best: int | None) -> Tally:
    return Tally(str(key), games, int(wins), None if average is None else float(average), best)


def player_stats(c: Connection, player: PlayerRecord, trend: int) -> PlayerStats:
    mine = and_(Result.player_id == player.id, *_SOUND)
    latest = (select(Result.game_id, Game.finished_at, Result.score).join(Game, Game.id == Result.game_id)
              .where(mine).order_by(Game.finished_at.desc(), Game.id.desc()).limit(trend))
    rows = [r for r in c.execute(latest) if isinstance(r.finished_at, datetime)][::-1]

    def grouped(column: Any, *joins: Any) -> tuple[Tally, ...]:
        query = select(column, *_columns).select_from(Result)
        for target, on in zip(joins[::2], joins[1::2], strict=False):
            query = query.join(target, on)
        query = query.where(mine).group_by(column).order_by(column)
        return tuple(_tally(*row) for row in c.execute(query))

    games_join = (Game, Game.id == Result.game_id)
    by_variant = grouped(Game.variant, *games_join)
    return PlayerStats(
        player, _total(by_variant), tuple((r.game_id, r.finished_at, r.score) for r in rows), by_variant,
        grouped(GameFamily.family, GameFamily, GameFamily.game_id == Result.game_id),
        grouped(Game.player_count, *games_join))


def _total(parts: tuple[Tally, ...]) -> Tally:
    """All games: every game has exactly one variant, so the variant lines add up to the whole."""
    games = sum(t.games for t in parts)
    points = sum((t.average or 0) * t.games for t in parts)
    best = max((t.best for t in parts if t.best is not None), default=None)
    return Tally("", games, sum(t.wins for t in parts), points / games if games else None, best)


def head_to_head(c: Connection, a: PlayerRecord, b: PlayerRecord) -> HeadToHead:
    ra, rb = aliased(Result), aliased(Result)
    row = c.execute(
        select(func.count(),
               func.coalesce(func.sum(case((ra.rank < rb.rank, 1), else_=0)), 0),
               func.coalesce(func.sum(case((ra.rank > rb.rank, 1), else_=0)), 0),
               func.coalesce(func.sum(case((ra.rank == rb.rank, 1), else_=0)), 0))
        .select_from(ra).join(rb, rb.game_id == ra.game_id)
        .where(ra.player_id == a.id, rb.player_id == b.id, ra.rank == cast(ra.rank, Integer),
               rb.rank == cast(rb.rank, Integer))).one()
    return HeadToHead(a, b, row[0], int(row[1]), int(row[2]), int(row[3]))
