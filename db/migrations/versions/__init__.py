"""What more than one revision needs, frozen as it was when they were written (a revision never runs today's code:
the tables it meets are the ones of its time)."""
from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection, Integer, Select, String, case, cast, func, literal, select
from sqlalchemy.orm import aliased

_results = sa.table("results", sa.column("game_id", Integer), sa.column("player_id", Integer),
                    sa.column("score", Integer), sa.column("rank", Integer), sa.column("winner", sa.Boolean))
_games = sa.table("games", sa.column("id", Integer), sa.column("kind", String), sa.column("variant", String),
                  sa.column("player_count", Integer))
_families = sa.table("game_families", sa.column("game_id"), sa.column("family"))
_player_tallies = sa.table("player_tallies", *(sa.column(n) for n in (
    "player_id", "facet", "key", "games", "wins", "points", "best", "scored")))
_pair_tallies = sa.table("pair_tallies", *(sa.column(n) for n in (
    "player_id", "other_id", "games", "ahead", "behind", "level")))


def count_origami_tallies(c: Connection) -> None:
    """Revisions 0005 to 0009: every player's totals per variant, family and player count, and every pair's record,
    counted from Origami's results (`scored`, the games with points, once 0009 added the column)."""
    r, g, f = _results.c, _games.c, _families.c
    scored = "scored" in {column["name"] for column in sa.inspect(c).get_columns("player_tallies")}
    sound = (sa.or_(r.score.is_(None), r.score == cast(r.score, Integer)), r.rank == cast(r.rank, Integer))
    sums = (func.count(), func.coalesce(func.sum(case((r.winner, 1), else_=0)), 0), func.coalesce(func.sum(r.score), 0),
            func.max(r.score), *([func.count(r.score)] if scored else []))
    on_game = (g.id == r.game_id) & (g.kind == "origami")
    count_key = cast(g.player_count, String)
    facets: list[Select[Any]] = [
        select(r.player_id, literal("variant", String), g.variant, *sums).select_from(_results).join(_games, on_game)
        .where(*sound).group_by(r.player_id, g.variant),
        select(r.player_id, literal("players", String), count_key, *sums).select_from(_results).join(_games, on_game)
        .where(*sound).group_by(r.player_id, count_key),
        select(r.player_id, literal("family", String), f.family, *sums).select_from(_results)
        .join(_families, f.game_id == r.game_id).join(_games, on_game).where(*sound).group_by(r.player_id, f.family)]
    c.execute(_player_tallies.delete())
    c.execute(_pair_tallies.delete())
    columns = ["player_id", "facet", "key", "games", "wins", "points", "best", *(["scored"] if scored else [])]
    for query in facets:
        c.execute(_player_tallies.insert().from_select(columns, query))
    ra, rb = aliased(_results), aliased(_results)
    pairs = (select(ra.c.player_id, rb.c.player_id, func.count(),
                    func.coalesce(func.sum(case((ra.c.rank < rb.c.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.c.rank > rb.c.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.c.rank == rb.c.rank, 1), else_=0)), 0))
             .select_from(ra).join(rb, sa.and_(rb.c.game_id == ra.c.game_id, rb.c.player_id != ra.c.player_id))
             .join(_games, (g.id == ra.c.game_id) & (g.kind == "origami"))
             .where(ra.c.rank == cast(ra.c.rank, Integer), rb.c.rank == cast(rb.c.rank, Integer))
             .group_by(ra.c.player_id, rb.c.player_id))
    c.execute(_pair_tallies.insert().from_select(["player_id", "other_id", "games", "ahead", "behind", "level"], pairs))
