"""The user's catalogue: values the players read off the cards, kept per game apart from the shipped catalogue, with
when each was entered and by whom (a value shared from another database keeps its author)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select

from .database import Database
from .models import CardValue


class Catalogue:
    def __init__(self, database: Database) -> None:
        self._database = database

    def values(self, game: str) -> list[tuple[str, str, Any]]:
        """The values kept for the cards of `game` (a games.kind): (card, field, value) by card and field."""
        return [(card, field, value) for card, field, value, _, _ in self.values_set(game)]

    def values_set(self, game: str) -> list[tuple[str, str, Any, datetime, str | None]]:
        """`values` with when each was set and who entered it (None: this database's user), for sharing."""
        with self._database.read() as c:
            return [(r.card, r.field, r.value, r.set_at, r.entered_by) for r in c.execute(
                select(CardValue).where(CardValue.game == game).order_by(CardValue.card, CardValue.field))]

    def set_value(self, game: str, card: str, field: str, value: Any, at: datetime | None = None,
                  by: str | None = None) -> None:
        """Keep a value of a card of `game` (`at` and `by`: when it was first entered and by whom, for one shared
        from another database; else now, by this database's user)."""
        with self._database.write() as c:
            c.execute(delete(CardValue).where(*_one(game, card, field)))
            c.execute(insert(CardValue).values(game=game, card=card, field=field, value=value,
                                               set_at=at or self._database.clock(), entered_by=by))

    def unset_value(self, game: str, card: str, field: str) -> bool:
        """Forget a value of the user's catalogue (it is unknown again, or the shipped one); False: there was none."""
        with self._database.write() as c:
            return bool(c.execute(delete(CardValue).where(*_one(game, card, field))).rowcount)


def _one(game: str, card: str, field: str) -> tuple[Any, ...]:
    return CardValue.game == game, CardValue.card == card, CardValue.field == field
