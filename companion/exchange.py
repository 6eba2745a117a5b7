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
importing a file twice adds nothing."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from db.records import LoggedEvent, StoredEvent, WholeGame
from scoring.errors import InputError
from scoring.origami import events as e
from scoring.origami.state import Phase
from scoring.origami.table import Variant
from scoring.origin.setup import VANCARDIANS

from .bgstats import EARLIEST, LATEST
from .games import read_event
from .origami import KIND as ORIGAMI
from .origami.render import sheet_problem
from .origami.replay import replay
from .origin import KIND as ORIGIN_STORY
from .renames import as_now, read_renamed, renamed_field

FORMAT = "origami-companion"
VERSION = 1
TIE_BREAKS = (None, "hand", "shared")
SOURCES = ("log", "quick", "bgstats")  # recorded turn by turn, scored at the end, imported from BG Stats
STATUSES = ("playing", "finished", "abandoned")  # abandoned: a game recorded turn by turn, left for good
STATUS_SAID = ('status must be "playing", "finished" or "abandoned" (a game recorded turn by turn), source "log", '
               '"quick" or "bgstats"')
MOST = 1_000_000  # points, ranks and cards in hand: far beyond any game, and within what every database keeps


def to_json(games: list[WholeGame], now: datetime) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "exported_at": now.isoformat(), "games": [
        {"uid": g.uid, "variant": g.variant, "families": list(g.families), "characters": list(g.characters),
         "rules": g.rules, "players": list(g.players), "status": g.status, "source": g.source,
         "started_at": g.started_at.isoformat(), "finished_at": g.finished_at.isoformat() if g.finished_at else None,
         "tie_break": g.tie_break,
         "events": [{"seq": x.seq, "action": x.action, "type": x.type, "version": x.version, "payload": x.payload,
                     "recorded_at": x.recorded_at.isoformat(), "key": x.key} for x in g.events],
         "results": list(g.results), **({"kind": g.kind} if g.kind != ORIGAMI else {}), **renamed_field(g)}
        for g in games]}


