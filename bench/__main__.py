"""Benchmarks: each prints a figure and a ratio against a baseline measured in the same run.

Run with `make bench` (`python -m bench [--quick | --full]`: the history at 1,000 games only, or up to 100,000).
Machines here are noisy: compare ratios, not absolute seconds."""
from __future__ import annotations

import random
import time
from collections.abc import Callable

from companion.origami.catalogue import shipped
from companion.origami.playout import Playout, filled
from scoring.origami.sheet import score
from scoring.origami.table import Variant, parse_table

FRAME = 1 / 60  # a person waiting for the screen: one frame, about 16 ms

FOUR_PLAYERS = {"game": "legends", "characters": ["Ninja (red)"], "players": [
    {"name": "Ann", "collections": [["Phoenix", "Phoenix", "Kappa", "T-Rex"], ["Walrus", "Reindeer", "Macaw", "Macaw"]],
     "hand": 3},
    {"name": "Bob", "collections": [["Macaw", "Macaw", "Kappa"], ["Macaw", "Phoenix"]], "hand": 5},
    {"name": "Cy", "collections": [["T-Rex", "Walrus"], ["Reindeer"]], "hand": 2},
    {"name": "Di", "collections": [[], []], "hand": 1}]}


def per_second(work: Callable[[], object], seconds: float = 1.0) -> tuple[float, int]:
    """Calls per second of `work`, over about `seconds`."""
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work()
        count += 1
    return count / elapsed, count


def report(name: str, rate: float, unit: str, baseline_name: str, baseline_rate: float) -> None:
    print(f"{name:<44} {rate:>12,.0f} {unit}/s   {1000 / rate:8.3f} ms each   "
          f"{baseline_rate / rate:6.2f}× the time of {baseline_name}")


def main() -> None:
    catalogue = shipped()
    table = parse_table(FOUR_PLAYERS, catalogue)
    frame_rate = 1 / FRAME
    parse_rate, _ = per_second(lambda: parse_table(FOUR_PLAYERS, catalogue))
    report("parse a 4-player table file", parse_rate, "tables", "a 16 ms frame", frame_rate)
    score_rate, _ = per_second(lambda: score(table))
    report("score a 4-player final table", score_rate, "tables", "a 16 ms frame", frame_rate)
    report("  (against parsing it)", score_rate, "tables", "parsing the table", parse_rate)

    sim = filled(catalogue)
    seeds = iter(range(10**9))
    moves: list[int] = []

    def one_game() -> None:
        playout = Playout(sim, random.Random(next(seeds)))
        playout.play_game(Variant.MIXED, 4)
        moves.append(len(playout.script))

    games_rate, games = per_second(one_game, seconds=3.0)
    report("random legal 4-player games (whole game)", games_rate, "games", "a 16 ms frame", frame_rate)
    command_rate = games_rate * sum(moves) / games
    report("  one checked command inside those games", command_rate, "commands", "a 16 ms frame", frame_rate)


if __name__ == "__main__":
    main()
    print()
    from . import (
        app_memory,
        entry,
        origin,
        origin_app,
        preview,
        quick_keys,
        ratings,
        scale,
        screens,
        store,
        table_keys,
        table_keys_origin,
    )

    entry.main()
    print()
    screens.main()
    print()
    origin.main()
    print()
    store.main()
    print()
    origin_app.main()
    print()
    app_memory.main()
    print()
    quick_keys.main()
    print()
    table_keys.main()
    print()
    table_keys_origin.main()
    print()
    preview.main()
    print()
    ratings.main()
    print()
    scale.main()
