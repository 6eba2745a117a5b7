"""Plays whose points are unknown: a BG Stats play that kept only who won joins the history with its winners and
ranks, its points left empty (never 0). The running totals count how many games of each line have points, so an
average is taken over those only. Totals are counted again from the results (the file was backed up before, as
before every migration).

Revision ID: 0009
Revises: 0008
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from db.migrations.versions import count_origami_tallies

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as results:
        results.alter_column("score", existing_type=sa.Integer(), nullable=True)
    with op.batch_alter_table("player_tallies") as tallies:
        tallies.add_column(sa.Column("scored", sa.Integer(), nullable=False, server_default="0"))
        tallies.alter_column("best", existing_type=sa.Integer(), nullable=True)
    count_origami_tallies(op.get_bind())  # the count the store kept then, over every result already stored


def downgrade() -> None:
    """Only while no result lacks its points (an older companion needs a number in every result)."""
    with op.batch_alter_table("player_tallies") as tallies:
        tallies.drop_column("scored")
        tallies.alter_column("best", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table("results") as results:
        results.alter_column("score", existing_type=sa.Integer(), nullable=False)
