"""What BG Stats knows each profile by: the uuid of the BG Stats player whose plays came to it and their
BoardGameGeek username, so a later BG Stats play under a name the profile no longer has (renamed since) still finds
it, and an export gives both back. Empty for every profile until an import brings them (the file was backed up
before, as before every migration).

Revision ID: 0012
Revises: 0011
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("bgstats_uuid", sa.String(32), nullable=True))
        players.add_column(sa.Column("bgg_username", sa.String(80), nullable=True))
        players.create_index("ix_players_bgstats_uuid", ["bgstats_uuid"])  # one profile each (db/profiles.py)


def downgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.drop_index("ix_players_bgstats_uuid")
        players.drop_column("bgg_username")
        players.drop_column("bgstats_uuid")
