"""Each result keeps its game's kind, indexed per player with the game's end: a player's latest scores in one game
(the trend under their statistics) are read off that index, where they were found by walking every result the
player has until enough of that game's turned up (a few Origin Story games among thousands of Origami ones: the
whole history). The file was backed up before, as before every migration.

Revision ID: 0013
Revises: 0012
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The default fills the rows already stored (then set from their games): a game's kind never changes.
    op.add_column("results", sa.Column("kind", sa.String(16), nullable=False, server_default="origami"))
    op.execute("UPDATE results SET kind = (SELECT games.kind FROM games WHERE games.id = results.game_id)")
    op.create_index("ix_results_player_kind", "results", ["player_id", "kind", "finished_at", "game_id"])
