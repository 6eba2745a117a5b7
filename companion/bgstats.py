"""BG Stats' export file read back: the Origami and Origami Legends plays of an export (or of a single-play
file) into history, in every shape BG Stats writes them. (Writing is in bgstats_export.)

The parts of the file read:

    {"games": [{"id", "name", "bggName", …}], "players": [{"id", "name", "isAnonymous", …}],
     "plays": [{"uuid", "gameRefId", "playDate": "YYYY-MM-DD HH:MM:SS", "durationMin", "ignored",
                "expansionPlays": [{"gameRefId", "bggId"}],
                "playerScores": [{"playerRefId", "score": "52", "winner", "seatOrder", …}], …}]}

- A game is Origami or Origami Legends by its name or its BoardGameGeek name, in English or Italian ("Origami:
  Leggende"); Origami played with Legends as an expansion (or the other way round) is a mixed game.
- A score is text as typed in BG Stats: a number, or a sum such as "5+4+3" or "24-12" (BG Stats lets players
  add up there), worked out here with whole numbers, + and - only; or blank, for a play that kept only who won.
- BG Stats' anonymous players are guests: each seat of one is its own guest, never joined to a profile.

A play keeps its uuid as the game's uid (as 32 hex digits), so a file read twice adds nothing and a file the
companion wrote comes back to the same games. Times are UTC, as the companion sends them to BG Stats.
BG Stats knows scores, not cards: an imported game has no score sheet lines and no cards in hand.

Origin Story plays (the game "Origin Story") become finished Origin Story games: the mode from the seats (one
player, or one player with Automaton and Factoryon: solo; two: duo; three to five: table), the VP as scores, every
co-winner a winner. The Vancardians are no profiles: their VP go in the player's sheet, as for a game played here.
The rounds are not in BG Stats: the sheet has none."""
from __future__ import annotations

import re
import unicodedata
import uuid
from collections import Counter
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from db.records import WholeGame
from scoring.errors import InputError

from .bgstats_export import SPACE as _SPACE
from .bgstats_export import to_bgstats
from .origami import KIND as ORIGAMI
from .origin import KIND as ORIGIN_STORY
from .share import DATE

__all__ = ["Play", "Reading", "is_bgstats", "read_bgstats", "to_bgstats", "whole_game"]

LONGEST = 7 * 24 * 60  # minutes: a play longer than a week is a typing error
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)  # dates a play can have: far from both ends of what Python holds,
LATEST = datetime(9000, 1, 1, tzinfo=UTC)  # so "within a day" and durations never overflow
MOST_POINTS = 1_000_000  # far beyond any Origami score; the database keeps 32-bit whole numbers
LONGEST_SUM = 200  # characters of a score written as a sum
# Titles the games go by in BG Stats (its own name, BoardGameGeek's, the Italian edition's), compared after
# folding case, accents and punctuation; "Origami and Origami Legends" is how the companion once wrote a mixed game.
TITLES = {"origami": "origami", "origami legends": "legends", "origami leggende": "legends",
          "origami and origami legends": "mixed", "origin story": "origin-story"}
ORIGIN = "origin-story"  # the title key of Origin Story (its plays' variant is the mode, found from the seats)
VANCARDIANS = ("Automaton", "Factoryon")  # solo's opponents (scoring.origin.setup), seated as players in BG Stats
GUEST_TOKEN = 10  # hex digits of the play's uuid in a guest's name
GUEST_NAME = 40  # characters of BG Stats' name for a guest kept: with the whole uuid, within a profile's 80
SUM = re.compile(r"[+-]?[0-9]+(?:[+-][0-9]+)*")


@dataclass(frozen=True, slots=True)
class Play:
    """One Origami play read from a BG Stats file, players by their BG Stats names, in seat order; a guest's
    name is made for that seat alone. `scores` are None for a play that kept only its winners."""

    uid: str
    variant: str
    started_at: datetime
    minutes: int
    players: tuple[str, ...]
    scores: tuple[int | None, ...]
    winners: tuple[bool, ...]
    guests: tuple[bool, ...] = ()
    kind: str = ORIGAMI
    opponents: tuple[tuple[str, int | None, bool], ...] = ()  # Origin Story solo: (Vancardian, VP, winner)

    @property
    def points_known(self) -> bool:
        return all(s is not None for s in self.scores) and all(s is not None for _, s, _ in self.opponents)


