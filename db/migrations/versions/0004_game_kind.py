"""A game row says which game it is: "origami" (Origami, Origami Legends or both mixed) or "origin-story".

Revision ID: 0004
Revises: 0003
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Every game stored before this revision is an Origami game: the default fills the existing rows.
    op.add_column("games", sa.Column("kind", sa.String(16), nullable=False, server_default="origami"))
    op.create_index("ix_games_kind", "games", ["kind"])
