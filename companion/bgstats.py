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
- BG Stats' anonymous players are guests: each seat of one is its own guest, never joined to a profile, and goes
  back out as BG Stats' anonymous player (`is_guest`). A seat's role is read for the games that need it (an
  anonymous seat whose role is a bot: Origin Story's Vancardians).
- Each named player's uuid and BoardGameGeek username (`Reading.profiles`): the profile they go to keeps them, so
  a later play under a name the profile no longer has still finds it, and an export gives them back.

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
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from db.records import WholeGame
from scoring.errors import InputError
from scoring.i18n import _, ngettext

from . import games
from .bgstats_export import ANONYMOUS, Profile, to_bgstats
from .bgstats_export import SPACE as _SPACE
from .share import DATE

__all__ = ["Play", "Reading", "is_bgstats", "read_bgstats", "to_bgstats", "whole_game"]

LONGEST = 7 * 24 * 60  # minutes: a play longer than a week is a typing error
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)  # dates a play can have: far from both ends of what Python holds,
LATEST = datetime(9000, 1, 1, tzinfo=UTC)  # so "within a day" and durations never overflow
MOST_POINTS = 1_000_000  # far beyond any Origami score; the database keeps 32-bit whole numbers
LONGEST_SUM = 200  # characters of a score written as a sum
GUEST_TOKEN = 10  # hex digits of the play's uuid in a guest's name
GUEST_NAME = 40  # characters of BG Stats' name for a guest kept: with the whole uuid, within a profile's 80
SUM = re.compile(r"[+-]?[0-9]+(?:[+-][0-9]+)*")
PLAIN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}")  # DATE as BG Stats writes it



@dataclass(frozen=True, slots=True)
class Play:
    """One play read from a BG Stats file, players by their BG Stats names, in seat order; a guest's name is made
    for that seat alone. `scores` are None for a play that kept only its winners."""

    uid: str
    variant: str
    started_at: datetime
    minutes: int
    players: tuple[str, ...]
    scores: tuple[int | None, ...]
    winners: tuple[bool, ...]
    guests: tuple[bool, ...] = ()
    kind: str = games.UNMARKED
    roles: tuple[str, ...] = ()  # each seat's role as BG Stats keeps it ("" for none)
    board: str = ""  # BG Stats' variant/board of the play
    families: tuple[str, ...] = ()  # the game's set-up, where the board says it (Origami)
    opponents: tuple[tuple[str, int | None, bool], ...] = ()  # seats the game plays itself: (name, points, winner)

    @property
    def points_known(self) -> bool:
        return all(s is not None for s in self.scores) and all(s is not None for _, s, _ in self.opponents)


@dataclass(frozen=True, slots=True)
class Reading:
    plays: tuple[Play, ...]  # with points: these can join the history
    winners_only: tuple[Play, ...]  # blank scores in a game whose history is its points: read, but left out
    other_games: int  # plays of other games, left out
    ignored: int  # plays of the companion's games marked "ignored" in BG Stats, left out too
    profiles: dict[str, Profile] = field(default_factory=dict)  # a named player -> (uuid, BGG username)

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
    """The plays of the companion's games in a BG Stats export, every one checked; InputError names the play and the
    field."""
    if not is_bgstats(data):
        raise InputError(_('not a BG Stats export (it needs "games", "players" and "plays" lists)'), where=where)
    titles = {title: (g.kind, box) for g in games.every() for title, box in g.bgstats().TITLES.items()}
    boxes: dict[int, tuple[str, str]] = {}  # the file's game id -> (kind, box)
    for g in data["games"]:
        ref = ref_of(g, "id", f"{where}: games")
        for key in ("name", "bggName"):
            title = g.get(key)
            if isinstance(title, str) and title_key(title) in titles:
                boxes[ref] = titles[title_key(title)]
                break
    names: dict[int, str] = {}
    anonymous: set[int] = set()
    profiles: dict[str, Profile] = {}
    for p in data["players"]:
        ref = ref_of(p, "id", f"{where}: players")
        name = p.get("name")
        if p.get("isAnonymous") is True:
            anonymous.add(ref)
            name = name if isinstance(name, str) and name.strip() else ANONYMOUS
        if not isinstance(name, str) or not name.strip():
            raise InputError(_("player {ref} has no name").format(ref=ref), where=where)
        names[ref] = " ".join(name.split())
        if ref not in anonymous:
            profiles.setdefault(names[ref], _profile(p))
    plays: list[Play] = []
    other = ignored = 0
    for i, play in enumerate(data["plays"]):
        at = _("{where}: play {n}").format(where=where, n=i + 1)
        ref = ref_of(play, "gameRefId", at)
        if ref not in boxes:
            other += 1
        elif play.get("ignored") is True:
            ignored += 1
        else:
            kind, box = boxes[ref]
            read = games.game(kind).bgstats()
            plays.append(read.read(_play(play, kind, read.variant(box, play, boxes, at), names, anonymous, at), at))
    uids = [p.uid for p in plays]
    if len(set(uids)) != len(uids):
        raise InputError(_("a play is listed twice (the same uuid)"), where=where)
    plays = _distinct_guests(plays)
    joins = [p.points_known or games.game(p.kind).bgstats().WINNERS_ONLY for p in plays]
    kept = tuple(p for p, j in zip(plays, joins, strict=True) if j)
    seated = {n for p in kept for n in p.players}
    return Reading(kept, tuple(p for p, j in zip(plays, joins, strict=True) if not j), other, ignored,
                   {n: known for n, known in profiles.items() if n in seated and any(known)})


