"""A player's profile row, shared by the rooms: found by id or name (a merged name leads to the profile it joined),
added, and found or added by name (a game's players are named)."""
from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, insert, select

from scoring.i18n import _

from .engine import one_writer
from .errors import StoreError, UnknownRecord
from .models import Player, aware
from .records import PlayerRecord


def find(c: Connection, who: str | int) -> PlayerRecord:
    """`store.profiles.get` inside a transaction: UnknownRecord, with the names closest to `who`, when there is
    none."""
    found = (c.execute(select(Player).where(Player.id == who)).first() if isinstance(who, int)
             else c.execute(select(Player).where(Player.name_key == who.strip().casefold())).first())
    if found is None:
        names = [r.name for r in c.execute(select(Player.name).where(Player.merged_into.is_(None)))]
        from difflib import get_close_matches  # only for a name not found: it takes a while to import

        close = get_close_matches(str(who), names, n=3)
        if close:
            # TRANSLATORS: {names} are players' names, joined by " or ".
            text = _("no player {who}; did you mean {names}?").format(who=repr(who), names=" or ".join(close))
        elif names:
            text = _("no player {who}; players: {names}").format(who=repr(who), names=", ".join(sorted(names)))
        else:
            text = _("no player {who}; no players are recorded yet").format(who=repr(who))
        raise UnknownRecord(text, kind="player")
    profile = record(found)
    return find(c, profile.merged_into) if profile.merged_into is not None else profile


def add(c: Connection, name: str, clock: Callable[[], datetime]) -> PlayerRecord:
    """A new profile called `name` (already clean); refused when the name is taken."""
    one_writer(c)
    taken = c.execute(select(Player).where(Player.name_key == name.casefold())).first()
    if taken is not None:
        raise StoreError(_("there is already a player called {name}").format(name=repr(taken.name)), where=name)
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
        raise StoreError(_("a player needs a name"))
    if len(name) > 80:
        raise StoreError(_("a player's name is at most 80 characters"), where=name[:20] + "…")
    return name


def record(row: Any) -> PlayerRecord:
    """A players row as the store hands it out."""
    # A creation time damaged outside the companion reads as the epoch: it is shown nowhere a decision rests on.
    created = row.created_at if isinstance(row.created_at, datetime) else datetime(1970, 1, 1, tzinfo=UTC)
    return PlayerRecord(row.id, row.name, aware(created), row.merged_into)
