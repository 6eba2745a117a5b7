"""Home lists the games in play again on its return only when the database changed since it read them (another
window's or program's write, or this app's own): back from another screen with nothing written, its menu stays as it
was, the highlight where it was left, and nothing is read."""
from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from textual.widgets import OptionList

from companion.app import make_app
from companion.shell import Shell
from db.changes import Changes
from db.store import Store
from screens.home import HomeScreen
from screens.players import PlayersScreen
from tests.screens.settle import PATIENCE, settled, until
from tests.screens.test_abandon import started


def prompts(menu: OptionList) -> list[str]:
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def test_home_reads_its_games_again_only_after_a_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    started(url, "first")
    started(url, "second")
    listings, looks = [], []
    show, version = HomeScreen.show_games, Changes.version

    def listing(home: HomeScreen, *args: object, **kwargs: object) -> None:
        listings.append(args[0])
        show(home, *args, **kwargs)  # type: ignore[arg-type]

    def looking(changes: Changes) -> int | None:
        looks.append(1)
        return version(changes)

    monkeypatch.setattr(HomeScreen, "show_games", listing)
    monkeypatch.setattr(Changes, "version", looking)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:

        async def away_and_back() -> None:
            """To the players screen and back to Home, until Home has looked at the database again."""
            await pilot.press("p")
            await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the players screen")
            seen = len(looks)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is app.home and len(looks) > seen, "Home's look at the database")
            await settled(pilot)

        await settled(pilot)
        menu = app.home.query_one("#menu", OptionList)
        assert len(listings) == 1 and sum(p.startswith("Resume Origami") for p in prompts(menu)) == 2
        await pilot.press("down")
        assert menu.highlighted == 1

        await away_and_back()  # nothing written
        assert len(listings) == 1 and menu.highlighted == 1

        assert app.store is not None
        app.store.profiles.add("Cy")  # the app's own write, through its store
        await away_and_back()
        assert len(listings) == 2 and menu.highlighted == 0

        await away_and_back()  # nothing since
        assert len(listings) == 2

        started(url, "third")  # another program's
        await away_and_back()
        assert len(listings) == 3 and sum(p.startswith("Resume Origami") for p in prompts(menu)) == 3


async def test_a_write_from_plain_sql_is_seen_too(tmp_path: Path) -> None:
    """Another program writing the file directly (no companion): the game it abandons leaves Home on its return."""
    url = f"sqlite:///{tmp_path}/p.db"
    first, second = started(url, "first"), started(url, "second")
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        menu = app.home.query_one("#menu", OptionList)
        assert [p.startswith("Resume Origami") for p in prompts(menu)].count(True) == 2
        with sqlite3.connect(tmp_path / "p.db") as other:
            other.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (first,))
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the players screen")
        await pilot.press("escape")
        await until(pilot, lambda: [p.startswith("Resume Origami") for p in prompts(menu)].count(True) == 1,
                    "the abandoned game gone from Home")
        assert f"game {second}:" in prompts(menu)[0]


async def test_home_back_while_the_store_opens_opens_no_second_store(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Home listed again while the store is still opening (a write meanwhile) reads once it is open, from that
    store: one store opened, not one per listing."""
    url = f"sqlite:///{tmp_path}/o.db"
    started(url, "first")
    gate, opened = threading.Event(), []
    open_store = Shell.open_store

    def gated(shell: Shell) -> Store:
        gate.wait(timeout=PATIENCE)
        store = open_store(shell)
        opened.append(store)
        return store

    monkeypatch.setattr(Shell, "open_store", gated)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.home.query_one("#menu", OptionList)
        await until(pilot, lambda: any(p.startswith("Resume Origami") for p in prompts(menu)), "the quick listing")
        started(url, "second")  # another program's write while the store opens
        app.load_games()
        await until(pilot, lambda: app.waiting != [], "the second listing waiting for the store")
        gate.set()
        await until(pilot, lambda: sum(p.startswith("Resume Origami") for p in prompts(menu)) == 2,
                    "both games listed from the store")
        await settled(pilot)
        assert len(opened) == 1 and app.store is opened[0]
