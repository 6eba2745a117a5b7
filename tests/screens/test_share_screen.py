"""The BG Stats QR code on a stored game's score sheet, on the whole window, read back by a real decoder; too
small a window says what to do instead, and enlarging it (or pressing b) draws the code."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from companion import qr
from companion.app import make_app
from companion.games import KINDS
from companion.share import bgstats_link, shared_play
from companion.shell import TABLE_LINK
from db.store import Store
from screens.origami.sheet import SheetScreen
from screens.share import QrScreen
from tests.companion.test_share import decoded, read_back
from tests.screens.settle import settled
from tests.screens.test_players import seed_history


async def open_qr(url: str, size: tuple[int, int]) -> tuple[list[str] | None, str]:
    app = make_app(url)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.press("p")
        await settled(pilot)
        await pilot.press("tab", "enter")  # Ann's latest game (highlighted): game 3
        await settled(pilot)
        assert isinstance(app.screen, SheetScreen) and app.screen.game_id == 3
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, QrScreen)
        return app.screen.drawn, str(app.screen.query_one("#caption", Static).render())


def link_of(url: str, game_id: int) -> str:
    store = Store.open(url, KINDS)
    try:
        return bgstats_link(shared_play(store, game_id))
    finally:
        store.close()


async def test_the_score_sheet_shows_the_bg_stats_qr_code(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/q.db"
    seed_history(url)
    drawn, caption = await open_qr(url, (120, 60))
    assert drawn is not None and read_back(drawn) == link_of(url, 3)
    assert caption.startswith("Scan it with the phone")


async def test_a_terminal_too_small_for_the_code_says_what_to_do_and_enlarging_it_draws_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/q.db"
    seed_history(url)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("p")
        await settled(pilot)
        await pilot.press("tab", "enter")  # Ann's latest game (highlighted): game 3
        await settled(pilot)
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QrScreen) and screen.drawn is None
        caption = str(screen.query_one("#caption", Static).render())
        assert "this window has 80×24" in caption and "enlarge the terminal" in caption
        assert "companion share 3 --save play.bgsplay" in caption
        await pilot.resize_terminal(130, 60)  # enlarged: drawn again at once
        await settled(pilot)
        assert screen.drawn is not None and read_back(screen.drawn) == link_of(url, 3)
        assert str(screen.query_one("#caption", Static).render()).startswith("Scan it with the phone")
        await pilot.resize_terminal(80, 24)
        await settled(pilot)
        assert screen.drawn is None
        await pilot.resize_terminal(130, 60)
        await settled(pilot)
        screen.drawn = None  # as before the window grew: pressing b draws for the window as it is now
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is screen and screen.drawn is not None and read_back(screen.drawn) == link_of(url, 3)


async def test_served_the_app_shows_the_table_link_for_phones(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    link = "http://192.168.1.20:8000/table?key=Zt0-rN3p_7yQvW2xKcA9bg"
    app = make_app(f"sqlite:///{tmp_path}/q.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.show_table_link()  # not served: says how to serve, shows nothing
        await pilot.pause()
        assert not isinstance(app.screen, QrScreen)
        monkeypatch.setenv(TABLE_LINK, link)  # as `companion serve` sets it for the app processes it starts
        await pilot.press("ctrl+p")
        await pilot.press(*"table link")
        await pilot.press("enter")
        await settled(pilot)
        assert isinstance(app.screen, QrScreen) and app.screen.drawn is not None
        assert read_back(app.screen.drawn) == link  # fits 80×24 and scans to the exact link
        assert "follow the game (read-only)" in str(app.screen.query_one("#caption", Static).render())


async def test_a_two_player_game_fits_100x40(tmp_path: Path) -> None:
    """The whole play does not fit 100×40: the code that does leaves out what BG Stats can do without."""
    url = f"sqlite:///{tmp_path}/q.db"
    seed_history(url)
    whole = link_of(url, 3)
    assert qr.drawing(qr.matrix(whole), 100, 40 - 1) is None
    drawn, caption = await open_qr(url, (100, 40))
    assert drawn is not None and len(drawn) <= 40 and len(drawn[0]) <= 100
    sent, play = decoded(read_back(drawn)), decoded(whole)
    assert [(p["name"], p["score"], p.get("winner", False)) for p in sent["players"]] == \
        [(p["name"], p["score"], p["winner"]) for p in play["players"]]
    assert caption.startswith("Scan it with the phone") and "leaves out" in caption
