"""Statistics per game from each game's facts: every finished result keeps what it adds to its player's statistics
(result_facts: a line, a count and maybe points, as its game says), and the running totals add them up per player,
game (kind) and line; the head-to-head records are kept per game too. Both are filled here from the results already
stored, with each game's facts as the games gave them when this revision was written (frozen below: a revision
never runs today's code). The file was backed up before, as before every migration.

Revision ID: 0011
Revises: 0010
"""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy import Integer, String, case, cast, func, literal, select
from sqlalchemy.orm import aliased

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

ORIGAMI, ORIGIN_STORY = "origami", "origin-story"
BATCH = 1_000
_results = sa.table("results", sa.column("game_id", Integer), sa.column("seat", Integer),
                    sa.column("player_id", Integer), sa.column("score", Integer), sa.column("rank", Integer),
                    sa.column("winner", sa.Boolean), sa.column("sheet"))
_games = sa.table("games", sa.column("id", Integer), sa.column("kind", String), sa.column("variant", String),
                  sa.column("player_count", Integer), sa.column("rules"), sa.column("status", String))
_families = sa.table("game_families", sa.column("game_id", Integer), sa.column("family", String))
_facts = sa.table("result_facts", *(sa.column(n) for n in ("game_id", "seat", "facet", "key", "count", "value")))
_tallies = sa.table("player_tallies", *(sa.column(n) for n in (
    "player_id", "kind", "facet", "key", "games", "count", "total", "best", "valued")))
_pairs = sa.table("pair_tallies", *(sa.column(n) for n in (
    "player_id", "other_id", "kind", "games", "ahead", "behind", "level")))


