"""The history at scale: for each size (1,000, 10,000 and, with --full, 100,000 games), what a person waits for,
measured as they meet it, against the same at 100 games measured alternately with it (run for run: a baseline
measured minutes earlier saw another machine). Every figure names the size it was measured at.

- statistics and head-to-head: one player (P1, who played every game, the totals checked to count them) through
  the store, against a 16 ms frame; P1 has also finished the latest three games, of Origin Story (their block and
  its trend are read with the Origami ones);
- `companion games --limit 20`, `history` and `players`: the console script start to end (output to a pipe),
  against `python -c pass` in the same minutes; and `companion games` listing every game, its cost per game beyond
  the baseline's and its peak memory;
- Home usable: `companion` in a pseudo-terminal, `p` typed the moment Home shows, until the players screen is on;
- the players screen: the app driven by its pilot, from the key to P1's statistics and latest games on screen;
- the served table: one refresh of the phones' page (the latest game, in play with 300+ actions, found and its
  table built), and 50 phones asking at once just after an action late in the same long game (recorded into a
  copy of the database: the latest game the other figures read stays the same), over HTTP to the real `companion
  serve` (bench/phones.py: the time until the last has the new table);
- export (the companion's own file and BG Stats') and import (each file into a new database): the console script's
  time and peak memory, and importing the same file again; per game, the games beyond the baseline's (start-up is
  in the baseline's time); each import also against the raw floor measured in the same run (`raw_floor`: plain
  sqlite3 writing the same games, players, seats and results in one transaction at the same durability).
Each figure is the median of three alternated runs (one run is as noisy as the difference sought); a peak memory
is a single run's. `--import-only SIZE` (e.g. 10000) measures only the imports and their floor, at that size."""
from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from companion.figures import blocks
from companion.games import KINDS

from .history_data import history
from .phones import PHONES, served_phones
from .terminal import BIN, run_time

FRAME = 1 / 60
BASELINE = 100
SIZES = (1_000, 10_000)
QUICK = (1_000,)
FULL = 100_000


