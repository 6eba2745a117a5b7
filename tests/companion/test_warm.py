"""The screens' modules are imported in idle time while Home waits for a key (companion/warm.py), a few at a step,
and not while another screen opens or is in use."""
from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion import warm


class Home:
    """A screen with keys that open others, as Home (screens/type_ahead.py's Opens)."""

    def opens(self, key: str) -> bool:
        return True


class Other:
    """Any other screen."""


class App:
    """What warm_up needs of the app: its timers run by hand (`tick`)."""

    def __init__(self) -> None:
        self.is_running = True
        self.screen: object = Home()
        self.held: list[object] | None = None
        self.timers: list[tuple[float, Callable[[], object]]] = []

    def set_timer(self, delay: float, callback: Callable[[], object]) -> object:
        self.timers.append((delay, callback))
        return None

    def tick(self) -> float:
        """Run the timer set last; its delay."""
        delay, callback = self.timers.pop()
        callback()
        return delay


@pytest.fixture
def modules(tmp_path: Path) -> Iterator[list[str]]:
    """Three small modules and a broken one, on the path; the order they were imported in (each says so)."""
    names = ["warm_a", "warm_broken", "warm_b", "warm_c"]
    for name in names:
        body = "raise ValueError('broken')" if name == "warm_broken" else f"ORDER.append({name!r})"
        (tmp_path / f"{name}.py").write_text(f"from tests.companion.test_warm import ORDER\n{body}\n")
    sys.path.insert(0, str(tmp_path))
    ORDER.clear()
    yield names
    sys.path.remove(str(tmp_path))
    for name in names:
        sys.modules.pop(name, None)


ORDER: list[str] = []


def test_the_modules_are_imported_in_order_and_a_broken_one_is_left_for_its_screen(modules: list[str]) -> None:
    app = App()
    warm.warm_up(app, tuple(modules), gap=0.01)  # type: ignore[arg-type]
    assert ORDER == []  # nothing at once: the first step is a timer
    while app.timers:
        app.tick()
    assert ORDER == ["warm_a", "warm_b", "warm_c"]
    assert "warm_broken" not in sys.modules  # its screen imports it again, and says why it fails


def test_nothing_is_imported_while_another_screen_is_on_top_or_keys_are_kept(modules: list[str]) -> None:
    app = App()
    warm.warm_up(app, tuple(modules), gap=0.01)  # type: ignore[arg-type]
    app.screen = Other()
    assert app.tick() == 0.01 and app.timers[-1][0] == warm.AWAY  # it looks again later
    app.screen, app.held = Home(), []  # a key pressed on Home: its screen is opening
    assert app.tick() == warm.AWAY
    assert ORDER == []
    app.held = None
    app.tick()
    assert ORDER  # Home waits for a key again: the import goes on


def test_a_step_imports_for_a_few_milliseconds_then_lets_the_app_draw(modules: list[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter(range(100))  # each reading of the clock a second later: over the budget after one import
    monkeypatch.setattr(warm, "perf_counter", lambda: float(next(clock)))
    app = App()
    warm.warm_up(app, tuple(modules), gap=0.01)  # type: ignore[arg-type]
    app.tick()
    assert ORDER == ["warm_a"] and app.timers  # one import, then the next step
    while app.timers:
        app.tick()
    assert ORDER == ["warm_a", "warm_b", "warm_c"]


def test_a_module_imported_meanwhile_is_not_imported_again_and_an_app_closed_stops_it(modules: list[str]) -> None:
    app = App()
    warm.warm_up(app, tuple(modules), gap=0.01)  # type: ignore[arg-type]
    __import__("warm_a")  # a screen opened meanwhile imported it
    app.is_running = False
    app.tick()
    assert ORDER == ["warm_a"] and not app.timers


@pytest.mark.parametrize("name", warm.MODULES)
def test_every_module_warmed_exists(name: str) -> None:
    """A module renamed or moved would be skipped in silence: its screen would wait for it again."""
    assert importlib.util.find_spec(name) is not None
