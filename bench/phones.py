"""The served table as the phones at a table meet it: the real `companion serve` (its console script, in its own
process, on loopback) and 50 phones, each its own HTTP client from its own address (127.0.0.2, .3, …: the
server's budget is per address, as on a Wi-Fi), asking for the table at once just after an action at the table,
late in a long game (300+ actions). The figure is the time until the last phone has the new table, the median of a
few actions."""
from __future__ import annotations

import asyncio
import re
import socket
import sqlite3
import statistics
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import aiohttp

from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled

from .terminal import BIN, user_env

if TYPE_CHECKING:
    from scoring.origami import commands as c

PHONES = 50
ACTIONS = 3  # actions at the table, each followed by every phone asking
KEY = re.compile(r"/table\?key=([A-Za-z0-9_-]+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def started(url: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """`companion serve` on a free loopback port; its process and the table's address with its key."""
    port = free_port()
    with log.open("wb") as out:
        server = subprocess.Popen([str(BIN / "companion"), "--db", url, "serve", "--port", str(port)], stdout=out,
                                  stderr=subprocess.STDOUT, env=user_env({"COLUMNS": "200"}))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        found = KEY.search(log.read_text(encoding="utf-8", errors="replace"))
        if found:
            return server, f"http://127.0.0.1:{port}/table/now?key={found.group(1)}"
        if server.poll() is not None:
            raise RuntimeError(f"`companion serve` ended: {log.read_text(encoding='utf-8', errors='replace')[-500:]}")
        time.sleep(0.1)
    server.kill()
    raise TimeoutError("`companion serve` printed no table link")


async def phones_after_actions(table: str, act: Callable[[], object]) -> float:
    """Each phone a client of its own address; after each action, all ask at once; the median wait of the last."""
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{2 + i}", 0)))
                for i in range(PHONES)]
    try:
        async def ask(http: aiohttp.ClientSession) -> str:
            async with http.get(table) as answer:
                if answer.status != 200:
                    raise RuntimeError(f"a phone was answered {answer.status}")
                return await answer.text()

        await asyncio.gather(*(ask(s) for s in sessions))  # every phone connected once, as a page open
        waits = []
        for _ in range(ACTIONS):
            await asyncio.to_thread(act)
            await asyncio.sleep(2.1)  # the page's poll: the view built before this action is stale by now
            start = time.perf_counter()
            pages = await asyncio.gather(*(ask(s) for s in sessions))
            waits.append(time.perf_counter() - start)
            assert len(set(pages)) == 1, "the phones were shown different tables"
        return statistics.median(waits)
    finally:
        await asyncio.gather(*(s.close() for s in sessions))


def served_phones(url: str, folder: Path, game: list[c.Command]) -> float:
    """Seconds until the last of 50 phones has the table after an action, through the real server over HTTP: the
    actions taken late in `game` (a long one), recorded into a copy of the database at `url` (its latest game, which
    the other figures read, stays as it was)."""
    from db.engine import sqlite_path
    from db.store import Store

    from .store import recorded_game

    path = sqlite_path(url)
    assert path is not None, "the phones are measured on a SQLite file"
    copy = folder / f"phones-{path.name}"
    with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    store = Store.open(f"sqlite:///{copy}", KINDS)
    try:
        played = game[:-1]  # the last action not taken: the table stays in play
        session = recorded_game(store, filled(shipped()), played[:-ACTIONS])
        left = iter(played[-ACTIONS:])

        def act() -> None:
            assert session.submit(next(left), uuid.uuid4().hex).recorded

        server, table = started(f"sqlite:///{copy}", folder / "serve.log")
        try:
            return asyncio.run(phones_after_actions(table, act))
        finally:
            server.terminate()
            server.wait(10)
    finally:
        store.close()
        for done in (copy, copy.with_name(copy.name + "-wal"), copy.with_name(copy.name + "-shm")):
            done.unlink(missing_ok=True)
