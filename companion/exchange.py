"""The companion's own export format (JSON, versioned): games with their players, full event logs and results.

    {"format": "origami-companion", "version": 1, "exported_at": "2026-11-21T20:00:00+00:00",
     "games": [{"uid", "kind" (only when not "origami"), "variant", "families", "characters", "rules",
                "players": [names in seat order],
                "status": "playing" | "finished", "source": "log" | "quick" | "bgstats", "started_at", "finished_at",
                "tie_break": null | "hand" | "shared",
                "events": [{"seq", "action", "type", "version", "payload", "recorded_at", "key"}],
                "results": [{"score", "rank", "winner", "hand", "sheet"}]  (per seat; finished games only;
                             hand is null for a play from BG Stats, which keeps no cards),
                "renamed": {"name in the log": "profile's name now"}  (only when a player was renamed since)}]}

Reading a file checks everything before anything is written: the format and its version, every field, every
event (decoded as the store would) and every log (replayed from its first event). Games keep their uid, so
importing a file twice adds nothing. What a game of each kind must hold is that game's to say (its `read_export`);
the fields every game has are read here."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from db.records import LoggedEvent, StoredEvent, WholeGame
from scoring.errors import InputError
from scoring.i18n import N_, _

from . import games
from .bgstats import EARLIEST, LATEST
from .games import read_event

FORMAT = "origami-companion"
VERSION = 1
TIE_BREAKS = (None, "hand", "shared")
SOURCES = ("log", "quick", "bgstats")  # recorded turn by turn, scored at the end, imported from BG Stats
STATUSES = ("playing", "finished", "abandoned")  # abandoned: a game recorded turn by turn, left for good
STATUS_SAID = N_('status must be "playing", "finished" or "abandoned" (a game recorded turn by turn), source "log", '
                 '"quick" or "bgstats"')
MOST = 1_000_000  # points, ranks and cards in hand: far beyond any game, and within what every database keeps


def to_json(exported: list[WholeGame], now: datetime) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "exported_at": now.isoformat(), "games": [
        {"uid": g.uid, "variant": g.variant, "families": list(g.families), "characters": list(g.characters),
         "rules": g.rules, "players": list(g.players), "status": g.status, "source": g.source,
         "started_at": g.started_at.isoformat(), "finished_at": g.finished_at.isoformat() if g.finished_at else None,
         "tie_break": g.tie_break,
         "events": [{"seq": x.seq, "action": x.action, "type": x.type, "version": x.version, "payload": x.payload,
                     "recorded_at": x.recorded_at.isoformat(), "key": x.key} for x in g.events],
         "results": list(g.results), **({"kind": g.kind} if g.kind != games.UNMARKED else {}), **renamed_field(g)}
        for g in exported]}


def from_json(data: Any, where: str) -> list[WholeGame]:
    """The games of an export, every one checked; InputError names the game and the field at fault."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(_('not a companion export (it has no "format": "{format}"): give a file written by '
                           "`companion export`, or BG Stats' export file").format(format=FORMAT), where=where)
    version = data.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and version > VERSION
        raise InputError((_("export version {version!r} was written by a newer companion: update this one") if newer
                          else _("export version {version!r} is not one this companion reads ({known})"))
                         .format(version=version, known=VERSION), where=where)
    listed = data.get("games")
    if not isinstance(listed, list):
        raise InputError(_('"games" must be a list'), where=where)
    out = [_game(g, _("{where}: game {n}").format(where=where, n=i + 1)) for i, g in enumerate(listed)]
    uids = [g.uid for g in out]
    if len(set(uids)) != len(uids):
        raise InputError(_("a game is listed twice (the same uid)"), where=where)
    return out


def read_game(g: Any, where: str, *, replay: bool = True) -> WholeGame:
    """One game of an export, checked; `replay=False` when its log was already replayed (a second reading)."""
    return _game(g, where, replay)


def _game(g: Any, where: str, replay: bool = True) -> WholeGame:
    if not isinstance(g, dict):
        raise InputError(_("must be an object"), where=where)
    uid = text_of(g, "uid", where)
    where = f"{where} ({uid})"
    kind = g.get("kind", games.UNMARKED)  # written only for another game than the unmarked one (version 1: none)
    if not isinstance(kind, str) or not games.known(kind):
        raise InputError(_("kind {kind!r} is not a game this companion knows: written by a newer one?")
                         .format(kind=kind), where=where)
    return games.game(kind).read_export(g, uid, where, replay)


