"""Whole games in and out: games with everything stored about them (their row, their log as stored, their results)
read for an export, oldest first and a page at a time, and games exported elsewhere added in one transaction,
skipping those already here."""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import Connection, insert, or_, select, update

from scoring.errors import InputError

from . import event_rows, game_rows, ratings, result_rows, tallies, upcast
from .database import Database
from .engine import one_writer
from .errors import Conflict, DamagedGame, UnknownRecord
from .kinds import Seat
from .models import Event as EventRow
from .models import Game, Player, Result, aware
from .player_rows import find, profile_id
from .records import GameRecord, StoredEvent, WholeGame


class Exchange:
    def __init__(self, database: Database) -> None:
        self._database = database

    def whole(self, game_ids: Sequence[int] | None = None) -> list[WholeGame]:
        """Games with their logs as stored and their results (every game when `game_ids` is None), oldest first;
        DamagedGame when one cannot be read (`whole_and_damaged` leaves it out instead)."""
        found, damaged = self.whole_and_damaged(game_ids)
        if damaged:
            raise damaged[0]
        return found

    def whole_and_damaged(self, game_ids: Sequence[int] | None = None
                          ) -> tuple[list[WholeGame], list[DamagedGame]]:
        """`whole`, with the games whose rows (game, events or results) cannot be read left out and named."""
        out: list[WholeGame] = []
        damaged: list[DamagedGame] = []
        for g in self.iter_whole(game_ids):
            if isinstance(g, DamagedGame):
                damaged.append(g)
            else:
                out.append(g)
        return out, sorted(damaged, key=lambda d: d.game)

    def iter_whole(self, game_ids: Sequence[int] | None = None) -> Iterator[WholeGame | DamagedGame]:
        """`whole` (every game when `game_ids` is None), oldest first, a damaged one named in its place, read a page
        at a time: an export streams in bounded memory."""
        with self._database.read() as c:
            if game_ids is not None:
                for game_id in game_ids:
                    if c.execute(select(Game.id).where(Game.id == game_id)).first() is None:
                        raise UnknownRecord(f"no game {game_id}", kind="game")
            query = select(Game.id, Game.started_at).order_by(Game.started_at, Game.id)
            if game_ids is None:
                ids = list(c.execute(query.with_only_columns(Game.id)).scalars())
            elif len(set(game_ids)) <= game_rows.PAGE:  # games asked for by number (a few): in the same order
                ids = list(c.execute(query.with_only_columns(Game.id).where(Game.id.in_(set(game_ids)))).scalars())
            else:  # very many: a page of ids per statement, put in order here
                wanted = [r for batch in tallies.chunks(sorted(set(game_ids)), game_rows.PAGE)
                          for r in c.execute(query.where(Game.id.in_(batch)))]
                ids = [i for i, _ in sorted(wanted, key=lambda r: (str(r[1]), r[0]))]
        for page in game_rows.read_pages(self._database, ids):
            with self._database.read() as c:
                sound = [g for g in page if isinstance(g, GameRecord)]
                events: dict[int, list[Any]] = {g.id: [] for g in sound}
                for r in c.execute(select(EventRow).where(EventRow.game_id.in_([g.id for g in sound]))
                                   .order_by(EventRow.game_id, EventRow.seq)):
                    events[r.game_id].append(r)
                sheets = result_rows.many(c, sound)
            for game in page:
                if isinstance(game, DamagedGame):
                    yield game
                    continue
                rows = events[game.id]
                bad = next(((r.seq, why) for r in rows if (why := self._event_problem(r, game.kind)) is not None), None)
                if bad is not None:
                    yield DamagedGame(game.id, f"event {bad[0]}: {bad[1]}")
                    continue
                sheet = sheets[game.id]
                if isinstance(sheet, DamagedGame):
                    yield sheet
                    continue
                kept = tuple({k: v for k, v in r.items() if k not in ("seat", "name")} for r in sheet)
                yield WholeGame(game.uid, game.variant, game.families, game.characters, game.rules, game.players,
                                game.status, game.source, game.started_at, game.finished_at, game.tie_break,
                                tuple(StoredEvent(r.seq, r.action, r.type, r.version, dict(r.payload),
                                                  aware(r.recorded_at), r.idempotency_key) for r in rows),
                                kept, game.kind)

    def add(self, found: Sequence[WholeGame], *, twins: bool = False,
            bgstats: Mapping[str, tuple[str, str]] | None = None) -> tuple[int, int]:
        """Add games exported elsewhere, in one transaction (all or nothing); a game whose uid is already here is
        skipped, so importing twice adds nothing, and with `twins` so is a finished game that is the same play as
        one here (`twins`). Both checks run inside the write transaction, which two imports never share: two
        importing the same plays at once add them once. Returns (added, skipped). Players are found by name or
        created; `bgstats`: what BG Stats knows profiles by (name -> its player's uuid, BoardGameGeek username),
        kept in the same transaction."""
        return self.add_stream([found], twins=twins, bgstats=bgstats)

    def add_stream(self, batches: Iterable[Sequence[WholeGame]], *, twins: bool = False,
                   bgstats: Mapping[str, tuple[str, str]] | None = None) -> tuple[int, int]:
        """`add` for games that come a batch at a time (an import read as it goes), still in one transaction: a batch
        that fails (a bad game found late) leaves nothing written."""
        added = skipped = 0
        with self._database.write() as c:
            one_writer(c)
            for batch in batches:
                a, s = self._add(c, batch, twins)
                added, skipped = added + a, skipped + s
            for name, (uid, bgg) in (bgstats or {}).items():
                _remember_bgstats(c, name, uid, bgg)
        return added, skipped

    def known(self, uids: Iterable[str]) -> set[str]:
        """Which of these game ids are already here (a page of ids per statement)."""
        found: set[str] = set()
        with self._database.read() as c:
            for batch in tallies.chunks(uids, game_rows.PAGE):
                found.update(c.execute(select(Game.uid).where(Game.uid.in_(batch))).scalars())
        return found

    def twins(self, found: Sequence[WholeGame]) -> dict[str, int]:
        """Finished games already here that are the same plays as `found` under other ids: uid -> game id."""
        with self._database.read() as c:
            return {g.uid: twin for g in found if (twin := _twin(c, g)) is not None}

    def _add(self, c: Connection, batch: Sequence[WholeGame], twins: bool) -> tuple[int, int]:
        clock, kinds = self._database.clock, self._database.kinds
        added = skipped = 0
        finished: list[int] = []
        facts: list[dict[str, Any]] = []
        profiles: dict[str, int] = {}
        for game in batch:
            if c.execute(select(Game.id).where(Game.uid == game.uid)).first() is not None or (
                    twins and _twin(c, game) is not None):
                skipped += 1
                continue
            # A profile found once is the same for every game of the import (one transaction, one writer).
            ids = [profiles[name] if name in profiles else profiles.setdefault(name, profile_id(c, name, clock))
                   for name in game.players]
            game_id = game_rows.insert_game(c, game.variant, game.players, game.families, game.characters,
                                            game.rules, game.source, game.uid, game.started_at, game.kind, clock, ids)
            keys = [e.key for e in game.events if e.key]
            if any(c.execute(select(EventRow.seq).where(EventRow.idempotency_key.in_(keys_page))).first()
                   for keys_page in tallies.chunks(keys, game_rows.PAGE)):
                raise Conflict(f"game {game.uid}: its actions are already recorded in another game")
            if game.events:
                c.execute(insert(EventRow), [
                    {"game_id": game_id, "seq": e.seq, "type": e.type, "version": e.version, "payload": e.payload,
                     "action": e.action, "idempotency_key": e.key, "recorded_at": e.recorded_at}
                    for e in game.events])
            if game.results:
                c.execute(insert(Result), [{"game_id": game_id, "seat": seat, "player_id": pid, **row,
                                            "finished_at": game.finished_at}
                                           for seat, (pid, row) in enumerate(zip(ids, game.results, strict=True))])
                finished.append(game_id)
                facts += result_rows.facts(kinds, game_id, game.kind, game.variant, game.families, game.rules, [
                    Seat(r["score"], r["rank"], r["winner"], r["sheet"]) for r in game.results])
            c.execute(update(Game).where(Game.id == game_id).values(
                status=game.status, finished_at=game.finished_at, tie_break=game.tie_break))
            added += 1
        tallies.keep_facts(c, facts)
        tallies.count_games(c, finished)
        ratings.rate_games(c, finished)
        return added, skipped

    def _event_problem(self, r: Any, kind: str) -> str | None:
        """What makes a stored event unreadable (`event_rows.row_problem`), its payload decoded by its game's codec
        too."""
        why = event_rows.row_problem(r)
        if why is not None:
            return why
        try:
            upcast.read(self._database.codec(kind), r.type, r.version, r.payload)
        except (InputError, TypeError, ValueError) as exc:
            return f"{r.type}: {exc}"
        return None


