"""The user's catalogue: card values players supplied, apart from the shipped catalogue.

Revision ID: 0002
Revises: 0001
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "card_values",
        sa.Column("card", sa.String(60), primary_key=True),
        sa.Column("field", sa.String(40), primary_key=True),
        sa.Column("value", sa.JSON, nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
    )
