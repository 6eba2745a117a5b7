"""`companion serve`: the read-only table in a real browser (with its key it shows the game and follows it; without,
nothing), the app itself behind its own key, and a flood or slow clients that do not stall anyone."""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from companion.games import KINDS
from companion.origami.catalogue import load, shipped
from companion.origami.playout import made_up
from companion.origami.session import GameSession
from companion.origami.watch import snapshot
from companion.serve import BURST, MAX_APPS, CompanionServer, Keys, Limiter, TableView
from companion.serve_cli import GAP, NETWORK_WARNING, _banner
from companion.watch import Catalogues, current_game
from db.store import Store
from tests.browser import browser
from tests.companion.test_exchange import CATALOGUE, history, run
from tests.companion.test_share import read_back
from tests.recorded import script


@dataclass
class Served:
    url: str  # the database
    base: str
    keys: Keys
    process: subprocess.Popen[str]
    reader: threading.Thread
    output: list[str]  # what the server printed after its banner: its log

    def stop(self, interrupt: bool = False) -> str:
        """Stops the server (as Ctrl+C does, with `interrupt`) and returns its whole log."""
        if interrupt:
            self.process.send_signal(signal.SIGINT)
        else:
            self.process.terminate()
        self.process.wait(10)
        self.reader.join(10)
        return "".join(self.output)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def toml(entries: list[tuple[str, dict[str, Any]]]) -> str:
    """A user catalogue file holding these entries (strings, numbers, lists of strings, tables of those)."""
    def value(v: Any) -> str:
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        return json.dumps(v)

    return "\n".join("[[card]]\n" + "".join(f"{k} = {value(v)}\n" for k, v in fields.items())
                     for _, fields in entries)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """`companion serve` in its own process, on a database with a game in play (game 2, three players) played
    with the made-up cards of the simulations, given to the server as the user's catalogue file."""
    url = f"sqlite:///{tmp_path}/games.db"
    history(url)
    values, cards = made_up(shipped())
    made = tmp_path / "made-up.toml"
    made.write_text(toml(values + cards), encoding="utf-8")
    assert load([made]).cards.keys() == CATALOGUE.cards.keys()
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "companion", "--db", url, "--catalog", str(made), "serve",
                                "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "COLUMNS": "1000"})  # log lines unwrapped: a key stays whole
    reader: threading.Thread | None = None
    try:
        assert process.stdout is not None
        printed = []
        for line in process.stdout:
            printed.append(line)
            if "Press Ctrl+C" in line:
                break
        text = "".join(printed)
        app, watch = re.search(r"/\?key=(\S+)", text), re.search(r"/table\?key=(\S+)", text)
        assert app and watch, text
        output: list[str] = []
        reader = threading.Thread(target=lambda: output.extend(process.stdout or ()), daemon=True)
        reader.start()
        for _ in range(100):  # listening once the banner is out; a moment more on a slow machine
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield Served(url, f"http://127.0.0.1:{port}", Keys(app.group(1), watch.group(1)), process, reader, output)
    finally:
        process.terminate()
        process.wait(10)
        if reader is not None:
            reader.join(10)  # the log read to its end: the pipe can be closed
        assert process.stdout is not None
        process.stdout.close()


def expected_status(url: str) -> tuple[str, list[str]]:
    store = Store.open(url, KINDS)
    try:
        game = current_game(store, None)
        assert game is not None
        snap = snapshot(store, game, CATALOGUE)
        return snap.status, [s.name for s in snap.seats] + list(snap.line)
    finally:
        store.close()


async def test_the_table_in_a_real_browser_with_its_key_follows_the_game(served: Served) -> None:
    status, shown = expected_status(served.url)
    async with browser() as page:
        await page.open(f"{served.base}/table?key={served.keys.watch}")
        text = await page.wait_for(status)
        assert all(word in text for word in shown) and "Origami Legends · game 2" in text
        # The next action is recorded at the table: the open page shows it without being reloaded.
        playing = script(CATALOGUE, seed=6, players=3)
        store = Store.open(served.url, KINDS)
        try:
            assert GameSession(store, 2, CATALOGUE).submit(playing.script[6], "b6").accepted  # type: ignore[arg-type]
        finally:
            store.close()
        after, _ = expected_status(served.url)
        assert after != status
        await page.wait_for(after)
        # Screen readers are told the new status line (a polite live region), not the whole table again.
        live = "document.querySelector('[role=status][aria-live=polite]')"
        assert await page.value(f"{live}.textContent") == after
        assert await page.value(f"{live}.closest('main') === null") is True  # outside what the poll replaces
        # Without the key, or with a wrong one, or with the watch key on the app: nothing of the game.
        refusal = "This page needs the link from the companion's QR code"
        for url in (f"{served.base}/table", f"{served.base}/table?key=guess", f"{served.base}/table/now",
                    f"{served.base}/?key={served.keys.watch}"):
            async with browser() as stranger:  # a new browser: no cookie from the first
                await stranger.open(url)
                text = await stranger.wait_for(refusal)
                assert not any(name in text for name in ("P1", "P2", "P3", "Origami Legends")), (url, text)