@dataclass(frozen=True, slots=True)
class Reading:
    plays: tuple[Play, ...]  # with points: these can join the history
    winners_only: tuple[Play, ...]  # Origin Story plays with blank scores: read, but left out (its history is VP)
    other_games: int  # plays of other games, left out
    ignored: int  # Origami or Origin Story plays marked "ignored" in BG Stats, left out too

    @property
    def guests(self) -> set[str]:
        return {n for p in self.plays for n, g in zip(p.players, p.guests, strict=False) if g}


def title_key(name: str) -> str:
    """A game's title compared loosely: no case, accents or punctuation ("Origami: Leggende" = "origami leggende")."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", plain).split())


def is_bgstats(data: Any) -> bool:
    return isinstance(data, dict) and all(isinstance(data.get(k), list) for k in ("games", "players", "plays"))


def read_bgstats(data: Any, where: str) -> Reading:
    """The Origami plays of a BG Stats export, every one checked; InputError names the play and the field."""
    if not is_bgstats(data):
        raise InputError('not a BG Stats export (it needs "games", "players" and "plays" lists)', where=where)
    variants: dict[int, str] = {}
    for g in data["games"]:
        ref = _ref(g, "id", f"{where}: games")
        for key in ("name", "bggName"):
            title = g.get(key)
            if isinstance(title, str) and title_key(title) in TITLES:
                variants[ref] = TITLES[title_key(title)]
                break
    names: dict[int, str] = {}
    anonymous: set[int] = set()
    for p in data["players"]:
        ref = _ref(p, "id", f"{where}: players")
        name = p.get("name")
        if p.get("isAnonymous") is True:
            anonymous.add(ref)
            name = name if isinstance(name, str) and name.strip() else "Anonymous player"
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
            plays.append(_play(play, _variant(variants[ref], play, variants, at), names, anonymous, at))
    uids = [p.uid for p in plays]
    if len(set(uids)) != len(uids):
        raise InputError("a play is listed twice (the same uuid)", where=where)
    plays = _distinct_guests(plays)
    joins = [p.points_known or p.kind == ORIGAMI for p in plays]  # an Origami play keeps its winners, points unknown
    return Reading(tuple(p for p, j in zip(plays, joins, strict=True) if j),
                   tuple(p for p, j in zip(plays, joins, strict=True) if not j), other, ignored)


def _distinct_guests(plays: list[Play]) -> list[Play]:
    """A guest's name is made from the play's uuid and the seat; should two plays' uuids begin alike, their
    guests take the whole uuid, so that no two seats ever share a guest."""
    counts = Counter(n for p in plays for n, g in zip(p.players, p.guests, strict=True) if g)
    out = []
    for p in plays:
        if any(counts[n] > 1 for n, g in zip(p.players, p.guests, strict=True) if g):
            names = tuple(f"{n.rsplit(' ', 1)[0]} {p.uid.upper()}-{seat + 1}" if g else n
                          for seat, (n, g) in enumerate(zip(p.players, p.guests, strict=True)))
            p = replace(p, players=names)
        out.append(p)
    return out


def _variant(base: str, play: dict[str, Any], variants: dict[int, str], where: str) -> str:
    """Origami with Legends as an expansion (or Legends with Origami) is a mixed game."""
    if base == ORIGIN:
        return base
    extra = play.get("expansionPlays", [])
    if not isinstance(extra, list):
        raise InputError("expansionPlays: a list is needed", where=where)
    added = {variants.get(_ref(x, "gameRefId", f"{where}: expansionPlays")) for x in extra}
    return "mixed" if base == "mixed" or ({base} | added) >= {"origami", "legends"} else base


def _play(play: dict[str, Any], variant: str, names: dict[int, str], anonymous: set[int], where: str) -> Play:
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
    fewest = 1 if variant == ORIGIN else 2  # Origin Story has a solo mode
    if not isinstance(rows, list) or len(rows) < fewest or not all(isinstance(r, dict) for r in rows):
        raise InputError(f"playerScores: at least {'one player' if fewest == 1 else 'two players'}, each an "
                         "object", where=where)
    for row in rows:
        seat = row.get("seatOrder", 0)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InputError(f"seatOrder {_short(seat)}: a whole number is needed", where=where)
    rows = sorted(rows, key=lambda r: int(r.get("seatOrder", 0)))
    players, scores, winners, guests = [], [], [], []
    uid = _uuid(play)
    for seat, row in enumerate(rows):
        ref = _ref(row, "playerRefId", where)
        if ref not in names:
            raise InputError(f"player {ref} is not in the file's players", where=where)
        scores.append(_score(row.get("score"), f"{where}: {names[ref]}"))
        winners.append(row.get("winner") is True)
        guests.append(ref in anonymous)
        # a guest is somebody nobody named: their own name, for this seat of this play only
        players.append(f"{names[ref][:GUEST_NAME].rstrip()} "
                       f"{(uid or '')[:GUEST_TOKEN].upper() or started.strftime('%y%m%d%H%M')}-{seat + 1}"
                       if ref in anonymous else names[ref])
    if len({p.casefold() for p in players}) != len(players):
        raise InputError(f"a name sits at the table twice ({', '.join(players)}): rename one in BG Stats",
                         where=where)
    known = [s for s in scores if s is not None]
    if known and len(known) < len(scores):
        blank = [p for p, s in zip(players, scores, strict=True) if s is None]
        raise InputError(f"{', '.join(blank)} ha{'ve' if len(blank) > 1 else 's'} no score while others have "
                         "one: give every player a score, or none (a play that keeps only who won)", where=where)
    if not known:
        if not any(winners):
            raise InputError("no scores and no winner: mark who won in BG Stats", where=where)
    else:
        if not any(winners):  # BG Stats left the winners to be worked out: the highest score wins
            winners = [s == max(known) for s in known]
        beaten = [p for p, s, w in zip(players, known, winners, strict=False) if w and s < max(known)]
        if beaten:
            game = "Origin Story" if variant == ORIGIN else "Origami"
            raise InputError(f"{', '.join(beaten)} won without the most points: in {game} the most points win "
                             "(correct the play in BG Stats)", where=where)
    content = f"{variant}|{started:{DATE}}|" + "|".join(f"{p}={s}" for p, s in zip(players, scores, strict=False))
    found = Play(uid or uuid.uuid5(_SPACE, content).hex, variant, started, minutes, tuple(players), tuple(scores),
                 tuple(winners), tuple(guests))
    return _origin(found, where) if variant == ORIGIN else found


def _origin(play: Play, where: str) -> Play:
    """An Origin Story play: the Vancardians out of the players (into `opponents`), the mode from who is left."""
    vancardian = [p.casefold() in {v.casefold() for v in VANCARDIANS} and not g
                  for p, g in zip(play.players, play.guests, strict=True)]
    opponents = tuple((p, s, w) for p, s, w, v in zip(play.players, play.scores, play.winners, vancardian,
                                                       strict=True) if v)
    keep = [not v for v in vancardian]
    people = tuple(p for p, k in zip(play.players, keep, strict=True) if k)
    if opponents and (len(opponents) != len(VANCARDIANS) or len(people) != 1):
        raise InputError(f"{', '.join(p for p, _, _ in opponents)} sit only at a solo game of Origin Story (one "
                         "player with Automaton and Factoryon): rename the player in BG Stats", where=where)
    mode = "solo" if len(people) == 1 else "duo" if len(people) == 2 else "table" if len(people) <= 5 else ""
    if not mode:
        raise InputError(f"{len(people)} players: Origin Story seats 1 to 5", where=where)
    return replace(play, variant=mode, kind=ORIGIN_STORY, players=people,
                   scores=tuple(s for s, k in zip(play.scores, keep, strict=True) if k),
                   winners=tuple(w for w, k in zip(play.winners, keep, strict=True) if k),
                   guests=tuple(g for g, k in zip(play.guests, keep, strict=True) if k), opponents=opponents)


def _score(value: Any, where: str) -> int | None:
    """Points as BG Stats keeps them: a number, a sum of whole numbers ("5+4+3", "-10+7+22"), or blank (None)."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    elif isinstance(value, str):
        text = "".join(value.split())  # spaces between the terms are allowed
    else:
        text = "?"
    if not text:
        return None
    points = None
    if len(text) <= LONGEST_SUM and SUM.fullmatch(text):
        terms = [int(t) for t in re.findall(r"[+-]?[0-9]+", text) if len(t.lstrip("+-")) <= 12]
        if len(terms) == len(re.findall(r"[+-]?[0-9]+", text)) and all(abs(t) <= MOST_POINTS for t in terms):
            points = sum(terms)
    if points is None or abs(points) > MOST_POINTS:
        raise InputError(f"score {_short(value)}: a whole number of points is needed, or a sum of them such as "
                         f"\"5+4+3\" (at most {MOST_POINTS:,})", where=where)
    return points


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _uuid(play: dict[str, Any]) -> str | None:
    """The play's uuid as 32 hex digits (BG Stats writes it in capitals), or None without a valid one."""
    try:
        return uuid.UUID(str(play.get("uuid"))).hex
    except ValueError:
        return None


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
    points = [s for s in play.scores if s is not None]
    if len(points) != len(play.scores):
        if play.kind == ORIGIN_STORY:
            raise InputError(f"the play of {play.started_at:%Y-%m-%d %H:%M} kept only who won: an Origin Story "
                             "game's history is its VP")
        return _winners_only(play, names)
    if play.kind == ORIGIN_STORY:
        return _origin_game(play, names, points)
    seats = [(names[p], s, w) for p, s, w in zip(play.players, points, play.winners, strict=False)]
    profiles = [n.casefold() for n, _, _ in seats]
    if len(set(profiles)) != len(profiles):
        raise InputError(f"the play of {play.started_at:%Y-%m-%d %H:%M} would seat one profile twice "
                         f"({', '.join(n for n, _, _ in seats)}): give each player their own profile")
    ranks = [1 + sum(1 for _, s2, w2 in seats if (s2, w2) > (s, w)) for _, s, w in seats]
    top = max(points)
    leaders, won = sum(1 for s in points if s == top), sum(play.winners)
    tie_break = "shared" if won > 1 else "hand" if leaders > 1 else None
    results: tuple[dict[str, Any], ...] = tuple({"score": s, "rank": r, "winner": w, "hand": None,
                     "sheet": {"name": n, "total": s, "rank": r, "hand": None, "lines": [], "awards": [],
                               "imported": "BG Stats"}}
                    for (n, s, w), r in zip(seats, ranks, strict=False))
    return WholeGame(play.uid, play.variant, (), (), {}, tuple(n for n, _, _ in seats), "finished", "bgstats",
                     play.started_at, play.started_at + timedelta(minutes=play.minutes), tie_break, (), results,
                     ORIGAMI)


