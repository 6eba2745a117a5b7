"""Origami's plays as BG Stats keeps them (companion/bgstats.py reads BG Stats' files, bgstats_export.py writes
them, share.py sends one play): BG Stats has one game per box, so Origami and Origami Legends are two games, and a
mixed game is a play of Origami with Legends as its expansion. BG Stats matches the game by its name and
sourceGameId. The families are the game's set-up, shuffled into one deck (no player owns one: the rulebook's
set-up), so they go in the play's board ("Families: farm, sky", BG Stats' variant/board field) and the export's
comment, never in a player's role. A play that kept only who won joins the history with its points unknown, and
goes back to BG Stats without scores."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from db.records import GameRecord, LoggedEvent, WholeGame
from db.store import Store
from scoring.errors import InputError
from scoring.i18n import N_, _
from scoring.origami import events as e
from scoring.origami.table import Variant

from ..bgstats import Play, finished_game, is_guest, ref_of, seated_once
from ..bgstats_export import Box, Exported, Seat
from ..games import read_event
from ..session import in_effect
from ..share import head
from .catalogue import shipped

# Players, play time and age as the boxes are published: Origami 2-4 players, 15-30 minutes (justpushstart.com's
# review, 2017-12), from 8 (dottorgadget.it's review); Origami Legends 2-4 players, 15-30 minutes, from 8
# (boardgameitalia.it's review, 2019-12-23). No BoardGameGeek id: no source the project keeps confirms one, so 0
# (as BG Stats writes for a game without one), never a guessed number.
BOXES = {"origami": Box("Origami", "Christian Giove", players=(2, 4), minutes=(15, 30), age=8),
         "legends": Box("Origami Legends", "Christian Giove", players=(2, 4), minutes=(15, 30), age=8)}
PLAYED = {"origami": ("origami", ()), "legends": ("legends", ()), "mixed": ("origami", ("legends",))}  # box, expansions
# Titles the games go by in BG Stats (its own name, BoardGameGeek's, the Italian edition's), compared after
# folding case, accents and punctuation; "Origami and Origami Legends" is how the companion once wrote a mixed game.
TITLES = {"origami": "origami", "origami legends": "legends", "origami leggende": "legends",
          "origami and origami legends": "mixed"}
FEWEST = 2  # players at a play
WINNERS_ONLY = True  # a play that kept only who won joins the history, its points unknown
WITH_LEGENDS = N_("Played with the Origami Legends expansion")  # the play's comment: for a person, never read back
FAMILIES = "Families: "  # the play's board: the families in the deck


# --- one play for BG Stats' createPlay link -----------------------------------------------------------------
def created(store: Store, game: GameRecord, results: list[dict[str, Any]], location: str | None) -> dict[str, Any]:
    starting = starting_seat(store.log.events(game.id)) if game.last_seq else None
    return bgstats_play(game, results, starting=starting, location=location)


def bgstats_play(game: GameRecord, results: list[dict[str, Any]], *, starting: int | None = None,
                 location: str | None = None) -> dict[str, Any]:
    """The play of a finished game (`results` as Store.results gives them, in seat order); `starting` is the
    seat that played the first turn, when the log says."""
    if not results:
        raise InputError(_("game {id} is not finished: only a scored game can go to BG Stats").format(id=game.id))
    play = head(game, location)
    if game.families:
        play["board"] = board(game.families)
    if game.variant == "mixed":
        play["comments"] = _(WITH_LEGENDS)
    box, __ = PLAYED[game.variant]
    play["game"] = {"name": BOXES[box].name, "sourceGameId": game.variant, "highestWins": True, "noPoints": False}
    ids = dict(zip(game.players, game.player_ids, strict=False))
    play["players"] = [{"name": r["name"], "sourcePlayerId": str(ids.get(r["name"], r["name"])),
                        **({} if r["score"] is None else {"score": r["score"]}), "winner": bool(r["winner"]),
                        "rank": r["rank"], "startPlayer": seat == starting, "role": ""}
                       for seat, r in enumerate(results)]
    return play


def board(families: Sequence[str]) -> str:
    """The game's set-up as BG Stats' variant/board field says it."""
    return FAMILIES + ", ".join(families)


def starting_seat(log: Sequence[LoggedEvent]) -> int | None:
    """The seat that played the first turn, from the events in effect (None for a game scored at once)."""
    seat = None
    for event in in_effect(log):
        if isinstance(event, (e.StartingPlayerChosen, e.PositionEntered)):
            seat = event.seat if isinstance(event, e.StartingPlayerChosen) else event.starting
    return seat


# --- a play of BG Stats' export file ------------------------------------------------------------------------
def exported(g: WholeGame) -> Exported:
    starting = _starting(g)
    box, expansions = PLAYED[g.variant]
    seats = tuple(Seat(name, r["score"], r["rank"], r["winner"], seat == starting, anonymous=is_guest(name, g))
                  for seat, (name, r) in enumerate(zip(g.players, g.results, strict=True)))
    return Exported(box, expansions, seats, _comment(g), board(g.families) if g.families else "")


def box(variant: str) -> str:
    """The box a variant is played from (a mixed game: Origami, with Legends as its expansion)."""
    return PLAYED[variant][0]


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
    parts = [board(g.families)] if g.families else []
    parts += {"hand": [_("Tie on points broken by the most cards in hand")],
              "shared": [_("Shared victory (tied on points and cards in hand)")]}.get(g.tie_break or "", [])
    return ". ".join(parts)




# --- a play of BG Stats' file, into the history ---------------------------------------------------------------
def variant(box: str, play: dict[str, Any], boxes: dict[int, tuple[str, str]], where: str) -> str:
    """Origami with Legends as an expansion (or Legends with Origami) is a mixed game."""
    extra = play.get("expansionPlays", [])
    if not isinstance(extra, list):
        raise InputError(_("expansionPlays: a list is needed"), where=where)

    added = {boxes.get(ref_of(x, "gameRefId", f"{where}: expansionPlays"), ("", ""))[1] for x in extra}
    return "mixed" if box == "mixed" or ({box} | added) >= {"origami", "legends"} else box


def read(play: Play, where: str) -> Play:
    """The families back from the board the companion writes ("Families: farm, sky"): the variant's families, one
    per player; any other board is BG Stats' own text, and the play keeps no families."""
    said = play.board.removeprefix(FAMILIES) if play.board.startswith(FAMILIES) else ""
    families = tuple(f.strip().casefold() for f in said.split(",") if f.strip())
    known = shipped().families
    if (len(families) == len(play.players) == len(set(families))
            and all(f in known and known[f] in Variant(play.variant).games for f in families)):
        return replace(play, families=families)
    return play


