"""Skill ratings from the finished games, with openskill's Plackett-Luce model: every game a free-for-all of 2 to 5
players, ranked as the score sheet ranks them (a tie, and a shared victory, are equal ranks). Each player has a
rating per game (kind) and per variant within it; the ordinal (mu - 3 sigma, openskill's cautious estimate) orders
the table.

The ratings are kept beside the results (rating_skills, rating_steps), in the same transaction that writes or
removes them: a game finished after every other game of its kind is one `update`; anything that changes the past
(an undo reopening a game, a merge, an import of older games, a game finished earlier than the latest) rates that
game kind again from its results, oldest first. So the stored ratings always equal `rate` over the history as it
is now, and reading them costs the same at 100 and 100,000 games."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, and_, delete, or_, select, tuple_
from sqlalchemy import update as sa_update

from scoring.i18n import _

from .database import Database
from .errors import StoreError, numbers
from .models import Game, Player, RatingSkill, RatingStep, Result
from .plackett_luce import Rater, Rating
from .tallies import insert_many

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6
RATE = Rater(MODEL).rate  # its update, the same floats without its per-call checks and copies
START: Rating = (MODEL.mu, MODEL.sigma)
Seat = tuple[int, int]  # (player id, rank)
TREND = 20  # the steps of a trend shown (a sparkline)
CHUNK = 500  # values per statement: far below SQLite's default limit of 999 variables


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
    """scope (a kind, or "kind/variant") -> player id -> skill; and each player's ordinal after each game."""

    by_scope: dict[str, dict[int, Skill]] = field(default_factory=dict)
    trend: dict[tuple[str, int], list[tuple[int, float]]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)


def _kept(r: Any) -> Skill:
    """A kept rating (a rating_skills row) as a Skill; a row damaged outside the companion is a StoreError naming
    it (never a crash, nor damage rated on into the new figures)."""
    numbers(_("the skill ratings"), mu=r.mu, sigma=r.sigma, games=r.games)
    return Skill(r.mu, r.sigma, r.games)


def scopes(kind: str, variant: str) -> tuple[str, str]:
    return kind, f"{kind}/{variant}"


def update(skills: dict[int, Skill], seats: Sequence[Seat]) -> dict[int, Skill]:
    """The players' skills after one game (`seats`: each player's id and rank, 1 the winner)."""
    before = [skills.get(pid, NEW) for pid, _seat in seats]
    after = RATE([(s.mu, s.sigma) for s in before], [float(rank) for _, rank in seats])
    return {pid: Skill(mu, sigma, s.games + 1) for (pid, _), s, (mu, sigma) in zip(seats, before, after, strict=True)}


def rate(games: Iterable[tuple[int, str, str, Sequence[Seat]]]) -> Ratings:
    """Ratings from games oldest first: (game id, kind, variant, seats). A game of fewer than two players (solo)
    is not a contest and is left out."""
    out = Ratings()
    live: dict[str, dict[int, Rating]] = {}
    played: dict[str, dict[int, int]] = {}
    for game_id, kind, variant, seats in games:
        if len(seats) < 2:
            continue
        ranks = [float(rank) for _, rank in seats]
        for scope in scopes(kind, variant):
            table, counts = live.setdefault(scope, {}), played.setdefault(scope, {})
            before = [table.get(pid, START) for pid, _seat in seats]
            for (pid, _seat), after in zip(seats, RATE(before, ranks), strict=True):
                table[pid] = after
                counts[pid] = counts.get(pid, 0) + 1
                out.trend.setdefault((scope, pid), []).append((game_id, after[0] - 3 * after[1]))
    out.by_scope = {scope: {pid: Skill(mu, sigma, played[scope][pid]) for pid, (mu, sigma) in table.items()}
                    for scope, table in live.items()}
    return out