def _winners_only(play: Play, names: dict[str, str]) -> WholeGame:
    """An Origami play that kept only who won: its winners first (a shared victory when several), everyone else
    ranked after them, every player's points unknown (None, never 0)."""
    seats = [(names[p], w) for p, w in zip(play.players, play.winners, strict=True)]
    if len({n.casefold() for n, _ in seats}) != len(seats):
        raise InputError(f"the play of {play.started_at:%Y-%m-%d %H:%M} would seat one profile twice "
                         f"({', '.join(n for n, _ in seats)}): give each player their own profile")
    won = sum(play.winners)
    results: tuple[dict[str, Any], ...] = tuple(
        {"score": None, "rank": 1 if w else won + 1, "winner": w, "hand": None,
         "sheet": {"name": n, "total": None, "rank": 1 if w else won + 1, "hand": None, "lines": [], "awards": [],
                   "imported": "BG Stats"}} for n, w in seats)
    return WholeGame(play.uid, play.variant, (), (), {}, tuple(n for n, _ in seats), "finished", "bgstats",
                     play.started_at, play.started_at + timedelta(minutes=play.minutes),
                     "shared" if won > 1 else None, (), results, ORIGAMI)


def _origin_game(play: Play, names: dict[str, str], points: list[int]) -> WholeGame:
    """An Origin Story play as a finished game: ranks by VP (ties share a rank: 1, 1, 3), the winners as BG Stats
    marked them; solo: the Vancardians' lines in the player's sheet (no rounds: BG Stats does not keep them)."""
    people = [(names[p], s, w) for p, s, w in zip(play.players, points, play.winners, strict=True)]
    if len({n.casefold() for n, _, _ in people}) != len(people):
        raise InputError(f"the play of {play.started_at:%Y-%m-%d %H:%M} would seat one profile twice "
                         f"({', '.join(n for n, _, _ in people)}): give each player their own profile")
    others = [(n, int(s or 0), w) for n, s, w in play.opponents]
    every = [s for _, s, _ in people] + [s for _, s, _ in others]

    def line(name: str, total: int) -> dict[str, Any]:
        return {"name": name, "total": total, "rank": 1 + sum(1 for x in every if x > total), "rounds": [],
                "imported": "BG Stats"}

    opponents = [line(n, s) for n, s, _ in others]
    results = tuple({"score": s, "rank": 1 + sum(1 for x in every if x > s), "winner": w, "hand": None,
                     "sheet": {**line(n, s), **({"opponents": opponents} if opponents else {})}}
                    for n, s, w in people)
    return WholeGame(play.uid, play.variant, (), (), {}, tuple(n for n, _, _ in people), "finished", "bgstats",
                     play.started_at, play.started_at + timedelta(minutes=play.minutes), None, (), results,
                     ORIGIN_STORY)
