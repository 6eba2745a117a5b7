"""Two BG Stats imports of the same plays at the same moment (a club's two phones, two windows) add each play once,
on every backend: the "already here" checks (the same uid, the same play under another id) run inside the write
transaction, and on PostgreSQL a second import waits for the first instead of failing on a duplicate key.

The race is forced: both imports read the database and plan, then wait for each other, then write."""
from __future__ import annotations

import json
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest

from companion import exchange_cli
from companion.cli import main
from companion.games import KINDS
from db.store import Store
from tests.companion.test_bgstats import bgstats_file, play

PLAYS = 6


def plays_file(path: Path, fresh_ids: bool) -> Path:
    """The same six plays; with `fresh_ids`, under ids of their own (another phone's BG Stats)."""
    plays = [play(7, f"2026-10-{i + 1:02d} 20:00:00", (1, str(40 + i), True), (2, "30", False),
                  uid=str(uuid.uuid4()) if fresh_ids else f"6f2a9b1e-3c4d-4e5f-8a7b-1c2d3e4f5a{i:02d}")
             for i in range(PLAYS)]
    path.write_text(json.dumps(bgstats_file(plays)), encoding="utf-8")
    return path


@pytest.mark.parametrize("fresh_ids", [False, True], ids=["one file", "two phones"])
def test_two_imports_at_once_add_every_play_once(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 fresh_ids: bool) -> None:
    Store.open(url, KINDS).close()
    files = [plays_file(tmp_path / f"bg{i}.json", fresh_ids) for i in range(2)]
    both_planned = threading.Barrier(2, timeout=20)
    add = exchange_cli._add

    def add_together(*args: Any, **kwargs: Any) -> tuple[int, int]:
        both_planned.wait()  # each import has read what is here and planned; now both write
        return add(*args, **kwargs)

    monkeypatch.setattr(exchange_cli, "_add", add_together)
    codes: list[int] = []
    threads = [threading.Thread(target=lambda f=f: codes.append(main(["--db", url, "import", "--yes", str(f)])))
               for f in files]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert codes == [0, 0]
    store = Store.open(url, KINDS)
    try:
        games = store.games.all()
        assert len(games) == PLAYS, [(g.id, g.uid, g.started_at) for g in games]
    finally:
        store.close()
