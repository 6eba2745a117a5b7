"""Results may leave the cards in hand unknown: a play imported with its scores only (from BG Stats).

Revision ID: 0003
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # SQLite cannot alter a column in place: batch mode copies the table (inside the migration's transaction).
    with op.batch_alter_table("results") as batch:
        batch.alter_column("hand", existing_type=sa.Integer, nullable=True)
