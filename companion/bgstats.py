"""BG Stats' export file, both ways: the companion's finished games written in its shape, and the Origami and
Origami Legends plays of a BG Stats export read back into history.

The shape (the parts of BG Stats' export file the companion writes and reads):

    {"games": [{"id", "uuid", "name", "highestWins", "noPoints", "cooperative", "usesTeams", …}],
     "players": [{"id", "uuid", "name", "isAnonymous", …}],
     "locations": [],
     "plays": [{"uuid", "gameRefId", "playDate": "YYYY-MM-DD HH:MM:SS", "durationMin", "ignored",
                "playerScores": [{"playerRefId", "score": "52", "winner", "rank", "seatOrder", …}], …}]}

A play keeps its uuid as the game's uid (as 32 hex digits), so a file read twice adds nothing and a file the
companion wrote comes back to the same games. Times are UTC, as the companion sends them to BG Stats.
BG Stats knows scores, not cards: an imported game has no score sheet lines and no cards in hand."""
from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from db.records import WholeGame
from scoring.errors import InputError

from .share import GAME_NAMES, SOURCE

DATE = "%Y-%m-%d %H:%M:%S"
LONGEST = 7 * 24 * 60  # minutes: a play longer than a week is a typing error
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)  # dates a play can have: far from both ends of what Python holds,
LATEST = datetime(9000, 1, 1, tzinfo=UTC)  # so "within a day" and durations never overflow
MOST_POINTS = 1_000_000  # far beyond any Origami score; the database keeps 32-bit whole numbers
VARIANTS = {name.casefold(): variant for variant, name in GAME_NAMES.items()}
_SPACE = uuid.UUID("5b0f3c52-8f0e-4b8e-9a57-3f6d2a1c0e11")  # the companion's own uuid5 namespace: never change it


@dataclass(frozen=True, slots=True)
class Play:
    """One Origami play read from a BG Stats file, players by their BG Stats names, in seat order."""

    uid: str
    variant: str
    started_at: datetime
    minutes: int
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    plays: tuple[Play, ...]
    other_games: int  # plays of other games, left out
    ignored: int  # Origami plays marked "ignored" in BG Stats, left out too


# --- writing ------------------------------------------------------------------------------------------------
def to_bgstats(games: Iterable[WholeGame], now: datetime) -> dict[str, Any]:
    """The finished games as a BG Stats export (games in play are left out: BG Stats records plays)."""
    stamp = f"{now.astimezone(UTC):{DATE}}"
    game_ids: dict[str, int] = {}
    player_ids: dict[str, tuple[int, str]] = {}
    plays = []
    for g in games:
        if g.finished_at is None or not g.results:
            continue
        ref = game_ids.setdefault(g.variant, len(game_ids) + 1)
        scores = []
        for seat, (name, r) in enumerate(zip(g.players, g.results, strict=True)):
            pid, _ = player_ids.setdefault(name.casefold(), (len(player_ids) + 1, name))
            scores.append({"playerRefId": pid, "score": str(r["score"]), "winner": r["winner"], "rank": r["rank"],
                           "seatOrder": seat, "newPlayer": False, "startPlayer": False, "role": ""})
        minutes = max(0, round((g.finished_at - g.started_at).total_seconds() / 60))
        plays.append({"uuid": str(uuid.UUID(hex=g.uid)) if _is_hex_uuid(g.uid) else g.uid, "gameRefId": ref,
                      "playDate": f"{g.started_at.astimezone(UTC):{DATE}}", "entryDate": stamp,
                      "modificationDate": stamp, "durationMin": minutes, "ignored": False, "manualWinner": False,
                      "usesTeams": False, "rounds": 0, "scoringSetting": 0, "importPlayId": 0,
                      "comments": _comment(g), "playerScores": scores})
    return {
        "games": [{"id": ref, "uuid": str(uuid.uuid5(_SPACE, f"game:{variant}")), "name": GAME_NAMES[variant],
                   "modificationDate": stamp, "highestWins": True, "noPoints": False, "cooperative": False,
                   "usesTeams": False, "isBaseGame": 1, "isExpansion": 0, "rating": 0}
                  for variant, ref in game_ids.items()],
        "players": [{"id": pid, "uuid": str(uuid.uuid5(_SPACE, f"player:{key}")), "name": name,
                     "isAnonymous": False, "modificationDate": stamp, "bggUsername": ""}
                    for key, (pid, name) in player_ids.items()],
        "locations": [],
        "plays": plays,
        "userInfo": {"exportedBy": SOURCE, "exportDate": stamp},
    }


