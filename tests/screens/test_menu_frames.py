"""Every screen of both games' menus shows its frame at once when chosen on Home, the database still opening; it fills
once the database is open, and the keys typed meanwhile act then. A database that cannot be opened is said, the frame
closes and the keys typed for it are dropped. Each screen's module is light to import: nothing of the engine, no
SQLAlchemy."""
from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from companion.app import CompanionApp, make_app
from db.errors import Unusable
from db.store import Store
from screens.home import HomeScreen
from screens.later import FillsLater
from screens.origami.catalogue import CatalogueScreen
from screens.origami.new_game import NewGameScreen
from screens.origami.quick import QuickScoreScreen
from screens.origami.rules import RulesScreen
from screens.origin.catalogue import OriginCatalogueScreen
from screens.origin.new_game import OriginNewGameScreen
from screens.origin.quick import OriginQuickScreen
from screens.origin.rules import OriginRulesScreen
from screens.origin.stepper import StepperScreen
from tests.screens.keys import burst
from tests.screens.settle import PATIENCE, until
from tests.screens.test_abandon import started
from tests.screens.test_type_ahead import slow_to_open, started_names


def typed_in(field: str, text: str) -> Callable[[Screen[object]], bool]:
    return lambda screen: screen.query_one(field, Input).value == text


def row(n: int) -> Callable[[Screen[object]], bool]:
    return lambda screen: screen.query_one(DataTable).cursor_row == n


@dataclass(frozen=True)
class Menu:
    choice: str
    screen: type[FillsLater[None]]
    keys: str  # typed straight after the choice
    acted: Callable[[Screen[object]], bool]  # the keys acted on the filled screen


MENUS = [
    Menu("new", NewGameScreen, "Ann, Bob", typed_in("#players", "Ann, Bob")),
    Menu("quick", QuickScoreScreen, "Ann", typed_in("#name-0", "Ann")),
    Menu("catalogue", CatalogueScreen, "↓↓", row(2)),
    Menu("rules", RulesScreen, "crane", typed_in("#search", "crane")),
    Menu("origin-new", OriginNewGameScreen, "3", typed_in("#count", "3")),
    Menu("origin-solo", OriginNewGameScreen, "Ann", typed_in("#players", "Ann")),
    Menu("origin-quick", OriginQuickScreen, "Ann", typed_in("#name-0", "Ann")),
    Menu("origin-rules", OriginRulesScreen, "trick", typed_in("#search", "trick")),
    Menu("origin-catalogue", OriginCatalogueScreen, "↓↓", row(2)),
]


def choose(app: CompanionApp, choice: str, keys: str) -> None:
    """`choice` made on Home (its key, or Enter on its menu line) and `keys` typed straight after it (↓: the down
    arrow)."""
    app.hold_keys()  # as Home's keys and Enter on its menu do
    app.go(choice)
    for part in keys.split("↓"):
        burst(app, part)
    for _ in range(keys.count("↓")):
        app.post_message(events.Key("down", None))