def rules_of(g: dict[str, Any], where: str) -> dict[str, str]:
    rules = g.get("rules")
    if not isinstance(rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in rules.items()):
        raise InputError(_("rules: an object of text values"), where=where)
    return dict(rules)


def status_of(g: dict[str, Any], where: str) -> tuple[str, str]:
    """The game's status and source, each one the file may hold."""
    status, source = text_of(g, "status", where), text_of(g, "source", where)
    if status not in STATUSES or source not in SOURCES or (status == "abandoned" and source != "log"):
        raise InputError(_(STATUS_SAID), where=where)
    return status, source


def whole_log(events: tuple[StoredEvent, ...], where: str) -> None:
    """The log is whole: seq 1, 2, 3…, each action starting at one of its events."""
    if [x.seq for x in events] != list(range(1, len(events) + 1)):
        raise InputError(_("events: seq must run 1, 2, 3… without gaps"), where=where)
    starts = {x.seq for x in events if x.action == x.seq}
    if any(x.action > x.seq or x.action not in starts for x in events):
        raise InputError(_("events: each action number must be the seq of its first event"), where=where)


def read_log(kind: str, events: tuple[StoredEvent, ...]) -> list[LoggedEvent]:
    return [LoggedEvent(x.seq, x.action, read_event(kind, x.type, x.version, x.payload), x.recorded_at, x.key)
            for x in events]


def whole_number(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and -MOST <= x <= MOST


def event_of(x: Any, where: str, kind: str) -> StoredEvent:
    if not isinstance(x, dict):
        raise InputError(_("must be an object"), where=where)
    numbers = [x.get(k) for k in ("seq", "action", "version")]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in numbers):
        raise InputError(_("seq, action and version must be whole numbers from 1"), where=where)
    key = x.get("key")
    if key is not None and not isinstance(key, str):
        raise InputError(_("key: text or null"), where=where)
    payload = x.get("payload")
    if not isinstance(payload, dict):
        raise InputError(_("payload: an object"), where=where)
    stored = StoredEvent(x["seq"], x["action"], text_of(x, "type", where), x["version"], payload,
                         time_of(x, "recorded_at", where), key)
    try:
        read_event(kind, stored.type, stored.version, payload)
    except (InputError, TypeError, ValueError) as exc:
        raise InputError(_("cannot be read: {problem}").format(problem=exc), where=where) from None
    return stored


def text_of(d: dict[str, Any], key: str, where: str) -> str:
    value = d.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InputError(_("{key}: text is needed").format(key=key), where=where)
    return value


def texts_of(d: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = d.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(_("{key}: a list of names").format(key=key), where=where)
    return tuple(value)


def list_of(d: dict[str, Any], key: str, where: str) -> list[Any]:
    value = d.get(key, [])
    if not isinstance(value, list):
        raise InputError(_("{key}: a list").format(key=key), where=where)
    return value


def time_of(d: dict[str, Any], key: str, where: str) -> datetime:
    try:
        value = datetime.fromisoformat(d[key])
    except (KeyError, TypeError, ValueError):
        raise InputError(_("{key}: a date and time such as 2026-11-21T20:00:00+00:00").format(key=key),
                         where=where) from None
    value = value if value.tzinfo else value.replace(tzinfo=UTC)
    try:
        sound = EARLIEST <= value <= LATEST
    except OverflowError:  # an offset that takes the time beyond what can be held
        sound = False
    if not sound:
        raise InputError(_("{key}: {value!r} is not a time a game can have (years {first} to {last})").format(
            key=key, value=d[key], first=EARLIEST.year, last=LATEST.year - 1), where=where)
    return value


# --- names are not identity ---------------------------------------------------------------------------------
# A game's log keeps the names its players had when it was written, and the profiles may be renamed since. An
# export says so per game, `"renamed": {"name in the log": "profile's name now"}`, so the log is carried as written
# and still checked against the game's players (a file whose players do not match its log, renamed or not, stays
# refused).
def log_names(game: WholeGame) -> tuple[str, ...] | None:
    """The names the game's log starts with (its setup event), or None without a readable one."""
    if not game.events:
        return None
    first = game.events[0]
    try:
        names = getattr(read_event(game.kind, first.type, first.version, first.payload), "players", None)
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
        raise InputError(_('renamed: an object {"name in the log": "profile\'s name now"}'), where=where)

    return dict(value)


def as_now(names: tuple[str, ...], renamed: dict[str, str]) -> tuple[str, ...]:
    """The log's names as the profiles are called now."""
    return tuple(renamed.get(n, n) for n in names)
