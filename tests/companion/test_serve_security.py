"""`companion serve` against what needs no key (security audit, issue 16): a key or cookie with any character in it
is refused like a wrong one (never an error, never a key in the log), and a page from another origin (another port
of this host included) can neither open the app's websocket nor send it anything that changes state."""
from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from companion.bgstats_page import signature
from companion.games import KINDS
from companion.origami.watch import fragment, snapshot
from companion.serve import BURST, IDLE_SECONDS, RATE, CompanionServer, Keys, Malformed, Redact, TableView, refused
from companion.watch import Catalogues, current_game
from db.store import Store
from scoring.errors import MissingValue
from tests.browser import browser
from tests.companion.test_exchange import CATALOGUE, history
from tests.companion.test_serve import Served, free_port, served  # noqa: F401  (served: the fixture)

# Resolves once the socket has said what it got: "open message closed" when the app answered, "closed" alone when
# the handshake was refused.
PROBE = """new Promise(done => {
  const seen = [];
  const ws = new WebSocket(URL);
  ws.onopen = () => seen.push("open");
  ws.onmessage = () => { if (!seen.includes("message")) seen.push("message"); ws.close(); };
  ws.onclose = () => done(seen.concat("closed").join(" "));
  setTimeout(() => done(seen.concat("timeout").join(" ")), 20000);
})"""


SERVER = web.AppKey("server", CompanionServer)


def odd_requests(keys: Keys) -> list[bytes]:
    """Requests with keys or cookies no browser link makes: non-ASCII, undecodable bytes, a surrogate."""
    lines = [b"GET /table?key=%C3%A9 HTTP/1.1", b"GET /?key=%C3%A9 HTTP/1.1", b"GET /ws?key=%ED%A0%80 HTTP/1.1",
             b"GET /table?key=" + keys.watch.encode() + b"%C3%A9 HTTP/1.1"]
    cookies = ["companion-app=é", "companion-watch=é", f"companion-watch={keys.watch}é", "companion-app=\udcff"]
    return ([line + b"\r\nHost: x\r\nConnection: close\r\n\r\n" for line in lines]
            + [f"GET {path} HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
               .encode("utf-8", "surrogateescape") for path in ("/", "/table") for cookie in cookies])


