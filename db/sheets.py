"""A finished game's result rows as sheets per seat, checked: shared by the store and the plain-SQL reads of the
command line (db/quick_history.py), so both name a damaged sheet alike (no SQLAlchemy here)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.i18n import _, ngettext

from .errors import DamagedGame
from .records import GameRecord


def checked(game: GameRecord, rows: Sequence[Any]) -> list[dict[str, Any]]:
    """A game's result rows as sheets per seat; DamagedGame when one cannot be read."""
    out = [{"seat": r.seat, "name": r.name, "score": r.score, "rank": r.rank, "winner": r.winner,
            "hand": r.hand, "sheet": r.sheet} for r in rows]
    if game.finished and len(out) != len(game.players):
        # TRANSLATORS: {results} is "{n} results", {players} "{n} players", each translated apart.
        raise DamagedGame(game.id, _("finished with {results} for {players}").format(
            results=ngettext("{n} result", "{n} results", len(out)).format(n=len(out)),
            players=ngettext("{n} player", "{n} players", len(game.players)).format(n=len(game.players))))
    for r in out:
        whole = all(isinstance(r[k], int) and not isinstance(r[k], bool) for k in ("rank",) + (
            () if r["score"] is None and game.source == "bgstats" else ("score",)))  # None: points unknown
        if not whole or not isinstance(r["winner"], bool) or not (r["hand"] is None or isinstance(r["hand"], int)):
            raise DamagedGame(game.id, _("{name}'s result: score, rank, winner or hand is not readable").format(
                name=r["name"]))
        if not isinstance(r["sheet"], dict):
            raise DamagedGame(game.id, _("{name}'s score sheet is {value}, not an object").format(
                name=r["name"], value=repr(r["sheet"])))
    return out
