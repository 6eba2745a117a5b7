"""An Origami game in the companion's own export format (companion/exchange.py): its fields, its results (the most
points win; a tie broken by the cards in hand or shared) and its log, replayed from its setup with every check."""
from __future__ import annotations

from typing import Any

from db.records import WholeGame
from scoring.errors import InputError
from scoring.i18n import _, ngettext
from scoring.origami import events as e
from scoring.origami.state import Phase
from scoring.origami.table import Variant

from ..exchange import (
    MOST,
    TIE_BREAKS,
    as_now,
    event_of,
    list_of,
    read_log,
    read_renamed,
    rules_of,
    status_of,
    text_of,
    texts_of,
    time_of,
    whole_log,
)
from . import KIND
from .render import sheet_problem
from .replay import replay as replay_log


def read_export(g: dict[str, Any], uid: str, where: str, replay: bool = True) -> WholeGame:
    """An Origami game of a companion export, every field checked, its log replayed (unless `replay` is False: a
    second reading of a game already checked)."""
    if len(uid) > 36:
        raise InputError(_("uid: at most 36 characters"), where=where)
    variant = text_of(g, "variant", where)
    Variant.parse(variant, _("{where}: variant").format(where=where))
    players = texts_of(g, "players", where)
    if len(players) < 2 or len({p.casefold() for p in players}) != len(players):
        raise InputError(_("players: at least two, each a different name"), where=where)
    status, source = status_of(g, where)
    rules = rules_of(g, where)
    if g.get("tie_break") not in TIE_BREAKS:
        raise InputError(_('tie_break: null, "hand" or "shared"'), where=where)
    finished_at = time_of(g, "finished_at", where) if g.get("finished_at") is not None else None
    events = tuple(event_of(x, _("{where}: event {n}").format(where=where, n=i + 1), KIND)
                   for i, x in enumerate(list_of(g, "events", where)))
    results = tuple(_result(r, _("{where}: result {n}").format(where=where, n=i + 1))
                    for i, r in enumerate(list_of(g, "results", where)))
    if (status == "finished") != (finished_at is not None) or (status == "finished") != bool(results):
        raise InputError(_("a finished game has finished_at and a result per player; a game in play has neither"),
                         where=where)
    if any(r["hand"] is None for r in results) and source != "bgstats":
        raise InputError(_("hand: only a play from BG Stats leaves the cards in hand unknown"), where=where)
    unknown = [r["score"] is None for r in results]
    if any(unknown) and (source != "bgstats" or not all(unknown)):
        raise InputError(_("score: null only in a play from BG Stats that kept only who won, and then for "
                           "every player"), where=where)
    if results and len(results) != len(players):
        # TRANSLATORS: "results" is the file's field (a list): {results} is how many it holds.
        raise InputError(ngettext("{results} results for {n} player", "{results} results for {n} players",
                                  len(players)).format(results=len(results), n=len(players)), where=where)
    if results:
        _results_hold(results, g.get("tie_break"), where)
    if (source == "log") != bool(events):
        raise InputError(_("a game recorded turn by turn has its log; a quick-scored one has none"), where=where)
    whole = WholeGame(uid, variant, texts_of(g, "families", where), texts_of(g, "characters", where), rules,
                      players, status, source, time_of(g, "started_at", where), finished_at, g.get("tie_break"),
                      events, results, KIND)
    if events and replay:
        _replays(whole, where, read_renamed(g, where))
    return whole


