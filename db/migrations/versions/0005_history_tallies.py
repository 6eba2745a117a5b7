"""History that does not grow with the years: games are indexed by start (newest first), each result keeps its
game's end time (indexed per player, for a player's latest games), and per-player totals and per-pair records are
kept beside the results.

Revision ID: 0005
Revises: 0004
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from db.migrations.versions import count_origami_tallies

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("results", sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE results SET finished_at = (SELECT games.finished_at FROM games WHERE games.id = "
               "results.game_id)")
    op.create_index("ix_results_player_finished", "results", ["player_id", "finished_at", "game_id"])
    op.create_index("ix_games_started", "games", ["started_at", "id"])
    op.create_index("ix_games_source_started", "games", ["source", "started_at", "id"])
    op.create_table(
        "player_tallies",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("facet", sa.String(8), primary_key=True),
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("points", sa.BigInteger, nullable=False),
        sa.Column("best", sa.Integer, nullable=False),
    )
    op.create_table(
        "pair_tallies",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("other_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("ahead", sa.Integer, nullable=False),
        sa.Column("behind", sa.Integer, nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
    )
    count_origami_tallies(op.get_bind())  # the count the store kept then, over every result already stored