def _profile(player: dict[str, Any]) -> Profile:
    """A BG Stats player's uuid (as 32 hex digits) and BoardGameGeek username, "" for what the file lacks."""
    try:
        uid = uuid.UUID(str(player.get("uuid"))).hex
    except ValueError:
        uid = ""
    bgg = player.get("bggUsername")
    return uid, " ".join(bgg.split())[:80] if isinstance(bgg, str) else ""


def guest_token(uid: str | None, started: datetime) -> str:
    """What a guest's name carries of their play: the start of its uuid, or its date without one."""
    return (uid or "")[:GUEST_TOKEN].upper() or f"{started.astimezone(UTC):%y%m%d%H%M}"


def is_guest(name: str, game: WholeGame) -> bool:
    """Whether a seat of a game imported from BG Stats is one of its anonymous players: a guest's name ends in its
    play's token and seat, as read_bgstats makes it (a guest renamed since is somebody with a name)."""
    head, _, seat = name.rpartition("-")
    return (game.source == "bgstats" and seat.isdigit()
            and head.rpartition(" ")[2] in {guest_token(game.uid, game.started_at), game.uid.upper(),
                                            guest_token(None, game.started_at)})


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


def _play(play: dict[str, Any], kind: str, variant: str, names: dict[int, str], anonymous: set[int],
          where: str) -> Play:
    try:
        started = _date(str(play.get("playDate")))
    except ValueError:
        raise InputError(_('playDate: a date and time such as "2026-11-21 20:00:00"'), where=where) from None
    where = f"{where} ({str(started)[:16] if started.year >= 1000 else f'{started:%Y-%m-%d %H:%M}'})"
    minutes = play.get("durationMin", 0)
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 0 <= minutes <= LONGEST:
        raise InputError(_("durationMin: a whole number of minutes from 0 to {most} (a week)").format(most=LONGEST),
                         where=where)
    if not EARLIEST <= started <= LATEST - timedelta(minutes=minutes):
        raise InputError(_("playDate: {date} is not a date a play can have (years {first} to {last})").format(
            date=f"{started:%Y-%m-%d}", first=EARLIEST.year, last=LATEST.year - 1), where=where)
    rows = play.get("playerScores")
    fewest = games.game(kind).bgstats().FEWEST
    if not isinstance(rows, list) or len(rows) < fewest or not all(isinstance(r, dict) for r in rows):
        raise InputError(_("playerScores: at least one player, each an object") if fewest == 1 else
                         _("playerScores: at least two players, each an object"), where=where)
    for row in rows:
        seat = row.get("seatOrder", 0)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InputError(_("seatOrder {value}: a whole number is needed").format(value=_short(seat)),
                             where=where)
    rows = sorted(rows, key=lambda r: int(r.get("seatOrder", 0)))
    players, scores, winners, guests, roles = [], [], [], [], []
    uid = _uuid(play)
    for seat, row in enumerate(rows):
        ref = ref_of(row, "playerRefId", where)
        if ref not in names:
            raise InputError(_("player {ref} is not in the file's players").format(ref=ref), where=where)
        scores.append(_score(row.get("score"), f"{where}: {names[ref]}"))
        winners.append(row.get("winner") is True)
        guests.append(ref in anonymous)
        role = row.get("role")
        roles.append(" ".join(role.split()) if isinstance(role, str) else "")
        # a guest is somebody nobody named: their own name, for this seat of this play only
        players.append(f"{names[ref][:GUEST_NAME].rstrip()} {guest_token(uid, started)}-{seat + 1}"
                       if ref in anonymous else names[ref])
    if len({p.casefold() for p in players}) != len(players):
        raise InputError(_("a name sits at the table twice ({players}): rename one in BG Stats").format(
            players=", ".join(players)), where=where)
    known = [s for s in scores if s is not None]
    if known and len(known) < len(scores):
        blank = [p for p, s in zip(players, scores, strict=True) if s is None]
        raise InputError(ngettext("{players} has no score while others have one: give every player a score, or "
                                  "none (a play that keeps only who won)",
                                  "{players} have no score while others have one: give every player a score, or "
                                  "none (a play that keeps only who won)", len(blank))
                         .format(players=", ".join(blank)), where=where)
    if not known:
        if not any(winners):
            raise InputError(_("no scores and no winner: mark who won in BG Stats"), where=where)
    else:
        if not any(winners):  # BG Stats left the winners to be worked out: the highest score wins
            winners = [s == max(known) for s in known]
        beaten = [p for p, s, w in zip(players, known, winners, strict=False) if w and s < max(known)]
        if beaten:
            raise InputError(_("{players} won without the most points: in {game} the most points win (correct the "
                               "play in BG Stats)").format(players=", ".join(beaten), game=games.game(kind).name),
                             where=where)
    if uid is None:  # an id made from what the play is: the same play read again has the same one
        content = f"{variant}|{started:{DATE}}|" + "|".join(f"{p}={s}" for p, s in zip(players, scores, strict=False))
        uid = uuid.uuid5(_SPACE, content).hex
    return Play(uid, variant, started, minutes, tuple(players), tuple(scores),
                tuple(winners), tuple(guests), kind, roles=tuple(roles),
                board=" ".join(board.split()) if isinstance(board := play.get("board"), str) else "")


