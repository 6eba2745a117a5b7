"""Per-player running totals (statistics) and per-pair records (head-to-head), kept in the same transaction as the
results they sum: a result written adds to them; results removed or moved (an undo reopening a game, a merge) have
their players' totals recounted from the results. Every statement carries a bounded number of parameters."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Integer,
    Select,
    String,
    and_,
    case,
    cast,
    delete,
    func,
    insert,
    inspect,
    literal,
    or_,
    select,
)
from sqlalchemy.orm import aliased

from .models import Game, GameFamily, PairTally, PlayerTally, Result

T = TypeVar("T")
ORIGAMI = "origami"  # the game the totals count (until each game's statistics come from the game)
CHUNK = 500  # ids per statement: far below SQLite's default limit of 999 variables
# A result row counts when its numbers are numbers: a row damaged outside the companion (text in SQLite's integer
# column) is left out of a recount rather than breaking it.
# Points unknown (NULL: a winners-only play) count as a game and a win, not in the points.
SOUND = (or_(Result.score.is_(None), Result.score == cast(Result.score, Integer)),
         Result.rank == cast(Result.rank, Integer))
_TALLY_COLUMNS = ("player_id", "facet", "key", "games", "wins", "points", "best", "scored")
_PAIR_COLUMNS = ("player_id", "other_id", "games", "ahead", "behind", "level")


def chunks(ids: Iterable[T], size: int = CHUNK) -> Iterable[list[T]]:
    batch: list[T] = []
    for i in ids:
        batch.append(i)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _facets(where: Any, scored: bool = True) -> list[Select[Any]]:
    """The totals per (player, facet, key) of the result rows matching `where` (`scored`: with the count of games
    with points, which a database before migration 0009 has no column for)."""
    sums = (func.count(), func.coalesce(func.sum(case((Result.winner, 1), else_=0)), 0),
            func.coalesce(func.sum(Result.score), 0), func.max(Result.score),
            *([func.count(Result.score)] if scored else []))
    on_game = (Game.id == Result.game_id) & (Game.kind == ORIGAMI)  # Origin Story has its own (db/origin_stats)
    variant = (select(Result.player_id, literal("variant", String), Game.variant, *sums).join(Game, on_game)
               .where(where, *SOUND).group_by(Result.player_id, Game.variant))
    count_key = cast(Game.player_count, String)
    players = (select(Result.player_id, literal("players", String), count_key, *sums).join(Game, on_game)
               .where(where, *SOUND).group_by(Result.player_id, count_key))
    family = (select(Result.player_id, literal("family", String), GameFamily.family, *sums)
              .join(GameFamily, GameFamily.game_id == Result.game_id).join(Game, on_game)
              .where(where, *SOUND).group_by(Result.player_id, GameFamily.family))
    return [variant, players, family]


def _pairs(where: Any | None = None, games: Sequence[int] | None = None) -> Select[Any]:
    ra, rb = aliased(Result), aliased(Result)
    sound = (ra.rank == cast(ra.rank, Integer), rb.rank == cast(rb.rank, Integer))
    query = (select(ra.player_id, rb.player_id, func.count(),
                    func.coalesce(func.sum(case((ra.rank < rb.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.rank > rb.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.rank == rb.rank, 1), else_=0)), 0))
             .select_from(ra).join(rb, and_(rb.game_id == ra.game_id, rb.player_id != ra.player_id))
             .join(Game, (Game.id == ra.game_id) & (Game.kind == ORIGAMI))
             .where(*sound).group_by(ra.player_id, rb.player_id))
    if games is not None:
        query = query.where(ra.game_id.in_(games))
    if where is not None:
        query = query.where(where(ra, rb))
    return query


def _upsert(c: Connection, table: Any, query: Select[Any], columns: Sequence[str], keys: Sequence[str],
            greatest: Sequence[str] = ()) -> None:
    """Add the rows of `query` to `table`: a new key is inserted, an existing one has its counts added."""
    if c.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
        bigger: Any = func.greatest
    else:
        from sqlalchemy.dialects.sqlite import insert  # type: ignore[assignment]
        bigger = func.max  # SQLite's max() of two values
    statement = insert(table).from_select(list(columns), query)
    new = statement.excluded
    # The greater of two values where either may be NULL (no points known): SQLite's max() of a NULL is NULL.
    updates = {name: (bigger(func.coalesce(table.c[name], new[name]), func.coalesce(new[name], table.c[name]))
                      if name in greatest else table.c[name] + new[name])
               for name in columns if name not in keys}
    c.execute(statement.on_conflict_do_update(index_elements=list(keys), set_=updates))


def count_games(c: Connection, game_ids: Iterable[int]) -> None:
    """Add the results of these games (just written) to their players' totals and records."""
    if c.dialect.name not in ("sqlite", "postgresql"):  # no upsert known here: recount the players instead
        players = {p for batch in chunks(game_ids)
                   for p in c.execute(select(Result.player_id).where(Result.game_id.in_(batch))).scalars()}
        recount(c, players)
        return
    tallies, pairs = PlayerTally.__table__, PairTally.__table__
    for batch in chunks(game_ids):
        for query in _facets(Result.game_id.in_(batch)):
            _upsert(c, tallies, query, _TALLY_COLUMNS, ("player_id", "facet", "key"), greatest=("best",))
        _upsert(c, pairs, _pairs(games=batch), _PAIR_COLUMNS, ("player_id", "other_id"))


def recount(c: Connection, player_ids: Iterable[int]) -> None:
    """Count these players' totals and records again from their results (after results were removed or moved)."""
    for batch in chunks(sorted(set(player_ids)), CHUNK // 2):
        c.execute(delete(PlayerTally).where(PlayerTally.player_id.in_(batch)))
        c.execute(delete(PairTally).where(or_(PairTally.player_id.in_(batch), PairTally.other_id.in_(batch))))
        for query in _facets(Result.player_id.in_(batch)):
            c.execute(insert(PlayerTally).from_select(list(_TALLY_COLUMNS), query))
        c.execute(insert(PairTally).from_select(list(_PAIR_COLUMNS), _pairs(
            lambda ra, rb, batch=batch: or_(ra.player_id.in_(batch), rb.player_id.in_(batch)))))


def recount_all(c: Connection) -> None:
    """Every total and record from the results (the migrations that change them; an earlier one runs this on a
    table without the columns later ones add)."""
    scored = "scored" in {column["name"] for column in inspect(c).get_columns("player_tallies")}
    c.execute(delete(PlayerTally))
    c.execute(delete(PairTally))
    for query in _facets(literal(True), scored):
        c.execute(insert(PlayerTally).from_select([n for n in _TALLY_COLUMNS if scored or n != "scored"], query))
    c.execute(insert(PairTally).from_select(list(_PAIR_COLUMNS), _pairs()))
