"""A finished game handed to BG Stats from a terminal too small for the whole play's code: served, the app draws a
short code of the server's page for that game (signed, so the table's key opens no other game of the history),
and that page gives the phone the exact createPlay link. Also: the phones following a finished table find the
same page, and a link the companion did not sign opens nothing but the game on the table."""
from __future__ import annotations

import html
import re
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from companion.app import SHARE_SECRET, TABLE_LINK, make_app
from companion.bgstats_page import PATH, relay_link
from companion.serve import CompanionServer, Keys, TableView
from companion.watch import Catalogues
from screens.origami.sheet import SheetScreen
from screens.share import QrScreen
from tests.browser import browser
from tests.companion.test_exchange import CATALOGUE, history
from tests.companion.test_share import read_back
from tests.screens.settle import settled
from tests.screens.test_players import seed_history
from tests.screens.test_share_screen import link_of

HREF = re.compile(r'<a class="open" href="([^"]+)">Open in BG Stats</a>')


def server(url: str, keys: Keys, game: int | None = None) -> CompanionServer:
    return CompanionServer("true", host="127.0.0.1", port=0, public="http://127.0.0.1",
                           view=TableView(url, game, Catalogues({"origami": CATALOGUE})), keys=keys, banner="")


async def test_at_80x24_the_served_app_draws_the_games_page_whose_button_is_the_exact_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/q.db"
    seed_history(url)  # game 3: Ann's latest, quick-scored
    keys = Keys()
    async with TestServer(await server(url, keys)._make_app(), host="127.0.0.1") as test:
        table = f"http://127.0.0.1:{test.port}/table?key={keys.watch}"
        monkeypatch.setenv(TABLE_LINK, table)  # as `companion serve` sets both for its app processes
        monkeypatch.setenv(SHARE_SECRET, keys.share)
        app = make_app(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            await pilot.press("p")
            await settled(pilot)
            await pilot.press("tab", "enter")  # the latest game, highlighted
            await settled(pilot)
            assert isinstance(app.screen, SheetScreen) and app.screen.game_id == 3
            await pilot.press("b")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, QrScreen) and screen.drawn is not None  # it fits 80×24
            assert len(screen.drawn) <= 22 and len(screen.drawn[0]) <= 80
            scanned = read_back(screen.drawn)
            assert scanned == relay_link(table, keys.share, 3)
            assert "the companion's page for this game opens BG Stats" in screen.caption
        async with aiohttp.ClientSession() as http, http.get(scanned) as answer:
            assert answer.status == 200
            found = HREF.search(await answer.text())
        assert found is not None and html.unescape(found.group(1)) == link_of(url, 3)


async def test_the_table_key_alone_opens_the_game_on_the_table_only(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    history(url)  # game 1 finished turn by turn, game 2 in play (the table's), game 3 quick-scored
    keys = Keys()
    async with TestServer(await server(url, keys)._make_app(), host="127.0.0.1") as test, \
            aiohttp.ClientSession() as http:
        async def status(query: str) -> tuple[int, str]:
            async with http.get(test.make_url(f"{PATH}?{query}")) as answer:
                return answer.status, await answer.text()

        assert (await status("game=2"))[0] == 403  # no key: nothing
        code, text = await status(f"key={keys.watch}")
        assert code == 409 and "Game 2 is not finished yet" in text
        code, text = await status(f"game=1&key={keys.watch}")
        assert code == 403 and "the game on the table only (game 2)" in text
        signed = relay_link(f"http://x/table?key={keys.watch}", keys.share, 1).split("?", 1)[1]
        assert (await status(signed))[0] == 200
        forged = relay_link(f"http://x/table?key={keys.watch}", "not-the-secret", 1).split("?", 1)[1]
        assert (await status(forged))[0] == 403
        assert (await status(signed.replace("game=1", "game=3")))[0] == 403  # a signature is for its game only


async def test_the_phones_following_a_finished_table_find_the_page(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    history(url)
    keys = Keys()
    async with TestServer(await server(url, keys, game=1)._make_app(), host="127.0.0.1") as test, \
            aiohttp.ClientSession() as http:
        async with http.get(test.make_url(f"/table?key={keys.watch}")) as answer:
            assert f'href="{PATH}?game=1">Send this game to BG Stats' in await answer.text()
        async with http.get(test.make_url(f"{PATH}?game=1&key={keys.watch}")) as answer:
            assert answer.status == 200 and HREF.search(await answer.text()) is not None


async def test_in_a_real_browser_the_table_leads_to_the_button_carrying_the_exact_link(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    history(url)
    keys = Keys()
    async with TestServer(await server(url, keys, game=1)._make_app(), host="127.0.0.1") as test, browser() as page:
        await page.open(str(test.make_url(f"/table?key={keys.watch}")))
        await page.wait_for("Send this game to BG Stats")
        await page.call("Runtime.evaluate", expression="document.querySelector('a[href^=\"/table/bgstats\"]').click()")
        await page.wait_for("Open in BG Stats")  # the key went along in the cookie the table's link left
        found = await page.call("Runtime.evaluate", returnByValue=True,
                                expression="document.querySelector('a.open').getAttribute('href')")
        assert found["result"]["value"] == link_of(url, 1)