async def send(port: int, raw: bytes) -> tuple[int, str]:
    """The status and body of one raw request."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode("utf-8", "replace")


@asynccontextmanager
async def companion_server(tmp_path: Path) -> AsyncIterator[tuple[TestServer, Keys]]:
    url = f"sqlite:///{tmp_path}/games.db"
    history(url)
    keys = Keys()
    server = CompanionServer("true", host="127.0.0.1", port=0, public="http://127.0.0.1",
                             view=TableView(url, None, Catalogues({"origami": CATALOGUE})), keys=keys, banner="")
    app = await server._make_app()
    app[SERVER] = server
    async with TestServer(app, host="127.0.0.1") as test:
        yield test, keys


async def test_a_key_or_cookie_no_link_makes_is_refused_like_a_wrong_one(tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # the access log too, with its request lines
    async with companion_server(tmp_path) as (test, keys):
        caplog.handler.addFilter(Redact(keys))  # as the served process puts it on its log's handler
        for raw in odd_requests(keys) + [b"GET /table?key=guess HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]:
            status, body = await send(test.port, raw)
            assert (status, body) == (403, refused()), raw
        assert (await send(test.port, b"GET /table?key=" + keys.watch.encode() + b" HTTP/1.1\r\nHost: x\r\n"
                           b"Connection: close\r\n\r\n"))[0] == 200  # the right key still opens the table
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info], caplog.text
    assert "GET /table?key=[key] HTTP/1.1" in caplog.text  # the access lines are there, the keys are not
    assert keys.app not in caplog.text and keys.watch not in caplog.text


async def test_the_servers_log_never_holds_a_key(served: Served) -> None:
    port = int(served.base.rsplit(":", 1)[1])
    for raw in odd_requests(served.keys):
        assert (await send(port, raw))[0] == 403, raw
    for key in (served.keys.app, served.keys.watch):  # malformed requests that carry a right key: aiohttp logs them
        for raw in (f"GET /?key={key}\x01 HTTP/1.1\r\nHost: x\r\n\r\n",
                    f"GET /table HTTP/1.1\r\nHost: x\r\nCookie: companion-app={key}\x01\r\n\r\n",
                    f"GET /table?key={key} HTTP/1.1\r\nHost: x\r\nX{key}\r\n\r\n"):
            assert (await send(port, raw.encode()))[0] == 400
        # A right request, then a malformed one on the same connection: the error quotes only the second, but the
        # parser's buffer holds both (a traceback must not show its locals).
        pipelined = f"GET /table?key={key} HTTP/1.1\r\nHost: x\r\n\r\nGET /table HTTP/1.1\r\nBad\x01\r\n\r\n"
        assert (await send(port, pipelined.encode()))[0] == 400  # aiohttp parses the whole buffer first
    async with aiohttp.ClientSession() as http:  # and the right keys, used as the links use them
        for path in (f"/?key={served.keys.app}", f"/table?key={served.keys.watch}",
                     f"/table/now?key={served.keys.watch}"):
            async with http.get(served.base + path) as answer:
                assert answer.status == 200
    log = served.stop(interrupt=True)  # Ctrl+C: the server stops quietly
    assert served.process.returncode == 0 and "KeyboardInterrupt" not in log
    assert "alembic" not in log.casefold()  # opening the database is not news
    assert "malformed request from 127.0.0.1" in log  # the malformed requests were logged, a line each...
    assert "Traceback" not in log
    assert served.keys.app not in log and served.keys.watch not in log, log  # ...but not the keys they held
    assert "TypeError" not in log and "compare_digest" not in log and "locals" not in log


def test_redact_takes_the_keys_out_of_messages_and_tracebacks() -> None:
    keys = Keys()
    redact = Redact(keys)
    access = logging.LogRecord("aiohttp.access", logging.INFO, __file__, 1, '%s "GET /table?key=%s HTTP/1.1" 200',
                               ("127.0.0.1", keys.watch), None)
    try:
        raise ValueError(f"bad line: b'GET /?key={keys.app}\\x01'")
    except ValueError as exc:
        failed = logging.LogRecord("aiohttp.server", logging.ERROR, __file__, 1, "Error handling request", (),
                                   (type(exc), exc, exc.__traceback__))
    plain = logging.LogRecord("aiohttp.server", logging.INFO, __file__, 1, "nothing secret %s", ("here",), None)
    for record in (access, failed, plain):
        assert redact.filter(record)
    text = logging.Formatter().format(access) + logging.Formatter().format(failed)
    assert keys.app not in text and keys.watch not in text and "bad line" in text and "ValueError" in text
    assert plain.getMessage() == "nothing secret here"


async def test_another_origin_may_not_open_the_websocket_or_change_anything(tmp_path: Path) -> None:
    async with companion_server(tmp_path) as (test, keys), aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{test.port}"
        other = f"http://127.0.0.1:{free_port()}"
        for origin in (other, "null", f"https://127.0.0.1:{test.port}"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with http.ws_connect(f"{base}/ws?key={keys.app}", origin=origin):
                    pass
            assert refused.value.status == 403, origin
            async with http.post(f"{base}/table?key={keys.watch}", headers={"Origin": origin}) as answer:
                assert answer.status == 403, origin
        async with http.post(f"{base}/table?key={keys.watch}", headers={"Origin": base}) as answer:
            assert answer.status == 405  # its own page's origin passes the gate (and nothing takes a POST)
        async with http.get(f"{base}/table?key={keys.watch}", headers={"Origin": other}) as answer:
            assert answer.status == 200  # reading is not changing: a GET is let through (no CORS: unreadable there)


async def test_a_page_on_another_port_cannot_use_the_apps_websocket_in_a_real_browser(served: Served) -> None:
    socket_url = f"ws://127.0.0.1:{served.base.rsplit(':', 1)[1]}/ws?width=80&height=24"
    probe = PROBE.replace("URL", json.dumps(socket_url))

    async def evil(request: web.Request) -> web.Response:
        return web.Response(content_type="text/html", text="<!doctype html><title>elsewhere</title><body>waiting"
                            f"<script>({probe}).then(r => document.body.textContent = 'result: ' + r)</script>")

    app = web.Application()
    app.add_routes([web.get("/", evil)])
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        async with browser() as page:
            await page.open(f"{served.base}/?key={served.keys.app}")  # the owner's link: the browser gets the cookie
            for _ in range(100):
                cookies = (await page.call("Network.getCookies", urls=[served.base]))["cookies"]
                if any(c["name"] == "companion-app" for c in cookies):
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("the app's link left no cookie")
            # From the app's own page the same probe reaches the app: the cookie works, the probe is sound.
            own = await page.call("Runtime.evaluate", expression=probe, awaitPromise=True, returnByValue=True)
            assert own["result"]["value"] == "open message closed"
            await page.open(f"http://127.0.0.1:{port}/")  # same host, another port: same site, another origin
            text = await page.wait_for("result:", 30)
            assert text.strip() == "result: closed"  # refused at the handshake: never open, nothing from the app
    finally:
        await runner.cleanup()


async def test_every_answer_carries_the_security_headers_and_no_folder_is_listed(tmp_path: Path) -> None:
    async with companion_server(tmp_path) as (test, keys), aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{test.port}"
        for path, status in ((f"/table?key={keys.watch}", 200), ("/table", 403), ("/static/js/textual.js", 200)):
            async with http.get(base + path) as answer:
                assert answer.status == status, path
                policy = answer.headers["Content-Security-Policy"]
                assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy, path
                assert f"ws://127.0.0.1:{test.port}" in policy
                assert answer.headers["X-Content-Type-Options"] == "nosniff", path
                assert answer.headers["Referrer-Policy"] == "no-referrer", path
        for folder in ("/static/", "/static/js/", "/static/js"):
            async with http.get(base + folder) as answer:
                assert answer.status in (403, 404), folder
                assert "textual.js" not in await answer.text(), folder
        async with http.get(base + "/table", headers={"Host": "x; script-src *"}) as answer:
            assert "script-src *" not in answer.headers["Content-Security-Policy"]


async def test_a_flood_of_malformed_requests_is_a_line_each_then_nothing(tmp_path: Path,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    """Requests aiohttp cannot parse spend their sender's budget and are logged one line each while within it; a
    normal request after the flood is served at once."""
    caplog.set_level(logging.DEBUG)
    async with companion_server(tmp_path) as (test, keys):
        server = test.app[SERVER]
        caplog.handler.addFilter(Malformed(server.limiter))
        broken = b"GET /table HTTP/1.1\r\nHost: x\r\nno colon in this header\r\nConnection: close\r\n\r\n"
        loop = asyncio.get_running_loop()
        began = loop.time()
        answers = await asyncio.gather(*(send(test.port, broken) for _ in range(300)))
        took = loop.time() - began
        assert {status for status, _ in answers} == {400}
        lines = [r for r in caplog.records if r.name == "aiohttp.server"]
        assert 0 < len(lines) <= BURST + RATE * took + 1  # the budget, plus what refilled while the flood was sent
        assert all(r.exc_info is None and "\n" not in r.getMessage() for r in lines)
        assert lines[0].getMessage().startswith("malformed request from 127.0.0.1: ")
        await asyncio.sleep(0.5)  # the budget refills at its rate
        started = asyncio.get_running_loop().time()
        status, _ = await send(test.port, b"GET /table?key=" + keys.watch.encode()
                               + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert status == 200 and asyncio.get_running_loop().time() - started < 2


async def test_the_app_itself_runs_in_a_real_browser_under_its_content_security_policy(served: Served) -> None:
    """The policy must not break the page it protects: in Chromium the served companion's page runs its scripts,
    opens its socket and receives the app's screen, and nothing of its own is blocked (only the outside font the
    page asks for, which the policy keeps out: no request leaves for another site)."""
    watch = (
        "window.__blocked = []; window.__socket = [];"
        "document.addEventListener('securitypolicyviolation', e => window.__blocked.push(e.blockedURI));"
        "const Real = window.WebSocket;"
        "window.WebSocket = function (url, protocols) {"
        "  const socket = new Real(url, protocols);"
        "  socket.addEventListener('open', () => window.__socket.push('open'));"
        "  socket.addEventListener('message', () => window.__socket.push('message'));"
        "  return socket; };"
        "window.WebSocket.prototype = Real.prototype;")
    async with browser() as page:
        await page.call("Page.enable")
        await page.call("Page.addScriptToEvaluateOnNewDocument", source=watch)
        await page.open(f"{served.base}/?key={served.keys.app}")
        socket: list[str] = []
        for _ in range(200):
            found = await page.call("Runtime.evaluate", expression="JSON.stringify(window.__socket || [])",
                                    returnByValue=True)
            socket = json.loads(found["result"]["value"])
            if "message" in socket:
                break
            await asyncio.sleep(0.2)
        assert socket[:2] == ["open", "message"], socket  # the app process is drawing into the page
        found = await page.call("Runtime.evaluate", expression="JSON.stringify(window.__blocked)", returnByValue=True)
        blocked = json.loads(found["result"]["value"])
        assert all(b.startswith("https://fonts.googleapis.com/") for b in blocked), blocked


async def first_status(port: int, raw: bytes) -> int:
    """The status of the answer to `raw` (0 when the server hung up without one); a connection the server keeps
    a moment for a body that never comes is not waited for."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(raw)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n"), 5)
        return int(head.split()[1])
    except (ConnectionError, asyncio.IncompleteReadError, IndexError, ValueError):
        return 0
    finally:
        writer.close()


