"""The write-ahead log (FILE-wal, with or without FILE-shm) deleted while a recorder runs: SQLite keeps writing to
the deleted file, so without a check every acknowledged action is lost at the next SIGKILL. The recorder, a real
process on a real file, stops acknowledging at the next action, says what happened, keeps running, and every action
it acknowledged is in the copy it names."""
from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.errors import LogLost
from db.store import Store
from tests.recorded import script

CATALOGUE = filled(shipped())
BEFORE = 25  # actions acknowledged before the log is deleted
WAIT = 60.0  # seconds a step of the child may take on a loaded machine before the test fails


def record(url: str, line: Connection) -> None:
    """The child: one action per "go", answered with its key once stored, or with the refusal; it keeps running
    after a refusal (the app does not crash) and tries again when asked."""
    store = Store.open(url, KINDS)
    game = script(CATALOGUE, 31)
    session = GameSession.start(store, game.script[0], CATALOGUE, key="k0")
    assert isinstance(session, GameSession)
    line.send(("ack", "k0"))
    i = 1
    while line.recv() == "go":
        try:
            assert session.submit(game.script[i], f"k{i}").accepted
        except LogLost as exc:
            line.send(("refused", str(exc)))
            continue
        line.send(("ack", f"k{i}"))
        i += 1


def answer(line: Connection) -> tuple[str, str]:
    assert line.poll(WAIT), "the recorder did not answer"
    said: tuple[str, str] = line.recv()
    return said


def keys(path: Path) -> list[str]:
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        found = [k for (k,) in raw.execute("SELECT idempotency_key FROM events WHERE idempotency_key IS NOT NULL")]
    raw.close()
    return found


@pytest.mark.parametrize("deleted", [("-wal",), ("-wal", "-shm")])
def test_a_deleted_log_stops_acknowledging_and_every_acknowledged_action_survives_a_kill(
        tmp_path: Path, deleted: tuple[str, ...]) -> None:
    path = tmp_path / "table.db"
    url = f"sqlite:///{path}"
    Store.open(url, KINDS).close()
    fork = multiprocessing.get_context("fork")
    line, theirs = fork.Pipe()
    child = fork.Process(target=record, args=(url, theirs), daemon=True)
    child.start()
    try:
        acknowledged = [answer(line)[1]]
        for _ in range(BEFORE):
            line.send("go")
            said, key = answer(line)
            assert said == "ack", key
            acknowledged.append(key)
        for suffix in deleted:
            os.unlink(f"{path}{suffix}")
        line.send("go")
        said, message = answer(line)
        assert said == "refused", "an action was acknowledged after its log was deleted"
        line.send("go")
        assert answer(line) == ("refused", message)  # and every time after, without a second copy
        assert child.is_alive()
    finally:
        os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
        child.join()
        line.close()
    assert f"{path.name}-wal" in message and "deleted or replaced" in message
    [copy] = tmp_path.glob("table.db.rescued-*")
    assert str(copy) in message and "nothing more is recorded" in message
    assert set(acknowledged) - set(keys(path)), "the premise: the file itself lost acknowledged actions"
    rescued = keys(copy)
    assert not [k for k, n in Counter(rescued).items() if n > 1]
    assert set(rescued) == {*acknowledged, f"k{BEFORE + 1}"}  # the refused action too, as the message says
    store = Store.open(f"sqlite:///{copy}", KINDS)
    try:
        [game] = store.games.all()
        assert GameSession(store, game.id, CATALOGUE).state == script(CATALOGUE, 31).states[BEFORE + 1]
    finally:
        store.close()


def test_every_write_stops_once_the_log_is_gone(tmp_path: Path) -> None:
    """The writes that are not actions (a profile, results) are checked the same way."""
    path = tmp_path / "table.db"
    store = Store.open(f"sqlite:///{path}", KINDS)
    try:
        store.profiles.add("Ann")
        os.unlink(f"{path}-wal")
        with pytest.raises(LogLost, match="was copied to"):
            store.profiles.add("Bob")
        with pytest.raises(LogLost):
            store.profiles.add("Cat")
        with pytest.raises(LogLost):  # SQLite refuses reads too: what happened is said again
            store.profiles.all()
    finally:
        store.close()
    [copy] = tmp_path.glob("table.db.rescued-*")
    with sqlite3.connect(copy) as raw:
        assert [n for (n,) in raw.execute("SELECT name FROM players ORDER BY name")] == ["Ann", "Bob"]
    raw.close()



def names(path: Path) -> list[str]:
    """The players in the file."""
    with sqlite3.connect(path) as raw:
        found = [n for (n,) in raw.execute("SELECT name FROM players ORDER BY name")]
    raw.close()
    return found


RECORDER = """
import sys
from companion.games import KINDS
from db.errors import LogLost
from db.store import Store
store = Store.open(sys.argv[1], KINDS)
store.profiles.add(sys.argv[2])
print("stored", flush=True)
if sys.argv[3] == "close":
    sys.stdin.readline()
    try:
        store.close()
    except LogLost as exc:
        print(exc)
    else:
        print("closed")
"""


@pytest.mark.parametrize("deleted", [("-wal",), ("-wal", "-shm")])
def test_closing_after_the_log_was_replaced_keeps_what_another_process_stored_since(
        tmp_path: Path, deleted: tuple[str, ...]) -> None:
    """When a process closes its last connection, SQLite copies the log into the file and deletes FILE-wal by name:
    after the log was deleted and another process made a new one, that close would delete the other's log with the
    write it acknowledged. The close leaves the file alone, copies this process's actions aside and says so.
    Both are real processes (a connection kept open in this one would keep the replaced log's index)."""
    path = tmp_path / "table.db"
    url = f"sqlite:///{path}"
    Store.open(url, KINDS).close()
    first = subprocess.Popen([sys.executable, "-c", RECORDER, url, "Ann", "close"], text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert first.stdout is not None and first.stdout.readline() == "stored\n", first.communicate()
        for suffix in deleted:
            os.unlink(f"{path}{suffix}")
        other = subprocess.run([sys.executable, "-c", RECORDER, url, "Bob", "keep"], capture_output=True, text=True,
                               timeout=WAIT)
        said = first.communicate("close\n", timeout=WAIT)
    finally:
        first.kill()
        first.wait()
    assert first.returncode == 0, said
    # With the old index left, the other process may be refused; with both gone, it stores its write.
    acknowledged = other.stdout.split() == ["stored"]
    assert acknowledged or "disk I/O error" in other.stderr, other.stderr
    assert deleted == ("-wal",) or acknowledged, "the premise: the other process stored its write"
    assert names(path) == (["Bob"] if acknowledged else [])
    assert "deleted or replaced" in said[0] and "was copied to" in said[0]
    [copy] = tmp_path.glob("table.db.rescued-*")
    assert str(copy) in said[0] and names(copy) == ["Ann"]