def _replays(game: WholeGame, where: str, renamed: dict[str, str]) -> None:
    """The log is whole and replays from GameStarted."""
    whole_log(game.events, where)
    log = read_log(KIND, game.events)
    first = log[0].event
    if not isinstance(first, e.GameStarted) or as_now(tuple(first.players), renamed) != game.players:
        raise InputError(_("events: the log starts with the game's setup, with the same players"), where=where)
    setup = {"variant": (first.variant, game.variant), "families": (tuple(first.families), game.families),
             "characters": (tuple(first.character_pairs), game.characters),
             "rules": (dict(first.choices), game.rules)}
    differ = [name for name, (logged, stated) in setup.items() if logged != stated]
    if differ:
        raise InputError(_("the game's {fields} differ from the setup its log starts with").format(
            fields=", ".join(differ)), where=where)
    try:
        steps, final = replay_log(log)
    except Exception as exc:  # a log that cannot be replayed is a damaged file, whatever the reason
        raise InputError(_("events: the log cannot be replayed ({kind}: {problem})").format(
            kind=type(exc).__name__, problem=exc), where=where) from None
    for step in steps:
        if step.problems:
            raise InputError(_("the log cannot be replayed soundly: after event {n}, {problems}").format(
                n=step.entry.seq, problems="; ".join(step.problems)), where=where)
    if game.status == "finished" and (final is None or final.phase is not Phase.OVER):
        raise InputError(_('status is "finished" but the log never reaches the end of the game'), where=where)



def _results_hold(results: tuple[dict[str, Any], ...], tie_break: str | None, where: str) -> None:
    """The results are ones a game can end with: the most points win; a tie on points is broken by the cards in
    hand ("hand": one winner among the leaders) or shared ("shared": several winners); winners rank first. Without
    points (a BG Stats play that kept only who won): the winners rank first, everyone else after them."""
    if all(r["score"] is None for r in results):
        won = sum(r["winner"] for r in results)
        if not won or tie_break != ("shared" if won > 1 else None) or any(
                r["rank"] != (1 if r["winner"] else won + 1) for r in results):
            raise InputError(_('a play without points: at least one winner, ranked 1 (tie_break "shared" when '
                               'several), everyone else ranked after them'), where=where)
        return
    top = max(r["score"] for r in results)
    leaders = [r for r in results if r["score"] == top]
    winners = [r for r in results if r["winner"]]
    if any(r["score"] < top for r in winners):
        raise InputError(_("a winner has fewer points than {top}: the most points win").format(top=top), where=where)
    expected = {None: len(leaders) == 1 and len(winners) == 1, "hand": len(leaders) > 1 and len(winners) == 1,
                "shared": len(winners) > 1}[tie_break]
    if not expected:
        # TRANSLATORS: {leaders} is "{n} player(s)", translated apart; tie_break is a field of the file, kept as is.
        raise InputError(ngettext("{n} winner among {leaders} with the most points does not fit tie_break {tie_break}",
                                  "{n} winners among {leaders} with the most points do not fit tie_break {tie_break}",
                                  len(winners)).format(
            n=len(winners), leaders=ngettext("{n} player", "{n} players", len(leaders)).format(n=len(leaders)),
            tie_break=repr(tie_break)), where=where)
    if any(r["rank"] != 1 for r in winners) or any(r["rank"] < 1 or r["rank"] > len(results) for r in results):
        raise InputError(_("ranks: the winners rank 1, and every rank is from 1 to the number of players"),
                         where=where)



def _result(r: Any, where: str) -> dict[str, Any]:
    if not isinstance(r, dict) or set(r) != {"score", "rank", "winner", "hand", "sheet"}:
        raise InputError(_("needs exactly score, rank, winner, hand and sheet"), where=where)
    def number(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    if not number(r["rank"]) or not all(r[k] is None or number(r[k]) for k in ("score", "hand")):
        raise InputError(_("score, rank and hand must be whole numbers (hand and score may be null)"), where=where)
    if not isinstance(r["winner"], bool) or not isinstance(r["sheet"], dict):
        raise InputError(_("winner: true or false; sheet: an object"), where=where)
    hand = r["hand"]
    if not all(r[k] is None or -MOST <= r[k] <= MOST for k in ("score", "rank")) or (
            hand is not None and not 0 <= hand <= MOST):
        raise InputError(_("score, rank and hand: at most {most}").format(most=f"{MOST:,}"), where=where)
    problem = sheet_problem(r["sheet"])
    if problem is not None:
        raise InputError(problem, where=where)
    sheet = r["sheet"]
    if (sheet["total"], sheet["rank"], sheet["hand"]) != (r["score"], r["rank"], r["hand"]):
        raise InputError(_("the score sheet's total, rank and hand differ from the result's score, rank and hand"),
                         where=where)
    return dict(r)