def hostile_request(rng: random.Random, keys: Keys) -> bytes:
    """A request a hostile or broken client might send: odd methods, paths, keys, headers, bytes and lengths."""
    method = rng.choice([b"GET", b"HEAD", b"POST", b"PUT", b"DELETE", b"OPTIONS", b"G\x00T", b"\xff", b""])
    path = rng.choice([b"/", b"/table", b"/table/now", b"/ws", b"/static/", b"/static/js/textual.js",
                       b"/static/../../etc/passwd", b"/%00", b"/" + bytes(rng.randrange(256) for _ in range(8)),
                       b"/table?key=" + keys.watch.encode(), b"/?key=" + rng.choice([keys.app, "x" * 5000]).encode(),
                       signed_link(rng, keys), signed_link(rng, keys)])
    headers = [b"Host: " + rng.choice([b"127.0.0.1", b"", b"x" * 300, b"\xc3\xa9"])]
    for _ in range(rng.randrange(4)):
        headers.append(rng.choice([b"Cookie: companion-app=" + rng.choice([b"\xff", keys.app.encode(), b""]),
                                   b"Origin: http://evil.example", b"Upgrade: websocket", b"Content-Length: -1",
                                   b"Content-Length: 99999999999999999999", b"Transfer-Encoding: chunked",
                                   b"X" * rng.randrange(1, 9000), b"If-None-Match: " + b"\"" * 50]))
    version = rng.choice([b"HTTP/1.1", b"HTTP/1.0", b"HTTP/9", b""])
    return method + b" " + path + b" " + version + b"\r\n" + b"\r\n".join(headers) + b"\r\nConnection: close\r\n\r\n"


