"""Who entered each value of the user's catalogue, when it is known (a value imported from a club's file keeps its
author, so sharing it again names them, not whoever passes it on). Values kept before are of unknown author.

Revision ID: 0008
Revises: 0007
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("card_values", sa.Column("entered_by", sa.String(60), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("card_values") as batch:
        batch.drop_column("entered_by")
