"""The history verbs of the command line: players, games, history, replay (they open the database)."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

from db.errors import DamagedGame
from db.location import default_url
from scoring.errors import InputError

from . import games
from .local_time import when
from .origami import KIND as ORIGAMI

if TYPE_CHECKING:  # the store (SQLAlchemy) loads when a verb runs, not for `companion games --help`
    from db.stats import PlayerStats
    from db.store import Store

    from .game import Statistics

VERBS = ("players", "games", "history", "replay")
BARS = "▁▂▃▄▅▆▇█"


def add_verbs(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("players", "player profiles: list them, or add, rename, merge (all games follow the merge)")
    p.add_argument("action", nargs="?", choices=("list", "add", "rename", "merge"), default="list")
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="add NAME | rename OLD NEW | merge FROM INTO (FROM's games join INTO)")
    p = verb("games", "recorded games, newest first")
    status = p.add_mutually_exclusive_group()
    status.add_argument("--unfinished", action="store_true", help="only games still being played (to resume)")
    status.add_argument("--finished", action="store_true", help="only finished games")
    p.add_argument("--player", help="only this player's games")
    p.add_argument("--limit", type=_count, metavar="N", help="only the newest N games")
    p.add_argument("--since", type=_day, metavar="YYYY-MM-DD", help="only games started on that day or later (UTC)")
    p = verb("history", "statistics: every player in brief, or one player in full, or two head to head")
    p.add_argument("player", nargs="?", help="the player (omit for everyone)")
    p.add_argument("--vs", metavar="OTHER", help="head-to-head record against another player")
    p.add_argument("--ratings", action="store_true",
                   help="skill ratings (openskill) per game and variant, with their trend (one player's, if named)")
    p.add_argument("--chances", metavar="A,B[,…]", help="with --ratings: each player's chance to win this line-up")
    p.add_argument("--in", dest="chances_in", default="origami", metavar="SCOPE",
                   help="with --chances: the ratings used (origami, origami/legends, origami/mixed, origin-story…)")
    p = verb("replay", "a game's log step by step, the state after each event, and the checks on it "
                       "(exit 1 when a check fails)")
    p.add_argument("game", type=int, help="the game's number (see `companion games`)")


def _count(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of games (1 or more)")
    return int(text)


def _day(text: str) -> datetime:
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31") from None
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def run(args: argparse.Namespace) -> tuple[int, Any, str]:
    """(exit code, JSON data, text) for a history verb."""
    from db.store import Store

    store = Store.open(args.db or default_url(), games.KINDS)
    try:
        return _VERBS[args.verb](store, args)
    finally:
        store.close()


def _players(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    wanted = {"list": 0, "add": 1, "rename": 2, "merge": 2}[args.action]
    if len(args.names) != wanted:
        usage = {"list": "companion players", "add": "companion players add NAME",
                 "rename": "companion players rename OLD NEW", "merge": "companion players merge FROM INTO"}
        raise InputError(f"give {wanted or 'no'} name(s): {usage[args.action]}", where=f"players {args.action}")
    if args.action == "add":
        p = store.profiles.add(args.names[0])
        return 0, {"id": p.id, "name": p.name}, f"added {p.name}"
    if args.action == "rename":
        p = store.profiles.rename(args.names[0], args.names[1])
        return 0, {"id": p.id, "name": p.name}, f"{args.names[0]} is now {p.name}"
    if args.action == "merge":
        p = store.profiles.merge(args.names[0], args.names[1])
        return 0, {"id": p.id, "name": p.name}, f"{args.names[0]} merged into {p.name}: all games follow"
    rows = []
    for p in store.profiles.all():
        t = statistics(store, p.id, trend=0)[0]
        rows.append({"id": p.id, "name": p.name, "games": t.games, "wins": t.wins})
    text = "\n".join(f"{r['name']:<20} {r['games']:>4} games {r['wins']:>4} wins" for r in rows)
    return 0, rows, text or "no players yet: `companion players add NAME`, or start a game"


def _games(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    status = "playing" if args.unfinished else "finished" if args.finished else None
    rows: list[dict[str, Any]] = []
    damaged: list[DamagedGame] = []
    # A page of games at a time, each page in three statements, whatever the size of the history.
    for found in store.games.iter_with_results(status=status, player=args.player, since=args.since,
                                               limit=args.limit):
        if isinstance(found, DamagedGame):
            damaged.append(found)
            continue
        g, results = found
        winners = [r["name"] for r in results if r["winner"]]
        rows.append({"id": g.id, "uid": g.uid, "variant": g.variant, "players": list(g.players),
                     "families": list(g.families), "status": g.status, "source": g.source,
                     "started_at": g.started_at.isoformat(),
                     "finished_at": g.finished_at.isoformat() if g.finished_at else None,
                     "winners": winners, "tie_break": g.tie_break, "events": g.last_seq})
    text = "\n".join(
        f"{r['id']:>5}  {when(datetime.fromisoformat(r['started_at']))}  {r['variant']:<8} "
        f"{', '.join(r['players']):<32} "
        + (f"won by {' and '.join(r['winners'])}" if r["winners"] else
           f"{'abandoned' if r['status'] == 'abandoned' else 'in play'} ({r['events']} "
           f"event{'s' if r['events'] != 1 else ''})")
        for r in rows)
    rows += [{"id": d.game, "damaged": d.why} for d in sorted(damaged, key=lambda d: d.game)]
    text = "\n".join([text, *(f"{d.game:>5}  damaged: {d.why} (restore a backup copy of the database)"
                              for d in sorted(damaged, key=lambda d: d.game))]).strip("\n")
    return 0, rows, text or "no games recorded yet"


def sparkline(scores: list[int]) -> str:
    if not scores:
        return ""
    low, high = min(scores), max(scores)
    span = (high - low) or 1
    return "".join(BARS[(s - low) * (len(BARS) - 1) // span] for s in scores)


def statistics(store: Store, who: str | int, trend: int = 30) -> tuple[Statistics, list[Statistics]]:
    """`blocks` of a player's statistics."""
    return blocks(store.stats.player(who, trend))