async def test_the_app_is_served_behind_its_own_key(served: Served) -> None:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:  # as a browser: by IP
        async with http.get(f"{served.base}/?key={served.keys.app}") as answer:
            assert answer.status == 200 and "/ws" in await answer.text()
            assert answer.cookies["companion-app"].value == served.keys.app
        for cookies in ({}, {"companion-watch": served.keys.watch}):
            async with aiohttp.ClientSession(cookies=cookies) as other:
                async with other.get(f"{served.base}/ws") as refused:
                    assert refused.status == 403
        other = f"http://127.0.0.1:{free_port()}"  # a page on another port of this host: same site, not same origin
        for origin in (other, "null", served.base.replace("127.0.0.1", "localhost")):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused_ws:
                async with http.ws_connect(f"{served.base}/ws?width=80&height=24", origin=origin):
                    pass
            assert refused_ws.value.status == 403, origin
        # The cookie the page left, from the page's own origin (as the browser sends it): the app.
        async with http.ws_connect(f"{served.base}/ws?width=80&height=24", origin=served.base) as ws:
            shown = b""
            while b"Origami" not in shown:  # the app's Home screen, drawn by a real companion process
                message = await asyncio.wait_for(ws.receive(), 30)
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                shown += message.data if isinstance(message.data, bytes) else message.data.encode()


async def test_a_flood_and_slow_clients_do_not_stall_the_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    history(url)
    keys, view = Keys(), TableView(url, None, Catalogues({"origami": CATALOGUE}))
    builds = 0
    build = view._build

    def counted() -> tuple[str, str]:
        nonlocal builds
        builds += 1
        return build()

    view._build = counted  # type: ignore[method-assign]
    server = CompanionServer("true", host="127.0.0.1", port=0, public="http://127.0.0.1", view=view, keys=keys,
                             banner="")
    now = [0.0]  # the limiter's clock stands still during the flood: a loaded machine's slow flood must not refill it
    server.limiter = Limiter(clock=lambda: now[0])
    async with TestServer(await server._make_app(), host="127.0.0.1") as test:
        slow = []
        for _ in range(30):  # clients that start a request and never finish it
            reader, writer = await asyncio.open_connection("127.0.0.1", test.port)
            writer.write(b"GET /table/now?key=" + keys.watch.encode() + b" HTTP/1.1\r\nHost: x\r\n")
            await writer.drain()
            slow.append(writer)
        async with aiohttp.ClientSession() as http:
            async def ask() -> int:
                async with http.get(test.make_url(f"/table/now?key={keys.watch}")) as answer:
                    await answer.read()
                    return answer.status

            statuses = await asyncio.wait_for(asyncio.gather(*(ask() for _ in range(300))), 60)
            assert set(statuses) == {200, 429}  # the flood is cut short, never an error
            assert statuses.count(200) == BURST and builds <= 2  # built once or twice, not 300 times
            now[0] += 1.5  # the budget refills: a phone asking normally is served
            assert await asyncio.wait_for(ask(), 10) == 200
            server.apps = MAX_APPS  # as many companion tabs as allowed are open: one more is turned away
            async with http.get(test.make_url(f"/ws?key={keys.app}")) as answer:
                assert answer.status == 503 and "close one first" in await answer.text()
        for writer in slow:
            writer.close()


def test_the_limiter_refills_at_its_rate() -> None:
    now = [0.0]
    limiter = Limiter(rate=2, burst=3, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("b")  # another address has its own budget
    now[0] = 0.5
    assert limiter.allow("a") and not limiter.allow("a")


def test_the_banner_says_what_the_network_exposes() -> None:
    keys = Keys()
    private = _banner("http://127.0.0.1:8000", keys.app, keys.watch, exposed=False)
    assert f"http://127.0.0.1:8000/table?key={keys.watch}" in private and NETWORK_WARNING not in private
    assert "this machine only" in private
    public = _banner("http://192.168.1.20:8000", keys.app, keys.watch, exposed=True)
    assert NETWORK_WARNING in public and f"http://192.168.1.20:8000/?key={keys.app}" in public
    assert Keys().watch != keys.watch and len(keys.watch) >= 20  # random at each start



@pytest.mark.parametrize("columns", [80, 60])  # side by side, or one under the other
def test_the_banners_qr_codes_scan_to_the_two_links(columns: int) -> None:
    keys = Keys()
    text = re.sub(r"\x1b\[[0-9;]*m", "", _banner("http://192.168.1.20:8000", keys.app, keys.watch, True, columns))
    def drawn(part: str) -> list[str]:
        return [line for line in part.splitlines() if line and set(line) <= set(" ▀▄█")]

    if columns == 80:
        both = drawn(text)
        width = (len(both[0]) - GAP) // 2
        codes = [[line[:width] for line in both], [line[width + GAP:] for line in both]]
    else:  # one under the other
        codes = [drawn(part) for part in text.split("The table, read-only (everyone):")]
    assert [read_back(code) for code in codes] == [f"http://192.168.1.20:8000/?key={keys.app}",
                                                   f"http://192.168.1.20:8000/table?key={keys.watch}"]


def test_a_port_in_use_a_double_binding_or_an_unknown_game_is_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, _, err = run(capsys, "serve", "--port", str(port))
        assert code == 2 and f"cannot listen on 127.0.0.1:{port}" in err and "--port" in err
    code, _, err = run(capsys, "serve", "--network", "--host", "10.0.0.2")
    assert code == 2 and "give --network or --host, not both" in err
    code, _, err = run(capsys, "serve", "--host", "192.0.2.7", "--port", str(free_port()))  # not this machine's
    assert code == 2 and "give --host one of this machine's own addresses" in err
    code, _, err = run(capsys, "serve", "--port", str(free_port()), "--game", "7")
    assert code == 2 and "no game 7" in err



async def test_a_table_that_cannot_be_shown_says_why_on_the_page(tmp_path: Path) -> None:
    # The game was removed from under it:
    view = TableView(f"sqlite:///{tmp_path}/games.db", 99, Catalogues({"origami": CATALOGUE}))
    body = (await view.now()).html
    assert "no game 99" in body
    await view.close()
    empty = TableView(f"sqlite:///{tmp_path}/other.db", None, Catalogues({"origami": CATALOGUE}))
    body = (await empty.now()).html
    assert "No game recorded turn by turn yet" in body
    await empty.close()
