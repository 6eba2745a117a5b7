"""A finished Origin Story game as BG Stats records a play: the facts the createPlay link, the BG Stats export and
the import share (companion/share.py, bgstats_export.py, bgstats.py ask them here).

- The game is "Origin Story"; the most VP win, and a tie shares the victory: every co-winner is a winner.
- Solo: the Vancardians sit at the table with their VP (ORIGIN_STORY.md §3.10: solo plays list them as players,
  the difficulty in the comment), so BG Stats shows who beat whom; a Vancardian may be among the winners. The
  createPlay link names them ("Automaton", "Factoryon", their role the same); the export file seats them as BG
  Stats seats a bot: its anonymous player, the role the Vancardian, metaData marking a non-player, so no person
  of that name is made and none wins for them. Read back, either shape is a Vancardian.
- startPlayer: whoever led the first trick of round 1, the seat to the first dealer's left (OS-LEAD-FIRST); a
  game whose first dealer is not on record (quick score, an imported play) marks nobody.
- role: BG Stats keeps one role per player per play, a single text its role statistics group by. An Origin Story
  player changes alignment every round, so no one value is true of the game: a player's role is left empty (a
  Vancardian's is its name) and each player's alignment mix ("hero ×3, villain ×2") goes in the play's comment.
- Read back, a play of "Origin Story" becomes a finished game: the mode from the seats (one player, or one player
  with Automaton and Factoryon: solo; two: duo; three to five: table), the VP as scores, every co-winner a winner.
  The Vancardians are no profiles: their VP go in the player's sheet, as for a game played here. The rounds are
  not in BG Stats: the sheet has none. A play that kept only who won is left out: this game's history is its VP."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from db.records import GameRecord, LoggedEvent, StoredEvent, WholeGame
from db.store import Store
from scoring.errors import InputError
from scoring.i18n import N_, _
from scoring.origin import events as e
from scoring.origin.setup import VANCARDIANS, Mode, seating

from ..bgstats import Play, finished_game, is_guest, seated_once
from ..bgstats_export import Box, Exported
from ..bgstats_export import Seat as Exporting
from ..games import read_event
from ..session import in_effect
from ..share import head
from . import KIND

GAME = "Origin Story"  # BG Stats' game, for every mode
SOURCE_GAME = "origin-story"  # the createPlay sourceGameId and the export's game key
# Seats 1 to 5 (scoring/origin/setup.py, from the rules reference); no BoardGameGeek id: none is confirmed by a
# source the project keeps, so 0 (as BG Stats writes for a game without one), never a guessed number.
BOXES = {SOURCE_GAME: Box(GAME, players=(1, 5))}
TITLES = {"origin story": SOURCE_GAME}  # the title BG Stats knows it by, folded (bgstats.title_key)
FEWEST = 1  # players at a play: one, with the two Vancardians
WINNERS_ONLY = False  # a play that kept only who won is left out: the history of this game is its VP
MODES = ("table", "duo", "solo")
ALIGNMENTS = {"hero": N_("hero"), "villain": N_("villain")}  # as the play's comment names them


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    score: int
    rank: int
    winner: bool
    start: bool
    vancardian: bool
    mix: str  # "hero ×3, villain ×2", "" when the sheet has no rounds


def seats(variant: str, players: Sequence[str], results: Sequence[dict[str, Any]],
          first_dealer: str | None) -> list[Seat]:
    """The play's seats in seat order: the players, then (solo) the two Vancardians from the player's sheet."""
    leader = _first_leader(variant, players, first_dealer)
    out = []
    for name, r in zip(players, results, strict=True):
        sheet = r.get("sheet")
        out.append(Seat(name, int(r["score"]), int(r["rank"]), bool(r["winner"]),
                        leader is not None and leader.casefold() == name.casefold(), False,
                        mix(sheet) if isinstance(sheet, dict) else ""))
    if variant == "solo" and results:
        sheet = results[0].get("sheet")
        opponents = sheet.get("opponents", []) if isinstance(sheet, dict) else []
        for o in opponents:
            if not isinstance(o, dict) or o.get("name") not in VANCARDIANS:
                raise InputError(_("a Vancardian's line in the score sheet is damaged: restore a backup copy"))
            out.append(Seat(str(o["name"]), int(o["total"]), int(o["rank"]), int(o["rank"]) == 1,
                            leader == o["name"], True, ""))
    return out


def mix(sheet: dict[str, Any]) -> str:
    """The alignments a player took, from their score sheet's rounds: "hero ×3, villain ×2"."""
    rounds = sheet.get("rounds")
    if not isinstance(rounds, list):
        return ""
    counts = Counter(str(r.get("alignment")) for r in rounds if isinstance(r, dict) and r.get("alignment"))
    return ", ".join(f"{_(word)} ×{counts[a]}" for a, word in ALIGNMENTS.items() if counts[a])