def median_time(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def alternated(work: Callable[[str], float], base: str, url: str, repeat: int) -> tuple[float, float]:
    """Medians of `work` on the baseline's database and on this size's, run one after the other in turn: both see
    the same moments of a noisy machine (a baseline run minutes earlier would not)."""
    at_base: list[float] = []
    at_size: list[float] = []
    for _ in range(repeat):
        at_base.append(work(base))
        at_size.append(work(url))
    return statistics.median(at_base), statistics.median(at_size)


@cache
def long_game() -> list[Any]:
    """A random legal 4-player game of more than 300 actions: what the phones' table shows late in an evening."""
    from companion.origami.catalogue import shipped
    from companion.origami.playout import filled

    from .store import ACTIONS, long_script

    return long_script(filled(shipped()), ACTIONS)


def add_log_game(url: str) -> None:
    """The latest game, in play, recorded turn by turn: a long one (300+ actions), its last action not yet taken
    (the table stays in play)."""
    from companion.origami.catalogue import shipped
    from companion.origami.playout import filled
    from db.store import Store

    from .store import recorded_game

    store = Store.open(url, KINDS)
    try:
        recorded_game(store, filled(shipped()), long_game()[:-1])
    finally:
        store.close()


def add_origin_games(url: str) -> None:
    """Three Origin Story games P1 finished after the Origami history, through the import path: a player whose
    few games of one kind sit among thousands of another's (their trend is read apart from the others')."""
    from datetime import UTC, datetime, timedelta

    from db.records import WholeGame
    from db.store import Store

    store = Store.open(url, KINDS)
    try:
        end = datetime(2026, 1, 2, 20, tzinfo=UTC)
        store.exchange.add([WholeGame(
            f"origin-bench-{n}", "table", (), (), {}, ("P1", "P2", "P3"), "finished", "quick",
            end + timedelta(days=n) - timedelta(hours=1), end + timedelta(days=n), None, (),
            tuple({"score": score, "rank": rank, "winner": rank == 1, "hand": None,
                   "sheet": {"name": name, "total": score, "rank": rank, "rounds": []}}
                  for name, score, rank in (("P1", 20 + n, 1), ("P2", 15, 2), ("P3", 10, 3))), "origin-story")
            for n in range(3)])
    finally:
        store.close()


def store_figures(url: str) -> dict[str, float]:
    from db.store import Store

    store = Store.open(url, KINDS)
    try:
        games = blocks(store.stats.player("P1"))[0].games
        if games == 0:  # the figure must time reading P1's totals, not an empty history
            raise SystemExit(f"P1's statistics at {url} show no game: the benchmark would time reading nothing")
        return {"stats": median_time(lambda: store.stats.player("P1"), 15),
                "h2h": median_time(lambda: store.stats.head_to_head("P1", "P2", "origami"), 15)}
    finally:
        store.close()


def served_refresh(url: str) -> float:
    """One refresh of the phones' table page with the game changed since the last: the latest game found, its
    table built (TableView's own build, on its worker's store)."""
    from companion.serve import TableView
    from companion.watch import Shown

    view = TableView(url, None)
    view._build()  # the store opened, as the server's first request does

    def refresh() -> None:
        view.built = Shown("", "")  # as after another action at the table
        assert "<" in view._build().html
    took = median_time(refresh, 5)
    view.worker.submit(view.store.close if view.store else (lambda: None)).result()
    view.worker.shutdown()
    return took


async def players_screen(url: str) -> float:
    """From the key on Home to P1's statistics and latest games on the players screen."""
    from textual.widgets import OptionList

    from companion.app import make_app
    from screens.players import PlayersScreen

    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        start = time.perf_counter()
        await pilot.press("p")
        while True:
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            if (isinstance(screen, PlayersScreen) and screen.filled  # its lists come after its first paint
                    and screen.query_one("#games", OptionList).option_count):
                return time.perf_counter() - start
            if time.perf_counter() - start > 600:
                raise TimeoutError("the players screen never showed P1's games")


def cli_run(url: str, *argv: str) -> tuple[float, int]:
    """The console script's time start to end (output to a pipe) and its peak memory in kB."""
    return run_time([str(BIN / "companion"), *argv], env={"COMPANION_DB": url})


def home_usable(url: str) -> float:
    """`companion` in a pty, `p` typed the moment Home shows, until the players screen is on (bench/entry.py)."""
    from .entry import companion_screen

    return companion_screen(url, timeout=900)[1]


def exchange(url: str, folder: Path) -> dict[str, float]:
    """Export (both files) and import each into a new database, then the same file again: seconds and peak kB each;
    and the raw floor of the import, in the same minutes."""
    file, bgstats = folder / "export.json", folder / "export.bgsplay.json"
    target, other = folder / "imported.db", folder / "imported-bgstats.db"
    out: dict[str, float] = {}
    out["export"], out["export_kb"] = cli_run(url, "export", str(file))
    out["bgstats"], out["bgstats_kb"] = cli_run(url, "export", "--bgstats", str(bgstats))
    out["floor"] = raw_floor(file, folder)
    out["import"], out["import_kb"] = cli_run(f"sqlite:///{target}", "import", str(file))
    out["again"], out["again_kb"] = cli_run(f"sqlite:///{target}", "import", str(file))
    out["bg_import"], out["bg_import_kb"] = cli_run(f"sqlite:///{other}", "import", "--yes", str(bgstats))
    out["bg_again"], out["bg_again_kb"] = cli_run(f"sqlite:///{other}", "import", "--yes", str(bgstats))
    for done in (file, bgstats, *(db.with_name(db.name + end) for db in (target, other)
                                  for end in ("", "-wal", "-shm"))):
        done.unlink(missing_ok=True)
    return out


def raw_floor(file: Path, folder: Path) -> float:
    """The floor an import is measured against: the games of an export (`file`, read beforehand) written by plain
    sqlite3 into a new database of the companion's schema, at the same durability (WAL, synchronous=FULL): their
    players, games, seats and results in one transaction, an executemany per table. Seconds from BEGIN to COMMIT."""
    import json
    import sqlite3

    from db.store import Store

    games = json.loads(file.read_text(encoding="utf-8"))["games"]
    target = folder / "floor.db"
    Store.open(f"sqlite:///{target}", KINDS).close()  # the schema, its indexes included
    names = sorted({n for g in games for n in g["players"]})
    ids = {n: i for i, n in enumerate(names, 1)}
    db = sqlite3.connect(target, isolation_level=None)
    db.execute("PRAGMA synchronous=FULL")
    try:
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.executemany("INSERT INTO players (id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
                       [(i, n, n.casefold(), "2026-01-01 00:00:00.000000") for n, i in ids.items()])
        db.executemany("INSERT INTO games (id, uid, kind, variant, families, characters, rules, player_count, status, "
                       "source, started_at, finished_at, tie_break) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [(gid, g["uid"], g.get("kind", "origami"), g["variant"], json.dumps(g["families"]),
                         json.dumps(g["characters"]), json.dumps(g["rules"]), len(g["players"]), g["status"],
                         g["source"], g["started_at"], g["finished_at"], g["tie_break"])
                        for gid, g in enumerate(games, 1)])
        db.executemany("INSERT INTO game_players (game_id, seat, player_id) VALUES (?, ?, ?)",
                       [(gid, seat, ids[n]) for gid, g in enumerate(games, 1) for seat, n in enumerate(g["players"])])
        db.executemany("INSERT INTO results (game_id, seat, player_id, score, rank, winner, hand, sheet, finished_at, "
                       "kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [(gid, seat, ids[n], r["score"], r["rank"], r["winner"], r["hand"], json.dumps(r["sheet"]),
                         g["finished_at"], g.get("kind", "origami")) for gid, g in enumerate(games, 1)
                        if g.get("results")  # a game in play (its log exported) has no results yet
                        for seat, (n, r) in enumerate(zip(g["players"], g["results"], strict=True))])
        db.execute("COMMIT")
        return time.perf_counter() - start
    finally:
        db.close()
        for done in (target, target.with_name(target.name + "-wal"), target.with_name(target.name + "-shm")):
            done.unlink(missing_ok=True)


