"""The running totals and head-to-head records count Origami games only: databases whose totals were first counted
with Origin Story games among them are counted again from the results (the file was backed up before, as before
every migration). No table changes.

Revision ID: 0007
Revises: 0006
"""
from __future__ import annotations

from alembic import op

from db.migrations.versions import count_origami_tallies

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    count_origami_tallies(op.get_bind())  # the count the store kept then, over every result already stored


def downgrade() -> None:
    """Nothing to undo: the totals an older companion keeps are recounted by its own writes."""
