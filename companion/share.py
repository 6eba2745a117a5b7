"""A finished game handed to BG Stats: the play as BG Stats' createPlay link takes it (one play, URL-encoded
JSON), kept small so its QR code scans from a terminal.

The fields are those BG Stats documents for createPlay: sourceName, sourcePlayId (lets BG Stats recognise a
play sent twice), playDate ("YYYY-MM-DD HH:MM:SS", UTC), game {name, sourceGameId, highestWins, noPoints}
and players [{name, sourcePlayerId, score, winner, rank}]. No BoardGameGeek id is sent: none is known here."""
from __future__ import annotations

import json
from datetime import UTC
from typing import Any
from urllib.parse import quote

from db.records import GameRecord
from scoring.errors import InputError

SOURCE = "Origami companion"  # BG Stats remembers its game and player matches under this name: keep it stable
LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
GAME_NAMES = {"origami": "Origami", "legends": "Origami Legends", "mixed": "Origami and Origami Legends"}


def bgstats_play(game: GameRecord, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The play of a finished game (`results` as Store.results gives them, in seat order)."""
    if not game.finished or game.finished_at is None or not results:
        raise InputError(f"game {game.id} is not finished: only a scored game can go to BG Stats")
    ids = dict(zip(game.players, game.player_ids, strict=False))
    return {
        "sourceName": SOURCE,
        "sourcePlayId": game.uid,
        "playDate": f"{game.finished_at.astimezone(UTC):%Y-%m-%d %H:%M:%S}",
        "game": {"name": GAME_NAMES[game.variant], "sourceGameId": game.variant},
        "players": [{"name": r["name"], "sourcePlayerId": str(ids.get(r["name"], r["name"])), "score": r["score"],
                     "winner": bool(r["winner"])} for r in results],
    }


def bgstats_link(play: dict[str, Any]) -> str:
    """The createPlay link: the play as compact JSON, URL-encoded (UTF-8) into its `data` parameter (`:` and `,`
    may stand as they are in a query, which saves a tenth of the code's size)."""
    return LINK + quote(json.dumps(play, separators=(",", ":"), ensure_ascii=False), safe=":,")
