"""Look before touching: another program's SQLite file is refused and left exactly as it was (its journal mode
included), and a database that may only be read can still be read and exported."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.games import KINDS
from db.errors import StoreError
from db.store import Store
from tests.companion.test_exchange import history, run


def test_another_programs_file_keeps_its_journal_mode(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="holds tables of another program"):
        Store.open(f"sqlite:///{path}", KINDS)
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert not (tmp_path / "other.db-wal").exists()


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_read_only_database_can_be_read_and_exported(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        journal: str) -> None:
    path = tmp_path / "games.db"
    history(f"sqlite:///{path}")
    with sqlite3.connect(path) as c:
        c.execute(f"PRAGMA journal_mode={journal}")
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    code, out, err = run(capsys, "--db", read_only, "games")
    assert code == 0 and "won by" in out, err
    code, _, err = run(capsys, "--db", read_only, "export", str(tmp_path / "out.json"))
    assert code == 0 and len(json.loads((tmp_path / "out.json").read_text())["games"]) == 3, err
    code, _, err = run(capsys, "--db", read_only, "players", "add", "Zed")
    assert code == 2 and "cannot be written (read-only" in err
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == journal
