"""Databases the real console script meets outside the companion's care: a schema damaged by another program (a
name that is not UTF-8, which SQLite quotes in its own error message) is named, exit 2, on every verb; a database in
a folder that cannot be written (SQLite cannot make its log beside it) is read by every reading verb, and a write
says why it is refused."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from db.engine import read_only_uri
from tests.companion.test_exchange import history

COMPANION = str(Path(sys.executable).with_name("companion"))  # the console script pip installed
BAD_NAME = "CAST(X'74ff' AS TEXT)"  # "t" and a byte that is not UTF-8


def companion(*argv: str) -> tuple[int, str, str]:
    done = subprocess.run([COMPANION, *argv], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COMPANION_DB": ""})
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sound") / "companion.db"
    history(f"sqlite:///{path}")  # game 1 finished, game 2 in play, game 3 quick-scored
    return path


@pytest.mark.parametrize("where", ["a trigger's name", "an index's name"])
def test_a_schema_with_a_name_not_utf8_is_named_on_every_verb(sound: Path, tmp_path: Path, where: str) -> None:
    path = tmp_path / "companion.db"
    shutil.copy(sound, path)
    with sqlite3.connect(path) as c:
        c.isolation_level = None
        if where == "an index's name":
            c.execute("CREATE INDEX ix_damaged ON players (name)")
        name = "events_no_update" if where == "a trigger's name" else "ix_damaged"
        c.executescript(f"PRAGMA writable_schema = ON; UPDATE sqlite_master SET name = {BAD_NAME} "
                        f"WHERE name = '{name}'")
    c.close()
    url = f"sqlite:///{path}"
    assert companion("--db", f"sqlite:///{sound}", "export", str(tmp_path / "sound.json"))[0] == 0
    for argv in (["games"], ["players"], ["players", "add", "Zed"], ["history"], ["replay", "1"],
                 ["export", str(tmp_path / "out.json")], ["share", "1"], ["origin", "replay", "1"],
                 ["import", str(tmp_path / "sound.json")]):
        code, _, err = companion("--db", url, *argv)
        assert code == 2, (argv, code, err)
        assert f"{path} is damaged (its schema holds a name that is not UTF-8 text); restore a backup" in err, err
        assert "Traceback" not in err


@pytest.fixture
def unwritable(tmp_path: Path) -> Iterator[Path]:
    """A folder that cannot be written, even by root (who ignores the folder's mode: the folder is immutable)."""
    folder = tmp_path / "read-only folder"
    folder.mkdir()
    yield folder
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], check=False, capture_output=True)
    os.chmod(folder, 0o755)


def lock(folder: Path) -> None:
    os.chmod(folder, 0o555)
    if os.access(folder, os.W_OK):  # root
        made = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, text=True)
        if made.returncode or os.access(folder, os.W_OK):
            pytest.skip(f"cannot make a folder read-only for root here (chattr: {made.stderr.strip()})")


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_database_in_a_read_only_folder_is_read_and_writes_say_why_not(
        sound: Path, unwritable: Path, tmp_path: Path, journal: str) -> None:
    path = unwritable / "companion.db"
    shutil.copy(sound, path)
    with sqlite3.connect(path) as c:
        c.execute(f"PRAGMA journal_mode={journal}")
    c.close()
    before = path.read_bytes()
    lock(unwritable)
    url = f"sqlite:///{path}"
    code, out, err = companion("--db", url, "games", "--json")
    assert code == 0 and sorted(g["id"] for g in json.loads(out)) == [1, 2, 3], err
    reading = {("players",): "Zoë", ("history",): "P1", ("history", "P1"): "P1", ("history", "--ratings"): "P1",
               ("replay", "1"): "game 1:", ("share", "1"): "bgstats", ("catalog",): "Chick"}
    for argv, shown in reading.items() if journal == "wal" else ():  # the other journal: the opening is the same
        code, out, err = companion("--db", url, *argv)
        assert code == 0 and shown in out, (argv, err)
    for shape in ([], ["--csv"], ["--bgstats"]) if journal == "wal" else ([],):
        target = tmp_path / f"out{''.join(shape)}"
        code, _, err = companion("--db", url, "export", *shape, str(target))
        assert code == 0 and target.stat().st_size > 0, err
    for argv in (["players", "add", "Zed"], ["players", "rename", "P3", "Q3"]):
        code, _, err = companion("--db", url, *argv)
        assert code == 2, (argv, err)
        assert f"{path} cannot be written (read-only file or folder): nothing was recorded" in err, err
    assert path.read_bytes() == before and sorted(p.name for p in unwritable.iterdir()) == ["companion.db"]


def test_read_only_uri_lets_plain_sqlite3_read_a_file_in_a_read_only_folder(sound: Path, unwritable: Path) -> None:
    path = unwritable / "games #1?.db"  # a name the URI must escape
    shutil.copy(sound, path)
    assert read_only_uri(path) is None  # the folder can be written: opened as usual
    lock(unwritable)
    uri = read_only_uri(path)
    assert uri is not None and "immutable=1" in uri
    with closing(sqlite3.connect(uri, uri=True)) as c:
        assert c.execute("SELECT count(*) FROM games").fetchone() == (3,)
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            c.execute("DELETE FROM players")
