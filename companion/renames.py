"""Names are not identity: a game's log keeps the names its players had when it was written, and the profiles
may be renamed since. An export says so per game, `"renamed": {"name in the log": "profile's name now"}`, so the
log is carried as written and still checked against the game's players (a file whose players do not match its
log, renamed or not, stays refused)."""
from __future__ import annotations

from typing import Any

from db.records import WholeGame
from scoring.errors import InputError

from . import games


def log_names(game: WholeGame) -> tuple[str, ...] | None:
    """The names the game's log starts with (its setup event), or None without a readable one."""
    if not game.events:
        return None
    first = game.events[0]
    try:
        names = getattr(games.read_event(game.kind, first.type, first.version, first.payload), "players", None)
    except (InputError, TypeError, ValueError):
        return None
    return tuple(names) if isinstance(names, tuple) and all(isinstance(n, str) for n in names) else None


def renamed_field(game: WholeGame) -> dict[str, Any]:
    """The export's `renamed` entry for `game`: empty when every seat still has the name its log gives."""
    then = log_names(game)
    if then is None or len(then) != len(game.players):
        return {}
    changed = {old: new for old, new in zip(then, game.players, strict=True) if old != new}
    return {"renamed": changed} if changed else {}


def read_renamed(g: dict[str, Any], where: str) -> dict[str, str]:
    value = g.get("renamed", {})
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise InputError('renamed: an object {"name in the log": "profile\'s name now"}', where=where)
    return dict(value)


def as_now(names: tuple[str, ...], renamed: dict[str, str]) -> tuple[str, ...]:
    """The log's names as the profiles are called now."""
    return tuple(renamed.get(n, n) for n in names)
