"""Keys typed on while Home opens a screen (all at once, as from a fast typist, a paste or a slow link) go to the
screen opened: not to Home, whose single letters would open more screens or quit."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Input, OptionList

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from db.store import Store
from screens import type_ahead
from screens.home import HomeScreen
from screens.origami.deal import DealScreen
from screens.origami.new_game import NewGameScreen
from screens.origami.table import TableScreen
from screens.origin.new_game import OriginNewGameScreen
from screens.players import PlayersScreen
from tests.screens.keys import burst
from tests.screens.settle import PATIENCE, settled, until
from tests.screens.test_abandon import started
from tests.screens.test_players import shown


async def test_names_typed_straight_after_n_land_in_the_new_games_players_field(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)
        burst(app, "nAnn, Bob, Quinn")  # n, o, s and q are Home's keys: another game, a quick score, quit
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen)
                    and app.screen.query_one("#players", Input).value == "Ann, Bob, Quinn", "the names typed")
        assert [type(s) for s in app.screen_stack] == [HomeScreen, NewGameScreen]
        assert app.screen.query_one("#players", Input).value == "Ann, Bob, Quinn"
        await pilot.press("escape")
        burst(app, "o3")
        await until(pilot, lambda: isinstance(app.screen, OriginNewGameScreen)
                    and app.screen.query_one("#count", Input).value == "3", "the count typed")
        await pilot.press("escape")
        burst(app, "n")
        app.post_message(events.Paste("Ann, Bob"))  # a paste straight after: one event, kept the same way
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen)
                    and app.screen.query_one("#players", Input).value == "Ann, Bob", "the names pasted")
        assert app.is_running


async def test_keys_typed_past_a_choice_that_opens_nothing_are_dropped(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)
        store, app.store = app.store, None  # as when the database could not be opened: the choice says so
        burst(app, "nq")
        await until(pilot, lambda: any("could not be opened" in n.message for n in app._notifications)
                    and app.held is None, "the choice refused and the keys after it let go")
        assert isinstance(app.screen, HomeScreen) and app.is_running
        app.store = store


async def test_keys_typed_while_the_kept_ones_are_handed_over_follow_them(tmp_path: Path) -> None:
    """Keys that arrive just as the kept ones are given to the new screen come after them, in the order typed."""
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    give = app.give_held_keys

    def late_keys_then_give(frames: int = 60) -> None:
        if app.held is not None and app.screen.is_mounted and not getattr(app, "handed", ()):
            burst(app, "XY")  # typed after "Ann", queued before the hand-over runs
        give(frames)

    app.give_held_keys = late_keys_then_give  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await settled(pilot)
        burst(app, "nAnn")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen)
                    and app.screen.query_one("#players", Input).value == "AnnXY", "the late keys after the kept ones")


async def test_a_tab_typed_straight_after_a_field_moves_on_before_the_next_keys(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)
        burst(app, "nAnn, Bob\tfarm, sea")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen)
                    and app.screen.query_one("#families", Input).value == "farm, sea", "the families typed")
        assert app.screen.query_one("#players", Input).value == "Ann, Bob"


def started_names(url: str) -> list[str]:
    """A game in progress at `url` (tests/screens/test_abandon.py's), and its players' names as the store lists them."""
    started(url)
    store = Store.open(url, KINDS)
    try:
        return [p.name for p in store.profiles.all()]
    finally:
        store.close()


def slow_to_open(app: CompanionApp) -> threading.Event:
    """The app's database opens only once the event returned is set."""
    release = threading.Event()
    open_store = app.open_store

    def opened_when_released() -> Store:
        release.wait(PATIENCE)
        return open_store()

    app.open_store = opened_when_released  # type: ignore[method-assign]
    return release


async def test_a_choice_made_while_the_database_opens_shows_its_frame_and_the_keys_typed_after_wait_for_its_fill(
        tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'new.db'}")
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        burst(app, "nAnn, Bob")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.held is not None
                    and len(app.held) == 8, "the frame, and the keys after the choice kept for its fill")
        assert app.store is None and app.chosen_early is None and not app.screen.filled
        release.set()
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen)
                    and app.screen.query_one("#players", Input).value == "Ann, Bob", "the new game's players")


