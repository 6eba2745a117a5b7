"""A game's rows, shared by the rooms: inserted (its row, its seats and its families), read back as the store hands
a game out, one or a page at a time (a damaged one named in its place), and a player's latest finished games."""
from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, insert, select

from scoring.i18n import _

from . import tallies
from .database import Database
from .errors import DamagedGame, UnknownRecord
from .models import Event as EventRow
from .models import Game, GameFamily, GamePlayer, Player, Result, aware
from .player_rows import profile_id
from .records import GameRecord

STATUSES = ("playing", "finished", "abandoned")
PAGE = 500  # games read at a time: bounded memory and parameters per statement (SQLite allows 999 by default)


def insert_game(c: Connection, variant: str, players: Sequence[str], families: Sequence[str],
                characters: Sequence[str], rules: dict[str, str], source: str, uid: str | None, started_at: datetime,
                kind: str, clock: Callable[[], datetime], ids: Sequence[int] | None = None) -> int:
    """The game's row, its seats (profiles found by name or created, unless their `ids` are given) and its
    families."""
    ids = [profile_id(c, name, clock) for name in players] if ids is None else ids
    gid = c.execute(insert(Game).values(
        uid=uid or uuid.uuid4().hex, kind=kind, variant=variant, families=list(families),
        characters=list(characters), rules=dict(rules), player_count=len(players), status="playing", source=source,
        started_at=started_at)).inserted_primary_key
    assert gid is not None
    c.execute(insert(GamePlayer), [{"game_id": gid[0], "seat": s, "player_id": p} for s, p in enumerate(ids)])
    if families:
        c.execute(insert(GameFamily), [{"game_id": gid[0], "family": f} for f in families])
    return int(gid[0])


def read(c: Connection, game_id: int) -> GameRecord:
    """The game `game_id`: UnknownRecord when there is none, DamagedGame when its row cannot be read."""
    row = c.execute(select(Game).where(Game.id == game_id)).first()
    if row is None:
        raise UnknownRecord(_("no game {game}").format(game=game_id), kind="game")
    found = in_order(c, [row])[0]
    if isinstance(found, DamagedGame):
        raise found
    return found


def latest_finished(c: Connection, player_id: int, limit: int) -> list[GameRecord | DamagedGame]:
    """The player's `limit` latest finished games, newest first, off the index of their results."""
    ids = list(c.execute(select(Result.game_id).where(Result.player_id == player_id)
                         .order_by(Result.finished_at.desc(), Result.game_id.desc()).limit(limit)).scalars())
    return [g for page in tallies.chunks(ids, PAGE) for g in _page(c, page)]


def read_pages(database: Database, ids: list[int]) -> Iterator[list[GameRecord | DamagedGame]]:
    """The games `ids`, in their order, a page per read (a damaged one named in its place)."""
    for page in tallies.chunks(ids, PAGE):
        with database.read() as c:
            yield _page(c, page)


def _page(c: Connection, ids: list[int]) -> list[GameRecord | DamagedGame]:
    rows = {r.id: r for r in c.execute(select(Game).where(Game.id.in_(ids)))}
    return in_order(c, [rows[i] for i in ids if i in rows])


def in_order(c: Connection, rows: list[Any]) -> list[GameRecord | DamagedGame]:
    """The games of these rows (at most PAGE), in their order: a damaged one named in its place."""
    ids = [r.id for r in rows]
    seats: dict[int, list[tuple[str, int]]] = {i: [] for i in ids}
    for gp in c.execute(select(GamePlayer.game_id, Player.id, Player.name).join(Player)
                        .where(GamePlayer.game_id.in_(ids)).order_by(GamePlayer.game_id, GamePlayer.seat)):
        seats[gp.game_id].append((gp.name, gp.id))
    last = {gid: seq for gid, seq in c.execute(select(EventRow.game_id, func.max(EventRow.seq))
                                               .where(EventRow.game_id.in_(ids)).group_by(EventRow.game_id))}
    out: list[GameRecord | DamagedGame] = []
    for r in rows:
        why = _row_problem(r, len(seats[r.id]), last.get(r.id, 0))
        if why is not None:
            out.append(DamagedGame(r.id, why))
            continue
        out.append(GameRecord(
            r.id, r.uid, r.variant, tuple(r.families), tuple(r.characters), dict(r.rules),
            tuple(n for n, _ in seats[r.id]), tuple(p for _, p in seats[r.id]), r.status, r.source,
            aware(r.started_at), aware(r.finished_at) if r.finished_at else None, r.tie_break,
            last.get(r.id, 0), r.kind))
    return out


def _row_problem(r: Any, seats: int, last: int) -> str | None:
    """What makes a games row unreadable (None when it is sound): every column with its type and range."""
    def texts(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)

    for name in ("uid", "kind", "variant", "status", "source"):
        if not isinstance(getattr(r, name), str) or not getattr(r, name):
            return _("its {field} is {value}, not a name").format(field=name, value=repr(getattr(r, name)))
    if r.status not in STATUSES:
        return _("its status is {value}, not one of {statuses}").format(value=repr(r.status),
                                                                          statuses=", ".join(STATUSES))
    for name in ("families", "characters"):
        if not texts(getattr(r, name)):
            return _("its {field} are {value}, not a list of names").format(field=name,
                                                                             value=repr(getattr(r, name)))
    if not isinstance(r.rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in r.rules.items()):
        return _("its rules are {value}, not an object of choices").format(value=repr(r.rules))
    if r.tie_break is not None and not isinstance(r.tie_break, str):
        return _("its tie-break is {value}").format(value=repr(r.tie_break))
    if not isinstance(r.started_at, datetime):
        return _("its start time is {value}").format(value=repr(r.started_at))
    if (r.finished_at is not None or r.status == "finished") and not isinstance(r.finished_at, datetime):
        return _("its status is {status} and its end time {value}").format(status=r.status,
                                                                               value=repr(r.finished_at))
    if r.status == "playing" and r.finished_at is not None:
        return _("it is in play but has an end time")
    if not isinstance(last, int):
        return _("its last event number is {value}").format(value=repr(last))
    return None
