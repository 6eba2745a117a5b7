"""Skill ratings kept beside the results: each player's rating per scope (game, and game/variant) and the steps of
its trend, so that reading a rating no longer works through the whole history. Filled from the results already
stored (the file was backed up before, as before every migration).

Revision ID: 0006
Revises: 0005
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_skills",
        sa.Column("scope", sa.String(40), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_index("ix_rating_skills_player", "rating_skills", ["player_id"])
    op.create_table(
        "rating_steps",
        sa.Column("scope", sa.String(40), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
    )
    from db.ratings import recount_all  # the same rating the store does, over every result already stored

    recount_all(op.get_bind())
