"""Plain-text and JSON renderings of engine results for the command line (times: companion/local_time.py)."""
from __future__ import annotations

from typing import Any

from scoring import counts
from scoring.errors import InputError
from scoring.i18n import ngettext
from scoring.origami.cards import CardId
from scoring.origami.options import Allowance
from scoring.origami.position import PlayCheck
from scoring.origami.sheet import Award, Line, PlayerScore, ScoreSheet, TieBreak
from scoring.origami.sheet_words import award_owner, card_line, sheet_note


def sheet_json(sheet: ScoreSheet) -> dict[str, Any]:
    return {
        "players": [
            {"name": p.name, "total": p.total, "rank": p.rank, "hand": p.hand,
             "lines": [{"card": ln.card, "collection": ln.collection, "position": ln.position,
                        "printed": ln.printed, "bonus": ln.bonus, "why": ln.why} for ln in p.lines],
             "awards": [{"source": a.source, "owner": a.owner, "points": a.points, "why": a.why}
                        for a in p.awards]}
            for p in sheet.players],
        "winners": list(sheet.winners),
        "tie_break": sheet.tie_break,
    }


_WHOLE, _TEXT, _FLAG = "a whole number", "text", "true or false"
_LINE = {"card": _TEXT, "collection": _WHOLE, "position": _WHOLE, "printed": _WHOLE, "bonus": _WHOLE, "why": _TEXT}
_AWARD = {"source": _TEXT, "owner": _TEXT + " or null", "points": _WHOLE, "why": _TEXT}


def sheet_problem(sheet: Any) -> str | None:
    """What is wrong with a player's stored score sheet (as `sheet_json` writes each player), or None: every
    field there with its type, lines and awards included."""
    if not isinstance(sheet, dict):
        return "the score sheet is not an object"
    # total null: points unknown (a BG Stats play that kept only who won)
    shape = {"name": _TEXT, "total": _WHOLE + " or null", "rank": _WHOLE, "hand": _WHOLE + " or null",
             "lines": "a list", "awards": "a list"}
    for key, what in shape.items():
        if key not in sheet or not _is(sheet[key], what):
            return f"the score sheet's {key} must be {what}"
    for name, items, fields in (("line", sheet["lines"], _LINE), ("award", sheet["awards"], _AWARD)):
        for i, item in enumerate(items):
            bad = [k for k, what in fields.items() if not isinstance(item, dict) or k not in item
                   or not _is(item[k], what)]
            if bad:
                return f"the score sheet's {name} {i + 1} needs {', '.join(f'{k} ({fields[k]})' for k in bad)}"
    return None


def _is(value: Any, what: str) -> bool:
    if what.endswith(" or null") and value is None:
        return True
    what = what.removesuffix(" or null")
    if what == _WHOLE:
        return isinstance(value, int) and not isinstance(value, bool)
    if what == _TEXT:
        return isinstance(value, str)
    return isinstance(value, list)


def stored_sheet(results: list[dict[str, Any]], tie_break: str | None) -> ScoreSheet:
    """A finished game's sheet as the history keeps it (store.results.of), under each player's current name; a
    damaged one (the database edited by hand, or a bad import of old) is an InputError, not a crash."""
    for r in results:
        problem = sheet_problem(r["sheet"])
        if problem is not None:
            raise InputError(f"{r['name']}'s result is damaged: {problem}; restore a backup copy of the database")
    if tie_break not in TIE_BREAKS:
        raise InputError(f"the game's tie-break {tie_break!r} is damaged; restore a backup copy of the database")
    if any(r["sheet"]["total"] is None for r in results):
        raise InputError("points unknown: BG Stats kept only who won, so there is no score sheet")
    players = tuple(
        PlayerScore(r["name"], r["sheet"]["total"], r["sheet"]["rank"], r["sheet"]["hand"],
                    tuple(Line(CardId(ln["card"]), ln["collection"], ln["position"], ln["printed"], ln["bonus"],
                               ln["why"]) for ln in r["sheet"]["lines"]),
                    tuple(Award(CardId(a["source"]), a["owner"], a["points"], a["why"]) for a in r["sheet"]["awards"]))
        for r in results)
    return ScoreSheet(players, tuple(r["name"] for r in results if r["winner"]), TIE_BREAKS[tie_break])


TIE_BREAKS: dict[str | None, TieBreak] = {None: None, "hand": "hand", "shared": "shared"}


def sheet_text(sheet: ScoreSheet) -> str:
    out: list[str] = []
    for p in sorted(sheet.players, key=lambda p: p.rank):
        hand = "" if p.hand is None else f" ({counts.cards(p.hand)} in hand)"
        points = ngettext("{n} point", "{n} points", p.total).format(n=p.total)
        out.append(f"{p.rank}. {p.name}: {points}{hand}")
        for ln in p.lines:
            out.append(f"   {card_line(ln)}" + (f"  {ln.why}" if ln.bonus or ln.why else ""))
        out += [f"   award {award_owner(a)} {a.source:<14} {a.points:+d}  {a.why}" for a in p.awards]
    said = sheet_note(sheet)
    if said is not None:
        out.append(said)
    if sheet.tie_break == "shared":
        out.append(f"Shared victory: {', '.join(sheet.winners)} (tied on points and cards in hand).")
    elif sheet.tie_break == "hand":
        out.append(f"Winner: {sheet.winners[0]} (tie on points broken by most cards in hand).")
    else:
        out.append(f"Winner: {sheet.winners[0]}.")
    return "\n".join(out)


def allowance_json(a: Allowance) -> dict[str, Any]:
    return {"value": a.value, "base": a.base,
            "modifiers": [{"source": m.source, "amount": m.amount} for m in a.modifiers]}


def fold_count(a: Allowance) -> str:
    """An allowance or a price in folds, as its sum when modifiers make it ("4 folds", "1 fold = 3 -2 Fox")."""
    return ngettext("{n} fold", "{n} folds", a.value).format(n=allowance_text(a))


def allowance_text(a: Allowance) -> str:
    parts = " ".join(f"{m.amount:+d} {m.source}" if m.amount else f"({m.source})" for m in a.modifiers)
    return f"{a.value}" + (f" = {a.base} {parts}" if parts else "")


def check_json(result: PlayCheck) -> dict[str, Any]:
    if result.violation is not None:
        return {"legal": False, "card": result.card, "rule": str(result.violation.rule),
                "message": result.violation.message}
    assert result.price is not None
    return {"legal": True, "card": result.card, "price": allowance_json(result.price),
            "placements": [{"collection": p.collection + 1, "under": p.under} for p in result.placements],
            "replaces": result.replaces}


def check_text(result: PlayCheck, player: str) -> str:
    if result.violation is not None:
        return f"illegal: {result.violation.rule}: {result.violation.message}"
    assert result.price is not None
    if result.replaces:
        where = f"; it goes to the middle of the table and replaces {result.replaces}"
    elif result.placements:
        spots = [f"collection {p.collection + 1}" + (" (under)" if p.under else "") for p in result.placements]
        where = f"; it may go on {' or '.join(spots)}" if len(spots) > 1 else f"; it goes on {spots[0]}"
    else:
        where = "; it goes to the middle of the table"
    return f"legal: {player} plays {result.card} for {fold_count(result.price)}{where}"
