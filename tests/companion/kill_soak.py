"""The kill soak's loop, for every game: a forked child records a plan, acknowledging each action once stored; it
is killed (SIGKILL) at a random moment after a few acknowledgements, over and over, and the file is checked after
each kill."""
from __future__ import annotations

import multiprocessing
import os
import random
import signal
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

Recorder = Callable[[str, Any, Connection], None]  # the child: url, plan, where to acknowledge


def killed_over_and_over(rng: random.Random, url: str, record: Recorder, plan: Any, kills: int,
                         check: Callable[[set[str]], object], replay: str = "") -> tuple[set[str], int]:
    """Kill `record(url, plan, acks)` until `kills` kills or it says "done"; `check(acknowledged)` after each kill.
    Returns what was acknowledged and how many kills there were; `replay` is added to failure messages."""
    fork = multiprocessing.get_context("fork")
    acknowledged: set[str] = set()
    killed, done = 0, False
    while killed < kills and not done:
        reader, writer = fork.Pipe(duplex=False)
        child = fork.Process(target=record, args=(url, plan, writer), daemon=True)
        child.start()
        writer.close()
        wanted = rng.randint(1, 6)
        while wanted and not done:
            try:
                ack = reader.recv()
            except EOFError:
                break
            done = ack == "done"
            if not done and ack not in acknowledged:  # a restart acknowledges the stored actions again
                acknowledged.add(ack)
                wanted -= 1
        time.sleep(rng.uniform(0, 0.003))  # land anywhere: mid-decision, mid-commit, mid-acknowledgement
        if child.is_alive():
            os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
            killed += 1
            child.join()
        else:
            child.join()
            assert done and child.exitcode == 0, f"the recording process failed (exit {child.exitcode}){replay}"
        reader.close()
        check(acknowledged)
    return acknowledged, killed


def stored_keys(path: Path) -> list[str]:
    """The idempotency keys of the events stored, once the file passes SQLite's integrity check and holds none
    twice."""
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        keys = [k for (k,) in raw.execute("SELECT idempotency_key FROM events WHERE idempotency_key IS NOT NULL")]
    raw.close()
    assert not [k for k, n in Counter(keys).items() if n > 1], "an action was recorded twice"
    return keys
