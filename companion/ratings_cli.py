"""`companion history --ratings`: every player's skill rating per game and per variant (openskill), with its
trend (the latest 20 games), and, given a line-up (`--chances A,B,C`), each player's chance to win a game of it.
All read from the ratings the store keeps (db/ratings.py), never from the whole history."""
from __future__ import annotations

import argparse
from typing import Any

from db.ratings import Ratings, chances, lineup_skills, stored
from db.store import Store
from scoring.errors import InputError

from .history import sparkline

TITLES = {"origami": "Origami", "origin-story": "Origin Story", "legends": "Origami Legends",
          "mixed": "Origami and Legends"}


def run(store: Store, args: argparse.Namespace) -> tuple[int, Any, str]:
    wanted = store.profiles.get(args.player).id if args.player else None
    ratings = stored(store, player=wanted)
    data: list[dict[str, Any]] = []
    out = ["Skill ratings (openskill, Plackett-Luce): ordinal = mu - 3 sigma, higher is better"]
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
                       f"sigma {s.sigma:4.2f})  {s.games:>4} game{'s' if s.games != 1 else ' '}  "
                       f"{sparkline([round(o * 10) for o in trend[-20:]])}")
            data.append({"scope": scope, "player": ratings.names.get(pid), "ordinal": s.ordinal, "mu": s.mu,
                         "sigma": s.sigma, "games": s.games,
                         "trend": [{"game": g, "ordinal": o} for g, o in ratings.trend[(scope, pid)]]})
    if len(out) == 1:
        out.append("no finished games of two players or more yet")
    result: dict[str, Any] = {"ratings": data}
    if args.chances:
        line, odds = lineup(store, args.chances, args.chances_in)
        result["chances"] = odds
        out.append(line)
    return 0, result, "\n".join(out)


def title(scope: str) -> str:
    kind, _, variant = scope.partition("/")
    return TITLES[kind] + (f" · {TITLES.get(variant, variant)}" if variant else ", every variant")


def lineup(store: Store, names: str, scope: str) -> tuple[str, list[dict[str, Any]]]:
    """Each named player's chance to win against the others, by their ratings in `scope`."""
    people = [n.strip() for n in names.split(",") if n.strip()]
    if not 2 <= len(people) <= 5:
        raise InputError("name 2 to 5 players, separated by commas", where="--chances")
    found = [store.profiles.get(n) for n in people]
    ids = [p.id for p in found]
    if len(set(ids)) != len(ids):
        raise InputError("a player is named twice", where="--chances")
    odds = chances(lineup_skills(store, scope, ids), ids)
    shown = [p.name for p in found]
    return (f"Chances to win ({title(scope)}): " + ", ".join(f"{n} {p:.0%}" for n, p in zip(shown, odds, strict=True)),
            [{"player": n, "chance": p} for n, p in zip(shown, odds, strict=True)])


def player_lines(ratings: Ratings, pid: int) -> list[str]:
    """A player's ratings (`ratings`: theirs, as `stored` reads them) as the players screen shows them: one line per
    game and variant, with the trend."""
    out = []
    for scope in sorted(ratings.by_scope, key=lambda s: (s.split("/")[0], "/" in s, s)):
        s = ratings.by_scope[scope].get(pid)
        if s is not None:
            trend = [round(o * 10) for _, o in ratings.trend[(scope, pid)][-20:]]
            out.append(f"  rating {title(scope)}: {s.ordinal:.1f} (mu {s.mu:.1f}, sigma {s.sigma:.1f}) "
                       f"{sparkline(trend)}")
    return out