@pytest.mark.parametrize("menu", MENUS, ids=[m.choice for m in MENUS])
async def test_a_menu_screen_fills_by_plain_reads_while_the_database_opens(tmp_path: Path, menu: Menu) -> None:
    """A SQLite file at this companion's schema: what the screen shows of it (the profiles, the card values) is read
    with plain SQL, and the screen is filled (the keys typed meanwhile acted) before the store is open."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    started(url)  # a database with players (their names completed on the forms)
    app = make_app(url)
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        choose(app, menu.choice, menu.keys)
        await until(pilot, lambda: isinstance(app.screen, menu.screen) and app.screen.filled and menu.acted(app.screen),
                    "the screen filled and the keys typed meanwhile acted")
        frame = app.screen
        assert app.store is None and app.opening and app.chosen_early is None
        release.set()
        await until(pilot, lambda: app.store is not None, "the store open")
        assert app.screen is frame and [type(s) for s in app.screen_stack] == [HomeScreen, menu.screen]


STORE_ONLY = [m for m in MENUS if m.choice not in ("rules", "origin-rules", "origin-catalogue")]  # they read profiles


@pytest.mark.parametrize("menu", STORE_ONLY, ids=[m.choice for m in STORE_ONLY])
async def test_a_menu_screen_shows_its_frame_while_the_database_opens_and_fills_once_it_is_open(
        tmp_path: Path, menu: Menu) -> None:
    """A database only the store can read (here a new one, which the store creates): the frame at once, filled once
    the store is open."""
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        choose(app, menu.choice, menu.keys)
        await until(pilot, lambda: isinstance(app.screen, menu.screen) and app.screen.is_mounted,
                    "the screen's frame")
        frame = app.screen
        assert isinstance(frame, FillsLater) and app.store is None and app.opening, "shown before the database is open"
        # Its frame painted, its fill waits for the store: what the store's opening waits for (Home's list shown, no
        # screen opening) is not kept behind that fill, whose callbacks after a refresh would wait for the store.
        deadline = time.monotonic() + PATIENCE
        while not app.awaits_store():  # not the pilot's pause: it waits for the screen, which waits here
            assert time.monotonic() < deadline, "still waiting for the fill to wait for the store"
            await asyncio.sleep(0.01)
        assert not frame.filled
        ran: list[bool] = []
        app.after_opening(lambda: ran.append(True))
        assert ran and app.chosen_early is None
        release.set()
        await until(pilot, lambda: app.store is not None and frame.filled and menu.acted(frame),
                    "the screen filled and the keys typed meanwhile acted")
        assert app.screen is frame and [type(s) for s in app.screen_stack] == [HomeScreen, menu.screen]


async def test_what_waits_for_a_screen_to_open_goes_on_once_its_fill_waits_for_the_store(tmp_path: Path) -> None:
    """The store's opening waits for a screen chosen meanwhile to be on and filled: a fill that comes to wait for the
    store lets it go on at once (the refreshes it waited for come only after that fill)."""
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    release = slow_to_open(app)
    ran: list[bool] = []
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        choose(app, "new", "")
        app.after_opening(lambda: ran.append(True))  # asked as the screen opens: held for it
        assert not ran
        deadline = time.monotonic() + PATIENCE
        while not ran:  # not the pilot's pause: it waits for the screen, which waits for the store
            assert time.monotonic() < deadline, "still held"
            await asyncio.sleep(0.01)
        assert app.store is None and isinstance(app.screen, NewGameScreen) and not app.screen.filled
        release.set()
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled, "filled")


async def test_a_form_sent_before_the_database_is_open_acts_once_it_is(tmp_path: Path) -> None:
    """Filled by plain reads, a form can be sent before the store is open: it starts the game once it is."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    started(url)
    app = make_app(url)
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        choose(app, "origin-new", "3")
        await until(pilot, lambda: isinstance(app.screen, OriginNewGameScreen) and app.screen.filled
                    and typed_in("#count", "3")(app.screen), "the form filled")
        await pilot.press("enter", *"Ann, Bob, Cy")
        await until(pilot, lambda: typed_in("#players", "Ann, Bob, Cy")(app.screen), "the names typed")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.store is None and isinstance(app.screen, OriginNewGameScreen)  # sent, waiting for the store
        release.set()
        await until(pilot, lambda: isinstance(app.screen, StepperScreen) and app.screen.filled, "the game started")
        assert [g.players for g in app.reader().games.all(status="playing") if g.kind == "origin-story"] \
            == [("Ann", "Bob", "Cy")]


async def test_a_form_opened_while_the_database_opens_completes_the_players_read_once_it_is_open(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    names = started_names(url)
    app = make_app(url)
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        choose(app, "new", "")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.is_mounted, "the frame")
        frame = app.screen
        assert isinstance(frame, NewGameScreen) and frame.profiles == []
        release.set()
        await until(pilot, lambda: frame.filled, "the form filled")
        assert frame.profiles == names and names


@pytest.mark.parametrize("menu", [MENUS[0], MENUS[6]], ids=["new", "origin-quick"])
async def test_a_database_that_cannot_be_opened_is_said_and_the_frame_closes_with_the_keys_typed_for_it(
        tmp_path: Path, menu: Menu) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    release = slow_to_open(app)
    opened = app.open_store

    def unusable() -> Store:
        opened().close()
        raise Unusable("the database is broken")

    app.open_store = unusable  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        choose(app, menu.choice, "q")  # q would quit, were it given to Home
        await until(pilot, lambda: isinstance(app.screen, menu.screen) and app.screen.is_mounted, "the frame")
        release.set()
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.held is None
                    and any("could not be opened" in n.message for n in app._notifications),
                    "the frame closed, the reason said")
        await until(pilot, lambda: "the database is broken" in str(app.home.query_one("#status", Static).content),
                    "Home saying why")
        assert app.is_running and app.store is None


MODULES = ["screens.origami.new_game", "screens.origami.quick", "screens.origami.catalogue", "screens.origami.rules",
           "screens.origami.form", "screens.origin.new_game", "screens.origin.quick", "screens.origin.catalogue",
           "screens.origin.rules", "screens.card_list", "screens.given"]
# Nothing of either game's engine (not even its cards' names, sheets or rules: 20–40 ms before the quick scores',
# catalogues' and rules' frames), nor SQLAlchemy, nor the catalogues' table widget.
HEAVY = ("scoring.origami.", "scoring.origin.", "sqlalchemy", "textual.widgets._data_table")


@pytest.mark.parametrize("module", MODULES)
def test_a_menu_screens_module_imports_nothing_of_the_engine_nor_sqlalchemy(module: str) -> None:
    """Its frame is pushed as soon as it is chosen: what it needs of the engine is imported by its fill and its
    methods (in a fresh process)."""
    probe = f"import sys; import {module}; print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
