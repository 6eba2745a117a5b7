"""Results: a finished game's score sheet, one row per seat, written once at the end (with what each seat's result
adds to the statistics, as its game says, and the ratings), a game scored at the end without a log, and the sheet
read back. An undo in a finished game takes its results back out (db/result_rows.py, for the log)."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update

from scoring.i18n import _

from . import game_rows, game_status, ratings, result_rows, tallies
from .database import Database
from .engine import one_writer
from .errors import StoreError
from .kinds import Kinds, Seat
from .models import Game, Player, Result
from .records import FinalSheet, GameRecord
from .sheets import checked


class Results:
    def __init__(self, database: Database) -> None:
        self._database = database

    def finish(self, game_id: int, sheet: FinalSheet, sheets: Sequence[dict[str, Any]]) -> GameRecord:
        """Write the final score sheet (one row per seat, `sheets` as `score --json` prints each player)."""
        with self._database.write() as c:
            one_writer(c)
            game_status.check_move(game_id, game_status.locked(c, game_id), game_status.FINISHED)
            game = game_rows.read(c, game_id)
            write(c, self._database.kinds, game, sheet, sheets, self._database.clock())
            return game_rows.read(c, game_id)

    def record(self, *, variant: str, players: Sequence[str], families: Sequence[str], characters: Sequence[str],
               rules: dict[str, str], sheet: FinalSheet, sheets: Sequence[dict[str, Any]],
               finished_at: datetime | None = None, uid: str | None = None, kind: str) -> GameRecord:
        """A game scored at the end without a log (quick score) joins the history."""
        database = self._database
        with database.write() as c:
            one_writer(c)
            if uid is not None and c.execute(select(Game.id).where(Game.uid == uid)).first() is not None:
                raise StoreError(_("a game with id {uid} is already recorded").format(uid=uid))
            now = finished_at or database.clock()
            game_id = game_rows.insert_game(c, variant, players, families, characters, rules, "quick", uid, now,
                                            kind, database.clock)
            write(c, database.kinds, game_rows.read(c, game_id), sheet, sheets, now)
            return game_rows.read(c, game_id)

    def of(self, game_id: int) -> list[dict[str, Any]]:
        """A finished game's stored sheet, per seat: name, score, rank, winner, hand and the lines."""
        with self._database.read() as c:
            game = game_rows.read(c, game_id)
            found = c.execute(select(Result, Player.name).join(Player, Player.id == Result.player_id)
                              .where(Result.game_id == game.id).order_by(Result.seat)).all()
            return checked(game, found)


def write(c: Connection, kinds: Kinds, game: GameRecord, sheet: FinalSheet, sheets: Sequence[dict[str, Any]],
          finished_at: datetime) -> None:
    """The game's results, its end, what they add to the statistics (as its game says) and the ratings."""
    if len(sheet.players) != len(game.player_ids):
        raise StoreError(_("game {game} has {players} players; the sheet has {sheet}").format(
            game=game.id, players=len(game.player_ids), sheet=len(sheet.players)))
    winners = set(sheet.winners)
    c.execute(insert(Result), [
        {"game_id": game.id, "seat": seat, "player_id": pid, "score": p.total, "rank": p.rank,
         "winner": p.name in winners, "hand": p.hand, "sheet": detail, "finished_at": finished_at,
         "kind": game.kind}
        for seat, (pid, p, detail) in enumerate(zip(game.player_ids, sheet.players, sheets, strict=True))])
    c.execute(update(Game).where(Game.id == game.id).values(status="finished", finished_at=finished_at,
                                                            tie_break=sheet.tie_break))
    tallies.keep_facts(c, result_rows.facts(kinds, game.id, game.kind, game.variant, game.families, game.rules, [
        Seat(p.total, p.rank, p.name in winners, detail) for p, detail in zip(sheet.players, sheets, strict=True)]))
    tallies.count_games(c, (game.id,))
    ratings.rate_games(c, (game.id,))
