"""The companion's finished games written as BG Stats writes its export file, so that BG Stats and the public
readers of those files (bgstats-merger, bgstats-wrapped, …) take them as they take BG Stats' own:

    {"userInfo": {"meRefId"}, "games": [{"id", "uuid", "name", "bggId", "bggName", "isBaseGame", "isExpansion",
     "highestWins", "noPoints", "minPlayTime", "maxPlayTime", "minPlayerCount", "maxPlayerCount", "minAge",
     "metaData", "preferredImage", "urlImage", "urlThumb", …}],
     "players": [{"id", "uuid", "name", "isAnonymous", "bggUsername", …}], "locations": [{"id", "uuid", "name", …}],
     "plays": [{"uuid", "gameRefId", "locationRefId", "playDate", "durationMin", "board", "expansionPlays":
                [{"gameRefId", "bggId"}], "playerScores": [{"playerRefId", "score", "winner", "rank", "seatOrder",
                "newPlayer", "startPlayer", "role", …}], …}]}

Every game carries every key a real BG Stats export gives its games (a public reader indexes them all), 0 or ""
where the companion knows nothing, as BG Stats writes for a game without them; bggId is BoardGameGeek's id only
where a named source confirms it (never an invented number). Every play names a location (the user's setting, or
NO_LOCATION), as older readers look one up for every play. uuids are uppercase, as BG Stats writes them. A mixed
game is a play of Origami with Origami Legends as its expansion, as BG Stats records a play with an expansion.

Players: a profile keeps the uuid and BoardGameGeek username BG Stats gave it (`profiles`), so BG Stats and the
readers take the player for the one they know, whatever the profile is called now. A guest (BG Stats' anonymous
player, imported) and a seat the game plays itself (a solo opponent) sit as BG Stats' one anonymous player; the
game's seat carries its name as the role and `metaData` marks it a non-player, never the file's owner. A play
that kept only who won has no `score` (BG Stats' way for a play without points). newPlayer marks a player's first
play of that box in the history (`firsts`). meRefId (the file's owner) is the player at the most tables. Times are
UTC, as the companion sends them to BG Stats. The same writer gives the single-play file (`companion share
--save`) that BG Stats opens like an export.

What a game's plays say (their box, expansions, seats and comment) is that game's to say: its `bgstats`."""
from __future__ import annotations

import json
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from db.records import WholeGame

from . import games, settings
from .share import DATE, SOURCE

SPACE = uuid.UUID("5b0f3c52-8f0e-4b8e-9a57-3f6d2a1c0e11")  # the companion's own uuid5 namespace: never change it
ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, open it with Board Game "
         "Stats (share, export or open-in). Written by the Origami companion.")
_UNSET: Any = object()
NO_LOCATION = "Not recorded"  # the place of a play when the user has set none
ANONYMOUS = "Anonymous player"  # BG Stats' one player for everyone nobody named
NON_PLAYER = json.dumps({"nonPlayer": True}, separators=(",", ":"))  # a seat's metaData: the game plays it itself


@dataclass(frozen=True, slots=True)
class Box:
    """A game as BG Stats keeps it: one per box (an expansion is a box of its own)."""

    name: str
    designers: str = ""
    players: tuple[int, int] = (0, 0)  # the fewest and most players the box seats (0: not known)
    minutes: tuple[int, int] = (0, 0)  # its play time as published (0: not known)
    age: int = 0  # the youngest age it is published for (0: not known)
    bgg_id: int = 0  # BoardGameGeek's id, only where a named source confirms it (0: none, as BG Stats writes)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat of a play as BG Stats' export writes it."""

    name: str
    score: int | None  # None: a play that kept only who won
    rank: int
    winner: bool
    start: bool
    role: str = ""
    person: bool = True  # False for a seat the game itself plays (a solo opponent): never the file's owner
    anonymous: bool = False  # a guest: BG Stats' anonymous player sat here


@dataclass(frozen=True, slots=True)
class Exported:
    """What a game says of one of its finished games for BG Stats' export file."""

    box: str  # the game's box played (a key of the game's `BOXES`)
    expansions: tuple[str, ...]  # the boxes played with it as expansions
    seats: tuple[Seat, ...]
    comment: str
    board: str = ""  # BG Stats' variant/board of the play: the game's set-up where it has one


Profile = tuple[str, str]  # what BG Stats knows a profile by: its uuid and BoardGameGeek username ("" when none)
First = tuple[str, str, str, str, datetime]  # a player's first finished game of a variant: name key, kind,
#                                              variant, the game's uid, when it began (db.profiles.first_games)


