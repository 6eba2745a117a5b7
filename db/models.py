"""The tables (SQLAlchemy 2.x typed ORM). Rows never leave db/: the store hands out records and events.

The migrations in db/migrations create exactly this schema; a test compares the two.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from scoring.i18n import _
from scoring.jsontext import too_deep


class Unreadable:
    """A stored value that cannot be read as its column's type (a row damaged outside the companion): handed out
    in its place, so that the store names the row instead of the whole read failing."""

    __slots__ = ("raw",)

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    def __repr__(self) -> str:
        text = repr(self.raw)
        # TRANSLATORS: a stored value that cannot be read, quoted as stored ("unreadable 'x1'").
        return _("unreadable {value}").format(value=text if len(text) <= 40 else text[:37] + "…")


def _tolerant(inner: Any, text: bool = False) -> Any:
    """`inner` (a column type's reader) handing out Unreadable for what it cannot read; `text`: the values are JSON
    text, refused unread when nested deeper than any the companion writes (parsing it would exhaust the stack)."""
    if inner is None:
        return None

    def process(value: Any) -> Any:
        if text and isinstance(value, str) and too_deep(value):
            return Unreadable(value)
        try:
            return inner(value)
        except (ValueError, TypeError, OverflowError, RecursionError):
            return Unreadable(value)

    return process


class JSONValue(TypeDecorator[Any]):
    """JSON (text in SQLite, jsonb-compatible json in PostgreSQL) whose unreadable values read as Unreadable."""

    impl = JSON
    cache_ok = True

    def result_processor(self, dialect: Dialect, coltype: Any) -> Any:
        return _tolerant(super().result_processor(dialect, coltype), text=True)


class Moment(TypeDecorator[datetime]):
    """A date and time with its zone, whose unreadable values read as Unreadable."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def result_processor(self, dialect: Dialect, coltype: Any) -> Any:
        return _tolerant(super().result_processor(dialect, coltype))


def aware(moment: datetime) -> datetime:
    """A Moment as read back: SQLite hands datetimes back without their zone; they were written in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class Player(Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    name_key: Mapped[str] = mapped_column(String(80), unique=True)  # casefolded: names are unique per person
    created_at: Mapped[datetime] = mapped_column(Moment)
    merged_into: Mapped[int | None] = mapped_column(ForeignKey("players.id"))  # kept, never deleted
    # What BG Stats knows the profile by (revision 0012): its player's uuid (32 hex digits), BoardGameGeek username
    bgstats_uuid: Mapped[str | None] = mapped_column(String(32), index=True)  # one profile each (db/profiles.py)
    bgg_username: Mapped[str | None] = mapped_column(String(80))


class Game(Base):
    __tablename__ = "games"
    # Listing newest first (Home, the served table, `companion games`) reads this index, not the whole table.
    __table_args__ = (Index("ix_games_started", "started_at", "id"),
                      Index("ix_games_source_started", "source", "started_at", "id"))  # the latest logged game

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(36), unique=True)  # survives export and import
    kind: Mapped[str] = mapped_column(String(16), index=True)  # which game: its events are read by that game's codec
    variant: Mapped[str] = mapped_column(String(16))
    families: Mapped[list[str]] = mapped_column(JSONValue)
    characters: Mapped[list[str]] = mapped_column(JSONValue)  # Character pairs chosen at setup
    rules: Mapped[dict[str, str]] = mapped_column(JSONValue)  # house-rule choices
    player_count: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)  # playing | finished | abandoned
    source: Mapped[str] = mapped_column(String(16))  # log (recorded turn by turn) | quick (scored at the end)
    started_at: Mapped[datetime] = mapped_column(Moment)
    finished_at: Mapped[datetime | None] = mapped_column(Moment, index=True)
    tie_break: Mapped[str | None] = mapped_column(String(16))


class GamePlayer(Base):
    __tablename__ = "game_players"
    __table_args__ = (UniqueConstraint("game_id", "player_id", name="uq_game_players_player"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)  # seat order, clockwise from 0
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)


class GameFamily(Base):
    __tablename__ = "game_families"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    family: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)


class Event(Base):
    """The append-only log (triggers refuse UPDATE and DELETE). One user action is one or more rows."""

    __tablename__ = "events"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, 3… per game: the concurrency check
    type: Mapped[str] = mapped_column(String(40))  # a stable name, never a Python path
    version: Mapped[int] = mapped_column(Integer)
    payload: Mapped[dict[str, Any]] = mapped_column(JSONValue)
    action: Mapped[int] = mapped_column(Integer)  # seq of the action's first row
    idempotency_key: Mapped[str | None] = mapped_column(String(80), unique=True)  # on an action's first row
    recorded_at: Mapped[datetime] = mapped_column(Moment)


class Result(Base):
    """A finished game's score sheet per seat, written once at the end so history is plain SQL."""

    __tablename__ = "results"
    # Covering: a head-to-head read only this index. The second: a player's latest games, newest first; the third,
    # in one game (kind).
    __table_args__ = (Index("ix_results_player_game", "player_id", "game_id", "score", "rank", "winner"),
                      Index("ix_results_player_finished", "player_id", "finished_at", "game_id"),
                      Index("ix_results_player_kind", "player_id", "kind", "finished_at", "game_id"))

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: not known (a BG Stats winners-only play)
    rank: Mapped[int] = mapped_column(Integer)
    winner: Mapped[bool] = mapped_column(Boolean)
    hand: Mapped[int | None] = mapped_column(Integer)  # None: not known (a play imported with scores only)
    sheet: Mapped[dict[str, Any]] = mapped_column(JSONValue)  # lines and awards, as `score --json` prints them
    finished_at: Mapped[datetime | None] = mapped_column(Moment)  # the game's, kept here for the indexes above
    kind: Mapped[str] = mapped_column(String(16))  # the game's (games.kind), kept here for the last index above


class ResultFact(Base):
    """What a seat's result adds to its player's statistics, as its game said when the result was written
    (db/kinds.py): kept beside the results, so that counting the totals again (after a merge or an undo) is SQL."""

    __tablename__ = "result_facts"
    __table_args__ = (ForeignKeyConstraint(["game_id", "seat"], ["results.game_id", "results.seat"]),
                      {"sqlite_with_rowid": False})  # read by its key's first columns: the key is the table

    game_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    facet: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    value: Mapped[int | None] = mapped_column(Integer, nullable=True)  # points, when the line counts them


class PlayerTally(Base):
    """A player's running totals per game (kind) and line (facet, key): their results' facts added up, kept up to date
    in the transaction that writes or removes results (db/tallies.py): statistics cost the same at 100 and 100,000
    games."""

    __tablename__ = "player_tallies"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    facet: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    games: Mapped[int] = mapped_column(Integer)  # results that gave the line a fact
    count: Mapped[int] = mapped_column(BigInteger)  # their counts added up
    total: Mapped[int] = mapped_column(BigInteger)  # their points added up (the facts with points)
    best: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: no fact of the line has points
    valued: Mapped[int] = mapped_column(Integer)  # facts with points


class PairTally(Base):
    """Two players' running head-to-head record in one game (kind), one row each way, kept like PlayerTally."""

    __tablename__ = "pair_tallies"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    other_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    games: Mapped[int] = mapped_column(Integer)
    ahead: Mapped[int] = mapped_column(Integer)
    behind: Mapped[int] = mapped_column(Integer)
    level: Mapped[int] = mapped_column(Integer)


class RatingSkill(Base):
    """A player's skill rating in one scope (a kind, or "kind/variant"), kept up to date in the transaction
    that writes or removes results (db/ratings.py): a rating read costs the same at 100 and 100,000 games."""

    __tablename__ = "rating_skills"
    __table_args__ = (Index("ix_rating_skills_player", "player_id"),)

    scope: Mapped[str] = mapped_column(String(40), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatingStep(Base):
    """A player's rating in a scope after their n-th game of it (1, 2, …): the trend, whose latest 20 are 20 rows
    of the primary key's index."""

    __tablename__ = "rating_steps"

    scope: Mapped[str] = mapped_column(String(40), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


class CardValue(Base):
    """The user's catalogue: values the players supplied, kept apart from the shipped catalogue, per game."""

    __tablename__ = "card_values"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)  # whose card it is (games.kind)
    card: Mapped[str] = mapped_column(String(60), primary_key=True)
    field: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[Any] = mapped_column(JSONValue)
    set_at: Mapped[datetime] = mapped_column(Moment)
    entered_by: Mapped[str | None] = mapped_column(String(60), nullable=True)  # None: this database's user
