"""The game log: players, games, seats, families, the append-only events, results.

Revision ID: 0001
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("merged_into", sa.Integer, sa.ForeignKey("players.id")),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("uid", sa.String(36), nullable=False, unique=True),
        sa.Column("variant", sa.String(16), nullable=False),
        sa.Column("families", sa.JSON, nullable=False),
        sa.Column("characters", sa.JSON, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("player_count", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("started_at", WHEN, nullable=False),
        sa.Column("finished_at", WHEN, index=True),
        sa.Column("tie_break", sa.String(16)),
    )
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False, index=True),
        sa.UniqueConstraint("game_id", "player_id", name="uq_game_players_player"),
    )
    op.create_table(
        "game_families",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("family", sa.String(40), primary_key=True, index=True),
    )
    op.create_table(
        "events",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("idempotency_key", sa.String(80), unique=True),
        sa.Column("recorded_at", WHEN, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("winner", sa.Boolean, nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("sheet", sa.JSON, nullable=False),
    )
    # Covering: a player's statistics read only this index.
    op.create_index("ix_results_player_game", "results", ["player_id", "game_id", "score", "rank", "winner"])
    _append_only("events")


def _append_only(table: str) -> None:
    """The database itself refuses to change or remove a recorded event."""
    if op.get_context().dialect.name == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table} "
                       f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: record a new event instead'); END")
        return
    op.execute(f"""CREATE FUNCTION {table}_append_only() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION '{table} are append-only: record a new event instead'; END;
        $$ LANGUAGE plpgsql""")
    op.execute(f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
               f"FOR EACH ROW EXECUTE FUNCTION {table}_append_only()")
