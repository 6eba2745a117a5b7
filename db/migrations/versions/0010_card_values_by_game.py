"""The user's catalogue keeps each game's values under that game (a column of the key) instead of a prefix on the
card's name: Origin Story's were kept as "origin-story:<card>", every other value is Origami's (the file was
backed up before, as before every migration).

Revision ID: 0010
Revises: 0009
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

PREFIXED = "origin-story"  # the one game whose values carried a prefix
UNMARKED = "origami"
COLUMNS = "field, value, set_at, entered_by"


def upgrade() -> None:
    _table("card_values_by_game", with_game=True)
    prefix = f"{PREFIXED}:"
    prefixed = f"card LIKE '{prefix}%'"
    op.execute(f"INSERT INTO card_values_by_game (game, card, {COLUMNS}) "
               f"SELECT CASE WHEN {prefixed} THEN '{PREFIXED}' ELSE '{UNMARKED}' END, "
               f"CASE WHEN {prefixed} THEN substr(card, {len(prefix) + 1}) ELSE card END, {COLUMNS} FROM card_values")
    op.drop_table("card_values")
    op.rename_table("card_values_by_game", "card_values")


def downgrade() -> None:
    """Back to one name per value; only while no two games' values share a card's name and field there."""
    _table("card_values_by_name", with_game=False)
    op.execute(f"INSERT INTO card_values_by_name (card, {COLUMNS}) "
               f"SELECT CASE WHEN game = '{PREFIXED}' THEN '{PREFIXED}:' || card ELSE card END, {COLUMNS} "
               "FROM card_values")
    op.drop_table("card_values")
    op.rename_table("card_values_by_name", "card_values")


def _table(name: str, with_game: bool) -> None:
    op.create_table(
        name,
        *([sa.Column("game", sa.String(16), primary_key=True)] if with_game else []),
        sa.Column("card", sa.String(60), primary_key=True),
        sa.Column("field", sa.String(40), primary_key=True),
        sa.Column("value", sa.JSON, nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("entered_by", sa.String(60), nullable=True),
    )
