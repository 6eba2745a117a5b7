"""The history verbs of the command line: players, games, history (with the skill ratings), replay (they open the
database)."""
from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from datetime import UTC, date, datetime
from functools import reduce
from typing import TYPE_CHECKING, Any

from db.errors import DamagedGame
from db.location import default_url
from scoring.errors import InputError
from scoring.i18n import _, ngettext

from . import games
from .figures import blocks, column, game_count, head_to_head, sparkline, title, win_count
from .game import Output
from .local_time import when

if TYPE_CHECKING:  # the store (SQLAlchemy) loads when a verb writes, not for `companion games --help` or a read
    from db.quick_history import HistoryReads
    from db.store import Store


VERBS = ("players", "games", "history", "replay")


def add_verbs(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("players", _("player profiles: list them, or add, rename, merge (all games follow the merge)"))
    p.add_argument("action", nargs="?", choices=("list", "add", "rename", "merge"), default="list")
    p.add_argument("names", nargs="*", metavar="NAME",
                   help=_("add NAME | rename OLD NEW | merge FROM INTO (FROM's games join INTO)"))
    p = verb("games", _("recorded games, newest first"))
    status = p.add_mutually_exclusive_group()
    status.add_argument("--unfinished", action="store_true", help=_("only games still being played (to resume)"))
    status.add_argument("--finished", action="store_true", help=_("only finished games"))
    p.add_argument("--player", help=_("only this player's games"))
    p.add_argument("--limit", type=_count, metavar="N", help=_("only the newest N games"))
    p.add_argument("--since", type=_day, metavar="YYYY-MM-DD",
                   help=_("only games started on that day or later (UTC)"))
    p = verb("history", _("statistics: every player in brief, or one player in full, or two head to head"))
    p.add_argument("player", nargs="?", help=_("the player (omit for everyone)"))
    p.add_argument("--vs", metavar="OTHER", help=_("head-to-head record against another player"))
    p.add_argument("--ratings", action="store_true",
                   help=_("skill ratings (openskill) per game and variant, with their trend (one player's, if "
                          "named)"))
    p.add_argument("--chances", metavar="A,B[,…]",
                   help=_("with --ratings: each player's chance to win this line-up"))
    p.add_argument("--in", dest="chances_in", default=games.UNMARKED, metavar="SCOPE",
                   help=_("with --chances: the ratings used: a game ({games}; {default} unless given), or a game "
                          "and its variant (e.g. origami/legends)")
                   .format(games=", ".join(games.kinds()), default=games.UNMARKED))
    p = verb("replay", _("a game's log step by step, the state after each event, and the checks on it (exit 1 when "
                         "a check fails)"))
    p.add_argument("game", type=int, help=_("the game's number (see `companion games`)"))


def _count(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(_("{text!r} is not a number of games (1 or more)").format(text=text))
    return int(text)


def _day(text: str) -> datetime:
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31")
                                         .format(text=text)) from None
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def run(args: argparse.Namespace) -> Output:
    """(exit code, JSON data, text) for a history verb: a read in plain SQL when the database allows it (SQLAlchemy
    stays unloaded), else through the store."""
    url = args.db or default_url()
    reads = _read_only(args)
    if reads is not None:
        from db.quick_history import NotQuick, open_history

        quick = open_history(url, games.KINDS)
        if quick is not None:
            try:
                return reads(quick, args)
            except NotQuick:  # the store answers it, and names what is wrong
                pass
            finally:
                quick.close()
    from db.store import Store

    store = Store.open(url, games.KINDS)
    try:
        return _VERBS[args.verb](store, args)
    finally:
        store.close()


def _read_only(args: argparse.Namespace) -> Callable[[HistoryReads, argparse.Namespace], Output] | None:
    """The verb when it only reads what plain SQL can read too (no write, no skill ratings)."""
    if args.verb == "players" and args.action == "list" and not args.names:
        return _player_list
    if args.verb == "history" and not (args.ratings or args.chances):
        return _statistics
    return _games if args.verb == "games" else None


def _players(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    wanted = {"list": 0, "add": 1, "rename": 2, "merge": 2}[args.action]
    if len(args.names) != wanted:
        usage = {"list": "companion players", "add": "companion players add NAME",
                 "rename": "companion players rename OLD NEW", "merge": "companion players merge FROM INTO"}
        give = ngettext("give {n} name", "give {n} names", wanted).format(n=wanted) if wanted else _("give no names")
        raise InputError(f"{give}: {usage[args.action]}", where=f"players {args.action}")
    if args.action == "add":
        p = store.profiles.add(args.names[0])
        return 0, {"id": p.id, "name": p.name}, _("added {name}").format(name=p.name)
    if args.action == "rename":
        p = store.profiles.rename(args.names[0], args.names[1])
        return 0, {"id": p.id, "name": p.name}, _("{old} is now {name}").format(old=args.names[0], name=p.name)
    if args.action == "merge":
        p = store.profiles.merge(args.names[0], args.names[1])
        return 0, {"id": p.id, "name": p.name}, _("{old} merged into {name}: all games follow").format(
            old=args.names[0], name=p.name)
    return _player_list(store, args)


def _player_list(reads: HistoryReads, args: argparse.Namespace) -> tuple[int, Any, str]:
    rows: list[dict[str, Any]] = []
    for p in reads.profiles.all():
        t = blocks(reads.stats.player(p.id, trend=0))[0]
        rows.append({"id": p.id, "name": p.name, "games": t.games, "wins": t.wins})
    text = "\n".join(f"{r['name']:<20} {column(game_count, r['games'])} {column(win_count, r['wins'], last=True)}"
                     for r in rows)
    return 0, rows, text or _("no players yet: `companion players add NAME`, or start a game")


def _games(reads: HistoryReads, args: argparse.Namespace) -> Output:
    """Printed a page at a time as the games are read (memory stays bounded whatever the size of the history), each
    game's line or JSON object as the whole list would print it; the damaged games named last."""
    status = "playing" if args.unfinished else "finished" if args.finished else None
    damaged: list[DamagedGame] = []
    shown = 0

    def show(row: dict[str, Any], line: str) -> None:
        nonlocal shown
        if args.json:  # the list as json.dumps(rows, indent=2) writes it, an object at a time
            print("[\n" if not shown else ",\n", end="")
            print("\n".join("  " + part for part in json.dumps(row, indent=2, ensure_ascii=False).split("\n")),
                  end="")
        else:
            print(line)
        shown += 1

    # A page of games at a time, each page in three statements, whatever the size of the history.
    for found in reads.games.iter_with_results(status=status, player=args.player, since=args.since,
                                               limit=args.limit):
        if isinstance(found, DamagedGame):
            damaged.append(found)
            continue
        g, results = found
        winners = [r["name"] for r in results if r["winner"]]
        row: dict[str, Any] = {"id": g.id, "uid": g.uid, "variant": g.variant, "players": list(g.players),
                               "families": list(g.families), "status": g.status, "source": g.source,
                               "started_at": g.started_at.isoformat(),
                               "finished_at": g.finished_at.isoformat() if g.finished_at else None,
                               "winners": winners, "tie_break": g.tie_break, "events": g.last_seq}
        show(row, f"{row['id']:>5}  {when(g.started_at)}  {row['variant']:<8} {', '.join(row['players']):<32} "
                  + _outcome(row))
    for d in sorted(damaged, key=lambda d: d.game):
        show({"id": d.game, "damaged": d.why}, f"{d.game:>5}  " + _("damaged: {why} (restore a backup copy of the "
                                                                    "database)").format(why=d.why))
    if args.json:
        print("\n]" if shown else "[]")
    elif not shown:
        print(_("no games recorded yet"))
    return 0, None, None


def _outcome(r: dict[str, Any]) -> str:
    """How a listed game stands: its winners, finished with none of its players winning (a solo game the game's
    own opponents won), abandoned, or in play."""
    if r["winners"]:
        return _("won by {winners}").format(winners=reduce(
            lambda first, last: _("{first} and {last}").format(first=first, last=last), r["winners"]))
    if r["status"] == "finished":
        return _("finished, won by none of its players")
    events = ngettext("{n} event", "{n} events", r["events"]).format(n=r["events"])
    return (_("abandoned ({events})") if r["status"] == "abandoned" else _("in play ({events})")).format(events=events)


def _history(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    return ratings(store, args) if args.ratings else _statistics(store, args)


def _statistics(reads: HistoryReads, args: argparse.Namespace) -> tuple[int, Any, str]:
    if args.chances:
        raise InputError(_("give --ratings too: companion history --ratings --chances A,B"), where="--chances")
    if args.vs and not args.player:
        raise InputError(_("name the player to compare: companion history PLAYER --vs OTHER"), where="--vs")
    if args.vs:
        v = reads.stats.versus(args.player, args.vs)
        data, lines = head_to_head(v, _("{a} vs {b}").format(a=v.a.name, b=v.b.name))
        return 0, data, "\n".join("; ".join(line) for line in lines)
    if args.player:
        first, others = blocks(reads.stats.player(args.player))
        merged: dict[str, Any] = {}
        for block in (first, *others):
            merged |= block.data
        return 0, merged, "\n".join(block.text for block in (first, *others))
    everyone = [blocks(reads.stats.player(p.id))[0] for p in reads.profiles.all()]
    return 0, [s.data for s in everyone], "\n".join(s.text.splitlines()[0] for s in everyone) or _("no players yet")


def _replay(store: Store, args: argparse.Namespace) -> Output:
    game = store.games.get(args.game)
    if not games.known(game.kind):
        raise InputError(_("game {id} is a game of {kind!r}, which this companion does not know: written by a newer "
                           "companion?").format(id=game.id, kind=game.kind))
    return games.game(game.kind).replay(store, game)


_VERBS: dict[str, Callable[[Store, argparse.Namespace], Output]] = {
    "players": _players, "games": _games, "history": _history, "replay": _replay}


# --- skill ratings ------------------------------------------------------------------------------------
def ratings(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    """`companion history --ratings`: every player's skill rating per game and per variant (openskill), with its
    trend (the latest 20 games), and, given a line-up (`--chances A,B,C`), each player's chance to win a game of
    it. All read from the ratings the store keeps (db/ratings.py), never from the whole history."""
    from db.ratings import stored

    wanted = store.profiles.get(args.player).id if args.player else None
    ratings = stored(store.database, player=wanted)
    data: list[dict[str, Any]] = []
    out = [_("Skill ratings (openskill, Plackett-Luce): ordinal = mu - 3 sigma, higher is better")]
    for scope in sorted(ratings.by_scope, key=lambda s: (s.split("/")[0], "/" in s, s)):
        table = ratings.by_scope[scope]
        rows = sorted(((pid, s) for pid, s in table.items() if wanted in (None, pid)),
                      key=lambda x: (-x[1].ordinal, ratings.names.get(x[0], "")))
        if not rows:
            continue
        out.append(title(scope))
        width = max(len(ratings.names.get(pid, "?")) for pid, _ in rows)
        for place, (pid, s) in enumerate(rows, 1):
            trend = [o for _, o in ratings.trend[(scope, pid)]]
            out.append(f"  {place:>2}. {ratings.names.get(pid, '?'):<{width}}  {s.ordinal:6.2f}  (mu {s.mu:5.2f}, "
                       f"sigma {s.sigma:4.2f})  {column(game_count, s.games)}  "
                       f"{sparkline([round(o * 10) for o in trend[-20:]])}")
            data.append({"scope": scope, "player": ratings.names.get(pid), "ordinal": s.ordinal, "mu": s.mu,
                         "sigma": s.sigma, "games": s.games,
                         "trend": [{"game": g, "ordinal": o} for g, o in ratings.trend[(scope, pid)]]})
    if len(out) == 1:
        out.append(_("no finished games of two players or more yet"))
    result: dict[str, Any] = {"ratings": data}
    if args.chances:
        line, odds = lineup(store, args.chances, args.chances_in)
        result["chances"] = odds
        out.append(line)
    return 0, result, "\n".join(out)


def lineup(store: Store, names: str, scope: str) -> tuple[str, list[dict[str, Any]]]:
    """Each named player's chance to win against the others, by their ratings in `scope`."""
    from db.ratings import chances, lineup_skills

    people = [n.strip() for n in names.split(",") if n.strip()]
    if not 2 <= len(people) <= 5:
        raise InputError(_("name 2 to 5 players, separated by commas"), where="--chances")
    found = [store.profiles.get(n) for n in people]
    ids = [p.id for p in found]
    if len(set(ids)) != len(ids):
        raise InputError(_("a player is named twice"), where="--chances")
    odds = chances(lineup_skills(store.database, scope, ids), ids)
    shown = [p.name for p in found]
    return (_("Chances to win ({scope}): {chances}").format(
                scope=title(scope), chances=", ".join(f"{n} {p:.0%}" for n, p in zip(shown, odds, strict=True))),

            [{"player": n, "chance": p} for n, p in zip(shown, odds, strict=True)])
