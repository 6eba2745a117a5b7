"""The store opens in steps that give way to a screen being opened (companion/warm.py's `in_steps`), in the real app on a real
SQLite file: a screen that stays in the middle of opening does not keep the store from opening, and a menu screen
chosen the moment Home shows is painted, then filled once the store is open. The store's own modules are imported in
this process already, so the store's opening imports a few new modules first, as SQLAlchemy's are the first time."""
from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from companion.app import make_app
from db.store import Store
from screens.origami.quick import QuickScoreScreen
from tests.screens.settle import until
from tests.screens.test_type_ahead import slow_to_open

MODULES = 12
BUSY = "import time\nend = time.perf_counter() + 0.003\nwhile time.perf_counter() < end:\n    pass\n"


@pytest.fixture
def new_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The store's opening imports MODULES new modules (each busy for a few milliseconds) before the store's own."""
    package = f"opening_app_probe_{tmp_path.name}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    names = [f"{package}.m{k}" for k in range(MODULES)]
    for name in names:
        (tmp_path / package / f"{name.rpartition('.')[2]}.py").write_text(BUSY)
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    open_store = Store.open.__func__  # type: ignore[attr-defined]

    def importing_first(cls: type[Store], *args: Any, **kwargs: Any) -> Store:
        for name in names:
            importlib.import_module(name)
        return open_store(cls, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Store, "open", classmethod(importing_first))
    yield names
    for name in [m for m in sys.modules if m.startswith(package)]:
        del sys.modules[name]


def counted(app: Any) -> list[Callable[[], object]]:
    """The times the store's opening asked the app whether to go on (`Shell.ask_way`)."""
    asked: list[Callable[[], object]] = []
    ask = app.ask_way

    def asking(then: Callable[[], object]) -> bool:
        asked.append(then)
        return bool(ask(then))

    app.ask_way = asking
    return asked


async def test_a_screen_that_stays_opening_does_not_keep_the_store_from_opening(
        tmp_path: Path, new_modules: list[str]) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    release = slow_to_open(app)
    asked = counted(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        screen = Screen[None]()
        app.hold_keys()  # as Home does when a key opens a screen: the keys typed on wait for it, for ever here
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted, "the screen")
        release.set()
        await until(pilot, lambda: app.store is not None, "the store open beside a screen still opening")
        assert app.screen is screen and app.held is not None
        assert all(name in sys.modules for name in new_modules)
        assert asked  # it gave way to the screen, a bounded time


async def test_a_screen_chosen_as_the_store_opens_is_painted_then_filled_once_it_is_open(
        tmp_path: Path, new_modules: list[str]) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    release = slow_to_open(app)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.home.is_mounted, "Home")
        app.hold_keys()  # as Home's key does
        app.go("quick")
        await until(pilot, lambda: isinstance(app.screen, QuickScoreScreen) and app.screen.is_mounted,
                    "the quick score's frame")
        screen = app.screen
        assert isinstance(screen, QuickScoreScreen) and not screen.filled and app.store is None
        release.set()  # once its frame is painted its fill waits for the store: the store's opening goes on at once
        await until(pilot, lambda: app.store is not None, "the store open")
        await until(pilot, lambda: screen.filled and screen.query_one("#name-0").has_focus, "the quick score filled")
        assert all(name in sys.modules for name in new_modules)
