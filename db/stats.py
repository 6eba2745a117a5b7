"""History statistics: the running totals kept beside the results of finished games (a shared victory is a win for
each), and a player's latest results."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, select

from .models import Game, PairTally, PlayerTally, Result
from .records import PlayerRecord
from .tallies import ORIGAMI, SOUND


@dataclass(frozen=True, slots=True)
class Tally:
    key: str  # the variant, family or player count this line is about ("" for all games)
    games: int
    wins: int
    average: float | None  # over the games with points (None: none has)
    best: int | None
    scored: int  # games with their points known

    @property
    def unknown(self) -> int:
        """Games whose points are not known (BG Stats plays that kept only who won): not in the average."""
        return self.games - self.scored

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


def _tally(key: str, games: int, wins: int, points: int, best: int | None, scored: int) -> Tally:
    return Tally(key, int(games), int(wins), int(points) / int(scored) if scored else None, best, int(scored))


def player_stats(c: Connection, player: PlayerRecord, trend: int) -> PlayerStats:
    """From the player's running totals (db/tallies.py) and their latest `trend` results: a few rows whatever the
    size of the history."""
    latest = (select(Result.game_id, Result.finished_at, Result.score).join(Game, Game.id == Result.game_id)
              .where(Result.player_id == player.id, Game.kind == ORIGAMI, Result.score.is_not(None), *SOUND)
              .order_by(Result.finished_at.desc(), Result.game_id.desc()).limit(trend))
    rows = [r for r in c.execute(latest) if isinstance(r.finished_at, datetime)][::-1] if trend > 0 else []
    facets: dict[str, list[Tally]] = {"variant": [], "family": [], "players": []}
    for r in c.execute(select(PlayerTally).where(PlayerTally.player_id == player.id)):
        if r.facet in facets and r.games:
            facets[r.facet].append(_tally(r.key, r.games, r.wins, r.points, r.best, r.scored))
    by_variant = tuple(sorted(facets["variant"], key=lambda t: t.key))
    return PlayerStats(
        player, _total(by_variant), tuple((r.game_id, r.finished_at, r.score) for r in rows), by_variant,
        tuple(sorted(facets["family"], key=lambda t: t.key)),
        tuple(sorted(facets["players"], key=lambda t: int(t.key) if t.key.isdigit() else 0)))


def _total(parts: tuple[Tally, ...]) -> Tally:
    """All games: every game has exactly one variant, so the variant lines add up to the whole."""
    games = sum(t.games for t in parts)
    scored = sum(t.scored for t in parts)
    points = sum((t.average or 0) * t.scored for t in parts)
    best = max((t.best for t in parts if t.best is not None), default=None)
    return Tally("", games, sum(t.wins for t in parts), points / scored if scored else None, best, scored)


def head_to_head(c: Connection, a: PlayerRecord, b: PlayerRecord) -> HeadToHead:
    row = c.execute(select(PairTally).where(PairTally.player_id == a.id, PairTally.other_id == b.id)).first()
    if row is None:
        return HeadToHead(a, b, 0, 0, 0, 0)
    return HeadToHead(a, b, int(row.games), int(row.ahead), int(row.behind), int(row.level))
