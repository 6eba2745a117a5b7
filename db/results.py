"""Results: a finished game's score sheet, one row per seat, written once at the end (with what each seat's result
adds to the statistics, as its game says, and the ratings), a game scored at the end without a log, and the sheet
read back. An undo in a finished game takes its results back out."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, delete, insert, select, update

from . import games, ratings, tallies
from .engine import one_writer
from .errors import DamagedGame, StoreError
from .kinds import Finished, Kinds, Seat
from .models import Game, Player, Result
from .records import FinalSheet, GameRecord

if TYPE_CHECKING:
    from .store import Store


class Results:
    def __init__(self, store: Store) -> None:
        self._store = store

    def finish(self, game_id: int, sheet: FinalSheet, sheets: Sequence[dict[str, Any]]) -> GameRecord:
        """Write the final score sheet (one row per seat, `sheets` as `score --json` prints each player)."""
        with self._store._write() as c:
            one_writer(c)
            game = games.read(c, game_id)
            if game.finished:
                raise StoreError(f"game {game_id} is already finished")
            write(c, self._store.kinds, game, sheet, sheets, self._store.clock())
            return games.read(c, game_id)

    def record(self, *, variant: str, players: Sequence[str], families: Sequence[str], characters: Sequence[str],
               rules: dict[str, str], sheet: FinalSheet, sheets: Sequence[dict[str, Any]],
               finished_at: datetime | None = None, uid: str | None = None, kind: str) -> GameRecord:
        """A game scored at the end without a log (quick score) joins the history."""
        store = self._store
        with store._write() as c:
            one_writer(c)
            if uid is not None and c.execute(select(Game.id).where(Game.uid == uid)).first() is not None:
                raise StoreError(f"a game with id {uid} is already recorded")
            now = finished_at or store.clock()
            game_id = games.insert_game(c, variant, players, families, characters, rules, "quick", uid, now, kind,
                                        store.clock)
            write(c, store.kinds, games.read(c, game_id), sheet, sheets, now)
            return games.read(c, game_id)

    def of(self, game_id: int) -> list[dict[str, Any]]:
        """A finished game's stored sheet, per seat: name, score, rank, winner, hand and the lines."""
        with self._store._read() as c:
            game = games.read(c, game_id)
            found = c.execute(select(Result, Player.name).join(Player, Player.id == Result.player_id)
                              .where(Result.game_id == game.id).order_by(Result.seat)).all()
            return checked(game, found)


def write(c: Connection, kinds: Kinds, game: GameRecord, sheet: FinalSheet, sheets: Sequence[dict[str, Any]],
          finished_at: datetime) -> None:
    """The game's results, its end, what they add to the statistics (as its game says) and the ratings."""
    if len(sheet.players) != len(game.player_ids):
        raise StoreError(f"game {game.id} has {len(game.player_ids)} players; the sheet has {len(sheet.players)}")
    winners = set(sheet.winners)
    c.execute(insert(Result), [
        {"game_id": game.id, "seat": seat, "player_id": pid, "score": p.total, "rank": p.rank,
         "winner": p.name in winners, "hand": p.hand, "sheet": detail, "finished_at": finished_at}
        for seat, (pid, p, detail) in enumerate(zip(game.player_ids, sheet.players, sheets, strict=True))])
    c.execute(update(Game).where(Game.id == game.id).values(status="finished", finished_at=finished_at,
                                                            tie_break=sheet.tie_break))
    tallies.keep_facts(c, facts(kinds, game.id, game.kind, game.variant, game.families, game.rules, [
        Seat(p.total, p.rank, p.name in winners, detail) for p, detail in zip(sheet.players, sheets, strict=True)]))
    tallies.count_games(c, (game.id,))
    ratings.rate_games(c, (game.id,))


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


def many(c: Connection, found: Sequence[GameRecord]) -> dict[int, list[dict[str, Any]] | DamagedGame]:
    """`Results.of` for many games (at most a page), in one statement; a damaged sheet is named in its place."""
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


def checked(game: GameRecord, rows: Sequence[Any]) -> list[dict[str, Any]]:
    """A game's result rows as sheets per seat; DamagedGame when one cannot be read."""
    out = [{"seat": r.seat, "name": r.name, "score": r.score, "rank": r.rank, "winner": r.winner,
            "hand": r.hand, "sheet": r.sheet} for r in rows]
    if game.finished and len(out) != len(game.players):
        raise DamagedGame(game.id, f"finished with {len(out)} result(s) for {len(game.players)} players")
    for r in out:
        whole = all(isinstance(r[k], int) and not isinstance(r[k], bool) for k in ("rank",) + (
            () if r["score"] is None and game.source == "bgstats" else ("score",)))  # None: points unknown
        if not whole or not isinstance(r["winner"], bool) or not (r["hand"] is None or isinstance(r["hand"], int)):
            raise DamagedGame(game.id, f"{r['name']}'s result: score, rank, winner or hand is not readable")
        if not isinstance(r["sheet"], dict):
            raise DamagedGame(game.id, f"{r['name']}'s score sheet is {r['sheet']!r}, not an object")
    return out