def _comment(g: WholeGame) -> str:
    parts = [f"Families: {', '.join(g.families)}"] if g.families else []
    parts += {"hand": ["Tie on points broken by the most cards in hand"],
              "shared": ["Shared victory (tied on points and cards in hand)"]}.get(g.tie_break or "", [])
    return ". ".join(parts)


def _is_hex_uuid(text: str) -> bool:
    return len(text) == 32 and all(c in "0123456789abcdef" for c in text)


# --- reading ------------------------------------------------------------------------------------------------
def is_bgstats(data: Any) -> bool:
    return isinstance(data, dict) and all(isinstance(data.get(k), list) for k in ("games", "players", "plays"))


def read_bgstats(data: Any, where: str) -> Reading:
    """The Origami plays of a BG Stats export, every one checked; InputError names the play and the field."""
    if not is_bgstats(data):
        raise InputError('not a BG Stats export (it needs "games", "players" and "plays" lists)', where=where)
    games = {_ref(g, "id", f"{where}: games"): g.get("name") for g in data["games"]}
    variants = {ref: VARIANTS[name.strip().casefold()] for ref, name in games.items()
                if isinstance(name, str) and name.strip().casefold() in VARIANTS}
    names: dict[int, str] = {}
    for p in data["players"]:
        ref = _ref(p, "id", f"{where}: players")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"player {ref} has no name", where=where)
        names[ref] = " ".join(name.split())
    plays: list[Play] = []
    other = ignored = 0
    for i, play in enumerate(data["plays"]):
        at = f"{where}: play {i + 1}"
        ref = _ref(play, "gameRefId", at)
        if ref not in variants:
            other += 1
        elif play.get("ignored") is True:
            ignored += 1
        else:
            plays.append(_play(play, variants[ref], names, at))
    uids = [p.uid for p in plays]
    if len(set(uids)) != len(uids):
        raise InputError("a play is listed twice (the same uuid)", where=where)
    return Reading(tuple(plays), other, ignored)


def _play(play: dict[str, Any], variant: str, names: dict[int, str], where: str) -> Play:
    try:
        started = datetime.strptime(str(play.get("playDate")), DATE).replace(tzinfo=UTC)
    except ValueError:
        raise InputError('playDate: a date and time such as "2026-11-21 20:00:00"', where=where) from None
    where = f"{where} ({started:%Y-%m-%d %H:%M})"
    minutes = play.get("durationMin", 0)
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 0 <= minutes <= LONGEST:
        raise InputError(f"durationMin: a whole number of minutes from 0 to {LONGEST} (a week)", where=where)
    if not EARLIEST <= started <= LATEST - timedelta(minutes=minutes):
        raise InputError(f"playDate: {started:%Y-%m-%d} is not a date a play can have (years "
                         f"{EARLIEST.year} to {LATEST.year - 1})", where=where)
    rows = play.get("playerScores")
    if not isinstance(rows, list) or len(rows) < 2 or not all(isinstance(r, dict) for r in rows):
        raise InputError("playerScores: at least two players, each an object", where=where)
    for row in rows:
        seat = row.get("seatOrder", 0)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InputError(f"seatOrder {_short(seat)}: a whole number is needed", where=where)
    rows = sorted(rows, key=lambda r: int(r.get("seatOrder", 0)))
    players, scores, winners = [], [], []
    for row in rows:
        ref = _ref(row, "playerRefId", where)
        if ref not in names:
            raise InputError(f"player {ref} is not in the file's players", where=where)
        players.append(names[ref])
        scores.append(_score(row.get("score"), f"{where}: {names[ref]}"))
        winners.append(row.get("winner") is True)
    if len({p.casefold() for p in players}) != len(players):
        raise InputError(f"a name sits at the table twice ({', '.join(players)}): rename one in BG Stats",
                         where=where)
    if not any(winners):  # BG Stats left the winners to be worked out: the highest score wins
        winners = [s == max(scores) for s in scores]
    beaten = [p for p, s, w in zip(players, scores, winners, strict=False) if w and s < max(scores)]
    if beaten:
        raise InputError(f"{', '.join(beaten)} won without the most points: in Origami the most points win "
                         "(correct the play in BG Stats)", where=where)
    return Play(_uid(play, variant, started, players, scores), variant, started, minutes, tuple(players),
                tuple(scores), tuple(winners))


