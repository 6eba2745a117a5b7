"""History statistics as the store keeps them: a player's running totals per game and line (db/tallies.py), their
latest scores, and two players' head-to-head records in each game; and all the players screen shows of a player,
read at once. What the lines mean is each game's to say (its shell reads them: companion/<game>/statistics.py)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Integer, cast, or_, select

from scoring.i18n import _

from . import game_rows, result_rows
from .database import Database
from .errors import DamagedGame, StoreError, numbers
from .models import PairTally, PlayerTally, Result
from .player_rows import find
from .ratings import Ratings, read_stored
from .records import Figures, GameRecord, HeadToHead, Line, PlayerRecord, PlayerStats, Versus

# The statistics' records live with the store's other records (db/records.py: no SQLAlchemy to import them).
__all__ = ["Figures", "HeadToHead", "Line", "PlayerStats", "Stats", "Versus", "Visit", "player_stats", "versus"]

# A result row counts when its numbers are numbers: a row damaged outside the companion (text in SQLite's integer
# column) is left out of the trend rather than breaking it. Points unknown (NULL: a winners-only play) are no score.
SOUND = (or_(Result.score.is_(None), Result.score == cast(Result.score, Integer)),
         Result.rank == cast(Result.rank, Integer))


class Stats:
    def __init__(self, database: Database) -> None:
        self._database = database

    def player(self, who: str | int, trend: int = 30) -> PlayerStats:
        """The player's statistics in every game they finished: each game's lines (what the game counts, added up
        over their results: db/kinds.py) and their last `trend` scores in it."""
        with self._database.read() as c:
            return player_stats(c, find(c, who), trend)

    def versus(self, a: str | int, b: str | int) -> Versus:
        """Two players' records against each other in every game they both finished, per game."""
        with self._database.read() as c:
            first, second = find(c, a), find(c, b)
            if first.id == second.id:
                raise StoreError(_("{first} against {second}: name two different players").format(
                    first=first.name, second=second.name))
            return versus(c, first, second)

    def head_to_head(self, a: str | int, b: str | int, kind: str) -> HeadToHead:
        """Two players' record against each other in the games of `kind` they both finished."""
        return self.versus(a, b).of(kind)

    def visit(self, who: str | int, latest: int, trend: int = 30) -> Visit:
        """All the players screen shows of a player, in one read: their statistics (`player`), their kept ratings
        with their trend, and their `latest` finished games with their sheets (a damaged one named)."""
        with self._database.read() as c:
            player = find(c, who)
            found = [g for g in game_rows.latest_finished(c, player.id, latest) if isinstance(g, GameRecord)]
            sheets = result_rows.many(c, found)
            return Visit(player_stats(c, player, trend), read_stored(c, player.id),
                         tuple((g, sheets[g.id]) for g in found))


@dataclass(frozen=True, slots=True)
class Visit:
    stats: PlayerStats
    ratings: Ratings  # the player's
    latest: Sequence[tuple[GameRecord, list[dict[str, Any]] | DamagedGame]]  # newest first, with each one's sheet


def player_stats(c: Connection, player: PlayerRecord, trend: int) -> PlayerStats:
    """The player's running totals (db/tallies.py) and, in each game they have totals in, their latest `trend`
    scores: a few rows whatever the size of the history."""
    lines: dict[str, list[Line]] = {}
    t = PlayerTally
    query = select(t.kind, t.facet, t.key, t.games, t.count, t.total, t.best, t.valued).where(t.player_id == player.id)
    for kind, facet, key, played, count, total, best, valued in c.execute(query):
        numbers(_("{player}'s running totals").format(player=player.name), games=played, count=count, total=total,
                best=best, valued=valued)
        if played:
            lines.setdefault(kind, []).append(Line(facet, key, int(played), int(count), int(total), best, int(valued)))
    return PlayerStats(player, {kind: Figures(tuple(found), _trend(c, player, kind, trend))
                                for kind, found in lines.items()})


def _trend(c: Connection, player: PlayerRecord, kind: str, size: int) -> tuple[tuple[int, datetime, int], ...]:
    """The player's latest `size` scores in games of `kind`, oldest first (read off their results' index in that
    kind)."""
    if size <= 0:
        return ()
    latest = (select(Result.game_id, Result.finished_at, Result.score)
              .where(Result.player_id == player.id, Result.kind == kind, Result.score.is_not(None), *SOUND)
              .order_by(Result.finished_at.desc(), Result.game_id.desc()).limit(size))
    return tuple((r.game_id, r.finished_at, r.score) for r in c.execute(latest)
                 if isinstance(r.finished_at, datetime))[::-1]


def versus(c: Connection, a: PlayerRecord, b: PlayerRecord) -> Versus:
    p = PairTally
    rows = c.execute(select(p.kind, p.games, p.ahead, p.behind, p.level).where(p.player_id == a.id,
                                                                               p.other_id == b.id)).all()
    for row in rows:
        numbers(_("{a} and {b}'s head-to-head records").format(a=a.name, b=b.name), games=row.games, ahead=row.ahead,
                behind=row.behind, level=row.level)
    return Versus.of_rows(a, b, [(kind, int(g), int(ahead), int(behind), int(level))
                                 for kind, g, ahead, behind, level in rows])