def from_json(data: Any, where: str) -> list[WholeGame]:
    """The games of an export, every one checked; InputError names the game and the field at fault."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(f'not a companion export (it has no "format": "{FORMAT}"): give a file written by '
                         f"`companion export`, or BG Stats' export file", where=where)
    version = data.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and version > VERSION
        why = "was written by a newer companion: update this one" if newer else (
            f"is not one this companion reads ({VERSION})")
        raise InputError(f"export version {version!r} {why}", where=where)
    games = data.get("games")
    if not isinstance(games, list):
        raise InputError('"games" must be a list', where=where)
    out = [_game(g, f"{where}: game {i + 1}") for i, g in enumerate(games)]
    uids = [g.uid for g in out]
    if len(set(uids)) != len(uids):
        raise InputError("a game is listed twice (the same uid)", where=where)
    return out


def read_game(g: Any, where: str, *, replay: bool = True) -> WholeGame:
    """One game of an export, checked; `replay=False` when its log was already replayed (a second reading)."""
    return _game(g, where, replay)


def _game(g: Any, where: str, replay: bool = True) -> WholeGame:
    if not isinstance(g, dict):
        raise InputError("must be an object", where=where)
    uid = _text(g, "uid", where)
    where = f"{where} ({uid})"
    kind = g.get("kind", ORIGAMI)  # written only for another game than Origami (version 1 files have none)
    if kind == ORIGIN_STORY:
        return _origin_game(g, uid, where)
    if kind != ORIGAMI:
        raise InputError(f"kind {kind!r} is not a game this companion knows: written by a newer one?", where=where)
    if len(uid) > 36:
        raise InputError("uid: at most 36 characters", where=where)
    variant = _text(g, "variant", where)
    Variant.parse(variant, f"{where}: variant")
    players = _texts(g, "players", where)
    if len(players) < 2 or len({p.casefold() for p in players}) != len(players):
        raise InputError("players: at least two, each a different name", where=where)
    status, source = _text(g, "status", where), _text(g, "source", where)
    if status not in STATUSES or source not in SOURCES or (status == "abandoned" and source != "log"):
        raise InputError(STATUS_SAID, where=where)
    rules = g.get("rules")
    if not isinstance(rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in rules.items()):
        raise InputError("rules: an object of text values", where=where)
    if g.get("tie_break") not in TIE_BREAKS:
        raise InputError('tie_break: null, "hand" or "shared"', where=where)
    finished_at = _time(g, "finished_at", where) if g.get("finished_at") is not None else None
    events = tuple(_event(x, f"{where}: event {i + 1}") for i, x in enumerate(_list(g, "events", where)))
    results = tuple(_result(r, f"{where}: result {i + 1}") for i, r in enumerate(_list(g, "results", where)))
    if (status == "finished") != (finished_at is not None) or (status == "finished") != bool(results):
        raise InputError("a finished game has finished_at and a result per player; a game in play has neither",
                         where=where)
    if any(r["hand"] is None for r in results) and source != "bgstats":
        raise InputError("hand: only a play from BG Stats leaves the cards in hand unknown", where=where)
    unknown = [r["score"] is None for r in results]
    if any(unknown) and (source != "bgstats" or not all(unknown)):
        raise InputError("score: null only in a play from BG Stats that kept only who won, and then for every "
                         "player", where=where)
    if results and len(results) != len(players):
        raise InputError(f"{len(results)} results for {len(players)} players", where=where)
    if results:
        _results_hold(results, g.get("tie_break"), where)
    if (source == "log") != bool(events):
        raise InputError("a game recorded turn by turn has its log; a quick-scored one has none", where=where)
    whole = WholeGame(uid, variant, _texts(g, "families", where), _texts(g, "characters", where), dict(rules),
                      players, status, source, _time(g, "started_at", where), finished_at, g.get("tie_break"),
                      events, results, ORIGAMI)
    if events and replay:
        _replays(whole, where, read_renamed(g, where))
    return whole


def _origin_game(g: dict[str, Any], uid: str, where: str) -> WholeGame:
    """An Origin Story game recorded turn by turn: its log replays with every check passing, and a finished one's
    results are the ones its log scores."""
    from scoring.origin.game import final_sheet
    from scoring.origin.setup import Mode
    from scoring.origin.state import Phase as OriginPhase

    from .origin.replay import replay as replay_origin

    variant, players = _text(g, "variant", where), _texts(g, "players", where)
    if variant not in {m.value for m in Mode} or not players or len({p.casefold() for p in players}) != len(players):
        raise InputError("variant: table, duo or solo; players: each a different name", where=where)
    status, source = _text(g, "status", where), _text(g, "source", where)
    if source in ("quick", "bgstats"):
        return _origin_scored(g, uid, variant, players, status, source, where)
    if status not in STATUSES or source != "log":
        raise InputError(STATUS_SAID, where=where)
    finished_at = _time(g, "finished_at", where) if g.get("finished_at") is not None else None
    events = tuple(_event(x, f"{where}: event {i + 1}", ORIGIN_STORY) for i, x in enumerate(_list(g, "events", where)))
    results = _list(g, "results", where)
    rules = g.get("rules")
    if not isinstance(rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in rules.items()):
        raise InputError("rules: an object of text values", where=where)
    if not events or [x.seq for x in events] != list(range(1, len(events) + 1)):
        raise InputError("events: a log whose seq runs 1, 2, 3… without gaps", where=where)
    log = [LoggedEvent(x.seq, x.action, read_event(ORIGIN_STORY, x.type, x.version, x.payload), x.recorded_at, x.key)
           for x in events]
    try:
        steps, final = replay_origin(log)
    except Exception as exc:  # a log that cannot be replayed is a damaged file, whatever the reason
        raise InputError(f"events: the log cannot be replayed ({type(exc).__name__}: {exc})", where=where) from None
    bad = next((s for s in steps if s.problems), None)
    if bad is not None:
        raise InputError(f"the log cannot be replayed soundly: after event {bad.entry.seq}, "
                         f"{'; '.join(bad.problems)}", where=where)
    if final is None or as_now(tuple(final.players), read_renamed(g, where)) != players:
        raise InputError("events: the log starts with the game's setup, with the same players", where=where)
    over = final.phase is OriginPhase.OVER
    if (status == "finished") != over or (status == "finished") != (finished_at is not None):
        raise InputError("a finished game's log reaches the end of the game and it has finished_at; a game in play "
                         "has neither", where=where)
    if over:
        scored = final_sheet(final)
        sheet = {p.name: p for p in scored.players}
        expected = [(sheet[n].total, sheet[n].rank, n in scored.winners) for n in final.players]
        given = [(r.get("score"), r.get("rank"), r.get("winner")) if isinstance(r, dict) else None for r in results]
        if given != expected or not all(isinstance(r, dict) and r.get("hand") is None
                                        and isinstance(r.get("sheet"), dict) for r in results):
            raise InputError("results: a player's score, rank or victory is not what the log scores", where=where)
    elif results:
        raise InputError("a game in play has no results", where=where)
    return WholeGame(uid, variant, (), (), dict(rules), players, status, source, _time(g, "started_at", where),
                     finished_at, None, events, tuple(dict(r) for r in results), ORIGIN_STORY)


def _origin_scored(g: dict[str, Any], uid: str, variant: str, players: tuple[str, ...], status: str, source: str,
                   where: str) -> WholeGame:
    """An Origin Story game scored at the end (quick score) or imported from BG Stats: finished, no log, a result per
    player whose score and rank are its sheet's, ranks by VP over every seat (ties share a rank; solo: the
    Vancardians' lines in the sheet count too) and, scored here, the most VP win."""
    if status != "finished" or g.get("finished_at") is None or _list(g, "events", where):
        raise InputError(f'a game of source "{source}" is finished, has finished_at and no events', where=where)
    rules = g.get("rules")
    if not isinstance(rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in rules.items()):
        raise InputError("rules: an object of text values", where=where)
    results = [_origin_result(r, f"{where}: result {i + 1}") for i, r in enumerate(_list(g, "results", where))]
    if len(results) != len(players):
        raise InputError("results: one per player, in seat order", where=where)
    opponents = results[0]["sheet"].get("opponents", []) if variant == "solo" else []
    if not isinstance(opponents, list) or not all(
            isinstance(o, dict) and o.get("name") in VANCARDIANS and _whole(o.get("total")) and _whole(o.get("rank"))
            for o in opponents):
        raise InputError("sheet.opponents: the Vancardians' lines (name, total, rank)", where=where)
    every = [r["score"] for r in results] + [o["total"] for o in opponents]
    if any(x["rank"] != 1 + sum(1 for t in every if t > x["score"]) for x in results) or any(
            o["rank"] != 1 + sum(1 for t in every if t > o["total"]) for o in opponents):
        raise InputError("ranks: 1 + the number of seats with more VP (ties share a rank)", where=where)
    if source == "quick" and any(r["winner"] != (r["rank"] == 1) for r in results):
        raise InputError("winners: the most VP win (ties share the victory)", where=where)
    return WholeGame(uid, variant, (), (), dict(rules), players, status, source, _time(g, "started_at", where),
                     _time(g, "finished_at", where), None, (), tuple(results), ORIGIN_STORY)


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and -MOST <= x <= MOST