async def test_enter_on_a_game_listed_before_the_database_is_open_resumes_it(tmp_path: Path) -> None:
    """Home lists the games in play by plain SQL before the store is open: Enter on one at once pushes its table's
    frame, and the game's read and the keys typed after it wait for the store (they neither vanish nor act on Home:
    `r` would open the rules); the game is still at its deal, which takes the frame's place."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    game_id = started(url)
    app = make_app(url)
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        menu = app.home.query_one("#menu", OptionList)
        await until(pilot, lambda: menu.option_count > 0 and menu.get_option_at_index(0).id == f"resume:{game_id}",
                    "the game listed")
        burst(app, "\nrules")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.held is not None
                    and len(app.held) == 5, "the table's frame, and the keys after the choice kept")
        assert app.store is None and app.chosen_early is None
        release.set()
        await until(pilot, lambda: isinstance(app.screen, DealScreen), "the game's deal")
        await until(pilot, lambda: isinstance(app.focused, Input) and app.focused.value == "rules",
                    "the keys in the deal's first field")


async def test_p_pressed_while_the_database_opens_shows_the_players_at_once_and_their_asks_wait_for_it(
        tmp_path: Path) -> None:
    """The players screen opens from plain reads of the file before the store is open: the names at once, the
    player's history and a rename (typed straight on) done once the store is open, each once."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    names = started_names(url)
    app = make_app(url)
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        burst(app, "p")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen) and app.screen.is_mounted
                    and shown(app.screen, "#stats") == f"Reading {names[0]}'s history…",
                    "the players, read before the store is open")
        screen = app.screen
        assert isinstance(screen, PlayersScreen) and screen.profiles == names
        assert app.store is None and app.chosen_early is None
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.focused, Input), "the rename's question")
        burst(app, "Zed\n")
        await until(pilot, lambda: app.screen is screen and len(app.waiting) == 2, "the read and the rename waiting")
        release.set()
        await until(pilot, lambda: screen.profiles == sorted([*names[1:], "Zed"], key=str.casefold),
                    "the rename, done once the store is open")
        await until(pilot, lambda: "game" in shown(screen, "#stats"), "Zed's history")
        assert app.screen is screen and not app.waiting
        assert [p.name for p in app.reader().profiles.all()] == screen.profiles


async def test_keys_typed_straight_after_enter_in_a_form_go_to_the_field_enter_moves_to(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Enter in a form's field moves on once the field has sent it (the screen decides, on the value as typed): the
    keys typed after it wait for that, and go to the next field, not to the one left (whose restriction would drop
    them)."""
    monkeypatch.setattr(type_ahead, "ENTER_PATIENCE", PATIENCE)  # only the Enter's way back lets them go
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)
        burst(app, "o3\nAnn, Bob, Cy")  # kept for the screen's fill, then handed over, the Enter among them
        await until(pilot, lambda: isinstance(app.screen, OriginNewGameScreen)
                    and app.screen.query_one("#players", Input).value == "Ann, Bob, Cy", "the names typed")
        assert app.screen.query_one("#count", Input).value == "3" and app.held is None
        await pilot.press("escape")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled
                    and app.held is None, "the new game filled")
        burst(app, "Ann, Bob\nfarm, sea")  # typed on a screen already filled: nothing was being kept
        await until(pilot, lambda: app.screen.query_one("#families", Input).value == "farm, sea",
                    "the families typed")
        assert app.screen.query_one("#players", Input).value == "Ann, Bob" and app.held is None
        await pilot.press("escape")
        burst(app, "sAnn\nh")  # the quick score: a name, then its first collection
        await until(pilot, lambda: app.screen.query_one("#c1-0", Input).value != "", "the collection typed")
        assert app.screen.query_one("#name-0", Input).value == "Ann"


class TwoFields(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="a")
        yield Input(id="b")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_enter_read(self, message: type_ahead.EnterRead) -> None:
        message.stop()  # as when the field went before its Enter came back


class TwoFieldsApp(type_ahead.TypeAhead):
    def get_default_screen(self) -> Screen[None]:
        return TwoFields()


async def test_keys_kept_after_an_enter_that_never_comes_back_go_on_after_a_while(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type_ahead, "ENTER_PATIENCE", 0.05)
    app = TwoFieldsApp()
    async with app.run_test() as pilot:
        await until(pilot, lambda: isinstance(app.focused, Input), "the first field")
        burst(app, "x\nyz")
        await until(pilot, lambda: app.screen.query_one("#b", Input).value == "yz", "the keys after Enter")
        assert app.screen.query_one("#a", Input).value == "x" and app.held is None and app.entering is None