def _date(text: str) -> datetime:
    """BG Stats' playDate (DATE) in UTC; ValueError when it is not one. The usual text is read by fromisoformat
    (strptime takes ten times as long): what `PLAIN` matches and fromisoformat reads, strptime reads the same."""
    if PLAIN.fullmatch(text):
        try:
            return datetime.fromisoformat(text).replace(tzinfo=UTC)
        except ValueError:
            pass  # strptime says it
    return datetime.strptime(text, DATE).replace(tzinfo=UTC)


def _score(value: Any, where: str) -> int | None:
    """Points as BG Stats keeps them: a number, a sum of whole numbers ("5+4+3", "-10+7+22"), or blank (None)."""
    if value is None:
        return None
    # The usual points, a whole number (or its digits), settled at once: what the sums below make of them.
    if isinstance(value, int) and not isinstance(value, bool) and -MOST_POINTS <= value <= MOST_POINTS:
        return value
    if isinstance(value, str) and len(value) <= 12 and value.isascii() and value.isdigit() \
            and int(value) <= MOST_POINTS:
        return int(value)
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
        raise InputError(_('score {value}: a whole number of points is needed, or a sum of them such as "5+4+3" (at '
                           'most {most})').format(value=_short(value), most=f"{MOST_POINTS:,}"), where=where)
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


def ref_of(d: Any, key: str, where: str) -> int:
    value = d.get(key) if isinstance(d, dict) else None
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(_("{key}: a whole number is needed").format(key=key), where=where)
    return value


# --- into history -------------------------------------------------------------------------------------------
def whole_game(play: Play, names: dict[str, str]) -> WholeGame:
    """The play as a finished game of the history: `names` maps each BG Stats name to the profile it goes to."""
    return games.game(play.kind).bgstats().whole_game(play, names)


def seated_once(play: Play, seats: list[str]) -> None:
    """Each profile sits at the table once (`seats`: the profiles the play's players go to)."""
    if len({n.casefold() for n in seats}) != len(seats):
        raise InputError(_("the play of {date} would seat one profile twice ({players}): give each player their own "
                           "profile").format(date=f"{play.started_at:%Y-%m-%d %H:%M}", players=", ".join(seats)))


def finished_game(play: Play, seats: tuple[str, ...], tie_break: str | None, results: tuple[dict[str, Any], ...],
                  rules: dict[str, str] | None = None) -> WholeGame:
    """A play as the finished game the history keeps (no log; the families only where its board says them)."""
    return WholeGame(play.uid, play.variant, play.families, (), rules or {}, seats, "finished", "bgstats",
                     play.started_at,
                     play.started_at + timedelta(minutes=play.minutes), tie_break, (), results, play.kind)