def measure(size: int, base: str, folder: Path) -> tuple[dict[str, float], dict[str, float]]:
    """Every figure at `size` games and, alternated with it, at the baseline's (`base`, already prepared)."""
    url, built = history(size, folder)
    if built:
        print(f"  (built the {size:,}-game history through the store's import path in {built:.1f} s; cached)")
    add_log_game(url)
    add_origin_games(url)
    repeat = 3
    at, then = store_figures(url), store_figures(base)
    for key, work in (("pass", lambda _: run_time([sys.executable, "-c", "pass"])[0]),
                      ("games", lambda u: cli_run(u, "games", "--limit", "20")[0]),
                      ("history", lambda u: cli_run(u, "history")[0]),
                      ("players", lambda u: cli_run(u, "players")[0]),
                      ("all_games", lambda u: cli_run(u, "games")[0]),
                      ("home", home_usable),
                      ("screen", lambda u: asyncio.run(players_screen(u))),
                      ("served", served_refresh)):
        then[key], at[key] = alternated(work, base, url, repeat)
    then["all_games_kb"], at["all_games_kb"] = (cli_run(u, "games")[1] for u in (base, url))
    then["phones"], at["phones"] = (served_phones(u, folder, long_game()) for u in (base, url))
    runs: tuple[list[dict[str, float]], list[dict[str, float]]] = ([], [])
    for _ in range(repeat):
        for u, found in ((base, runs[0]), (url, runs[1])):
            found.append(exchange(u, folder))
    for figures, found in zip((then, at), runs, strict=True):
        figures.update({key: statistics.median(run[key] for run in found) for key in found[0]})
    return at, then


def import_only(size: int, repeat: int = 3) -> None:
    """Only the import figures at `size` games (`--import-only SIZE`): the floor and both files' imports, first and
    again, alternated run for run (each run's own floor: the ratios are of the same minutes)."""
    print(f"importing {size:,} games: the raw floor, then each file into a new database and the same file again, "
          f"{repeat} alternated runs (medians)")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        url, built = history(size, folder)
        if built:
            print(f"  (built the {size:,}-game history through the store's import path in {built:.1f} s; cached)")
        found = [exchange(url, folder) for _ in range(repeat)]
    f = {key: statistics.median(run[key] for run in found) for key in found[0]}
    print(f"  {'raw floor: sqlite3, one transaction':<44} {f['floor']:7.2f} s")
    for key, label, target in (("import", "own file, new database", 20), ("again", "own file again", 5),
                               ("bg_import", "BG Stats file, new database", 20),
                               ("bg_again", "BG Stats file again", 5)):
        ratios = sorted(run[key] / run["floor"] for run in found)
        print(f"  {'import ' + label:<44} {f[key]:7.2f} s   {statistics.median(ratios):6.1f}× the floor "
              f"(runs {', '.join(f'{r:.1f}' for r in ratios)}; target ≤ {target}×)   "
              f"peak {f[key + '_kb'] / 1024:4.0f} MB")


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if "--import-only" in args:  # e.g. `python -m bench.scale --import-only 10000`
        at = args.index("--import-only") + 1
        import_only(int(args[at]) if at < len(args) else SIZES[-1])
        return
    sizes = (*SIZES, FULL) if "--full" in args else QUICK if "--quick" in args else SIZES
    print(f"history at scale: each size against {BASELINE} games, measured alternately with it, at "
          f"{', '.join(f'{s:,}' for s in sizes)} games" + ("" if FULL in sizes else f" (add --full for {FULL:,})"))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        base, _ = history(BASELINE, folder)
        add_log_game(base)
        add_origin_games(base)
        for size in sizes:
            show(size, *measure(size, base, folder))


