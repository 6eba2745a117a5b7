"""Plain-text and JSON renderings of engine results for the command line (times: companion/local_time.py)."""
from __future__ import annotations

from functools import reduce
from typing import Any

from scoring import counts
from scoring.errors import InputError
from scoring.i18n import N_, _, ngettext
from scoring.origami.card_names import shown_id
from scoring.origami.cards import CardId
from scoring.origami.catalog import Catalogue
from scoring.origami.options import Allowance
from scoring.origami.position import PlayCheck
from scoring.origami.sheet import Award, Line, PlayerScore, ScoreSheet, TieBreak
from scoring.origami.sheet_words import award_owner, card_line, sheet_note, why_shown


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


# The types a stored sheet's fields must have, as a problem names them (translated where said: `_said`).
_WHOLE, _TEXT, _LIST = N_("a whole number"), N_("text"), N_("a list")
_NULL = " or null"  # the field may be null as well
_LINE = {"card": _TEXT, "collection": _WHOLE, "position": _WHOLE, "printed": _WHOLE, "bonus": _WHOLE, "why": _TEXT}
_AWARD = {"source": _TEXT, "owner": _TEXT + _NULL, "points": _WHOLE, "why": _TEXT}


def sheet_problem(sheet: Any) -> str | None:
    """What is wrong with a player's stored score sheet (as `sheet_json` writes each player), or None: every
    field there with its type, lines and awards included."""
    if not isinstance(sheet, dict):
        return _("the score sheet is not an object")
    # total null: points unknown (a BG Stats play that kept only who won)
    shape = {"name": _TEXT, "total": _WHOLE + _NULL, "rank": _WHOLE, "hand": _WHOLE + _NULL,
             "lines": _LIST, "awards": _LIST}
    for key, what in shape.items():
        if key not in sheet or not _is(sheet[key], what):
            return _("the score sheet's {key} must be {type}").format(key=key, type=_said(what))
    for name, items, fields in ((N_("line"), sheet["lines"], _LINE), (N_("award"), sheet["awards"], _AWARD)):
        for i, item in enumerate(items):
            bad = [k for k, what in fields.items() if not isinstance(item, dict) or k not in item
                   or not _is(item[k], what)]
            if bad:
                # TRANSLATORS: {item} is "line" or "award" (a line of a player's score sheet), {n} its number.
                return _("the score sheet's {item} {n} needs {fields}").format(
                    item=_(name), n=i + 1, fields=", ".join(f"{k} ({_said(fields[k])})" for k in bad))
    return None


def _said(what: str) -> str:
    """A field's type as a problem names it, in the language in use."""
    if what.endswith(_NULL):
        return _("{type} or null").format(type=_(what.removesuffix(_NULL)))
    return _(what)


def _is(value: Any, what: str) -> bool:
    if what.endswith(_NULL) and value is None:
        return True
    what = what.removesuffix(_NULL)
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
            raise InputError(_("{player}'s result is damaged: {problem}; restore a backup copy of the database").format(
                player=r["name"], problem=problem))
    if tie_break not in TIE_BREAKS:
        raise InputError(_("the game's tie-break {value} is damaged; restore a backup copy of the database").format(
            value=repr(tie_break)))
    if any(r["sheet"]["total"] is None for r in results):
        raise InputError(_("points unknown: BG Stats kept only who won, so there is no score sheet"))
    players = tuple(
        PlayerScore(r["name"], r["sheet"]["total"], r["sheet"]["rank"], r["sheet"]["hand"],
                    tuple(Line(CardId(ln["card"]), ln["collection"], ln["position"], ln["printed"], ln["bonus"],
                               ln["why"]) for ln in r["sheet"]["lines"]),
                    tuple(Award(CardId(a["source"]), a["owner"], a["points"], a["why"]) for a in r["sheet"]["awards"]))
        for r in results)
    return ScoreSheet(players, tuple(r["name"] for r in results if r["winner"]), TIE_BREAKS[tie_break])


TIE_BREAKS: dict[str | None, TieBreak] = {None: None, "hand": "hand", "shared": "shared"}


def sheet_text(sheet: ScoreSheet, catalogue: Catalogue | None = None) -> str:
    """The sheet as the command line prints it; given the catalogue, the cards named as the edition of the
    language in use names them (in English, by their ids)."""
    def name(card: str) -> str:
        return card if catalogue is None else shown_id(card, catalogue)

    out: list[str] = []
    for p in sorted(sheet.players, key=lambda p: p.rank):
        points = ngettext("{n} point", "{n} points", p.total).format(n=p.total)
        head = _("{rank}. {player}: {points}") if p.hand is None else _("{rank}. {player}: {points} ({cards} in hand)")
        out.append(head.format(rank=p.rank, player=p.name, points=points,
                               cards=counts.cards(p.hand) if p.hand is not None else ""))
        for ln in p.lines:
            out.append(f"   {card_line(ln, name(ln.card))}"
                       + (f"  {why_shown(ln.why, catalogue)}" if ln.bonus or ln.why else ""))
        # TRANSLATORS: a line of the score sheet: who the award goes to, then the card giving it, its points, why.
        out += ["   " + _("award {owner} {card} {points}  {why}").format(
            owner=award_owner(a), card=f"{name(a.source):<14}", points=f"{a.points:+d}",
            why=why_shown(a.why, catalogue))
            for a in p.awards]
    said = sheet_note(sheet)
    if said is not None:
        out.append(said)
    if sheet.tie_break == "shared":
        out.append(_("Shared victory: {players} (tied on points and cards in hand).").format(
            players=", ".join(sheet.winners)))
    elif sheet.tie_break == "hand":
        out.append(_("Winner: {player} (tie on points broken by most cards in hand).").format(player=sheet.winners[0]))
    else:
        out.append(_("Winner: {player}.").format(player=sheet.winners[0]))
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
        return _("illegal: {rule}: {message}").format(rule=result.violation.rule, message=result.violation.message)
    assert result.price is not None
    legal = _("legal: {player} plays {card} for {folds}").format(
        player=player, card=result.card, folds=fold_count(result.price))
    if result.replaces:
        where = _("it goes to the middle of the table and replaces {card}").format(card=result.replaces)
    elif result.placements:
        spots = [(_("collection {n} (under)") if p.under else _("collection {n}")).format(n=p.collection + 1)
                 for p in result.placements]
        either = reduce(lambda first, second: _("{first} or {second}").format(first=first, second=second), spots)
        where = _("it may go on {spots}").format(spots=either) if len(spots) > 1 \
            else _("it goes on {spot}").format(spot=spots[0])
    else:
        where = _("it goes to the middle of the table")
    return "; ".join((legal, where))
