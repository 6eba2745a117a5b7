"""A screen opened and closed leaves nothing behind: over an evening's play the widgets of screens long closed, and
the lines they rendered, do not pile up; and what the app loads at start stays out of the collector's passes."""
from __future__ import annotations

import gc
import weakref
from collections import Counter
from pathlib import Path

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.widgets import Footer, Header, OptionList

from companion.app import make_app
from screens.origami.deal import DealScreen
from screens.players import PlayersScreen
from tests.screens.settle import settled, until
from tests.screens.test_abandon import started
from tests.screens.test_players import seed_history


def alive() -> Counter[str]:
    gc.collect()
    kinds = (Header, Footer, StylesCache)
    return Counter(type(o).__name__ for o in gc.get_objects() if isinstance(o, kinds))


async def test_a_screen_opened_and_closed_again_and_again_leaves_nothing_behind(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/p.db"
    seed_history(url)
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)

        async def visit() -> None:  # the players screen, a player's history shown, and back Home
            await pilot.press("p")
            await settled(pilot)
            await pilot.press("down", "escape")
            await settled(pilot)

        for _ in range(2):
            await visit()
        before = alive()
        for _ in range(8):
            await visit()
        after = alive()
    assert before["Header"] <= 3 and before["StylesCache"] > 10  # Home's widgets, and at most the last screen's
    assert after == before


async def test_a_screen_closed_is_collected_on_the_screen_below_not_at_a_later_screens_fill(tmp_path: Path) -> None:
    """Its widgets refer to one another: only a full pass of the collector frees them. The app runs it itself once
    the screen below is back (Python's own passes are held off here: without the app's, the screen stays)."""
    url = f"sqlite:///{tmp_path}/p.db"
    seed_history(url)
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        closed: list[weakref.ref[object]] = []
        gc.disable()
        try:
            for _ in range(2):
                await pilot.press("p")
                await until(pilot, lambda: isinstance(app.screen, PlayersScreen) and app.screen.filled,
                            "the players screen filled")
                closed.append(weakref.ref(app.screen))
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is app.home, "Home again")
            await until(pilot, lambda: closed[0]() is None, "the first players screen collected")
        finally:
            gc.enable()


def test_the_background_of_a_line_is_cached_on_its_colours_alone() -> None:
    """Textual cached it per widget, keeping every widget that ever rendered a line (textual#6665)."""
    cache = StylesCache()
    gone = weakref.ref(cache)
    base, background = Color(10, 20, 30), Color(200, 0, 0, 0.5)
    inner, outer = cache.get_inner_outer(base, background)
    assert (inner.background, outer.background) == (base + background, base)
    del cache
    gc.collect()
    assert gone() is None


async def test_what_is_loaded_at_start_stays_out_of_the_collectors_passes_while_the_app_runs(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/p.db")
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        assert app.store is not None
        assert gc.get_freeze_count() > 10_000  # Textual, SQLAlchemy, the rules, Home
    assert gc.get_freeze_count() == 0  # given back when the app ends


async def test_a_game_resumed_and_left_again_and_again_leaves_no_screen_behind(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/g.db"
    game_id = started(url)
    app = make_app(url)
    shown: list[weakref.ref[DealScreen]] = []
    async with app.run_test() as pilot:
        await settled(pilot)
        menu = app.home.query_one("#menu", OptionList)
        for _ in range(4):  # the game resumed from Home, then Home again
            await until(pilot, lambda: app.screen is app.home and menu.option_count > 0
                        and menu.get_option_at_index(0).id == f"resume:{game_id}", "the game listed on Home")
            menu.highlighted = 0
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, DealScreen), "the game's deal")
            shown.append(weakref.ref(app.screen))
            await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.home, "Home again")
        gc.collect()
        assert sum(ref() is not None for ref in shown) <= 1  # the last, which the game's controller remembers