def to_bgstats(games: Iterable[WholeGame], now: datetime, location: str | None = _UNSET,
               about: bool = False, profiles: Mapping[str, Profile] | None = None,
               firsts: Iterable[First] = ()) -> dict[str, Any]:
    """The finished games as a BG Stats export (games in play are left out: BG Stats records plays); `location`
    defaults to the user's setting. `about`: the note BG Stats' own single-play files open with. `profiles` (by
    casefolded name) and `firsts`: what the store knows of the players (see Export)."""
    export = Export(now, location, about, profiles, firsts)
    plays = [play for play in map(export.play, games) if play is not None]
    return export.document(plays)


def bgstats_chunks(games: Iterable[WholeGame], export: Export) -> Iterator[str]:
    """The text `json.dumps(to_bgstats(games, …), indent=1, ensure_ascii=False)` and a newline, written a play at
    a time: the plays wait in a temporary file (the games, players and owner they name are known only at the end,
    and come first), so memory holds the players and games, never the plays. `export.plays` counts them."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as spool:
        for game in games:
            play = export.play(game)
            if play is not None:
                text = json.dumps(play, indent=1, ensure_ascii=False)
                spool.write(("" if export.plays == 1 else ",\n") + "\n".join("  " + line for line in text.split("\n")))
        head, tail = json.dumps(export.document([]), indent=1, ensure_ascii=False).rsplit("[]", 1)
        if not export.plays:
            yield head + "[]" + tail + "\n"
            return
        yield head + "[\n"
        spool.seek(0)
        while chunk := spool.read(1 << 20):
            yield chunk
        yield "\n ]" + tail + "\n"


class Export:
    """A BG Stats export built a play at a time: each finished game's play, then the document around them.
    `profiles`: the uuid and BoardGameGeek username each profile (by casefolded name) has from BG Stats; `firsts`:
    each player's first finished game of each variant, so that newPlayer marks their first play of each box."""

    def __init__(self, now: datetime, location: str | None = _UNSET, about: bool = False,
                 profiles: Mapping[str, Profile] | None = None, firsts: Iterable[First] = ()) -> None:
        self.location = (settings.location() if location is _UNSET else location) or NO_LOCATION
        self.about = about
        self.stamp = f"{now.astimezone(UTC):{DATE}}"
        self.profiles = profiles or {}
        self.firsts = _first_plays(firsts)
        self.game_ids: dict[str, tuple[int, Box]] = {}  # a box's key -> its id in the file, and the box
        self.expansions: set[str] = set()
        self.player_ids: dict[str, tuple[int, str]] = {}
        self.seats: Counter[int] = Counter()
        self.plays = 0

    def play(self, g: WholeGame) -> dict[str, Any] | None:
        """The play of a finished game (None for a game in play: BG Stats records plays)."""
        if g.finished_at is None or not g.results:
            return None
        bgstats = games.game(g.kind).bgstats()
        found = bgstats.exported(g)
        ref = self.box(found.box, bgstats.BOXES[found.box])
        extra = []
        for box in found.expansions:
            self.expansions.add(box)
            extra.append({"gameRefId": self.box(box, bgstats.BOXES[box]), "bggId": bgstats.BOXES[box].bgg_id})
        scores = [self.seat(seat, s, self.firsts.get((s.name.casefold(), g.kind, found.box)) == g.uid)
                  for seat, s in enumerate(found.seats)]
        minutes = max(0, round((g.finished_at - g.started_at).total_seconds() / 60))
        play: dict[str, Any] = {
            "uuid": _upper(g.uid), "gameRefId": ref, "locationRefId": 1,
            "playDate": f"{g.started_at.astimezone(UTC):{DATE}}", "entryDate": self.stamp,
            "modificationDate": self.stamp, "durationMin": minutes, "ignored": False, "manualWinner": False,
            "usesTeams": False, "rounds": 0, "scoringSetting": 0, "importPlayId": 0, "bggId": 0, "rating": 0,
            "nemestatsId": 0, "playImages": "[]", "board": found.board, "comments": found.comment,
            "expansionPlays": extra, "playerScores": scores}
        self.plays += 1
        return play

    def seat(self, order: int, s: Seat, first: bool) -> dict[str, Any]:
        """A seat as BG Stats writes it: a seat the game plays itself as its anonymous player, marked a non-player,
        its role the game's own seat; a play that kept only who won without `score`."""
        bot = not s.person
        out: dict[str, Any] = {"playerRefId": self.player(s.name, s.person and not s.anonymous)}
        if s.score is not None:
            out["score"] = str(s.score)
        out.update({"winner": s.winner, "rank": s.rank, "seatOrder": order,
                    "newPlayer": first and s.person and not s.anonymous, "startPlayer": s.start,
                    "role": s.name if bot else s.role})
        if bot:
            out["metaData"] = NON_PLAYER
        return out

    def box(self, key: str, box: Box) -> int:
        """The export's id of a game's box (the first play of it adds it to the file's games)."""
        ref, _ = self.game_ids.setdefault(key, (len(self.game_ids) + 1, box))
        return ref

    def player(self, name: str, named: bool = True) -> int:
        """The export's id of a player; everyone nobody named (a guest, a seat the game plays) is the one
        anonymous player, never the file's owner."""
        key = name.casefold() if named else ""
        pid, _ = self.player_ids.setdefault(key, (len(self.player_ids) + 1, name if named else ANONYMOUS))
        self.seats[pid] += 1 if named else 0
        return pid

    def document(self, plays: list[dict[str, Any]]) -> dict[str, Any]:
        """The export around `plays` (the plays written so far: games, players and the owner they name)."""
        people = [pid for pid in self.seats if self.seats[pid]]
        me = min(people, key=lambda pid: (-self.seats[pid], pid)) if people else 0
        stamp, location = self.stamp, self.location
        data: dict[str, Any] = {"about": ABOUT} if self.about else {}
        data.update({
            "userInfo": {"meRefId": me, "bggUsername": "", "exportedBy": SOURCE, "exportDate": stamp},
            "games": [_game(key, ref, box, stamp, key in self.expansions)
                      for key, (ref, box) in self.game_ids.items()],
            "players": [self._player(key, pid, name) for key, (pid, name) in self.player_ids.items()],
            "locations": ([{"id": 1, "uuid": _upper(uuid.uuid5(SPACE, f"location:{location.casefold()}").hex),
                            "name": location, "modificationDate": stamp}] if self.plays else []),
            "plays": plays,
        })
        return data

    def _player(self, key: str, pid: int, name: str) -> dict[str, Any]:
        known, bgg = self.profiles.get(key, ("", ""))
        made = uuid.uuid5(SPACE, f"player:{key}" if key else "anonymous")  # never a named player's ("player:…")
        return {"id": pid, "uuid": _upper(known or made.hex),
                "name": name, "isAnonymous": not key, "modificationDate": self.stamp, "bggUsername": bgg}