def _origin_result(r: Any, where: str) -> dict[str, Any]:
    if not isinstance(r, dict) or set(r) != {"score", "rank", "winner", "hand", "sheet"}:
        raise InputError("needs exactly score, rank, winner, hand and sheet", where=where)
    sheet = r["sheet"]
    if not (_whole(r["score"]) and _whole(r["rank"]) and isinstance(r["winner"], bool) and r["hand"] is None
            and isinstance(sheet, dict) and isinstance(sheet.get("rounds"), list)):
        raise InputError("score and rank: whole numbers; winner: true or false; hand: null; sheet: an object with "
                         "its rounds", where=where)
    if (sheet.get("total"), sheet.get("rank")) != (r["score"], r["rank"]):
        raise InputError("the score sheet's total and rank differ from the result's score and rank", where=where)
    return dict(r)


def _event(x: Any, where: str, kind: str = ORIGAMI) -> StoredEvent:
    if not isinstance(x, dict):
        raise InputError("must be an object", where=where)
    numbers = [x.get(k) for k in ("seq", "action", "version")]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in numbers):
        raise InputError("seq, action and version must be whole numbers from 1", where=where)
    key = x.get("key")
    if key is not None and not isinstance(key, str):
        raise InputError("key: text or null", where=where)
    payload = x.get("payload")
    if not isinstance(payload, dict):
        raise InputError("payload: an object", where=where)
    stored = StoredEvent(x["seq"], x["action"], _text(x, "type", where), x["version"], payload,
                         _time(x, "recorded_at", where), key)
    try:
        read_event(kind, stored.type, stored.version, payload)
    except (InputError, TypeError, ValueError) as exc:
        raise InputError(f"cannot be read: {exc}", where=where) from None
    return stored


def _replays(game: WholeGame, where: str, renamed: dict[str, str]) -> None:
    """The log is whole (seq 1, 2, 3…, each action starting at one of its events) and replays from GameStarted."""
    if [x.seq for x in game.events] != list(range(1, len(game.events) + 1)):
        raise InputError("events: seq must run 1, 2, 3… without gaps", where=where)
    starts = {x.seq for x in game.events if x.action == x.seq}
    if any(x.action > x.seq or x.action not in starts for x in game.events):
        raise InputError("events: each action number must be the seq of its first event", where=where)
    log = [LoggedEvent(x.seq, x.action, read_event(ORIGAMI, x.type, x.version, x.payload), x.recorded_at, x.key)
           for x in game.events]
    first = log[0].event
    if not isinstance(first, e.GameStarted) or as_now(tuple(first.players), renamed) != game.players:
        raise InputError("events: the log starts with the game's setup, with the same players", where=where)
    setup = {"variant": (first.variant, game.variant), "families": (tuple(first.families), game.families),
             "characters": (tuple(first.character_pairs), game.characters),
             "rules": (dict(first.choices), game.rules)}
    differ = [name for name, (logged, stated) in setup.items() if logged != stated]
    if differ:
        raise InputError(f"the game's {', '.join(differ)} differ from the setup its log starts with", where=where)
    try:
        steps, final = replay(log)
    except Exception as exc:  # a log that cannot be replayed is a damaged file, whatever the reason
        raise InputError(f"events: the log cannot be replayed ({type(exc).__name__}: {exc})", where=where) from None
    for step in steps:
        if step.problems:
            raise InputError(f"the log cannot be replayed soundly: after event {step.entry.seq}, "
                             f"{'; '.join(step.problems)}", where=where)
    if game.status == "finished" and (final is None or final.phase is not Phase.OVER):
        raise InputError("status is \"finished\" but the log never reaches the end of the game", where=where)


