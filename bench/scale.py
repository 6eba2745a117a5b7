"""The history at scale: for each size (100 games as the baseline, then 1,000, 10,000 and, with --full, 100,000),
what a person waits for, measured as they meet it. Every figure names the size it was measured at.

- statistics and head-to-head: one player (P1, who played every game) through the store, against a 16 ms frame;
- `companion games --limit 20` and `companion players`: the console script start to end (output to a pipe); and
  `companion games` listing every game, whose cost per game should stay flat;
- Home usable: `companion` in a pseudo-terminal until the games in progress are listed;
- the players screen: the app driven by its pilot, from the key to P1's statistics and latest games on screen;
- the served table: one refresh of the phones' page (the latest game found and its table built), and 50 phones
  asking at once just after an action, over HTTP to the real `companion serve` (bench/phones.py: the time until
  the last has the new table);
- export (the companion's own file and BG Stats') and import: the console script's time and peak memory, and
  importing the same file again.
The sizes against the 100-game baseline say whether a cost grows with the history. The console script's short
figures and the players screen are each the median of three runs (one run is as noisy as the difference sought);
listing every game, export and import run once."""
from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games import KINDS

from .history_data import history
from .phones import PHONES, served_phones
from .terminal import BIN, run_time, screen_times

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


def add_log_game(url: str) -> None:
    """The latest game, in play, recorded turn by turn: what the phones' table page shows."""
    from db.store import Store

    from .store import Recorder

    store = Store.open(url, KINDS)
    recorder = Recorder(store, seed=5)
    recorder.next_game()
    for _ in range(12):
        recorder.one()
    store.close()


def store_figures(url: str) -> dict[str, float]:
    from db.store import Store

    store = Store.open(url, KINDS)
    try:
        store.stats.player("P1")
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
            if isinstance(screen, PlayersScreen) and screen.query_one("#games", OptionList).option_count:
                return time.perf_counter() - start
            if time.perf_counter() - start > 600:
                raise TimeoutError("the players screen never showed P1's games")


def cli_time(url: str, *argv: str, repeat: int) -> float:
    return statistics.median(run_time([str(BIN / "companion"), *argv], env={"COMPANION_DB": url})[0]
                             for _ in range(repeat))


def home_usable(url: str, repeat: int) -> float:
    from .entry import USABLE

    return statistics.median(screen_times([str(BIN / "companion")], [USABLE], env={"COMPANION_DB": url},
                                          timeout=900)[0] for _ in range(repeat))


def exchange(url: str, folder: Path, size: int) -> dict[str, float]:
    file = folder / f"export-{size}.json"
    out: dict[str, float] = {}
    out["export"], out["export_kb"] = run_time([str(BIN / "companion"), "export", str(file)],
                                               env={"COMPANION_DB": url})
    bgstats = folder / f"export-{size}.bgsplay.json"
    out["bgstats"], out["bgstats_kb"] = run_time([str(BIN / "companion"), "export", "--bgstats", str(bgstats)],
                                                 env={"COMPANION_DB": url})
    bgstats.unlink()
    target = f"sqlite:///{folder / f'imported-{size}.db'}"
    out["import"], out["import_kb"] = run_time([str(BIN / "companion"), "import", str(file)],
                                               env={"COMPANION_DB": target})
    out["again"], out["again_kb"] = run_time([str(BIN / "companion"), "import", str(file)],
                                             env={"COMPANION_DB": target})
    file.unlink()
    return out


def measure(size: int, folder: Path) -> dict[str, float]:
    url, built = history(size, folder)
    if built:
        print(f"  (built the {size:,}-game history through the store's import path in {built:.1f} s; cached)")
    add_log_game(url)
    repeat = 3
    figures = store_figures(url)
    figures["games"] = cli_time(url, "games", "--limit", "20", repeat=repeat)
    figures["all_games"] = cli_time(url, "games", repeat=1)
    figures["all_games_kb"] = 0
    figures["players"] = cli_time(url, "players", repeat=repeat)
    figures["home"] = home_usable(url, repeat)
    figures["screen"] = statistics.median(asyncio.run(players_screen(url)) for _ in range(repeat))
    figures["served"] = served_refresh(url)
    figures["phones"] = served_phones(url, folder)
    figures.update(exchange(url, folder, size))
    return figures


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    sizes = (*SIZES, FULL) if "--full" in args else QUICK if "--quick" in args else SIZES
    print(f"history at scale: {BASELINE} games as the baseline, then {', '.join(f'{s:,}' for s in sizes)} games"
          + ("" if FULL in sizes else f" (add --full for {FULL:,})"))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        base = measure(BASELINE, folder)
        rows = [(BASELINE, base)] + [(s, measure(s, folder)) for s in sizes]
    for (size, f), (before, b) in zip(rows, [(0, dict[str, Any]()), *rows[:-1]], strict=True):
        print(f"  at {size:,} games:")
        print(f"    {'one player statistics (P1, every game)':<44} {f['stats'] * 1000:9.2f} ms   "
              f"{f['stats'] / FRAME:5.2f}× a 16 ms frame   (target ≤ 8 ms at 10k, ≤ 16 ms at 100k)")
        print(f"    {'head-to-head P1 vs P2':<44} {f['h2h'] * 1000:9.2f} ms   {f['h2h'] / FRAME:5.2f}× a 16 ms frame")
        for key, name in (("games", "`companion games --limit 20`"), ("players", "`companion players`"),
                          ("home", "`companion` Home usable (pty)"), ("screen", "players screen: P1 shown (pilot)"),
                          ("served", "served table: one refresh"),
                          ("phones", f"served table: {PHONES} phones over HTTP")):
            print(f"    {name:<44} {f[key] * 1000:9.1f} ms   {f[key] / base[key]:7.2f}× the same at {BASELINE} "
                  "games   (target ≈ 1×)")
        per = f["all_games"] / size * 1e6
        print(f"    {'`companion games` (every game listed)':<44} {f['all_games']:9.2f} s    {per:7.0f} µs/game")
        for key, name in (("export", "`companion export` (JSON)"), ("bgstats", "`companion export --bgstats`"),
                          ("import", "`companion import` (new database)"),
                          ("again", "`companion import` again (all skipped)")):
            per = f[key] / size * 1e6
            growth = f"{per / (b[key] / before * 1e6):5.2f}× per game at {before:,}" if before else "the baseline"
            print(f"    {name:<44} {f[key]:9.2f} s    {per:7.0f} µs/game ({growth})   "
                  f"peak {f[key + '_kb'] / 1024:5.0f} MB (target < 200 MB)")


if __name__ == "__main__":
    main()