def signed_link(rng: random.Random, keys: Keys) -> bytes:
    """A signed link to a game's BG Stats page (`/table/bgstats?game=N&sig=…`), its game, signature and key sound or
    not: another game's, odd digits, huge, repeated, missing, bytes that are not text."""
    game = rng.choice([b"1", b"2", b"0", b"-1", b"\xc2\xb2", b"\xe2\x81\xb5", b"9" * rng.choice([19, 5000]), b"",
                       b"1&game=2", b"%31", b"\xff"])
    sig = rng.choice([signature(keys.share, 1), signature(keys.share, 2), signature(keys.watch, 1), "", "0" * 64,
                      "%ff" * 40]).encode()
    query = [b"game=" + game, b"sig=" + sig, b"key=" + rng.choice([keys.watch, keys.app, "x"]).encode()]
    return b"/table/bgstats?" + b"&".join(rng.sample(query, rng.randint(1, 3)))


async def test_fuzzed_requests_never_break_the_server(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Hostile requests get a refusal or a page, never an error of the server's own (500) or a traceback, and a
    normal request is served after them."""
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    caplog.set_level(logging.DEBUG)
    async with companion_server(tmp_path) as (test, keys):
        server = test.app[SERVER]
        caplog.handler.addFilter(Malformed(server.limiter))
        tried = 0
        loop = asyncio.get_running_loop()
        began = loop.time()
        while loop.time() - began < 3:
            server.limiter.buckets.clear()  # the budget is tested elsewhere: here every request is read
            raw = hostile_request(rng, keys)
            status = await first_status(test.port, raw)
            assert status != 500, (seed, raw)
            tried += 1
        print(f"serve fuzz: {tried} requests (seed {seed})")
        assert (await send(test.port, b"GET /table?key=" + keys.watch.encode()
                           + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))[0] == 200
    traced = [(r.name, r.getMessage()[:200], repr(r.exc_info[1])[:200]) for r in caplog.records if r.exc_info]
    assert traced == []


async def test_a_client_trickling_its_headers_is_let_go_and_a_websocket_is_not(served: Served) -> None:
    """A connection whose request head never ends, even sent a line at a time, is closed after IDLE_SECONDS; a
    websocket whose handshake came in whole stays open past that."""
    port = int(served.base.rsplit(":", 1)[1])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /table?key=" + served.keys.watch.encode() + b" HTTP/1.1\r\nHost: x\r\n")  # never ends

    async def trickle() -> None:  # a header line every 2 s: still no whole head
        while not writer.is_closing():
            await asyncio.sleep(2)
            writer.write(b"X-Slow: yes\r\n")

    trickling = asyncio.ensure_future(trickle())
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(f"{served.base}/?key={served.keys.app}") as answer:
            assert answer.status == 200
        async with http.ws_connect(f"{served.base}/ws?width=80&height=24", origin=served.base) as ws:
            assert await asyncio.wait_for(reader.read(), IDLE_SECONDS + 5) == b""  # the server hung up on it
            writer.close()
            trickling.cancel()
            await asyncio.sleep(1)  # past the deadline: the app's socket still answers
            await ws.send_json(["ping", "still here"])
            while True:
                message = await asyncio.wait_for(ws.receive(), 10)
                assert message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY), message
                if message.type == aiohttp.WSMsgType.TEXT and "still here" in message.data:
                    break


def test_the_phone_page_says_what_players_can_do_never_a_shell_command(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A score that needs a card value nobody gave yet is said in the players' words on the phones' page."""
    url = f"sqlite:///{tmp_path}/games.db"
    history(url)

    def needs_a_value(self: object) -> None:
        raise MissingValue("Sheep", "points", "the score")

    monkeypatch.setattr("companion.origami.watch.GameSession.score", needs_a_value)
    store = Store.open(url, KINDS)
    try:
        game = current_game(store, None)
        assert game is not None
        page = fragment(snapshot(store, game, CATALOGUE))
    finally:
        store.close()
    assert "Sheep: its printed victory points are not known" in page
    assert "Scores so far need a value the companion does not know yet" in page
    assert "companion catalog" not in page and "--catalog" not in page and "catalog set" not in page


async def raw_head(port: int, raw: bytes) -> str:
    """The status line and headers of one raw request's answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    return answer.partition(b"\r\n\r\n")[0].decode("latin-1")


async def test_a_query_value_out_of_bounds_is_a_400_of_one_log_line(tmp_path: Path,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    async with companion_server(tmp_path) as (test, keys), aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{test.port}"
        asked = [("/table/bgstats", {"key": keys.watch, "game": wanted}) for wanted in ("²", "⁵", "5" * 5000, "-1",
                                                                                       "1e3", "١", "99999999999")]
        asked += [("/", {"key": keys.app, "width": "9" * 30}), ("/", {"key": keys.app, "fontsize": "²"}),
                  ("/table", {"key": keys.watch, "sig": "x" * 5000})]
        for path, query in asked:
            async with http.get(base + path, params=query) as answer:
                assert answer.status == 400, query
                said = await answer.text()
                assert said.startswith("Bad address: ") and "5555" not in said and "xxxx" not in said, said
                assert answer.headers["X-Content-Type-Options"] == "nosniff"
        async with http.get(base + "/table/bgstats", params={"key": keys.watch, "game": ""}) as answer:
            assert answer.status != 400  # no game given: the table's own, as before
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == len(asked), [r.getMessage() for r in lines]
    assert all(r.exc_info is None and "\n" not in r.getMessage() and "bad request from" in r.getMessage()
               for r in lines)


async def test_aiohttps_own_refusals_carry_the_security_headers_and_a_signature_never_reaches_the_log(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    async with companion_server(tmp_path) as (test, keys):
        server = test.app[SERVER]
        caplog.handler.addFilter(Malformed(server.limiter))
        caplog.handler.addFilter(Redact(keys))
        for raw in (b"GET /table/bgstats?game=1&sig=0123456789abcdef HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n",
                    b"GET /table/bgstats?game=1&sig=0123456789abcdef\x01 HTTP/1.1\r\nHost: x\r\n\r\n"):
            head = await raw_head(test.port, raw)
            assert head.split()[1] == "400", head
            assert "Content-Security-Policy: default-src 'self'" in head and "X-Frame-Options: DENY" in head, head
    assert not any("0123456789abcdef" in r.getMessage() for r in caplog.records)
    assert "0123456789abcdef" not in Redact(keys).clean("bad line 'GET /x?game=1&sig=0123456789abcdef HTTP/1.1'")


async def test_a_damaged_row_nested_thousands_deep_is_said_on_the_table_page(tmp_path: Path,
                                                                             caplog: pytest.LogCaptureFixture) -> None:
    async with companion_server(tmp_path) as (test, keys), aiohttp.ClientSession() as http:
        url = f"sqlite:///{tmp_path}/games.db"
        store = Store.open(url, KINDS)
        try:
            game = current_game(store, None)
            assert game is not None and not game.finished
        finally:
            store.close()
        db = sqlite3.connect(tmp_path / "games.db")
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            db.execute(f"DROP TRIGGER {name}")  # damaged outside the companion
        db.execute("UPDATE events SET payload = ? WHERE game_id = ? AND seq = 1",
                   ('{"a": ' + "[" * 50_000 + "]" * 50_000 + "}", game.id))
        db.commit()
        db.close()
        async with http.get(f"http://127.0.0.1:{test.port}/table/now", params={"key": keys.watch}) as answer:
            assert answer.status == 200
            said = await answer.text()
            assert f"game {game.id}, event 1" in said and "is damaged" in said and "restore a backup" in said, said
    assert not any(r.exc_info for r in caplog.records)