def _score(value: Any, where: str) -> int:
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    try:
        points = int(text) if len(text) <= 12 else None
    except ValueError:
        points = None
    if points is None or abs(points) > MOST_POINTS:
        raise InputError(f"score {_short(value)}: a whole number of points is needed (at most {MOST_POINTS:,})",
                         where=where)
    return points


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _uid(play: dict[str, Any], variant: str, started: datetime, players: list[str], scores: list[int]) -> str:
    """The play's uuid as 32 hex digits; a play without one gets a uuid from its content, so that reading the
    same file twice still finds it."""
    try:
        return uuid.UUID(str(play.get("uuid"))).hex
    except ValueError:
        content = f"{variant}|{started:{DATE}}|" + "|".join(f"{p}={s}" for p, s in zip(players, scores, strict=False))
        return uuid.uuid5(_SPACE, content).hex


def _ref(d: Any, key: str, where: str) -> int:
    value = d.get(key) if isinstance(d, dict) else None
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{key}: a whole number is needed", where=where)
    return value


# --- into history -------------------------------------------------------------------------------------------
def whole_game(play: Play, names: dict[str, str]) -> WholeGame:
    """The play as a finished game of the history: `names` maps each BG Stats name to the profile it goes to.
    Ranks follow points, then the winner flags (a tie on points that BG Stats shows won by one player was broken
    by the cards in hand, which BG Stats does not keep)."""
    seats = [(names[p], s, w) for p, s, w in zip(play.players, play.scores, play.winners, strict=False)]
    profiles = [n.casefold() for n, _, _ in seats]
    if len(set(profiles)) != len(profiles):
        raise InputError(f"the play of {play.started_at:%Y-%m-%d %H:%M} would seat one profile twice "
                         f"({', '.join(n for n, _, _ in seats)}): give each player their own profile")
    ranks = [1 + sum(1 for _, s2, w2 in seats if (s2, w2) > (s, w)) for _, s, w in seats]
    top = max(play.scores)
    leaders, won = sum(1 for s in play.scores if s == top), sum(play.winners)
    tie_break = "shared" if won > 1 else "hand" if leaders > 1 else None
    results: tuple[dict[str, Any], ...] = tuple({"score": s, "rank": r, "winner": w, "hand": None,
                     "sheet": {"name": n, "total": s, "rank": r, "hand": None, "lines": [], "awards": [],
                               "imported": "BG Stats"}}
                    for (n, s, w), r in zip(seats, ranks, strict=False))
    return WholeGame(play.uid, play.variant, (), (), {}, tuple(n for n, _, _ in seats), "finished", "bgstats",
                     play.started_at, play.started_at + timedelta(minutes=play.minutes), tie_break, (), results)