def blocks(stats: PlayerStats) -> tuple[Statistics, list[Statistics]]:
    """A player's statistics as each game shows them: the first game's block, the history's headline (`players` and
    the listing of everyone show it alone, as they did before there was a second game), then the block of each other
    game the player finished."""
    first, *others = (game.statistics(stats) for game in games.every())
    return first, [block for block in others if block.games]


def headline_kind() -> str:
    """The game whose head-to-head records the history shows (the first game's)."""
    return games.every()[0].kind


def _history(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    if args.ratings:
        from .ratings_cli import run as ratings

        return ratings(store, args)
    if args.chances:
        raise InputError("give --ratings too: companion history --ratings --chances A,B", where="--chances")
    if args.vs and not args.player:
        raise InputError("name the player to compare: companion history PLAYER --vs OTHER", where="--vs")
    if args.vs:
        h = store.stats.head_to_head(args.player, args.vs, headline_kind())
        data = {"a": h.a.name, "b": h.b.name, "games": h.games, "a_ahead": h.a_ahead, "b_ahead": h.b_ahead,
                "level": h.level}
        return 0, data, (f"{h.a.name} vs {h.b.name}: {h.games} games together; {h.a.name} ahead {h.a_ahead}, "
                         f"{h.b.name} ahead {h.b_ahead}, level {h.level}")
    if args.player:
        first, others = statistics(store, args.player)
        merged: dict[str, Any] = {}
        for block in (first, *others):
            merged |= block.data
        return 0, merged, "\n".join(block.text for block in (first, *others))
    everyone = [statistics(store, p.id)[0] for p in store.profiles.all()]
    return 0, [s.data for s in everyone], "\n".join(s.text.splitlines()[0] for s in everyone) or "no players yet"


def _replay(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    from .origami.replay import replay, step_json, step_text

    game = store.games.get(args.game)
    if game.kind != ORIGAMI:
        raise InputError(f"game {game.id} is an Origin Story game: `companion origin replay {game.id}` replays it")
    try:
        steps, final = replay(store.log.events(game.id))
    except InputError:
        raise
    except Exception as exc:  # events read from disk that no game can reach: the log is damaged
        raise InputError(f"game {game.id}'s log cannot be replayed ({type(exc).__name__}: {exc}): it is damaged; "
                         "restore a backup copy of the database") from None
    bad = [s for s in steps if s.problems]
    summary = (f"game {game.id}: {len(steps)} events, " +
               ("every check passed" if not bad else f"{len(bad)} event(s) fail a check"))
    if final is not None:
        summary += f"; now: {final.end_banner()}"
    data = {"game": game.id, "status": game.status, "steps": [step_json(s) for s in steps],
            "checks": "ok" if not bad else [s.entry.seq for s in bad]}
    return (1 if bad else 0), data, "\n".join([*(step_text(s) for s in steps), summary])


_VERBS: dict[str, Callable[[Store, argparse.Namespace], tuple[int, Any, str]]] = {
    "players": _players, "games": _games, "history": _history, "replay": _replay}