def comment(variant: str, rules: dict[str, str], played: Sequence[Seat]) -> str:
    """The play's comment: for the person reading it in BG Stats (nothing reads it back), in the language in use."""
    parts = []
    if variant == "solo":
        level = rules.get("difficulty")
        colour = rules.get("difficulty_colour")
        parts.append((_("Solo against Automaton and Factoryon, difficulty {level}").format(level=level) if level
                      else _("Solo against Automaton and Factoryon"))
                     + (f" ({colour})" if colour and colour != "None" else ""))
    elif variant == "duo":
        parts.append(_("Duo with sidekicks"))
    mixes = [f"{s.name}: {s.mix}" for s in played if s.mix]
    if mixes:
        parts.append(_("Alignments: {mixes}").format(mixes="; ".join(mixes)))
    if sum(s.winner for s in played) > 1:
        parts.append(_("Shared victory (tied on VP)"))
    return ". ".join(parts)


def _first_leader(variant: str, players: Sequence[str], first_dealer: str | None) -> str | None:
    if first_dealer is None or variant not in MODES:
        return None
    try:
        return seating(Mode(variant), list(players)).first_leader(first_dealer)
    except InputError:
        return None


def first_dealer(log: Sequence[LoggedEvent], now: Sequence[str]) -> str | None:
    """The first dealer (an undone choice does not count), by the name the player has now (`now`: the game's
    players in seat order, as the profiles are called now)."""
    events = in_effect(log)
    started = next((x.players for x in events if isinstance(x, e.GameStarted)), ())
    return as_now(next((x.seat for x in events if isinstance(x, e.DealerChosen)), None), started, now)


def as_now(seat: str | None, started: Sequence[str], now: Sequence[str]) -> str | None:
    """A seat named in the log, by the name its player has now (a sidekick or a Vancardian keeps its name)."""
    return dict(zip(started, now, strict=True)).get(seat, seat) if seat and len(started) == len(now) else seat


def first_dealer_stored(events: Iterable[StoredEvent], now: Sequence[str]) -> str | None:
    """The same, from a whole game's stored events (an export): the first dealer chosen and not undone."""
    undone = set()
    found: list[tuple[int, str]] = []
    started: Sequence[str] = ()
    for stored in events:
        if stored.type == "action_undone":
            undone.add(stored.payload.get("action"))
        elif stored.type == "os.GameStarted" and not started:
            players = stored.payload.get("players")
            started = tuple(players) if isinstance(players, list) and all(isinstance(p, str) for p in players) else ()
        elif stored.type == "os.DealerChosen":
            try:
                event = read_event(KIND, stored.type, stored.version, stored.payload)
            except (InputError, ValueError, TypeError, KeyError):
                continue
            if isinstance(event, e.DealerChosen):
                found.append((stored.action, event.seat))
    kept = [seat for action, seat in found if action not in undone]
    return as_now(kept[0], started, now) if kept else None


# --- one play for BG Stats' createPlay link -----------------------------------------------------------------
def created(store: Store, game: GameRecord, results: list[dict[str, Any]], location: str | None) -> dict[str, Any]:
    dealer = first_dealer(store.log.events(game.id), game.players) if game.last_seq else None
    ids = dict(zip(game.players, game.player_ids, strict=False))
    played = seats(game.variant, game.players, results, dealer)
    play = head(game, location)
    text = comment(game.variant, game.rules, played)
    if text:
        play["comments"] = text
    play["game"] = {"name": GAME, "sourceGameId": SOURCE_GAME, "highestWins": True, "noPoints": False}
    play["players"] = [{"name": s.name, "sourcePlayerId": f"vancardian:{s.name}" if s.vancardian
                        else str(ids.get(s.name, s.name)), "score": s.score, "winner": s.winner, "rank": s.rank,
                        "startPlayer": s.start, "role": s.name if s.vancardian else ""} for s in played]
    return play