def _results_hold(results: tuple[dict[str, Any], ...], tie_break: str | None, where: str) -> None:
    """The results are ones a game can end with: the most points win; a tie on points is broken by the cards in
    hand ("hand": one winner among the leaders) or shared ("shared": several winners); winners rank first. Without
    points (a BG Stats play that kept only who won): the winners rank first, everyone else after them."""
    if all(r["score"] is None for r in results):
        won = sum(r["winner"] for r in results)
        if not won or tie_break != ("shared" if won > 1 else None) or any(
                r["rank"] != (1 if r["winner"] else won + 1) for r in results):
            raise InputError("a play without points: at least one winner, ranked 1 (tie_break \"shared\" when "
                             "several), everyone else ranked after them", where=where)
        return
    top = max(r["score"] for r in results)
    leaders = [r for r in results if r["score"] == top]
    winners = [r for r in results if r["winner"]]
    if any(r["score"] < top for r in winners):
        raise InputError(f"a winner has fewer points than {top}: the most points win", where=where)
    expected = {None: len(leaders) == 1 and len(winners) == 1, "hand": len(leaders) > 1 and len(winners) == 1,
                "shared": len(winners) > 1}[tie_break]
    if not expected:
        raise InputError(f"{len(winners)} winner(s) among {len(leaders)} player(s) with the most points do not "
                         f"fit tie_break {tie_break!r}", where=where)
    if any(r["rank"] != 1 for r in winners) or any(r["rank"] < 1 or r["rank"] > len(results) for r in results):
        raise InputError("ranks: the winners rank 1, and every rank is from 1 to the number of players",
                         where=where)


def _result(r: Any, where: str) -> dict[str, Any]:
    if not isinstance(r, dict) or set(r) != {"score", "rank", "winner", "hand", "sheet"}:
        raise InputError("needs exactly score, rank, winner, hand and sheet", where=where)
    def number(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    if not number(r["rank"]) or not all(r[k] is None or number(r[k]) for k in ("score", "hand")):
        raise InputError("score, rank and hand must be whole numbers (hand and score may be null)", where=where)
    if not isinstance(r["winner"], bool) or not isinstance(r["sheet"], dict):
        raise InputError("winner: true or false; sheet: an object", where=where)
    hand = r["hand"]
    if not all(r[k] is None or -MOST <= r[k] <= MOST for k in ("score", "rank")) or (
            hand is not None and not 0 <= hand <= MOST):
        raise InputError(f"score, rank and hand: at most {MOST:,}", where=where)
    problem = sheet_problem(r["sheet"])
    if problem is not None:
        raise InputError(problem, where=where)
    sheet = r["sheet"]
    if (sheet["total"], sheet["rank"], sheet["hand"]) != (r["score"], r["rank"], r["hand"]):
        raise InputError("the score sheet's total, rank and hand differ from the result's score, rank and hand",
                         where=where)
    return dict(r)


def _text(d: dict[str, Any], key: str, where: str) -> str:
    value = d.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{key}: text is needed", where=where)
    return value


def _texts(d: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = d.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(f"{key}: a list of names", where=where)
    return tuple(value)


def _list(d: dict[str, Any], key: str, where: str) -> list[Any]:
    value = d.get(key, [])
    if not isinstance(value, list):
        raise InputError(f"{key}: a list", where=where)
    return value


def _time(d: dict[str, Any], key: str, where: str) -> datetime:
    try:
        value = datetime.fromisoformat(d[key])
    except (KeyError, TypeError, ValueError):
        raise InputError(f"{key}: a date and time such as 2026-11-21T20:00:00+00:00", where=where) from None
    value = value if value.tzinfo else value.replace(tzinfo=UTC)
    try:
        sound = EARLIEST <= value <= LATEST
    except OverflowError:  # an offset that takes the time beyond what can be held
        sound = False
    if not sound:
        raise InputError(f"{key}: {d[key]!r} is not a time a game can have (years {EARLIEST.year} to "
                         f"{LATEST.year - 1})", where=where)
    return value
