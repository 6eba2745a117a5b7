"""The served table as the phones at a table meet it: the real `companion serve` (its console script, in its own
process, on loopback) and 50 phones, each its own HTTP client from its own address (127.0.0.2, .3, …: the
server's budget is per address, as on a Wi-Fi), asking for the table at once just after an action at the table.
The figure is the time until the last phone has the new table, the median of a few actions."""
from __future__ import annotations

import asyncio
import re
import socket
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

from companion.games import KINDS

from .terminal import BIN, user_env

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


def served_phones(url: str, folder: Path) -> float:
    """Seconds until the last of 50 phones has the table after an action, through the real server over HTTP."""
    from db.store import Store

    from .store import Recorder

    store = Store.open(url, KINDS)
    recorder = Recorder(store, seed=9, games=1)
    recorder.next_game()
    recorder.one()
    server, table = started(url, folder / "serve.log")
    try:
        return asyncio.run(phones_after_actions(table, recorder.one))
    finally:
        server.terminate()
        server.wait(10)
        store.close()
