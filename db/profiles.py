"""The players' profiles: added, found by id or name (a merged name leads to the profile it joined), renamed, and
merged (all of one's games follow into the other); and what BG Stats knows each by (its player's uuid and
BoardGameGeek username), kept across renames."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select, update

from scoring.i18n import _, ngettext

from . import ratings, tallies
from .database import Database
from .engine import one_writer
from .errors import StoreError
from .models import Game, GamePlayer, Player, Result, aware
from .player_rows import add, clean_name, find, record
from .records import PlayerRecord


class Profiles:
    def __init__(self, database: Database) -> None:
        self._database = database

    def add(self, name: str) -> PlayerRecord:
        with self._database.write() as c:
            return add(c, clean_name(name), self._database.clock)

    def all(self) -> list[PlayerRecord]:
        """The profiles in use (a merged profile lives on only as a name for the one it joined)."""
        with self._database.read() as c:
            query = select(Player).where(Player.merged_into.is_(None)).order_by(Player.name_key)
            return [record(r) for r in c.execute(query)]

    def get(self, who: str | int) -> PlayerRecord:
        """A profile by id or name (case-insensitive); a merged name leads to the profile it joined."""
        with self._database.read() as c:
            return find(c, who)

    def rename(self, who: str | int, new_name: str) -> PlayerRecord:
        new_name = clean_name(new_name)
        with self._database.write() as c:
            one_writer(c)
            player = find(c, who)
            taken = c.execute(select(Player).where(Player.name_key == new_name.casefold(),
                                                   Player.id != player.id)).first()
            if taken is not None:
                raise StoreError(_("{name} is another profile: merge the two instead of renaming").format(
                    name=repr(taken.name)),
                                 where=new_name)
            c.execute(update(Player).where(Player.id == player.id).values(name=new_name,
                                                                          name_key=new_name.casefold()))
            return PlayerRecord(player.id, new_name, player.created_at)

    def merge(self, source: str | int, into: str | int) -> PlayerRecord:
        """`source` joins `into`: all of its games follow; its name then leads to `into`."""
        with self._database.write() as c:
            one_writer(c)
            old, new = find(c, source), find(c, into)
            if old.id == new.id:
                raise StoreError(_("{old} and {new} are already one profile").format(
                    old=repr(old.name), new=repr(new.name)))
            both = c.execute(select(GamePlayer.game_id).where(GamePlayer.player_id == old.id).intersect(
                select(GamePlayer.game_id).where(GamePlayer.player_id == new.id))).scalars().all()
            if both:
                # TRANSLATORS: {games} lists the games' numbers.
                raise StoreError(ngettext("{old} and {new} sat at the same table in game {games}: they are two "
                                          "people, not one", "{old} and {new} sat at the same table in games {games}: "
                                          "they are two people, not one", len(both)).format(
                    old=old.name, new=new.name, games=", ".join(map(str, sorted(both)))))
            c.execute(update(GamePlayer).where(GamePlayer.player_id == old.id).values(player_id=new.id))
            c.execute(update(Result).where(Result.player_id == old.id).values(player_id=new.id))
            c.execute(update(Player).where(Player.merged_into == old.id).values(merged_into=new.id))
            c.execute(update(Player).where(Player.id == old.id).values(merged_into=new.id))
            tallies.recount(c, (old.id, new.id))  # old's totals and records are now new's
            ratings.recount_players(c, (old.id, new.id))  # and their games rated as one player's
            return new

    def bgstats(self) -> dict[str, tuple[str, str]]:
        """What BG Stats knows the profiles by: casefolded name -> (uuid, BoardGameGeek username), "" for what is
        not known; profiles BG Stats knows nothing of are left out."""
        with self._database.read() as c:
            rows = c.execute(select(Player.name_key, Player.bgstats_uuid, Player.bgg_username).where(
                Player.merged_into.is_(None),
                Player.bgstats_uuid.is_not(None) | Player.bgg_username.is_not(None)))
            return {r.name_key: (r.bgstats_uuid or "", r.bgg_username or "") for r in rows}

    def by_bgstats(self, uid: str) -> PlayerRecord | None:
        """The profile a BG Stats player (by uuid, 32 hex digits) went to, whatever it is called now."""
        with self._database.read() as c:
            found = c.execute(select(Player.id).where(Player.bgstats_uuid == uid)).scalars().first()
            return None if found is None else find(c, found)

    def first_games(self) -> list[tuple[str, str, str, str, datetime]]:
        """Each player's first finished game of each variant: (casefolded name, kind, variant, the game's uid, when
        it began), the earliest by start (then by number)."""
        first = func.row_number().over(partition_by=(Result.player_id, Game.kind, Game.variant),
                                       order_by=(Game.started_at, Game.id)).label("first")
        games = (select(Player.name_key, Game.kind, Game.variant, Game.uid, Game.started_at, first)
                 .join(Result, Result.game_id == Game.id).join(Player, Player.id == Result.player_id)
                 .where(Game.status == "finished").subquery())
        with self._database.read() as c:
            return [(r.name_key, r.kind, r.variant, r.uid, aware(r.started_at))
                    for r in c.execute(select(games).where(games.c.first == 1))]

