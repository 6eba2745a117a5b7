"""An Origin Story game in the companion's own export format (companion/exchange.py): recorded turn by turn (its log
replays with every check passing, and a finished one's results are those its log scores), or scored at the end or
imported from BG Stats (no log; results whose ranks and winners hold)."""
from __future__ import annotations

from typing import Any

from db.records import WholeGame
from scoring.errors import InputError
from scoring.i18n import _
from scoring.origin.setup import VANCARDIANS

from ..exchange import (
    STATUS_SAID,
    STATUSES,
    as_now,
    event_of,
    list_of,
    read_log,
    read_renamed,
    rules_of,
    text_of,
    texts_of,
    time_of,
    whole_number,
)
from . import KIND


def read_export(g: dict[str, Any], uid: str, where: str, replay: bool = True) -> WholeGame:
    """An Origin Story game of a companion export: recorded turn by turn, its log replays with every check passing
    (always: an Origin Story log is short), and a finished one's results are the ones its log scores."""
    from scoring.origin.decide import final_sheet
    from scoring.origin.setup import Mode
    from scoring.origin.state import Phase

    from .replay import replay as replay_log

    variant, players = text_of(g, "variant", where), texts_of(g, "players", where)
    if variant not in {m.value for m in Mode} or not players or len({p.casefold() for p in players}) != len(players):
        raise InputError(_("variant: table, duo or solo; players: each a different name"), where=where)
    status, source = text_of(g, "status", where), text_of(g, "source", where)
    if source in ("quick", "bgstats"):
        return _scored(g, uid, variant, players, status, source, where)
    if status not in STATUSES or source != "log":
        raise InputError(_(STATUS_SAID), where=where)
    finished_at = time_of(g, "finished_at", where) if g.get("finished_at") is not None else None
    events = tuple(event_of(x, _("{where}: event {n}").format(where=where, n=i + 1), KIND)
                   for i, x in enumerate(list_of(g, "events", where)))
    results = list_of(g, "results", where)
    rules = rules_of(g, where)
    if not events or [x.seq for x in events] != list(range(1, len(events) + 1)):
        raise InputError(_("events: a log whose seq runs 1, 2, 3… without gaps"), where=where)
    log = read_log(KIND, events)
    try:
        steps, final = replay_log(log)
    except Exception as exc:  # a log that cannot be replayed is a damaged file, whatever the reason
        raise InputError(_("events: the log cannot be replayed ({kind}: {problem})").format(
            kind=type(exc).__name__, problem=exc), where=where) from None
    bad = next((s for s in steps if s.problems), None)
    if bad is not None:
        raise InputError(_("the log cannot be replayed soundly: after event {n}, {problems}").format(
            n=bad.entry.seq, problems="; ".join(bad.problems)), where=where)
    if final is None or as_now(tuple(final.players), read_renamed(g, where)) != players:
        raise InputError(_("events: the log starts with the game's setup, with the same players"), where=where)
    over = final.phase is Phase.OVER
    if (status == "finished") != over or (status == "finished") != (finished_at is not None):
        raise InputError(_("a finished game's log reaches the end of the game and it has finished_at; a game in "
                           "play has neither"), where=where)
    if over:
        scored = final_sheet(final)
        sheet = {p.name: p for p in scored.players}
        expected = [(sheet[n].total, sheet[n].rank, n in scored.winners) for n in final.players]
        given = [(r.get("score"), r.get("rank"), r.get("winner")) if isinstance(r, dict) else None for r in results]
        if given != expected or not all(isinstance(r, dict) and r.get("hand") is None
                                        and isinstance(r.get("sheet"), dict) for r in results):
            raise InputError(_("results: a player's score, rank or victory is not what the log scores"), where=where)
    elif results:
        raise InputError(_("a game in play has no results"), where=where)
    return WholeGame(uid, variant, (), (), rules, players, status, source, time_of(g, "started_at", where),
                     finished_at, None, events, tuple(dict(r) for r in results), KIND)



def _scored(g: dict[str, Any], uid: str, variant: str, players: tuple[str, ...], status: str, source: str,
                   where: str) -> WholeGame:
    """An Origin Story game scored at the end (quick score) or imported from BG Stats: finished, no log, a result per
    player whose score and rank are its sheet's, ranks by VP over every seat (ties share a rank; solo: the
    Vancardians' lines in the sheet count too) and, scored here, the most VP win."""
    if status != "finished" or g.get("finished_at") is None or list_of(g, "events", where):
        raise InputError(_('a game of source "{source}" is finished, has finished_at and no events')
                         .format(source=source), where=where)
    rules = rules_of(g, where)
    results = [_result(r, _("{where}: result {n}").format(where=where, n=i + 1))
               for i, r in enumerate(list_of(g, "results", where))]
    if len(results) != len(players):
        raise InputError(_("results: one per player, in seat order"), where=where)
    opponents = results[0]["sheet"].get("opponents", []) if variant == "solo" else []
    if not isinstance(opponents, list) or not all(
            isinstance(o, dict) and o.get("name") in VANCARDIANS and whole_number(o.get("total"))
            and whole_number(o.get("rank")) for o in opponents):
        raise InputError(_("sheet.opponents: the Vancardians' lines (name, total, rank)"), where=where)
    every = [r["score"] for r in results] + [o["total"] for o in opponents]
    if any(x["rank"] != 1 + sum(1 for t in every if t > x["score"]) for x in results) or any(
            o["rank"] != 1 + sum(1 for t in every if t > o["total"]) for o in opponents):
        raise InputError(_("ranks: 1 + the number of seats with more VP (ties share a rank)"), where=where)
    if source == "quick" and any(r["winner"] != (r["rank"] == 1) for r in results):
        raise InputError(_("winners: the most VP win (ties share the victory)"), where=where)
    return WholeGame(uid, variant, (), (), rules, players, status, source, time_of(g, "started_at", where),
                     time_of(g, "finished_at", where), None, (), tuple(results), KIND)



def _result(r: Any, where: str) -> dict[str, Any]:
    if not isinstance(r, dict) or set(r) != {"score", "rank", "winner", "hand", "sheet"}:
        raise InputError(_("needs exactly score, rank, winner, hand and sheet"), where=where)
    sheet = r["sheet"]
    if not (whole_number(r["score"]) and whole_number(r["rank"]) and isinstance(r["winner"], bool) and r["hand"] is None
            and isinstance(sheet, dict) and isinstance(sheet.get("rounds"), list)):
        raise InputError(_("score and rank: whole numbers; winner: true or false; hand: null; sheet: an object "
                           "with its rounds"), where=where)
    if (sheet.get("total"), sheet.get("rank")) != (r["score"], r["rank"]):
        raise InputError(_("the score sheet's total and rank differ from the result's score and rank"), where=where)
    return dict(r)


