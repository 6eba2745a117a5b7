"""A finished game handed to BG Stats: the play as BG Stats' createPlay link takes it (one play, URL-encoded
JSON), kept small so its QR code needs as little room as it can.

The fields are those BG Stats documents for createPlay ("Push plays to BG Stats from other apps or websites"):
sourceName, sourcePlayId (lets BG Stats recognise a play sent twice), playDate ("YYYY-MM-DD HH:MM:SS", UTC, when
the game began), durationMin, location, comments, game {name, sourceGameId, highestWins, noPoints} and players
[{name, sourcePlayerId, score, winner, rank, startPlayer, role}]. Every player carries startPlayer (BG Stats for
Android refuses a link without it); role is the player's family. No bggId is sent: none is known for Origami,
and BG Stats matches the game by its name and sourceGameId. Fields with nothing to say are left out to keep the
code small: location when none is set, durationMin when the game was scored at once. Every player field is
always there (role "" without a family), as in BG Stats' own example, since BG Stats for Android reads them
strictly.

An Origin Story game is the play of the game "Origin Story" (its seats, solo's Vancardians, the start player and
why role stays empty: companion/origin_share.py)."""
from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC
from typing import Any
from urllib.parse import quote

from db.records import GameRecord, LoggedEvent
from db.store import Store
from scoring.errors import InputError
from scoring.origami import events as e

from . import settings
from .log_session import in_effect
from .origin import KIND as ORIGIN_STORY
from .origin import share as origin_share

SOURCE = "Origami companion"  # BG Stats remembers its game and player matches under this name: keep it stable
LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
GAME_NAMES = {"origami": "Origami", "legends": "Origami Legends", "mixed": "Origami and Origami Legends"}
# BG Stats has one game per box: a mixed game is Origami played with Legends as its expansion
BGSTATS_GAME = {"origami": "Origami", "legends": "Origami Legends", "mixed": "Origami",
                origin_share.SOURCE_GAME: origin_share.GAME}
WITH_LEGENDS = "Played with the Origami Legends expansion"
DATE = "%Y-%m-%d %H:%M:%S"


def bgstats_play(game: GameRecord, results: list[dict[str, Any]], *, starting: int | None = None,
                 location: str | None = None, first_dealer: str | None = None) -> dict[str, Any]:
    """The play of a finished game (`results` as store.results.of gives them, in seat order); `starting` is the
    seat that played the first turn, when the log says (Origin Story: `first_dealer`, whose left leads)."""
    if not game.finished or game.finished_at is None or not results:
        raise InputError(f"game {game.id} is not finished: only a scored game can go to BG Stats")
    if game.kind == ORIGIN_STORY:
        return _origin_play(game, results, first_dealer=first_dealer, location=location)
    ids = dict(zip(game.players, game.player_ids, strict=False))
    roles = game.families if len(game.families) == len(results) else ()
    minutes = max(0, round((game.finished_at - game.started_at).total_seconds() / 60))
    play: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": game.uid,
        "playDate": f"{game.started_at.astimezone(UTC):{DATE}}",
    }
    if minutes:
        play["durationMin"] = minutes
    if location:
        play["location"] = location
    if game.variant == "mixed":
        play["comments"] = WITH_LEGENDS
    play["game"] = {"name": BGSTATS_GAME[game.variant], "sourceGameId": game.variant, "highestWins": True,
                    "noPoints": False}
    players = []
    for seat, r in enumerate(results):
        players.append({"name": r["name"], "sourcePlayerId": str(ids.get(r["name"], r["name"])),
                        "score": "" if r["score"] is None else r["score"],
                        "winner": bool(r["winner"]), "rank": r["rank"], "startPlayer": seat == starting,
                        "role": roles[seat] if roles else ""})
    play["players"] = players
    return play


def _origin_play(game: GameRecord, results: list[dict[str, Any]], *, first_dealer: str | None,
                 location: str | None) -> dict[str, Any]:
    ids = dict(zip(game.players, game.player_ids, strict=False))
    seats = origin_share.seats(game.variant, game.players, results, first_dealer)
    play = _head(game, location)
    text = origin_share.comment(game.variant, game.rules, seats)
    if text:
        play["comments"] = text
    play["game"] = {"name": origin_share.GAME, "sourceGameId": origin_share.SOURCE_GAME, "highestWins": True,
                    "noPoints": False}
    play["players"] = [{"name": s.name, "sourcePlayerId": f"vancardian:{s.name}" if s.vancardian
                        else str(ids.get(s.name, s.name)), "score": s.score, "winner": s.winner, "rank": s.rank,
                        "startPlayer": s.start, "role": ""} for s in seats]
    return play


def _head(game: GameRecord, location: str | None) -> dict[str, Any]:
    minutes = max(0, round((game.finished_at - game.started_at).total_seconds() / 60)) if game.finished_at else 0
    play: dict[str, Any] = {"sourceName": SOURCE, "sourcePlayId": game.uid,
                            "playDate": f"{game.started_at.astimezone(UTC):{DATE}}"}
    if minutes:
        play["durationMin"] = minutes
    if location:
        play["location"] = location
    return play


def starting_seat(log: Sequence[LoggedEvent]) -> int | None:
    """The seat that played the first turn, from the events in effect (None for a game scored at once)."""
    seat = None
    for event in in_effect(log):
        if isinstance(event, (e.StartingPlayerChosen, e.PositionEntered)):
            seat = event.seat if isinstance(event, e.StartingPlayerChosen) else event.starting
    return seat


def shared_play(store: Store, game_id: int) -> dict[str, Any]:
    """The createPlay payload of a stored game: its log for who started, the user's location setting."""
    game = store.games.get(game_id)
    results = store.results.of(game.id)
    if game.kind == ORIGIN_STORY:
        dealer = origin_share.first_dealer(store.log.events(game.id), game.players) if game.last_seq else None
        return bgstats_play(game, results, first_dealer=dealer, location=settings.location())
    starting = starting_seat(store.log.events(game.id)) if game.last_seq else None
    return bgstats_play(game, results, starting=starting, location=settings.location())


def bgstats_link(play: dict[str, Any]) -> str:
    """The createPlay link: the play as compact JSON, URL-encoded (UTF-8) into its `data` parameter (`:` and `,`
    may stand as they are in a query, which saves a tenth of the code's size)."""
    return LINK + quote(json.dumps(play, separators=(",", ":"), ensure_ascii=False), safe=":,")
