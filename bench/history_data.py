"""Histories of 100 to 100,000 finished games for the benchmarks, written through the store's own import path (the
same write a `companion import` makes, in chunks), then kept in a cache folder: a size is built once per schema."""
from __future__ import annotations

import random
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from itertools import islice
from pathlib import Path

from companion.games import KINDS
from db.records import WholeGame
from db.schema import HEAD
from db.store import Store

PLAYERS = 40  # a club: most games are 3 or 4 of these
VARIANTS = ("origami", "legends", "mixed")
FAMILIES = ("birds", "sea", "farm", "insects", "dinosaurs", "polar")
CHUNK = 5_000
FORMAT = 3  # bump when the generated games change: the cache is keyed on it
CACHE = Path(tempfile.gettempdir()) / "companion-bench-cache"


def games(count: int, seed: int = 3) -> Iterator[WholeGame]:
    """`count` finished, quick-scored games, about one an hour back from 2026 (100,000 games: 11 years), among
    PLAYERS players; P1 plays in each."""
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, 20, tzinfo=UTC)
    for g in range(count):
        seats = ["P1", *(f"P{n}" for n in rng.sample(range(2, PLAYERS + 1), rng.choice((1, 2, 3))))]
        rng.shuffle(seats)
        scores = [rng.randint(10, 60) for _ in seats]
        top = max(scores)
        leaders = [i for i, s in enumerate(scores) if s == top]
        hands = [rng.randint(0, 5) for _ in seats]
        winner = max(leaders, key=lambda i: hands[i]) if len(leaders) > 1 else leaders[0]
        tie = "hand" if len(leaders) > 1 else None
        if tie and sum(hands[i] == hands[winner] for i in leaders) > 1:  # still level: every leader wins
            tie, winners = "shared", {i for i in leaders if hands[i] == hands[winner]}
        else:
            winners = {winner}
        results = []
        for i, (name, s) in enumerate(zip(seats, scores, strict=True)):
            rank = 1 if i in winners else 1 + sum(o > s for o in scores) + (s == top)
            results.append({"score": s, "rank": rank, "winner": i in winners, "hand": hands[i],
                            "sheet": {"name": name, "total": s, "rank": rank, "hand": hands[i], "lines": [],
                                      "awards": []}})
        at = start - timedelta(hours=count - g, minutes=rng.randint(0, 50))
        yield (WholeGame(uuid.UUID(int=rng.getrandbits(128)).hex, rng.choice(VARIANTS),
                             tuple(rng.sample(FAMILIES, 3)), (), {}, tuple(seats), "finished", "quick",
                             at - timedelta(minutes=40), at, tie, (), tuple(results), "origami"))


def history(count: int, folder: Path) -> tuple[str, float]:
    """A copy in `folder` of a database holding `count` games (built in the cache when missing) and the seconds the
    build took (0 when it came from the cache)."""
    cached = CACHE / f"history-{HEAD}-{FORMAT}-{count}.db"
    took = 0.0
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        building = cached.with_suffix(".building")
        building.unlink(missing_ok=True)
        begin = time.perf_counter()
        store = Store.open(f"sqlite:///{building}", KINDS)
        every = games(count)
        while chunk := list(islice(every, CHUNK)):  # the import path, a chunk per transaction
            store.exchange.add(chunk)
        with store.engine.connect() as c:  # the WAL folded in, so the copy is one file
            c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        store.close()
        took = time.perf_counter() - begin
        building.rename(cached)
    target = folder / f"history-{count}.db"
    shutil.copyfile(cached, target)
    return f"sqlite:///{target}", took