def _twin(c: Connection, game: WholeGame) -> int | None:
    """A finished game here that is the same play as `game` under another id: the same variant and players with the
    same points, started or finished within a day (a play sent to BG Stats from the companion, then exported from
    BG Stats, comes back with BG Stats' own id; two phones record one play under two ids)."""
    if game.finished_at is None or not game.results:
        return None
    day = timedelta(days=1)
    want = sorted((n.casefold(), r["score"]) for n, r in zip(game.players, game.results, strict=False))
    near = or_(Game.finished_at.between(game.finished_at - day, game.finished_at + day),
               Game.started_at.between(game.started_at - day, game.started_at + day))
    candidates = c.execute(select(Game.id).where(Game.status == "finished", Game.variant == game.variant,
                                                 Game.player_count == len(game.players), near)
                           .order_by(Game.id)).scalars().all()
    for other in candidates:
        rows = c.execute(select(Player.name_key, Result.score).join(Player, Player.id == Result.player_id)
                         .where(Result.game_id == other)).all()
        if sorted((r.name_key, r.score) for r in rows) == want:
            return int(other)
    return None


def _remember_bgstats(c: Connection, name: str, uid: str, bgg: str) -> None:
    """The profile called `name` is BG Stats' player `uid` (32 hex digits; "" when not known), BoardGameGeek
    username `bgg` ("" when none): a uuid (and its username) belongs to one profile, the last one its plays went
    to."""
    try:
        profile = find(c, name)
    except UnknownRecord:
        return
    if uid:
        c.execute(update(Player).where(Player.bgstats_uuid == uid, Player.id != profile.id)
                  .values(bgstats_uuid=None, bgg_username=None))  # the player's username goes with them
        c.execute(update(Player).where(Player.id == profile.id).values(bgstats_uuid=uid))
    if bgg:
        c.execute(update(Player).where(Player.id == profile.id).values(bgg_username=bgg))
