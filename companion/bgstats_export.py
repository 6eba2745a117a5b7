"""The companion's finished games written as BG Stats writes its export file, so that BG Stats and the public
readers of those files (bgstats-merger, bgstats-wrapped, …) take them as they take BG Stats' own:

    {"userInfo": {"meRefId"}, "games": [{"id", "uuid", "name", "bggId", "bggName", "isBaseGame", "isExpansion",
     "highestWins", "noPoints", …}], "players": [{"id", "uuid", "name", "isAnonymous", …}],
     "locations": [{"id", "uuid", "name", …}],
     "plays": [{"uuid", "gameRefId", "locationRefId", "playDate", "durationMin", "expansionPlays": [{"gameRefId",
                "bggId"}], "playerScores": [{"playerRefId", "score", "winner", "rank", "seatOrder",
                "startPlayer", "role", …}], …}]}

uuids are uppercase, as BG Stats writes them. bggId is 0: no BoardGameGeek id is known for these games, and BG
Stats writes 0 for a game without one (never an invented number). A mixed game is a play of Origami with Origami
Legends as its expansion, as BG Stats records a play with an expansion. meRefId (the file's owner) is the player
at the most tables. Times are UTC, as the companion sends them to BG Stats. The same writer gives the single-play
file (`companion share --save`) that BG Stats opens like an export.

An Origin Story game is a play of the game "Origin Story" (a solo game seats Automaton and Factoryon as players,
with the difficulty in the comment; companion/origin_share.py says why)."""
from __future__ import annotations

import json
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from db.records import WholeGame
from scoring.errors import InputError
from scoring.origami import events as e

from . import settings
from .games import read_event
from .origin import KIND as ORIGIN_STORY
from .origin import share as origin_share
from .share import BGSTATS_GAME, DATE, SOURCE

SPACE = uuid.UUID("5b0f3c52-8f0e-4b8e-9a57-3f6d2a1c0e11")  # the companion's own uuid5 namespace: never change it
ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, open it with Board Game "
         "Stats (share, export or open-in). Written by the Origami companion.")
_UNSET: Any = object()


def to_bgstats(games: Iterable[WholeGame], now: datetime, location: str | None = _UNSET,
               about: bool = False) -> dict[str, Any]:
    """The finished games as a BG Stats export (games in play are left out: BG Stats records plays); `location`
    defaults to the user's setting. `about`: the note BG Stats' own single-play files open with."""
    export = Export(now, location, about)
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
    """A BG Stats export built a play at a time: each finished game's play, then the document around them."""

    def __init__(self, now: datetime, location: str | None = _UNSET, about: bool = False) -> None:
        self.location = settings.location() if location is _UNSET else location
        self.about = about
        self.stamp = f"{now.astimezone(UTC):{DATE}}"
        self.game_ids: dict[str, int] = {}
        self.expansions: set[str] = set()
        self.player_ids: dict[str, tuple[int, str]] = {}
        self.seats: Counter[int] = Counter()
        self.plays = 0

    def play(self, g: WholeGame) -> dict[str, Any] | None:
        """The play of a finished game (None for a game in play: BG Stats records plays)."""
        if g.finished_at is None or not g.results:
            return None
        origin = g.kind == ORIGIN_STORY
        base = origin_share.SOURCE_GAME if origin else "origami" if g.variant == "mixed" else g.variant
        ref = self.game_ids.setdefault(base, len(self.game_ids) + 1)
        extra = []
        if g.variant == "mixed" and not origin:
            self.expansions.add("legends")
            extra.append({"gameRefId": self.game_ids.setdefault("legends", len(self.game_ids) + 1), "bggId": 0})
        scores = []
        if origin:
            dealer = origin_share.first_dealer_stored(g.events, g.players)
            played = origin_share.seats(g.variant, g.players, g.results, dealer)
            for seat, o in enumerate(played):
                pid = self.player(o.name, person=not o.vancardian)  # the file's owner is never a Vancardian
                scores.append({"playerRefId": pid, "score": str(o.score), "winner": o.winner, "rank": o.rank,
                               "seatOrder": seat, "newPlayer": False, "startPlayer": o.start, "role": ""})
            comments = origin_share.comment(g.variant, g.rules, played)
        else:
            starting = _starting(g)
            roles = g.families if len(g.families) == len(g.players) else ()
            for seat, (name, r) in enumerate(zip(g.players, g.results, strict=True)):
                points = "" if r["score"] is None else str(r["score"])  # blank: a play that kept only who won
                scores.append({"playerRefId": self.player(name), "score": points, "winner": r["winner"],
                               "rank": r["rank"], "seatOrder": seat, "newPlayer": False,
                               "startPlayer": seat == starting, "role": roles[seat] if roles else ""})
            comments = _comment(g)
        minutes = max(0, round((g.finished_at - g.started_at).total_seconds() / 60))
        play: dict[str, Any] = {
            "uuid": _upper(g.uid), "gameRefId": ref, "playDate": f"{g.started_at.astimezone(UTC):{DATE}}",
            "entryDate": self.stamp, "modificationDate": self.stamp, "durationMin": minutes, "ignored": False,
            "manualWinner": False, "usesTeams": False, "rounds": 0, "scoringSetting": 0, "importPlayId": 0,
            "bggId": 0, "rating": 0, "nemestatsId": 0, "playImages": "[]", "board": "", "comments": comments,
            "expansionPlays": extra, "playerScores": scores}
        if self.location:
            play["locationRefId"] = 1
        self.plays += 1
        return play

    def player(self, name: str, person: bool = True) -> int:
        pid, _ = self.player_ids.setdefault(name.casefold(), (len(self.player_ids) + 1, name))
        self.seats[pid] += 1 if person else 0
        return pid

    def document(self, plays: list[dict[str, Any]]) -> dict[str, Any]:
        """The export around `plays` (the plays written so far: games, players and the owner they name)."""
        people = [pid for pid in self.seats if self.seats[pid]]
        me = min(people, key=lambda pid: (-self.seats[pid], pid)) if people else 0
        stamp, location = self.stamp, self.location
        data: dict[str, Any] = {"about": ABOUT} if self.about else {}
        data.update({
            "userInfo": {"meRefId": me, "bggUsername": "", "exportedBy": SOURCE, "exportDate": stamp},
            "games": [_game(variant, ref, stamp, variant in self.expansions)
                      for variant, ref in self.game_ids.items()],
            "players": [{"id": pid, "uuid": _upper(uuid.uuid5(SPACE, f"player:{key}").hex), "name": name,
                         "isAnonymous": False, "modificationDate": stamp, "bggUsername": ""}
                        for key, (pid, name) in self.player_ids.items()],
            "locations": ([{"id": 1, "uuid": _upper(uuid.uuid5(SPACE, f"location:{location.casefold()}").hex),
                            "name": location, "modificationDate": stamp}] if location and self.plays else []),
            "plays": plays,
        })
        return data


