"""Per-player running totals (statistics) and per-pair records (head-to-head), per game (kind), kept in the same
transaction as the results they sum. A finished game's results come with their facts (what each seat's result adds
to its player's lines, as its game says: db/kinds.py), kept beside them; the totals add up the facts. Results
written add to the totals; results removed or moved (an undo reopening a game, a merge) have their players' totals
counted again from the facts kept. Every statement carries a bounded number of parameters."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, TypeVar

from sqlalchemy import Connection, Integer, Select, Table, and_, case, cast, delete, func, insert, or_, select, true
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import aliased

from .kinds import Fact
from .models import Game, PairTally, PlayerTally, Result, ResultFact

T = TypeVar("T")
Rows = Select[*tuple[Any, ...]]  # a query of any columns
CHUNK = 500  # ids per statement: far below SQLite's default limit of 999 variables
_TALLY_COLUMNS = ("player_id", "kind", "facet", "key", "games", "count", "total", "best", "valued")
_TALLY_KEY = ("player_id", "kind", "facet", "key")
_PAIR_COLUMNS = ("player_id", "other_id", "kind", "games", "ahead", "behind", "level")
_PAIR_KEY = ("player_id", "other_id", "kind")


def chunks(ids: Iterable[T], size: int = CHUNK) -> Iterable[list[T]]:
    batch: list[T] = []
    for i in ids:
        batch.append(i)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def insert_many(c: Connection, model: Any, rows: Sequence[dict[str, Any]]) -> None:
    """Rows into a model's table in one executemany. On SQLite the statement is compiled once and each value goes
    through its column's own bind processor here, straight to the driver: Core's executemany builds and processes
    every row's parameters through the compiled statement, several times the driver's own time for the small rows of
    an import. Elsewhere (PostgreSQL: psycopg's executemany) through Core."""
    if not rows:
        return
    table: Table = model.__table__
    keys = tuple(rows[0])
    if c.dialect.name == "sqlite":
        try:
            values = list(map(itemgetter(*keys), rows)) if len(keys) > 1 else [(r[keys[0]],) for r in rows]
        except KeyError:  # a row without one of the first row's columns: Core says so
            values = None
        if values is not None:
            sql, processors = _compiled(c.dialect, table, keys)
            if any(processors):  # a column at a time, each through its processor
                columns = [column if p is None else list(map(p, column))
                           for column, p in zip(zip(*values, strict=True), processors, strict=True)]
                values = list(zip(*columns, strict=True))
            c.exec_driver_sql(sql, values)
            return
    c.execute(insert(table), list(rows))


@lru_cache(maxsize=64)  # a few tables, per engine's dialect
def _compiled(dialect: Dialect, table: Table, keys: tuple[str, ...]) -> tuple[str, list[Any]]:
    """An INSERT of these columns as the dialect writes it (its parameters in `keys`' order), and each column's bind
    processor (None: the value as it is)."""
    compiled = insert(table).compile(dialect=dialect, column_keys=list(keys))
    if compiled.positiontup != list(keys):
        raise ValueError(table.name, keys, compiled.positiontup)  # not its columns in order: a programming error
    return compiled.string, [table.c[k].type.dialect_impl(dialect).bind_processor(dialect) for k in keys]


def fact_rows(game_id: int, seats: Sequence[Sequence[Fact]]) -> list[dict[str, Any]]:
    """The rows of a finished game's facts (`seats`: each seat's, in seat order)."""
    return [{"game_id": game_id, "seat": seat, "facet": f.facet, "key": f.key, "count": f.count, "value": f.value}
            for seat, facts in enumerate(seats) for f in facts]


def keep_facts(c: Connection, rows: Sequence[dict[str, Any]]) -> None:
    """Keep facts (`fact_rows`) of results written just before."""
    insert_many(c, ResultFact, rows)


def forget_facts(c: Connection, game_id: int) -> None:
    """The game's facts go before its results (a finished game reopened)."""
    c.execute(delete(ResultFact).where(ResultFact.game_id == game_id))


def _lines(where: Any) -> Rows:
    """The totals per (player, kind, facet, key) of the facts matching `where`."""
    return (select(Result.player_id, Game.kind, ResultFact.facet, ResultFact.key, func.count(),
                   func.sum(ResultFact.count), func.coalesce(func.sum(ResultFact.value), 0), func.max(ResultFact.value),
                   func.count(ResultFact.value))
            .select_from(ResultFact)
            .join(Result, and_(Result.game_id == ResultFact.game_id, Result.seat == ResultFact.seat))
            .join(Game, Game.id == ResultFact.game_id)
            .where(where).group_by(Result.player_id, Game.kind, ResultFact.facet, ResultFact.key))


def _pairs(where: Any | None = None, games: Sequence[int] | None = None) -> Rows:
    ra, rb = aliased(Result), aliased(Result)
    # A rank damaged outside the companion (text in SQLite's integer column) is left out rather than breaking it.
    sound = (ra.rank == cast(ra.rank, Integer), rb.rank == cast(rb.rank, Integer))
    query = (select(ra.player_id, rb.player_id, Game.kind, func.count(),
                    func.coalesce(func.sum(case((ra.rank < rb.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.rank > rb.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.rank == rb.rank, 1), else_=0)), 0))
             .select_from(ra).join(rb, and_(rb.game_id == ra.game_id, rb.player_id != ra.player_id))
             .join(Game, Game.id == ra.game_id)
             .where(*sound).group_by(ra.player_id, rb.player_id, Game.kind))
    if games is not None:
        query = query.where(ra.game_id.in_(games))
    if where is not None:
        query = query.where(where(ra, rb))
    return query


def _upsert(c: Connection, table: Any, query: Rows, columns: Sequence[str], keys: Sequence[str],
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
    """Add the results of these games (just written, with their facts) to their players' totals and records."""
    if c.dialect.name not in ("sqlite", "postgresql"):  # no upsert known here: recount the players instead
        players = {p for batch in chunks(game_ids)
                   for p in c.execute(select(Result.player_id).where(Result.game_id.in_(batch))).scalars()}
        recount(c, players)
        return
    tallies, pairs = PlayerTally.__table__, PairTally.__table__
    for batch in chunks(game_ids):
        _upsert(c, tallies, _lines(ResultFact.game_id.in_(batch)), _TALLY_COLUMNS, _TALLY_KEY, greatest=("best",))
        _upsert(c, pairs, _pairs(games=batch), _PAIR_COLUMNS, _PAIR_KEY)


def recount(c: Connection, player_ids: Iterable[int]) -> None:
    """Count these players' totals and records again from their results (after results were removed or moved)."""
    for batch in chunks(sorted(set(player_ids)), CHUNK // 2):
        c.execute(delete(PlayerTally).where(PlayerTally.player_id.in_(batch)))
        c.execute(delete(PairTally).where(or_(PairTally.player_id.in_(batch), PairTally.other_id.in_(batch))))
        c.execute(insert(PlayerTally).from_select(list(_TALLY_COLUMNS), _lines(Result.player_id.in_(batch))))
        c.execute(insert(PairTally).from_select(list(_PAIR_COLUMNS), _pairs(
            lambda ra, rb, batch=batch: or_(ra.player_id.in_(batch), rb.player_id.in_(batch)))))


def recount_all(c: Connection) -> None:
    """Every total and record from the results and their facts."""
    c.execute(delete(PlayerTally))
    c.execute(delete(PairTally))
    c.execute(insert(PlayerTally).from_select(list(_TALLY_COLUMNS), _lines(true())))
    c.execute(insert(PairTally).from_select(list(_PAIR_COLUMNS), _pairs()))