def chances(skills: dict[int, Skill], lineup: Sequence[int]) -> list[float]:
    """Each player's chance to win a game with this line-up (a newcomer has the starting rating)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in (skills.get(pid, NEW) for pid in lineup)]
    return [float(p) for p in MODEL.predict_win(teams)]


def _played(c: Connection, where: Any) -> list[tuple[int, str, str, list[Seat]]]:
    """The finished games matching `where`, oldest first, as `rate` takes them."""
    query = (select(Result.game_id, Result.player_id, Result.rank, Game.kind, Game.variant)
             .join(Game, Game.id == Result.game_id).where(Game.status == "finished", where)
             .order_by(Game.finished_at, Game.id, Result.seat))
    games: list[tuple[int, str, str, list[Seat]]] = []
    for r in c.execute(query):
        if not games or games[-1][0] != r.game_id:
            games.append((r.game_id, r.kind, r.variant, []))
        games[-1][3].append((r.player_id, r.rank))
    return games


def recompute(database: Database) -> Ratings:
    """The ratings worked out afresh from every finished game in the history (what the stored ones must equal)."""
    with database.read() as c:  # the store's own read transaction: one consistent view of the history
        ratings = rate(_played(c, Game.id.isnot(None)))
        ratings.names = {r.id: r.name for r in c.execute(select(Player.id, Player.name))}
    return ratings


# --- kept beside the results ------------------------------------------------------------------------------------
def _of_kind(kind: str) -> Any:
    return or_(RatingSkill.scope == kind, RatingSkill.scope.startswith(kind + "/", autoescape=True))


def _write(c: Connection, skills: Sequence[dict[str, Any]], steps: Sequence[dict[str, Any]]) -> None:
    for start in range(0, len(skills), CHUNK):
        insert_many(c, RatingSkill, skills[start:start + CHUNK])
    for start in range(0, len(steps), CHUNK):
        insert_many(c, RatingStep, steps[start:start + CHUNK])


def recount_kinds(c: Connection, kinds: Iterable[str]) -> None:
    """Rate every finished game of these kinds again, oldest first (after the past changed)."""
    for kind in sorted(set(kinds)):
        c.execute(delete(RatingSkill).where(_of_kind(kind)))
        c.execute(delete(RatingStep).where(or_(RatingStep.scope == kind,
                                                   RatingStep.scope.startswith(kind + "/", autoescape=True))))
        _store_rated(c, _played(c, Game.kind == kind))


def _store_rated(c: Connection, games: list[tuple[int, str, str, list[Seat]]]) -> None:
    live: dict[tuple[str, int], Rating] = {}
    steps: list[dict[str, Any]] = []
    counts: dict[tuple[str, int], int] = {}
    for game_id, kind, variant, seats in games:
        if len(seats) < 2:
            continue
        ranks = [float(rank) for _, rank in seats]
        for scope in scopes(kind, variant):
            before = [live.get((scope, pid), START) for pid, _seat in seats]
            for (pid, _seat), (mu, sigma) in zip(seats, RATE(before, ranks), strict=True):
                live[(scope, pid)] = (mu, sigma)
                n = counts[(scope, pid)] = counts.get((scope, pid), 0) + 1
                steps.append({"scope": scope, "player_id": pid, "n": n, "game_id": game_id, "mu": mu, "sigma": sigma})
    _write(c, [{"scope": scope, "player_id": pid, "mu": mu, "sigma": sigma, "games": counts[(scope, pid)]}
               for (scope, pid), (mu, sigma) in live.items()], steps)


def recount_all(c: Connection) -> None:
    """Every rating from the results (the migration that introduced them)."""
    c.execute(delete(RatingSkill))
    c.execute(delete(RatingStep))
    _store_rated(c, _played(c, Game.id.isnot(None)))


def recount_players(c: Connection, player_ids: Iterable[int]) -> None:
    """Rate again every game kind these players have ratings in (their results were moved: a merge)."""
    ids = sorted(set(player_ids))
    scopes_ = c.execute(select(RatingSkill.scope).where(RatingSkill.player_id.in_(ids)).distinct()).scalars()
    kinds = {s.partition("/")[0] for s in scopes_}
    kinds.update(c.execute(select(Game.kind).join(Result, Result.game_id == Game.id)
                           .where(Result.player_id.in_(ids)).distinct()).scalars())
    recount_kinds(c, kinds)


def rate_games(c: Connection, game_ids: Sequence[int],
               written: Sequence[tuple[int, str, str, list[Seat], datetime | None]] | None = None) -> None:
    """Games just finished (their results written) join the ratings: games later than every other finished game
    of their kind are rated on from the stored ratings; a kind where one is not is rated again from its results.
    `written`: the finished ones among them as the caller has just written them (game id, kind, variant, each seat's
    player and rank, end time), not read back (an import)."""
    if not game_ids:
        return
    new: list[tuple[int, str, str, list[Seat]]] = []
    if written is None:
        for start in range(0, len(game_ids), CHUNK):
            new.extend(_played(c, Game.id.in_(game_ids[start:start + CHUNK])))
        when = {r.id: r.finished_at for start in range(0, len(game_ids), CHUNK) for r in c.execute(
            select(Game.id, Game.finished_at).where(Game.id.in_(game_ids[start:start + CHUNK])))}
    else:
        new = [(game_id, kind, variant, seats) for game_id, kind, variant, seats, _end in written]
        when = {game_id: ordered(c, end) for game_id, _kind, _variant, _seats, end in written}
    first = min(game_ids)
    new.sort(key=lambda g: (when[g[0]] is not None, when[g[0]] or 0, g[0]))  # the history's own order
    by_kind: dict[str, list[tuple[int, str, str, list[Seat]]]] = {}
    for game in new:
        by_kind.setdefault(game[1], []).append(game)
    others = Game.id != game_ids[0] if len(game_ids) == 1 else Game.id < first  # an import's games are the newest ids
    for kind, games in by_kind.items():
        if any(when[g[0]] is None for g in games):  # no end time: its place in the order is the database's choice
            recount_kinds(c, [kind])
            continue
        past = _later(c, kind, when[games[0][0]], games[0][0], others)
        if past:
            recount_kinds(c, [kind])
        else:
            _rate_on(c, games)


def ordered(c: Connection, moment: datetime | None) -> datetime | None:
    """A time as its database orders it: SQLite keeps (and compares) its wall-clock time, the zone left out;
    PostgreSQL compares instants."""
    return moment.replace(tzinfo=None) if moment is not None and c.dialect.name == "sqlite" else moment


def _later(c: Connection, kind: str, at: Any, game_id: int, others: Any) -> bool:
    """Whether a finished game of `kind` (among `others`) comes after the game `game_id` ending at `at`."""
    # Through the end-time index, only later games read: kind and status written so that no index of theirs
    # applies (SQLite would pick one and read every game of the kind).
    later = select(Game.id).where(
        Game.kind.concat("") == kind, Game.status.concat("") == "finished", others, Game.finished_at >= at,
        or_(Game.finished_at > at, Game.id > game_id)).limit(1)
    if c.execute(later).first() is not None:
        return True
    return c.dialect.name == "postgresql" and c.execute(  # PostgreSQL orders an unknown end time last
        select(Game.id).where(Game.kind == kind, Game.status == "finished", others,
                              Game.finished_at.is_(None)).limit(1)).first() is not None


def _steps(keys: Sequence[tuple[str, int, int]]) -> Any:
    """These steps by their primary key, a lookup each (SQLite scans the table for a row-value IN list)."""
    return or_(*(and_(RatingStep.scope == scope, RatingStep.player_id == pid, RatingStep.n == n)
                 for scope, pid, n in keys))


def take_back(c: Connection, game_id: int) -> str | None:
    """A finished game is about to lose its results (an undo reopens it). When it is each of its players' latest
    game (in the game and in the variant), nothing after it depends on it: it is taken out here, each player going
    back to their rating before it. Otherwise its kind is returned, to be rated again once its results are gone
    (None: nothing more to do)."""
    game = c.execute(select(Game.kind, Game.variant, Game.finished_at).where(Game.id == game_id)).first()
    players = c.execute(select(Result.player_id).where(Result.game_id == game_id)).scalars().all()
    if game is None or len(players) < 2:  # a solo game was never rated
        return None
    mine = scopes(game.kind, game.variant)
    last = {(r.scope, r.player_id): r.games for r in c.execute(select(RatingSkill.scope, RatingSkill.player_id,
            RatingSkill.games).where(RatingSkill.scope.in_(mine), RatingSkill.player_id.in_(players)))}
    tops = [(scope, pid, n) for (scope, pid), n in last.items()]
    ours = c.execute(select(RatingStep.scope, RatingStep.player_id, RatingStep.n).where(
        _steps(tops), RatingStep.game_id == game_id)).all() if tops else []
    if len(ours) != len(mine) * len(players):
        return str(game.kind)  # someone played on after it: what followed depends on it
    c.execute(delete(RatingStep).where(_steps(tops)))
    before = {(r.scope, r.player_id): r for r in c.execute(select(RatingStep).where(
        _steps([(scope, pid, n - 1) for scope, pid, n in tops])))}
    for scope, pid, n in tops:
        key = and_(RatingSkill.scope == scope, RatingSkill.player_id == pid)
        prior = before.get((scope, pid))
        if prior is None:  # it was their first game here
            c.execute(delete(RatingSkill).where(key))
        else:  # written back as the rating: a damaged step is named, not carried on
            numbers(_("the skill ratings' trends"), mu=prior.mu, sigma=prior.sigma)
            c.execute(sa_update(RatingSkill).where(key).values(mu=prior.mu, sigma=prior.sigma, games=n - 1))
    return None


def _rate_on(c: Connection, games: list[tuple[int, str, str, list[Seat]]]) -> None:
    """Rate these games, the latest of their kind, on from the stored ratings."""
    wanted = sorted({(scope, pid) for _, kind, variant, seats in games if len(seats) > 1
                     for scope in scopes(kind, variant) for pid, _ in seats})
    skills: dict[str, dict[int, Skill]] = {}
    for start in range(0, len(wanted), CHUNK // 2):
        keys = wanted[start:start + CHUNK // 2]
        for r in c.execute(select(RatingSkill).where(tuple_(RatingSkill.scope, RatingSkill.player_id).in_(keys))):
            skills.setdefault(r.scope, {})[r.player_id] = _kept(r)
    known = {(scope, pid) for scope, table in skills.items() for pid in table}
    steps: list[dict[str, Any]] = []
    for game_id, kind, variant, seats in games:
        if len(seats) < 2:
            continue
        ranks = [float(rank) for _, rank in seats]
        for scope in scopes(kind, variant):
            table = skills.setdefault(scope, {})
            before = [((s := table.get(pid, NEW)).mu, s.sigma) for pid, _seat in seats]
            for (pid, _seat), (mu, sigma) in zip(seats, RATE(before, ranks), strict=True):
                after = table[pid] = Skill(mu, sigma, table.get(pid, NEW).games + 1)
                steps.append({"scope": scope, "player_id": pid, "n": after.games, "game_id": game_id,
                              "mu": after.mu, "sigma": after.sigma})
    changed = {(s["scope"], s["player_id"]) for s in steps}
    for start in range(0, len(wanted), CHUNK // 2):
        keys = [k for k in wanted[start:start + CHUNK // 2] if k in known and k in changed]
        if keys:
            c.execute(delete(RatingSkill).where(tuple_(RatingSkill.scope, RatingSkill.player_id).in_(keys)))
    _write(c, [{"scope": scope, "player_id": pid, "mu": skills[scope][pid].mu, "sigma": skills[scope][pid].sigma,
                "games": skills[scope][pid].games} for scope, pid in sorted(changed)], steps)


# --- reading the kept ratings -----------------------------------------------------------------------------------
def stored(database: Database, player: int | None = None, last: int | None = TREND) -> Ratings:
    """The kept ratings: everyone's, or one player's; each with the `last` steps of its trend (None: all)."""
    with database.read() as c:
        return read_stored(c, player, last)


def read_stored(c: Connection, player: int | None = None, last: int | None = TREND) -> Ratings:
    """`stored` inside a read transaction."""
    skills = select(RatingSkill)
    columns = (RatingStep.scope, RatingStep.player_id, RatingStep.game_id, RatingStep.mu, RatingStep.sigma)
    if last is None:
        steps = select(*columns).order_by(RatingStep.scope, RatingStep.player_id, RatingStep.n)
    else:  # from each rating its latest steps, a range of the steps' primary key each: never the whole trend
        steps = (select(*columns).select_from(RatingSkill)
                 .join(RatingStep, and_(RatingStep.scope == RatingSkill.scope,
                                        RatingStep.player_id == RatingSkill.player_id,
                                        RatingStep.n > RatingSkill.games - last))
                 .order_by(RatingSkill.scope, RatingSkill.player_id, RatingStep.n))
    names = select(Player.id, Player.name)
    if player is not None:
        skills = skills.where(RatingSkill.player_id == player)
        steps = steps.where((RatingSkill if last is not None else RatingStep).player_id == player)
        names = names.where(Player.id == player)
    out = Ratings()
    for r in c.execute(skills):
        out.by_scope.setdefault(r.scope, {})[r.player_id] = _kept(r)
    for s in c.execute(steps):
        numbers(_("the skill ratings' trends"), mu=s.mu, sigma=s.sigma)
        out.trend.setdefault((s.scope, s.player_id), []).append((s.game_id, s.mu - 3 * s.sigma))
    for scope, table in out.by_scope.items():
        for pid in table:  # every rating has its latest steps: none is a row damaged (a number of games too high)
            if (scope, pid) not in out.trend:
                raise StoreError(_("the skill ratings kept in the database are damaged (player {player}'s rating in "
                                   "{scope} has no steps); restore a backup copy of the database").format(
                                       player=pid, scope=scope))
    out.names = {r.id: r.name for r in c.execute(names)}
    return out


def lineup_skills(database: Database, scope: str, ids: Sequence[int]) -> dict[int, Skill]:
    """The kept ratings in `scope` of these players (a line-up): their rows only."""
    with database.read() as c:
        found = c.execute(select(RatingSkill).where(RatingSkill.scope == scope,
                                                    RatingSkill.player_id.in_(list(ids)))).all()
    return {r.player_id: _kept(r) for r in found}


def from_store(database: Database) -> Ratings:
    """Every kept rating with its whole trend."""
    return stored(database, last=None)