def _first_plays(firsts: Iterable[First]) -> dict[tuple[str, str, str], str]:
    """(name key, kind, box) -> the uid of the player's first finished game of that box: the earliest of the
    first games of the variants played from that box."""
    earliest: dict[tuple[str, str, str], tuple[datetime, str]] = {}
    for name, kind, variant, uid, started in firsts:
        if not games.known(kind):
            continue
        key = (name, kind, games.game(kind).bgstats().box(variant))
        if key not in earliest or (started, uid) < earliest[key]:
            earliest[key] = (started, uid)
    return {key: uid for key, (_, uid) in earliest.items()}


def _game(key: str, ref: int, box: Box, stamp: str, expansion: bool) -> dict[str, Any]:
    return {"id": ref, "uuid": _upper(uuid.uuid5(SPACE, f"game:{key}").hex), "name": box.name,
            "bggId": box.bgg_id, "bggName": "", "bggYear": 0, "modificationDate": stamp, "highestWins": True,
            "noPoints": False, "cooperative": False, "usesTeams": False, "isBaseGame": 1,
            "isExpansion": 1 if expansion else 0, "rating": 0, "copies": [], "designers": box.designers,
            "minPlayTime": box.minutes[0], "maxPlayTime": box.minutes[1], "minPlayerCount": box.players[0],
            "maxPlayerCount": box.players[1], "minAge": box.age, "metaData": "{}", "preferredImage": 0,
            "urlImage": "", "urlThumb": ""}


def _upper(uid: str) -> str:
    """A uuid as BG Stats writes it (uppercase, with hyphens); an id that is not a uuid stays as it is."""
    try:
        return str(uuid.UUID(hex=uid)).upper() if len(uid) == 32 else str(uuid.UUID(uid)).upper()
    except ValueError:
        return uid