def show(size: int, f: dict[str, float], b: dict[str, float]) -> None:
    print(f"  at {size:,} games (against {BASELINE} games in the same minutes):")
    print(f"    {'one player statistics (P1, every game)':<44} {f['stats'] * 1000:9.2f} ms   "
          f"{f['stats'] / FRAME:5.2f}× a 16 ms frame   (target ≤ 8 ms at 10k, ≤ 16 ms at 100k)")
    print(f"    {'head-to-head P1 vs P2':<44} {f['h2h'] * 1000:9.2f} ms   {f['h2h'] / FRAME:5.2f}× a 16 ms frame")
    for key, name in (("games", "`companion games --limit 20`"), ("history", "`companion history`"),
                      ("players", "`companion players`")):
        print(f"    {name:<44} {f[key] * 1000:9.1f} ms   {f[key] / f['pass']:7.2f}× `python -c pass` "
              f"({f['pass'] * 1000:.1f} ms; target ≤ 5×)   {f[key] / b[key]:5.2f}× the same at {BASELINE} games")
    for key, name in (("home", "`companion` Home usable (`p` acted, pty)"),
                      ("screen", "players screen: P1 shown (pilot)"),
                      ("served", f"served table: one refresh ({len(long_game()) - 1}-command game)"),
                      ("phones", f"served table: {PHONES} phones over HTTP (the same game)")):
        print(f"    {name:<44} {f[key] * 1000:9.1f} ms   {f[key] / b[key]:7.2f}× the same at {BASELINE} games "
              f"({b[key] * 1000:.1f} ms; target ≈ 1×)")
    per = (f["all_games"] - b["all_games"]) / (size - BASELINE) * 1e6
    print(f"    {'`companion games` (every game listed)':<44} {f['all_games']:9.2f} s    {per:7.0f} µs/game beyond "
          f"the first {BASELINE}   peak {f['all_games_kb'] / 1024:5.0f} MB (target < 200 MB)")
    for key, name in (("export", "`companion export` (JSON)"), ("bgstats", "`companion export --bgstats`"),
                      ("import", "`companion import` (own file, new database)"),
                      ("again", "`companion import` again (all skipped)"),
                      ("bg_import", "`companion import` (BG Stats file, new db)"),
                      ("bg_again", "`companion import` BG Stats again (skipped)")):
        # Per game: what the games beyond the baseline's cost (start-up and the first 100 are the baseline's time).
        per = (f[key] - b[key]) / (size - BASELINE) * 1e6
        print(f"    {name:<44} {f[key]:9.2f} s    {per:7.0f} µs/game beyond the first {BASELINE} "
              f"({b[key]:.2f} s)   peak {f[key + '_kb'] / 1024:5.0f} MB (target < 200 MB)")
    print(f"    {'raw floor: sqlite3, one transaction':<44} {f['floor']:9.2f} s    the same {size:,} games' players, "
          "seats and results, executemany per table, WAL and synchronous=FULL")
    for key, name, target in (("import", "own file", 20), ("again", "own file again", 5),
                              ("bg_import", "BG Stats file", 20), ("bg_again", "BG Stats file again", 5)):
        print(f"    {'  import ' + name + ' against the floor':<44} {f[key] / f['floor']:9.1f}×   (target ≤ {target}×)")


if __name__ == "__main__":
    main()