def whole_game(play: Play, names: dict[str, str]) -> WholeGame:
    """Ranks follow points, then the winner flags (a tie on points that BG Stats shows won by one player was broken
    by the cards in hand, which BG Stats does not keep)."""
    points = [s for s in play.scores if s is not None]
    if len(points) != len(play.scores):
        return _winners_only(play, names)
    seats = [(names[p], s, w) for p, s, w in zip(play.players, points, play.winners, strict=False)]
    seated_once(play, [n for n, _, _ in seats])
    ranks = [1 + sum(1 for _, s2, w2 in seats if (s2, w2) > (s, w)) for _, s, w in seats]
    top = max(points)
    leaders, won = sum(1 for s in points if s == top), sum(play.winners)
    tie_break = "shared" if won > 1 else "hand" if leaders > 1 else None
    results: tuple[dict[str, Any], ...] = tuple(
        {"score": s, "rank": r, "winner": w, "hand": None,
         "sheet": {"name": n, "total": s, "rank": r, "hand": None, "lines": [], "awards": [], "imported": "BG Stats"}}
        for (n, s, w), r in zip(seats, ranks, strict=False))
    return finished_game(play, tuple(n for n, _, _ in seats), tie_break, results)


def _winners_only(play: Play, names: dict[str, str]) -> WholeGame:
    """A play that kept only who won: its winners first (a shared victory when several), everyone else ranked after
    them, every player's points unknown (None, never 0)."""
    seats = [(names[p], w) for p, w in zip(play.players, play.winners, strict=True)]
    seated_once(play, [n for n, _ in seats])
    won = sum(play.winners)
    results: tuple[dict[str, Any], ...] = tuple(
        {"score": None, "rank": 1 if w else won + 1, "winner": w, "hand": None,
         "sheet": {"name": n, "total": None, "rank": 1 if w else won + 1, "hand": None, "lines": [], "awards": [],
                   "imported": "BG Stats"}} for n, w in seats)
    return finished_game(play, tuple(n for n, _ in seats), "shared" if won > 1 else None, results)