# --- a play of BG Stats' export file ------------------------------------------------------------------------
def exported(g: WholeGame) -> Exported:
    played = seats(g.variant, g.players, g.results, first_dealer_stored(g.events, g.players))
    return Exported(SOURCE_GAME, (), tuple(Exporting(s.name, s.score, s.rank, s.winner, s.start, "", not s.vancardian,
                                                     is_guest(s.name, g)) for s in played),
                    comment(g.variant, g.rules, played))


def box(variant: str) -> str:
    return SOURCE_GAME  # one box for every mode


# --- a play of BG Stats' file, into the history ---------------------------------------------------------------
def variant(box: str, play: dict[str, Any], boxes: dict[int, tuple[str, str]], where: str) -> str:
    return box  # the mode is found from the seats (`read`)


def read(play: Play, where: str) -> Play:
    """An Origin Story play: the Vancardians out of the players (into `opponents`), the mode from who is left. A
    Vancardian is a named player of that name, or an anonymous seat whose role is one (as the export writes a
    bot)."""
    known = {v.casefold(): v for v in VANCARDIANS}
    roles = play.roles or ("",) * len(play.players)
    bots = [known.get(r.casefold()) if g else known.get(p.casefold())
            for p, g, r in zip(play.players, play.guests, roles, strict=True)]
    opponents = tuple((b, s, w) for b, s, w in zip(bots, play.scores, play.winners, strict=True) if b is not None)
    keep = [b is None for b in bots]
    people = tuple(p for p, k in zip(play.players, keep, strict=True) if k)
    if opponents and (len(opponents) != len(VANCARDIANS) or len(people) != 1):
        raise InputError(_("{players} sit only at a solo game of Origin Story (one player with Automaton and "
                           "Factoryon): rename the player in BG Stats").format(
            players=", ".join(p for p, __, __ in opponents)), where=where)
    mode = "solo" if len(people) == 1 else "duo" if len(people) == 2 else "table" if len(people) <= 5 else ""
    if not mode:
        raise InputError(_("{n} players: Origin Story seats 1 to 5").format(n=len(people)), where=where)
    return replace(play, variant=mode, players=people,
                   scores=tuple(s for s, k in zip(play.scores, keep, strict=True) if k),
                   winners=tuple(w for w, k in zip(play.winners, keep, strict=True) if k),
                   guests=tuple(g for g, k in zip(play.guests, keep, strict=True) if k),
                   roles=tuple(r for r, k in zip(roles, keep, strict=True) if k), opponents=opponents)




def whole_game(play: Play, names: dict[str, str]) -> WholeGame:
    """Ranks by VP (ties share a rank: 1, 1, 3), the winners as BG Stats marked them; solo: the Vancardians' lines in
    the player's sheet (no rounds: BG Stats does not keep them)."""
    points = [s for s in play.scores if s is not None]
    if len(points) != len(play.scores):
        raise InputError(_("the play of {date} kept only who won: an Origin Story game's history is its VP")
                         .format(date=f"{play.started_at:%Y-%m-%d %H:%M}"))

    people = [(names[p], s, w) for p, s, w in zip(play.players, points, play.winners, strict=True)]
    seated_once(play, [n for n, _, _ in people])
    others = [(n, int(s or 0), w) for n, s, w in play.opponents]
    every = [s for _, s, _ in people] + [s for _, s, _ in others]

    def line(name: str, total: int) -> dict[str, Any]:
        return {"name": name, "total": total, "rank": 1 + sum(1 for x in every if x > total), "rounds": [],
                "imported": "BG Stats"}

    opponents = [line(n, s) for n, s, _ in others]
    results = tuple({"score": s, "rank": 1 + sum(1 for x in every if x > s), "winner": w, "hand": None,
                     "sheet": {**line(n, s), **({"opponents": opponents} if opponents else {})}}
                    for n, s, w in people)
    return finished_game(play, tuple(n for n, _, _ in people), None, results)
