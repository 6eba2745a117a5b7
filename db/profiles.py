"""The players' profiles: added, found by id or name (a merged name leads to the profile it joined), renamed, and
merged (all of one's games follow into the other)."""
from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, insert, select, update

from . import ratings, tallies
from .engine import one_writer
from .errors import StoreError, UnknownRecord
from .models import GamePlayer, Player, Result, aware
from .records import PlayerRecord

if TYPE_CHECKING:
    from .store import Store


class Profiles:
    def __init__(self, store: Store) -> None:
        self._store = store

    def add(self, name: str) -> PlayerRecord:
        with self._store._write() as c:
            return add(c, clean_name(name), self._store.clock)

    def all(self) -> list[PlayerRecord]:
        """The profiles in use (a merged profile lives on only as a name for the one it joined)."""
        with self._store._read() as c:
            query = select(Player).where(Player.merged_into.is_(None)).order_by(Player.name_key)
            return [_record(r) for r in c.execute(query)]

    def get(self, who: str | int) -> PlayerRecord:
        """A profile by id or name (case-insensitive); a merged name leads to the profile it joined."""
        with self._store._read() as c:
            return find(c, who)

    def rename(self, who: str | int, new_name: str) -> PlayerRecord:
        new_name = clean_name(new_name)
        with self._store._write() as c:
            one_writer(c)
            player = find(c, who)
            taken = c.execute(select(Player).where(Player.name_key == new_name.casefold(),
                                                   Player.id != player.id)).first()
            if taken is not None:
                raise StoreError(f"{taken.name!r} is another profile: merge the two instead of renaming",
                                 where=new_name)
            c.execute(update(Player).where(Player.id == player.id).values(name=new_name,
                                                                          name_key=new_name.casefold()))
            return PlayerRecord(player.id, new_name, player.created_at)

    def merge(self, source: str | int, into: str | int) -> PlayerRecord:
        """`source` joins `into`: all of its games follow; its name then leads to `into`."""
        with self._store._write() as c:
            one_writer(c)
            old, new = find(c, source), find(c, into)
            if old.id == new.id:
                raise StoreError(f"{old.name!r} and {new.name!r} are already one profile")
            both = c.execute(select(GamePlayer.game_id).where(GamePlayer.player_id == old.id).intersect(
                select(GamePlayer.game_id).where(GamePlayer.player_id == new.id))).scalars().all()
            if both:
                raise StoreError(f"{old.name} and {new.name} sat at the same table in game(s) "
                                 f"{', '.join(map(str, sorted(both)))}: they are two people, not one")
            c.execute(update(GamePlayer).where(GamePlayer.player_id == old.id).values(player_id=new.id))
            c.execute(update(Result).where(Result.player_id == old.id).values(player_id=new.id))
            c.execute(update(Player).where(Player.merged_into == old.id).values(merged_into=new.id))
            c.execute(update(Player).where(Player.id == old.id).values(merged_into=new.id))
            tallies.recount(c, (old.id, new.id))  # old's totals and records are now new's
            ratings.recount_players(c, (old.id, new.id))  # and their games rated as one player's
            return new


def find(c: Connection, who: str | int) -> PlayerRecord:
    """`Profiles.get` inside a transaction: UnknownRecord, with the names closest to `who`, when there is none."""
    found = (c.execute(select(Player).where(Player.id == who)).first() if isinstance(who, int)
             else c.execute(select(Player).where(Player.name_key == who.strip().casefold())).first())
    if found is None:
        names = [r.name for r in c.execute(select(Player.name).where(Player.merged_into.is_(None)))]
        from difflib import get_close_matches  # only for a name not found: it takes a while to import

        close = get_close_matches(str(who), names, n=3)
        hint = f"; did you mean {' or '.join(close)}?" if close else (
            f"; players: {', '.join(sorted(names))}" if names else "; no players are recorded yet")
        raise UnknownRecord(f"no player {who!r}{hint}", kind="player")
    record = _record(found)
    return find(c, record.merged_into) if record.merged_into is not None else record


def add(c: Connection, name: str, clock: Callable[[], datetime]) -> PlayerRecord:
    """A new profile called `name` (already clean); refused when the name is taken."""
    one_writer(c)
    taken = c.execute(select(Player).where(Player.name_key == name.casefold())).first()
    if taken is not None:
        raise StoreError(f"there is already a player called {taken.name!r}", where=name)
    now = clock()
    pid = c.execute(insert(Player).values(name=name, name_key=name.casefold(), created_at=now)).inserted_primary_key
    assert pid is not None
    return PlayerRecord(pid[0], name, now)


def profile_id(c: Connection, name: str, clock: Callable[[], datetime]) -> int:
    """The profile called `name`, created when there is none (a game's players are found by name)."""
    try:
        return find(c, clean_name(name)).id
    except UnknownRecord:
        return add(c, clean_name(name), clock).id


def clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise StoreError("a player needs a name")
    if len(name) > 80:
        raise StoreError("a player's name is at most 80 characters", where=name[:20] + "…")
    return name


def _record(row: Any) -> PlayerRecord:
    # A creation time damaged outside the companion reads as the epoch: it is shown nowhere a decision rests on.
    created = row.created_at if isinstance(row.created_at, datetime) else datetime(1970, 1, 1, tzinfo=UTC)
    return PlayerRecord(row.id, row.name, aware(created), row.merged_into)