def upgrade() -> None:
    op.create_table(
        "result_facts",
        sa.Column("game_id", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("facet", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("value", sa.Integer, nullable=True),
        sa.ForeignKeyConstraint(["game_id", "seat"], ["results.game_id", "results.seat"]),
        sqlite_with_rowid=False,
    )
    op.drop_table("player_tallies")
    op.drop_table("pair_tallies")
    op.create_table(
        "player_tallies",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("facet", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("count", sa.BigInteger, nullable=False),
        sa.Column("total", sa.BigInteger, nullable=False),
        sa.Column("best", sa.Integer, nullable=True),
        sa.Column("valued", sa.Integer, nullable=False),
    )
    op.create_table(
        "pair_tallies",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("other_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("ahead", sa.Integer, nullable=False),
        sa.Column("behind", sa.Integer, nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
    )
    c = op.get_bind()
    _origami_facts(c)
    _origin_facts(c)
    _count(c)


def _origami_facts(c: sa.Connection) -> None:
    """Origami: each result's variant, player count and families, a win and its points, from the results whose
    numbers are numbers (as the totals of 0009 counted them)."""
    r, g, f = _results.c, _games.c, _families.c
    on_game = (g.id == r.game_id) & (g.kind == ORIGAMI)
    sound = (sa.or_(r.score.is_(None), r.score == cast(r.score, Integer)), r.rank == cast(r.rank, Integer))
    won = case((r.winner, 1), else_=0)
    lines = [
        select(r.game_id, r.seat, literal("variant", String), g.variant, won, r.score).select_from(_results)
        .join(_games, on_game).where(*sound),
        select(r.game_id, r.seat, literal("players", String), cast(g.player_count, String), won, r.score)
        .select_from(_results).join(_games, on_game).where(*sound),
        select(r.game_id, r.seat, literal("family", String), f.family, won, r.score).select_from(_results)
        .join(_games, on_game).join(_families, f.game_id == r.game_id).where(*sound)]
    for query in lines:
        c.execute(_facts.insert().from_select(["game_id", "seat", "facet", "key", "count", "value"], query))


def _origin_facts(c: sa.Connection) -> None:
    """Origin Story: each finished result's mode, player count and solo difficulty with a win; its rounds as hero and
    as villain, its clean villain rounds by player count and its VP by source; or a game without rounds."""
    r, g = _results.c, _games.c
    query = (select(r.game_id, r.seat, r.winner, r.sheet, g.variant, g.player_count, g.rules).select_from(_results)
             .join(_games, g.id == r.game_id).where(g.kind == ORIGIN_STORY, g.status == "finished"))
    rows: list[dict[str, Any]] = []
    for row in c.execute(query.execution_options(yield_per=BATCH)):
        rows += [{"game_id": row.game_id, "seat": row.seat, "facet": facet, "key": key, "count": count, "value": None}
                 for facet, key, count in _origin_lines(bool(row.winner), _json(row.sheet), row.variant,
                                                        row.player_count, _json(row.rules))]
        if len(rows) >= BATCH:
            c.execute(_facts.insert(), rows)
            rows = []
    if rows:
        c.execute(_facts.insert(), rows)


def _json(value: Any) -> Any:
    """A JSON column read without its type: SQLite hands back the text, PostgreSQL the value."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        return None


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _origin_lines(won: bool, sheet: Any, mode: str, count: int, rules: Any) -> Iterator[tuple[str, str, int]]:
    yield "mode", mode, int(won)
    yield "players", str(count), int(won)
    if mode == "solo" and isinstance(rules, Mapping) and str(rules.get("difficulty", "")).isdecimal():
        yield "solo", str(int(rules["difficulty"])), int(won)
    rounds = sheet.get("rounds") if isinstance(sheet, Mapping) else None
    if not rounds:
        yield "rounds", "none", 1
        return
    sums = dict.fromkeys(("hero", "villain", "clean", "alignment", "abilities", "surrender"), 0)
    for one in rounds if isinstance(rounds, list) else ():
        if not isinstance(one, Mapping):
            continue
        if one.get("alignment") in ("hero", "villain"):
            sums[one["alignment"]] += 1
            sums["clean"] += one["alignment"] == "villain" and _int(one.get("tricks")) == 0
        sums["alignment"] += _int(one.get("alignment_vp"))
        sums["surrender"] += _int(one.get("surrender_vp"))
        sums["abilities"] += sum(_int(a.get("vp")) for a in one.get("abilities") or [] if isinstance(a, Mapping))
    lines = [("rounds", "hero", sums["hero"]), ("rounds", "villain", sums["villain"]),
             ("villain", str(count), sums["villain"]), ("clean", str(count), sums["clean"]),
             *(("vp", source, sums[source]) for source in ("alignment", "abilities", "surrender"))]
    yield from (line for line in lines if line[2])


def _count(c: sa.Connection) -> None:
    """The totals and the head-to-head records from every result, per game (as the store counts them)."""
    f, r, g = _facts.c, _results.c, _games.c
    lines = (select(r.player_id, g.kind, f.facet, f.key, func.count(), func.sum(f.count),
                    func.coalesce(func.sum(f.value), 0), func.max(f.value), func.count(f.value))
             .select_from(_facts).join(_results, sa.and_(r.game_id == f.game_id, r.seat == f.seat))
             .join(_games, g.id == f.game_id).group_by(r.player_id, g.kind, f.facet, f.key))
    c.execute(_tallies.insert().from_select([col.name for col in _tallies.c], lines))
    ra, rb = aliased(_results), aliased(_results)
    pairs = (select(ra.c.player_id, rb.c.player_id, g.kind, func.count(),
                    func.coalesce(func.sum(case((ra.c.rank < rb.c.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.c.rank > rb.c.rank, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((ra.c.rank == rb.c.rank, 1), else_=0)), 0))
             .select_from(ra).join(rb, sa.and_(rb.c.game_id == ra.c.game_id, rb.c.player_id != ra.c.player_id))
             .join(_games, g.id == ra.c.game_id)
             .where(ra.c.rank == cast(ra.c.rank, Integer), rb.c.rank == cast(rb.c.rank, Integer))
             .group_by(ra.c.player_id, rb.c.player_id, g.kind))
    c.execute(_pairs.insert().from_select([col.name for col in _pairs.c], pairs))
