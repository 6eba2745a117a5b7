"""A game's result rows, shared by the rooms: read back as sheets per seat (a damaged one named), one game's or a
page's in one statement; what each seat's result adds to the statistics; and, when an undo reopens a finished
game, taken back out with all that was derived from them."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, delete, select, update

from . import ratings, tallies
from .errors import DamagedGame
from .kinds import Finished, Kinds, Seat
from .models import Game, Player, Result
from .records import GameRecord
from .sheets import checked


def many(c: Connection, found: Sequence[GameRecord]) -> dict[int, list[dict[str, Any]] | DamagedGame]:
    """`store.results.of` for many games (at most a page), in one statement; a damaged sheet is named in its place."""
    rows: dict[int, list[Any]] = {g.id: [] for g in found}
    finished = [g.id for g in found if g.finished]
    if finished:
        for r in c.execute(select(Result, Player.name).join(Player, Player.id == Result.player_id)
                           .where(Result.game_id.in_(finished)).order_by(Result.game_id, Result.seat)):
            rows[r.game_id].append(r)
    out: dict[int, list[dict[str, Any]] | DamagedGame] = {}
    for g in found:
        try:
            out[g.id] = checked(g, rows[g.id])
        except DamagedGame as exc:
            out[g.id] = exc
    return out


def facts(kinds: Kinds, game_id: int, kind: str, variant: str, families: Sequence[str], rules: dict[str, str],
          seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """What each seat's result adds to its player's statistics, as the game of `kind` says (db/kinds.py)."""
    return tallies.fact_rows(game_id, kinds.facts(kind, Finished(variant, tuple(families), rules, tuple(seats))))


def reopen(c: Connection, game_id: int) -> None:
    """An undo in a finished game reopens it: its results were derived from the log and are recomputed."""
    players = c.execute(select(Result.player_id).where(Result.game_id == game_id)).scalars().all()
    again = ratings.take_back(c, game_id)  # the latest game: its players back to their ratings before it
    tallies.forget_facts(c, game_id)
    c.execute(delete(Result).where(Result.game_id == game_id))
    if players:
        tallies.recount(c, players)
    c.execute(update(Game).where(Game.id == game_id).values(status="playing", finished_at=None, tie_break=None))
    if again is not None:
        ratings.recount_kinds(c, (again,))  # an earlier game left the past: its kind is rated again
