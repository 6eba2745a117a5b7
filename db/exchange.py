"""Whole games in and out: games with everything stored about them (their row, their log as stored, their results)
read for an export, oldest first and a page at a time, and games exported elsewhere added in one transaction,
skipping those already here."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy import Connection, or_, select, update

from scoring.errors import InputError
from scoring.i18n import _

from . import event_rows, game_rows, ratings, result_rows, tallies, upcast
from .database import Database
from .engine import one_writer
from .errors import Conflict, DamagedGame, StoreError, UnknownRecord
from .kinds import Seat
from .models import Event as EventRow
from .models import Game, GameFamily, GamePlayer, Player, Result, aware
from .player_rows import clean_name, find
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
                        raise UnknownRecord(_("no game {game}").format(game=game_id), kind="game")
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
                    yield DamagedGame(game.id, _("event {n}: {why}").format(n=bad[0], why=bad[1]))
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
            profiles: dict[str, tuple[int, str]] = {}  # a name -> its profile (id, name key), for the whole import
            for batch in batches:
                for page in tallies.chunks(batch, game_rows.PAGE):  # bounded parameters per statement
                    a, s = self._add(c, page, twins, profiles)
                    added, skipped = added + a, skipped + s
            for name, (uid, bgg) in (bgstats or {}).items():
                _remember_bgstats(c, name, uid, bgg)
        return added, skipped

    def known(self, uids: Iterable[str]) -> set[str]:
        """Which of these game ids are already here (a page of ids per statement)."""
        with self._database.read() as c:
            return _known(c, uids)

    def twins(self, found: Sequence[WholeGame]) -> dict[str, int]:
        """Finished games already here that are the same plays as `found` under other ids: uid -> game id."""
        out: dict[str, int] = {}
        with self._database.read() as c:
            for page in tallies.chunks(found, game_rows.PAGE):
                near = _Near(c, page)
                out.update({g.uid: twin for g in page if (twin := near.twin(g)) is not None})
        return out

    def _add(self, c: Connection, batch: Sequence[WholeGame], twins: bool,
             profiles: dict[str, tuple[int, str]]) -> tuple[int, int]:
        """A page of games, a statement per table (executemany), the checks of one game at a time kept: a game
        whose uid is here (or came earlier in the import) is skipped, and with `twins` one that is the same play as
        a finished game here (or earlier in the page)."""
        here = _known(c, (g.uid for g in batch))
        clock = self._database.clock
        near = _Near(c, batch) if twins else None
        if near is not None:
            _profiles(c, [n for g in batch for n in g.players], profiles, None)  # the names' keys, none created
        keys = _taken_keys(c, [e.key for g in batch for e in g.events if e.key])
        fresh: list[WholeGame] = []
        for game in batch:
            if game.uid in here or (near is not None and near.twin(game) is not None):
                continue
            mine = [e.key for e in game.events if e.key]
            if any(k in keys for k in mine):
                raise Conflict(_("game {game}: its actions are already recorded in another game").format(game=game.uid))
            keys.update(mine)
            here.add(game.uid)
            fresh.append(game)
            if near is not None:
                near.add(game, [profiles[n][1] if n in profiles else clean_name(n).casefold() for n in game.players])
        if not fresh:
            return 0, len(batch)
        _profiles(c, [n for g in fresh for n in g.players], profiles, clock)
        into = partial(tallies.insert_many, c)
        into(Game, [{"uid": g.uid, "kind": g.kind, "variant": g.variant, "families": list(g.families),
                     "characters": list(g.characters), "rules": dict(g.rules), "player_count": len(g.players),
                     "status": g.status, "source": g.source, "started_at": g.started_at,
                     "finished_at": g.finished_at, "tie_break": g.tie_break} for g in fresh])
        ids = {r.uid: r.id for r in c.execute(select(Game.uid, Game.id).where(Game.uid.in_([g.uid for g in fresh])))}
        seated = [(ids[g.uid], g, [profiles[n][0] for n in g.players]) for g in fresh]
        into(GamePlayer, [{"game_id": gid, "seat": s, "player_id": p} for gid, _, pids in seated
                          for s, p in enumerate(pids)])
        into(GameFamily, [{"game_id": gid, "family": f} for gid, g, _ in seated for f in g.families])
        into(EventRow, [{"game_id": gid, "seq": e.seq, "type": e.type, "version": e.version, "payload": e.payload,
                         "action": e.action, "idempotency_key": e.key, "recorded_at": e.recorded_at}
                        for gid, g, _ in seated for e in g.events])
        into(Result, [{"game_id": gid, "seat": seat, "player_id": pid, **row, "finished_at": g.finished_at,
                       "kind": g.kind}
                      for gid, g, pids in seated if g.results
                      for seat, (pid, row) in enumerate(zip(pids, g.results, strict=True))])
        kinds = self._database.kinds
        finished = [gid for gid, g, _ in seated if g.results]
        tallies.keep_facts(c, [fact for gid, g, _ in seated if g.results for fact in result_rows.facts(
            kinds, gid, g.kind, g.variant, g.families, g.rules,
            [Seat(r["score"], r["rank"], r["winner"], r["sheet"]) for r in g.results])])
        tallies.count_games(c, finished)
        ratings.rate_games(c, finished, [(gid, g.kind, g.variant, [(pid, r["rank"]) for pid, r in zip(
            pids, g.results, strict=True)], g.finished_at) for gid, g, pids in seated
            if g.results and g.status == "finished"])
        return len(fresh), len(batch) - len(fresh)

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


def _known(c: Connection, uids: Iterable[str]) -> set[str]:
    """Which of these game ids are here (a page of ids per statement)."""
    return {uid for batch in tallies.chunks(uids, game_rows.PAGE)
            for uid in c.execute(select(Game.uid).where(Game.uid.in_(batch))).scalars()}


def _taken_keys(c: Connection, keys: Sequence[str]) -> set[str | None]:
    """Which of these idempotency keys a game here has already recorded."""
    return {k for batch in tallies.chunks(keys, game_rows.PAGE)
            for k in c.execute(select(EventRow.idempotency_key).where(EventRow.idempotency_key.in_(batch))).scalars()}


def _profiles(c: Connection, names: Sequence[str], known: dict[str, tuple[int, str]],
              clock: Callable[[], datetime] | None) -> None:
    """The profiles (id, name key) of these names into `known`, found by name (a merged one leads to the profile it
    joined) and, with a `clock`, created when there is none (`player_rows.profile_id`, a statement per page of
    names). `known` keeps them for the rest of the import (one transaction, one writer)."""
    keys: dict[str, str] = {}
    for n in names:
        if n not in known and n not in keys:
            try:
                keys[n] = clean_name(n).casefold()
            except StoreError:  # a name no profile can have: said when its game is added
                if clock is not None:
                    raise
    if not keys:
        return
    found = _named(c, list(set(keys.values())))
    new = {k: clean_name(n) for n, k in reversed(keys.items()) if k not in found}  # the first spelling kept
    if new and clock is not None:
        now = clock()
        tallies.insert_many(c, Player, [{"name": name, "name_key": k, "created_at": now} for k, name in new.items()])
        found.update(_named(c, list(new)))
    for n, k in keys.items():
        r = found.get(k)
        if r is not None:
            joined = find(c, clean_name(n)) if r.merged_into is not None else None
            known[n] = (int(r.id), str(r.name_key)) if joined is None else (joined.id, joined.name.casefold())


def _named(c: Connection, keys: list[str]) -> dict[str, Any]:
    """The profiles (id, name key, merged into) of these name keys that are here."""
    rows = select(Player.id, Player.name_key, Player.merged_into)
    return {r.name_key: r for batch in tallies.chunks(keys, game_rows.PAGE)
            for r in c.execute(rows.where(Player.name_key.in_(batch)))}


class _Near:
    """The finished games here near a page of games (started or finished within a day of one of them), read in a
    few statements, to find each game's twin without a statement per game: the same variant and players with the
    same points, started or finished within a day. The games of the page kept join the candidates (two phones record
    one play under two ids: the second is the first's twin)."""

    DAY = timedelta(days=1)

    def __init__(self, c: Connection, games: Sequence[WholeGame]) -> None:
        # SQLite keeps a time as its wall-clock text (the zone left out) and compares that; PostgreSQL compares
        # instants: each is compared here as its database compares it.
        self._wall = c.dialect.name == "sqlite"
        # (variant, players, sorted (name key, points)) -> (game id, None for one of the page; started; finished)
        self._found: dict[tuple[Any, ...], list[tuple[int | None, datetime, datetime | None]]] = {}
        timed = [g for g in games if g.finished_at is not None and g.results]
        spans = _spans([self._at(g.finished_at) for g in timed if g.finished_at is not None]) + \
            _spans([self._at(g.started_at) for g in timed])
        if not spans:
            return
        margin = 2 * self.DAY  # wider than a day whatever the zones: the exact test is `twin`'s
        query = select(Game.id, Game.variant, Game.player_count, Game.started_at, Game.finished_at)
        rows = sorted({r.id: r for some in tallies.chunks(spans, tallies.CHUNK // 4)  # parameters per statement
                       for r in c.execute(query.where(Game.status == "finished", or_(*(
                           column.between(lo - margin, hi + margin) for lo, hi in some
                           for column in (Game.finished_at, Game.started_at)))))}.values(), key=lambda r: r.id)
        sheets: dict[int, list[tuple[str, Any]]] = {r.id: [] for r in rows}
        for batch in tallies.chunks(list(sheets), game_rows.PAGE):
            for r in c.execute(select(Result.game_id, Player.name_key, Result.score)
                               .join(Player, Player.id == Result.player_id).where(Result.game_id.in_(batch))):
                sheets[r.game_id].append((r.name_key, r.score))
        for g in rows:
            if isinstance(g.started_at, datetime):
                self._found.setdefault((g.variant, g.player_count, *sorted(sheets[g.id])), []).append(
                    (g.id, self._at(g.started_at), self._at(g.finished_at) if isinstance(g.finished_at, datetime)
                     else None))

    def _at(self, moment: datetime) -> datetime:
        return moment.replace(tzinfo=None) if self._wall else aware(moment)

    def twin(self, game: WholeGame) -> int | None:
        """The first game here that is the same play as `game` under another id (-1: one of the page)."""
        if game.finished_at is None or not game.results:
            return None
        key = (game.variant, len(game.players),
               *sorted((n.casefold(), r["score"]) for n, r in zip(game.players, game.results, strict=False)))
        finished, started = self._at(game.finished_at), self._at(game.started_at)
        for gid, s, f in self._found.get(key, ()):
            if ((f is not None and finished - self.DAY <= f <= finished + self.DAY)
                    or started - self.DAY <= s <= started + self.DAY):
                return -1 if gid is None else gid
        return None

    def add(self, game: WholeGame, keys: list[str]) -> None:
        """A game of the page just kept (`keys`: its players' name keys): a candidate for the games after it."""
        if game.status == "finished":
            key = (game.variant, len(game.players),
                   *sorted((k, r["score"]) for k, r in zip(keys, game.results, strict=False)))
            self._found.setdefault(key, []).append(
                (None, self._at(game.started_at), self._at(game.finished_at) if game.finished_at else None))


def _spans(moments: list[datetime]) -> list[tuple[datetime, datetime]]:
    """The moments as ranges, those within two days of each other in one range: a statement reads a few ranges,
    never the whole history between far-apart games."""
    out: list[tuple[datetime, datetime]] = []
    for at in sorted(moments):
        if out and at - out[-1][1] <= 2 * _Near.DAY:
            out[-1] = (out[-1][0], at)
        else:
            out.append((at, at))
    return out


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
