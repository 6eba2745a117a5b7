"""Skill ratings from the finished games, with openskill's Plackett-Luce model: every game a free-for-all of 2 to 5
players, ranked as the score sheet ranks them (a tie, and a shared victory, are equal ranks). Each player has a
rating per game (Origami, Origin Story) and per variant within it; the ordinal (mu - 3 sigma, openskill's
cautious estimate) orders the table.

Ratings are worked out from the results every time they are asked for, oldest game first: so they always
follow what the history holds now, after an undo reopened a game, a merge joined two profiles or an import
added older games (which change every rating after them). 10,000 games take a fraction of a second."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select

from .models import Game, Player, Result
from .store import Store

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6
Seat = tuple[int, int]  # (player id, rank)


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


NEW = Skill(MODEL.mu, MODEL.sigma)


@dataclass(slots=True)
class Ratings:
    """scope ("origami", "origami/legends", …) -> player id -> skill; and each player's ordinal after each game."""

    by_scope: dict[str, dict[int, Skill]] = field(default_factory=dict)
    trend: dict[tuple[str, int], list[tuple[int, float]]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)


def scopes(kind: str, variant: str) -> tuple[str, str]:
    return kind, f"{kind}/{variant}"


def update(skills: dict[int, Skill], seats: Sequence[Seat]) -> dict[int, Skill]:
    """The players' skills after one game (`seats`: each player's id and rank, 1 the winner)."""
    before = [skills.get(pid, NEW) for pid, _ in seats]
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=[float(rank) for _, rank in seats])
    return {pid: Skill(team[0].mu, team[0].sigma, s.games + 1)
            for (pid, _), s, team in zip(seats, before, after, strict=True)}


def rate(games: Iterable[tuple[int, str, str, Sequence[Seat]]]) -> Ratings:
    """Ratings from games oldest first: (game id, kind, variant, seats). A game of fewer than two players (solo)
    is not a contest and is left out. openskill's own rating objects are carried from game to game (making new
    ones for every game would double the time)."""
    out = Ratings()
    live: dict[str, dict[int, Any]] = {}
    played: dict[str, dict[int, int]] = {}
    for game_id, kind, variant, seats in games:
        if len(seats) < 2:
            continue
        ranks = [float(rank) for _, rank in seats]
        for scope in scopes(kind, variant):
            table, counts = live.setdefault(scope, {}), played.setdefault(scope, {})
            teams = [[table.get(pid) or MODEL.rating()] for pid, _ in seats]
            for (pid, _), [after] in zip(seats, MODEL.rate(teams, ranks=ranks), strict=True):
                table[pid] = after
                counts[pid] = counts.get(pid, 0) + 1
                out.trend.setdefault((scope, pid), []).append((game_id, after.mu - 3 * after.sigma))
    out.by_scope = {scope: {pid: Skill(r.mu, r.sigma, played[scope][pid]) for pid, r in table.items()}
                    for scope, table in live.items()}
    return out


def chances(skills: dict[int, Skill], lineup: Sequence[int]) -> list[float]:
    """Each player's chance to win a game with this line-up (a newcomer has the starting rating)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in (skills.get(pid, NEW) for pid in lineup)]
    return [float(p) for p in MODEL.predict_win(teams)]


def from_store(store: Store) -> Ratings:
    """The ratings of every finished game in the history, in one read."""
    query = (select(Result.game_id, Result.player_id, Result.rank, Game.kind, Game.variant)
             .join(Game, Game.id == Result.game_id).where(Game.status == "finished")
             .order_by(Game.finished_at, Game.id, Result.seat))
    with store._read() as c:  # the store's own read transaction: one consistent view of the history
        rows: list[Any] = list(c.execute(query))
        names = {r.id: r.name for r in c.execute(select(Player.id, Player.name))}
    games: list[tuple[int, str, str, list[Seat]]] = []
    for r in rows:
        if not games or games[-1][0] != r.game_id:
            games.append((r.game_id, r.kind, r.variant, []))
        games[-1][3].append((r.player_id, r.rank))
    ratings = rate(games)
    ratings.names = names
    return ratings
