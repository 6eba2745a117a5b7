"""Several processes at once on one database (threads with stores of their own, as processes have them): opening
an empty database makes its schema once (PostgreSQL: no duplicate key), and four imports of one export add each
game once, the others saying its games are already here, not that the database is locked. SQLite and, with
COMPANION_TEST_PG, PostgreSQL."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion import import_stream
from companion.cli import main
from companion.games import KINDS
from db.exchange import Exchange
from db.store import Store
from tests.companion.test_exchange import history

HOLD = 6.0  # seconds the first import keeps its transaction open: longer than a store's usual wait (5 s)


def together(count: int, act: Callable[[int], Any]) -> list[Any]:
    """`act(i)` in `count` threads released at once: each one's result or the exception it raised."""
    gate = threading.Barrier(count)
    out: list[Any] = [None] * count

    def run(i: int) -> None:
        gate.wait()
        try:
            out[i] = act(i)
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test looks at
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out


def test_processes_opening_an_empty_database_at_once_make_its_schema_once(url: str) -> None:
    def open_and_list(_: int) -> int:
        store = Store.open(url, KINDS)
        try:
            return len(store.games.all())
        finally:
            store.close()

    assert together(4, open_and_list) == [0, 0, 0, 0]


def test_four_imports_of_one_export_at_once_add_it_once_and_the_others_find_it_here(
        url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = f"sqlite:///{tmp_path}/source.db"
    history(source)
    exported = tmp_path / "all.json"
    assert main(["--db", source, "export", str(exported)]) == 0
    count = len(Store.open(source, KINDS).games.all())
    Store.open(url, KINDS).close()
    add = Exchange._add
    first = threading.Lock()

    def slow(self: Exchange, *args: Any) -> tuple[int, int]:
        done = add(self, *args)
        if done[0] and first.acquire(blocking=False):  # the first to write holds the database a while (a big file)
            time.sleep(HOLD)
        return done

    monkeypatch.setattr(Exchange, "_add", slow)
    outcomes = together(4, lambda _: import_stream.import_file(exported, url))
    assert all(isinstance(o, tuple) for o in outcomes), outcomes  # none "locked"
    assert sorted(outcomes) == [(0, count)] * 3 + [(count, 0)], outcomes
    store = Store.open(url, KINDS)
    try:
        assert len(store.games.all()) == count
    finally:
        store.close()
