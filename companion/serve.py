"""`companion serve`: the companion in a browser (textual-serve runs one app process per browser tab) and the
read-only table for the other phones, behind two random keys made at each start:

- the app key opens the companion itself (it records actions and shows every player's history);
- the watch key opens only the read-only table (/table), which the QR code carries.

A request without a right key gets a refusal and nothing else. A key given in the URL is kept in a cookie
(HttpOnly, SameSite=Strict) so the app's websocket and the table's refreshes carry it. SameSite does not tell
apart the ports of one host, so a websocket or any request that could change something (not GET/HEAD) is also
refused when it comes from another origin's page. The server's log never shows a key (its handler takes them
out; tracebacks leave out their locals).

Bounded: each client address gets a small budget of requests per second (then 429); the read-only table is
built at most once per phone poll (FRESH seconds), on one worker thread, whatever the number of phones; a few app
processes at most run at once. A slow or flooding client ties up only its own connection."""
from __future__ import annotations

import asyncio
import hmac
import html
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial

from aiohttp import hdrs, web
from aiohttp.http_exceptions import HttpProcessingError
from rich.logging import RichHandler
from textual_serve.server import Server

from db.store import Store
from scoring.errors import InputError
from scoring.i18n import N_, _

from . import watch
from .bgstats_page import PATH, signature
from .games import KINDS
from .watch import POLL, Catalogues, Shown, current_game, page, shown

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
HOST = re.compile(r"[A-Za-z0-9.\-\[\]:]{1,255}")
APP_COOKIE, WATCH_COOKIE = "companion-app", "companion-watch"
MAX_APPS = 4  # app processes at once (each browser tab of the companion is one)
RATE, BURST = 10.0, 40  # requests per second per client address, and the burst allowed
FRESH = POLL  # seconds a built table view is served as it is: the phones' poll, so each poll costs one build at most
IDLE_SECONDS = 15.0  # a connection without a whole request head for this long is closed
# Query values: each at most LONGEST characters, and those read as whole numbers ASCII digits up to their bound (the
# table's game, and textual-serve's font size and terminal size): anything else is a 400, one line in the log.
LONGEST = 200
NUMBERS = {"game": 10**9, "fontsize": 200, "width": 1000, "height": 1000}
DIGITS = re.compile(r"[0-9]{0,10}")
log = logging.getLogger(__name__)
TITLE = "Origami companion"  # the pages' and the browser tab's title: the product's name

REFUSAL = N_("This page needs the link from the companion's QR code (the key in it is new at each start).")
# What the pages may load and run (connect-src names the address they were sent to: {host}).
CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' "
       "data:; font-src 'self' data:; connect-src 'self' ws://{host} wss://{host}; object-src 'none'; base-uri "
       "'none'; form-action 'none'; frame-ancestors 'none'")


REFUSED = "<!doctype html><meta charset=utf-8><title>{title}</title><p>{text}</p>"


def refused() -> str:
    """The page a request without a right key gets, in the language the server speaks."""
    return REFUSED.format(title=TITLE, text=_(REFUSAL))


@dataclass
class Keys:
    app: str = field(default_factory=lambda: secrets.token_urlsafe(16), repr=False)
    watch: str = field(default_factory=lambda: secrets.token_urlsafe(16), repr=False)
    share: str = field(default_factory=lambda: secrets.token_urlsafe(16), repr=False)  # signs a game handed over