def _game(variant: str, ref: int, stamp: str, expansion: bool) -> dict[str, Any]:
    return {"id": ref, "uuid": _upper(uuid.uuid5(SPACE, f"game:{variant}").hex), "name": BGSTATS_GAME[variant],
            "bggId": 0, "bggName": "", "bggYear": 0, "modificationDate": stamp, "highestWins": True,
            "noPoints": False, "cooperative": False, "usesTeams": False, "isBaseGame": 1,
            "isExpansion": 1 if expansion else 0, "rating": 0, "copies": [],
            "designers": "" if variant == origin_share.SOURCE_GAME else "Christian Giove"}


def _starting(g: WholeGame) -> int | None:
    """The seat that played the first turn, from the stored log's events that still count (None without one)."""
    undone = set()
    found: list[tuple[int, int]] = []  # (action, seat)
    for stored in g.events:
        if stored.type == "action_undone":
            undone.add(stored.payload.get("action"))
        elif stored.type in ("starting_player_chosen", "position_entered"):
            try:
                event = read_event(g.kind, stored.type, stored.version, stored.payload)
            except (InputError, ValueError, TypeError, KeyError):
                continue
            if isinstance(event, e.StartingPlayerChosen):
                found.append((stored.action, event.seat))
            elif isinstance(event, e.PositionEntered):
                found.append((stored.action, event.starting))
    kept = [seat for action, seat in found if action not in undone]
    return kept[-1] if kept else None


def _comment(g: WholeGame) -> str:
    parts = [f"Families: {', '.join(g.families)}"] if g.families else []
    parts += {"hand": ["Tie on points broken by the most cards in hand"],
              "shared": ["Shared victory (tied on points and cards in hand)"]}.get(g.tie_break or "", [])
    return ". ".join(parts)


def _upper(uid: str) -> str:
    """A uuid as BG Stats writes it (uppercase, with hyphens); an id that is not a uuid stays as it is."""
    try:
        return str(uuid.UUID(hex=uid)).upper() if len(uid) == 32 else str(uuid.UUID(uid)).upper()
    except ValueError:
        return uid
