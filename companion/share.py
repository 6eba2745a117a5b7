"""A finished game handed to BG Stats: the play as BG Stats' createPlay link takes it (one play, URL-encoded
JSON), kept small so its QR code needs as little room as it can.

The fields are those BG Stats documents for createPlay ("Push plays to BG Stats from other apps or websites"):
sourceName, sourcePlayId (lets BG Stats recognise a play sent twice), playDate ("YYYY-MM-DD HH:MM:SS", UTC, when
the game began), durationMin, location, comments, game {name, sourceGameId, highestWins, noPoints} and players
[{name, sourcePlayerId, score, winner, rank, startPlayer, role}]. Every player carries startPlayer (BG Stats for
Android refuses a link without it). Fields with nothing to say are left out to keep the code small: location when
none is set, durationMin when the game was scored at once. What a game's play says of its seats, its comment and
its game is that game's (its `bgstats`): the head every play shares is built here."""
from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC
from typing import Any
from urllib.parse import quote

from db.records import GameRecord
from db.store import Store
from scoring.errors import InputError
from scoring.i18n import N_, _

from . import games, settings

SOURCE = "Origami companion"  # BG Stats remembers its game and player matches under this name: keep it stable
LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
DATE = "%Y-%m-%d %H:%M:%S"


def head(game: GameRecord, location: str | None) -> dict[str, Any]:
    """What every play says first: where it comes from, which game of the companion it is, when and where."""
    if not game.finished or game.finished_at is None:
        raise InputError(_("game {id} is not finished: only a scored game can go to BG Stats").format(id=game.id))
    minutes = max(0, round((game.finished_at - game.started_at).total_seconds() / 60))
    play: dict[str, Any] = {"sourceName": SOURCE, "sourcePlayId": game.uid,
                            "playDate": f"{game.started_at.astimezone(UTC):{DATE}}"}
    if minutes:
        play["durationMin"] = minutes
    if location:
        play["location"] = location
    return play


def shared_play(store: Store, game_id: int) -> dict[str, Any]:
    """The createPlay payload of a stored game (its log for who started; the user's location setting)."""
    game = store.games.get(game_id)
    results = store.results.of(game.id)
    if not game.finished or not results:
        raise InputError(_("game {id} is not finished: only a scored game can go to BG Stats").format(id=game.id))
    return games.game(game.kind).bgstats().created(store, game, results, settings.location())


# What a code may leave out when the whole play does not fit the room, least missed first, each with what it says
# was left out: first what BG Stats works out itself (a rank from the scores, no role, not a winner), then the notes
# it only shows (comment, board, place, length), then the game's settings it assumes for a new game (highest score
# wins, with points) and the players' ids (BG Stats then matches them by name). Every player keeps name, score and
# startPlayer (BG Stats for Android refuses a link without it); the play keeps its source, id and date. The file
# (`share --save`) and the served page keep everything.
TRIMS: tuple[tuple[str, Callable[[dict[str, Any]], dict[str, Any]]], ...] = (
    (N_("ranks, empty roles and losers' winner flags"), lambda p: {**p, "players": [
        {k: v for k, v in x.items() if not (k == "role" and v == "" or k == "winner" and v is False
                                            or k == "rank" and all("score" in y for y in p["players"]))}
        for x in p["players"]]}),
    (N_("comment, board, location and duration"),
     lambda p: {k: v for k, v in p.items() if k not in ("comments", "board", "location", "durationMin")}),
    (N_("the game's scoring settings and the players' ids"), lambda p: {
        **p, "game": {k: v for k, v in p["game"].items() if k in ("name", "sourceGameId")},
        "players": [{k: v for k, v in x.items() if k != "sourcePlayerId"} for x in p["players"]]}),
)


def shorter(play: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """The play saying less and less (`TRIMS`, each after the ones before), each with what it leaves out (in the
    language in use: it is shown)."""
    out: list[tuple[dict[str, Any], str]] = []
    said: list[str] = []
    for what, trim in TRIMS:
        play = trim(play)
        said.append(_(what))

        out.append((play, "; ".join(said)))
    return out


def bgstats_link(play: dict[str, Any]) -> str:
    """The createPlay link: the play as compact JSON, URL-encoded (UTF-8) into its `data` parameter (`:` and `,`
    may stand as they are in a query, which saves a tenth of the code's size)."""
    return LINK + quote(json.dumps(play, separators=(",", ":"), ensure_ascii=False), safe=":,")