def same(given: str, key: str) -> bool:
    """In constant time, and for any text: compare_digest raises on non-ASCII str, and surrogatepass encodes every
    str (even the lone surrogates undecodable bytes in a cookie become)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), key.encode("utf-8", "surrogatepass"))


class Redact(logging.Filter):
    """Takes the keys out of every log record: access lines carry the query, and aiohttp's errors about a malformed
    request quote its raw line or header, key included."""

    SHOWN = re.compile(r"(key=|sig=|companion-app=|companion-watch=)[^\s&;'\"]+")

    def __init__(self, keys: Keys) -> None:
        super().__init__()
        self.keys = keys

    def clean(self, text: str) -> str:
        for key in (self.keys.app, self.keys.watch, self.keys.share):
            text = text.replace(key, "[key]")
        return self.SHOWN.sub(r"\1[key]", text)  # a key spelt otherwise (percent-encoded) is not quoted either

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except (TypeError, ValueError):  # arguments that do not fit the message: the message alone, never them
            text = str(record.msg)
        if record.exc_info:  # the handler would render the exception's message as it is: it goes in as text
            trace = logging.Formatter().formatException(record.exc_info)
            if self.clean(trace) != trace:
                text, record.exc_info, record.exc_text = f"{text}\n{trace}", None, None
        record.msg, record.args = self.clean(text), ()
        return True


class Malformed(logging.Filter):
    """A request aiohttp could not even parse is one line in the log, not a traceback, and it spends its sender's
    budget: a flood of them neither fills the disk nor slows the phones (over budget, it is not logged at all)."""

    def __init__(self, limiter: Limiter) -> None:
        super().__init__()
        self.limiter = limiter

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not (record.name == "aiohttp.server" and isinstance(error, HttpProcessingError)):
            return True
        sender = re.search(r"request from (\S+)", record.getMessage())  # aiohttp names the sender's address
        who = sender.group(1) if sender else "?"
        if not self.limiter.allow(who):
            return False
        reason = (error.message or type(error).__name__).splitlines()[0][:120]
        record.msg, record.args, record.exc_info, record.exc_text = _("malformed request from %s: %s"), \
            (who, reason), None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def bad_query(query: Mapping[str, str]) -> str | None:
    """What is wrong with a request's query, naming the value (never quoting it: it may be a key); None if sound."""
    for name, value in query.items():
        if len(value) > LONGEST:
            return _("the value of {name!r} is {n} characters long (at most {most})").format(
                name=name[:20], n=len(value), most=LONGEST)
        bound = NUMBERS.get(name)
        if bound is not None and not (DIGITS.fullmatch(value) and int(value or 0) <= bound):
            return _("{name} must be a whole number from 0 to {most}, in the digits 0-9").format(name=name, most=bound)
    return None


class Answered(web.Request):
    """A request whose every answer carries the security headers, aiohttp's own (a 400 for a request it could not
    parse) included: those never reach the application's routes, so its on_response_prepare is not sent."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        if self._match_info is None:
            await CompanionServer.headers(self, response)
            return
        await super()._prepare_hook(response)


@dataclass
class Bucket:
    tokens: float
    at: float


class Limiter:
    """A token bucket per client address: RATE requests a second, BURST at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, Bucket] = {}

    def allow(self, who: str) -> bool:
        now = self.clock()
        if len(self.buckets) > 10_000:  # a flood from many addresses must not grow this without end
            self.buckets = {k: b for k, b in self.buckets.items() if now - b.at < 60}
        bucket = self.buckets.setdefault(who, Bucket(self.burst, now))
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True


