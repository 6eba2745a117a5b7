"""Kept skill ratings at 10,000 games: rating a kind again from its results (what a merge, an import of older
games or an undo in a game others played on after costs), one finished game rated on (what every finish costs),
the latest game taken back (an undo), and a rating read (what the players screen and `history --ratings` cost),
each against a baseline measured in the same run.

Run with `python -m bench.ratings [GAMES]` (10,000 unless given); the entry function is `main`."""
from __future__ import annotations

import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from companion.games import KINDS
from companion.origami.render import sheet_json
from db import ratings, tallies
from db.records import GameRecord
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet

from .history_data import history

FRAME = 1 / 60  # a person waiting for the screen: one frame, about 16 ms


def timed(work: Callable[[], object], runs: int) -> float:
    """The median seconds of `runs` calls of `work` (the first call, warming caches, not counted)."""
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def line(name: str, seconds: float, baseline_name: str, baseline: float) -> None:
    print(f"{name:<52} {seconds * 1000:10.3f} ms   {seconds / baseline:8.3g}× the time of {baseline_name}")


def sheet(n: int) -> ScoreSheet:
    rows = [(f"P{1 + (n + i * 7) % 40}", 40 - 5 * i, i + 1) for i in range(4)]
    return ScoreSheet(tuple(PlayerScore(name, s, r, 0, (), ()) for name, s, r in rows), (rows[0][0],), None)


def raw_insert_commit(folder: Path, runs: int) -> float:
    """A plain sqlite3 row insert and commit, with the store's durability settings (WAL, synchronous FULL)."""
    raw = sqlite3.connect(folder / "raw.db", isolation_level=None)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("PRAGMA synchronous=FULL")
    raw.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT)")

    def one() -> None:
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("INSERT INTO t (a, b, c) VALUES (1, 2.5, 'x')")
        raw.execute("COMMIT")

    try:
        return timed(one, runs)
    finally:
        raw.close()


def main(count: int = 10_000) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"(building or copying a history of {count:,} games…)", flush=True)
        url, _ = history(count, folder)
        store = Store.open(url, KINDS)
        try:
            run(store, folder, count)
        finally:
            store.close()


def run(store: Store, folder: Path, count: int) -> None:
    print(f"Kept skill ratings, {count:,} finished games (openskill Plackett-Luce, 40 players, 2-4 a game)")

    def tallies_again() -> None:
        with store.engine.begin() as c:
            tallies.recount_all(c)

    def ratings_again() -> None:
        with store.engine.begin() as c:
            ratings.recount_kinds(c, ["origami"])  # every game of the bench history is an Origami game

    base = timed(tallies_again, 3)
    line("baseline: every tally counted again from the results", base, "itself", base)
    again = timed(ratings_again, 3)
    line("ratings rated again from the results (a kind, in order)", again, "recounting the tallies", base)

    # One finished game at the end: the whole write a user's finish makes, and the rating hook's share of it.
    spent: list[float] = []
    hook = ratings.rate_games

    def measured(c: Any, game_ids: Any) -> None:
        start = time.perf_counter()
        hook(c, game_ids)
        spent.append(time.perf_counter() - start)

    latest = max(g.finished_at for g in store.games.iter(status="finished", limit=1)
                 if isinstance(g, GameRecord) and g.finished_at)
    n = [0]

    def finish_one() -> None:
        n[0] += 1
        s = sheet(n[0])
        store.results.record(variant="origami", players=[p.name for p in s.players], families=["sea"],
                            characters=[], rules={}, sheet=s, sheets=sheet_json(s)["players"],
                            finished_at=latest + timedelta(hours=n[0]), kind="origami")

    raw = raw_insert_commit(folder, 50)
    line("baseline: raw sqlite3 insert + commit (WAL, FULL)", raw, "itself", raw)
    ratings.rate_games = measured  # type: ignore[assignment]  # the store calls it through the module
    try:
        whole = timed(finish_one, 50)
    finally:
        ratings.rate_games = hook
    rated = statistics.median(spent)
    line("one game finished at the end (the store's whole write)", whole, "a raw insert + commit", raw)
    line("  of which: rating it on (2 scopes, 4 players)", rated, "a raw insert + commit", raw)
    line("  of which: rating it on, against a frame", rated, "a 16 ms frame", FRAME)

    # An undo reopening the latest game: its players taken back to their ratings before it (rolled back here).
    newest = max(g.id for g in store.games.iter(status="finished", limit=1) if isinstance(g, GameRecord))

    def take_back() -> None:
        with store.engine.connect() as c, c.begin() as t:
            assert ratings.take_back(c, newest) is None  # taken back, not rated again
            t.rollback()

    back = timed(take_back, 50)
    line("an undo of the latest game: its ratings taken back", back, "a raw insert + commit", raw)

    # A rating read, as the players screen makes it, against rating the whole history (what it did before).
    p1 = store.profiles.get("P1").id
    fresh = timed(lambda: ratings.recompute(store.database), 3)
    line("baseline: every rating worked out from the results", fresh, "itself", fresh)
    one = timed(lambda: ratings.stored(store.database, player=p1), 20)
    line("one player's kept ratings and trend (players screen)", one, "working them out", fresh)
    everyone = timed(lambda: ratings.stored(store.database), 10)
    line("everyone's kept ratings (history --ratings)", everyone, "working them out", fresh)
    line("one player's kept ratings, against a frame", one, "a 16 ms frame", FRAME)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