class TableView:
    """The read-only table, built on one worker thread at most once every FRESH seconds."""

    def __init__(self, url: str, game: int | None, catalogues: Catalogues | None = None) -> None:
        self.url, self.game, self.catalogues = url, game, catalogues or Catalogues()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-view")
        self.lock = asyncio.Lock()
        self.store: Store | None = None
        self.built = Shown("", "")
        self.checked = float("-inf")

    async def now(self) -> Shown:
        async with self.lock:  # one build for every phone asking at once
            if time.monotonic() - self.checked >= FRESH:
                self.built = await asyncio.get_running_loop().run_in_executor(self.worker, self._build)
                self.checked = time.monotonic()
            return self.built

    def _build(self) -> Shown:
        try:
            if self.store is None:
                self.store = Store.open(self.url, KINDS)
            game = current_game(self.store, self.game)
            version = watch.version(game) if game else "none"
            if version != self.built.version:
                now = shown(self.store, game, self.catalogues)
                if game is not None and game.finished:
                    send = _("Send this game to BG Stats")
                    link = f'\n<p><a href="{PATH}?game={game.id}">{send}</a></p>'
                    now = replace(now, html=now.html + link)
                return now
        except InputError as exc:  # an unknown game, a database gone: said on the page, and tried again
            return Shown(f"error.{time.monotonic()}", f'<p class="quiet">{html.escape(str(exc))}</p>')
        return self.built

    async def bgstats(self, wanted: str, signed: bool) -> tuple[int, str]:
        """(HTTP status, page) handing a finished game to BG Stats: the game on the table, or `wanted` when the
        companion itself signed the link (the table's key alone shows the table, not the history)."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, self._bgstats, wanted, signed)

    def _bgstats(self, wanted: str, signed: bool) -> tuple[int, str]:
        from .bgstats_page import refusal, share_page
        from .share import bgstats_link, shared_play

        try:
            if self.store is None:
                self.store = Store.open(self.url, KINDS)
            game = self.store.games.get(int(wanted)) if signed else current_game(self.store, self.game)
            if game is None:
                return 404, refusal(_("No game is on the table yet."))
            if wanted not in ("", str(game.id)):
                return 403, refusal(_("This page hands over the game on the table only (game {id}). For another "
                                      "game, open its score sheet in the companion and press b.").format(id=game.id))
            if not game.finished:
                return 409, refusal(_("Game {id} is not finished yet: once it is scored, this page opens BG Stats "
                                      "with the play filled in.").format(id=game.id))
            return 200, share_page(game.id, self.store.results.of(game.id), bgstats_link(shared_play(self.store,
                                                                                                  game.id)))
        except InputError as exc:
            return 409, refusal(str(exc))

    async def close(self) -> None:
        if self.store is not None:
            await asyncio.get_running_loop().run_in_executor(self.worker, self.store.close)
            self.store = None
        self.worker.shutdown(wait=False)


class CompanionServer(Server):
    def __init__(self, command: str, *, host: str, port: int, public: str, view: TableView, keys: Keys,
                 banner: str) -> None:
        super().__init__(command, host=host, port=port, title=TITLE, public_url=public)
        self.view, self.keys, self.banner = view, keys, banner
        self.limiter = Limiter()
        self.apps = 0

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # not a line per phone refresh
        logging.getLogger("alembic").setLevel(logging.WARNING)  # opening the database is not news
        for handler in logging.getLogger().handlers:  # every logger's records end here
            handler.addFilter(Malformed(self.limiter))  # first: it shortens what Redact then cleans
            handler.addFilter(Redact(self.keys))
            if isinstance(handler, RichHandler):  # a traceback's locals hold the keys, the request, its cookies
                handler.tracebacks_show_locals = False

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        for resource in app.router.resources():  # the scripts and fonts are served, their folders never listed
            if isinstance(resource, web.StaticResource):
                resource._show_index = False
        app.on_response_prepare.append(self.headers)
        app._make_request = partial(app._make_request, _cls=Answered)  # type: ignore[method-assign]
        # Slow clients are let go: a connection that has not sent a whole request head within IDLE_SECONDS (from
        # its start, trickling or not, or since its last answer) is closed, and after an answer it waits at most
        # 1 s for the rest of a body it promised. A websocket, its handshake in, is not affected.
        app._handler_args = {"lingering_time": 1.0, "keepalive_timeout": IDLE_SECONDS}
        app.middlewares.append(self.guard)
        app.add_routes([web.get("/table", self.table_page), web.get("/table/now", self.table_now),
                        web.get(PATH, self.bgstats_page)])
        return app

    async def on_startup(self, app: web.Application) -> None:
        print(self.banner, flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        await self.view.close()

    @staticmethod
    async def headers(request: web.Request, response: web.StreamResponse) -> None:
        """On every answer (pages, scripts, refusals): only this server's own scripts, styles and sockets run in its
        pages, no other site may frame them, and no file is taken for another type than it says."""
        host = request.host if HOST.fullmatch(request.host) else "127.0.0.1"  # a Host header is the client's text
        response.headers[hdrs.CONTENT_SECURITY_POLICY] = CSP.format(host=host)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers[hdrs.REFERRER_POLICY] = "no-referrer"  # the key never leaves in a Referer header

    # --- the gate ---------------------------------------------------------------------------------
    def access(self, request: web.Request) -> str | None:
        """'app', 'watch' or None, from the key in the URL or the cookie it left."""
        given = request.query.get("key", "")
        for level, key, cookie in (("app", self.keys.app, APP_COOKIE), ("watch", self.keys.watch, WATCH_COOKIE)):
            if same(given, key) or same(request.cookies.get(cookie, ""), key):
                return level
        return None

    @staticmethod
    def foreign(request: web.Request) -> bool:
        """A websocket or a request that may change something, sent by a page of another origin (a page on another
        port of this host included: the cookie's SameSite=Strict lets it through). Browsers always send Origin
        with a websocket and with such requests, so without one the client is no browser page: it is let in on
        its key like any other (it is the owner's own tool, since it holds the key)."""
        origin = request.headers.get(hdrs.ORIGIN)
        changing = request.method not in ("GET", "HEAD") or request.path == "/ws" \
            or request.headers.get(hdrs.UPGRADE, "").lower() == "websocket"
        # The page's own origin is the address the request was sent to (Host), with the scheme it was served over.
        return changing and origin is not None and origin.lower() != f"{request.scheme}://{request.host}".lower()

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not self.limiter.allow(request.remote or "?"):
            return web.Response(status=429, text=_("Too many requests: wait a moment."),
                                headers={hdrs.RETRY_AFTER: "1"})
        if self.foreign(request):
            return web.Response(status=403, text=refused(), content_type="text/html")
        wrong = bad_query(request.query)
        if wrong is not None:
            log.warning(_("bad request from %s: %s"), request.remote, wrong)
            return web.Response(status=400, text=_("Bad address: {problem}.").format(problem=wrong))
        if request.path.startswith("/static/"):  # the page's scripts and fonts: no game in them
            return await handler(request)
        level = self.access(request)
        watching = request.path == "/table" or request.path.startswith("/table/")
        if level is None or (level == "watch" and not watching):
            return web.Response(status=403, text=refused(), content_type="text/html")
        if request.path == "/ws":
            if self.apps >= MAX_APPS:
                return web.Response(status=503, text=_("{n} copies of the companion are open already: close one "
                                                       "first.").format(n=MAX_APPS))
            if not web.WebSocketResponse().can_prepare(request).ok:  # not a real handshake: the app is not started
                return web.Response(status=400, text=_("This address takes the companion's own websocket only."))
            self.apps += 1
            try:
                return await handler(request)
            finally:
                self.apps -= 1
        response = await handler(request)
        if "key" in request.query:
            name, key = (APP_COOKIE, self.keys.app) if level == "app" else (WATCH_COOKIE, self.keys.watch)
            response.set_cookie(name, key, httponly=True, samesite="Strict", path="/")
        response.headers[hdrs.CACHE_CONTROL] = "no-store"
        return response

    # --- the read-only table -----------------------------------------------------------------------
    async def table_page(self, request: web.Request) -> web.Response:
        return web.Response(text=page(await self.view.now(), "/table/now"), content_type="text/html")

    async def bgstats_page(self, request: web.Request) -> web.Response:
        wanted = request.query.get("game", "")
        signed = wanted.isdigit() and same(request.query.get("sig", ""), signature(self.keys.share, int(wanted)))
        status, body = await self.view.bgstats(wanted, signed)
        return web.Response(status=status, text=body, content_type="text/html")

    async def table_now(self, request: web.Request) -> web.Response:
        now = await self.view.now()
        if request.headers.get(hdrs.IF_NONE_MATCH) == now.version:
            return web.Response(status=304, headers={"ETag": now.version})
        return web.Response(text=now.html, content_type="text/html", headers={"ETag": now.version})
