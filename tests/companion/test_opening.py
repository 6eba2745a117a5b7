"""The store's opening gives way to the app between the modules it imports (companion/warm.py's `in_steps`): a step at
a time while the app says a screen is being opened, never for longer than its bounds, and never while the app's thread
itself waits for a module the worker is importing. Real imports of small modules written for each test."""
from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion import warm as opening

PATIENCE = 30.0  # seconds a thread of these tests is given to finish (it finishes in well under one)


@pytest.fixture
def package(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[[int, str], list[str]]]:
    """`make(n, body)`: a new package of `n` modules, each running `body` as it is imported; their names."""
    made: list[str] = []

    def make(n: int, body: str = "") -> list[str]:
        name = f"opening_probe_{request.node.name.replace('[', '_').replace(']', '_')}_{len(made)}"
        folder = tmp_path / name
        folder.mkdir()
        (folder / "__init__.py").write_text("")
        for k in range(n):
            (folder / f"m{k}.py").write_text(body)
        made.append(name)
        return [f"{name}.m{k}" for k in range(n)]

    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    yield make
    sys.path.remove(str(tmp_path))
    for name in [m for m in sys.modules if m.split(".")[0] in made]:
        del sys.modules[name]


def in_worker(work: Callable[[], object]) -> None:
    worker = threading.Thread(target=work)
    worker.start()
    worker.join(PATIENCE)
    assert not worker.is_alive()


def recorded(asked: list[Callable[[], object]]) -> Callable[[Callable[[], object]], bool]:
    """An app that never says go on: each ask kept (the worker waits as long as it may)."""
    def ask(then: Callable[[], object]) -> bool:
        asked.append(then)
        return True
    return ask


BUSY = "import time\nend = time.perf_counter() + 0.002\nwhile time.perf_counter() < end:\n    pass\n"


def test_the_worker_gives_way_between_the_modules_it_imports(package: Callable[[int, str], list[str]]) -> None:
    names = package(6, BUSY)
    asked: list[int] = []

    def ask(then: Callable[[], object]) -> bool:  # the app: no screen opening, go on at once
        asked.append(threading.get_ident())
        then()
        return True

    def work() -> None:
        with opening.in_steps(ask, threading.main_thread().ident or 0, budget=0.001) as finder:
            for name in names:
                importlib.import_module(name)
            assert finder.steps == len(asked)

    in_worker(work)
    assert all(n in sys.modules for n in names)
    assert len(asked) >= len(names) - 1  # before every module once the one before spent the budget
    assert opening.GivingWay not in map(type, sys.meta_path)  # the finder is gone once the store is open


def test_a_screen_that_never_finishes_opening_does_not_keep_the_store_from_opening(
        package: Callable[[int, str], list[str]]) -> None:
    names = package(20, BUSY)
    asked: list[Callable[[], object]] = []

    def work() -> None:  # the app never says go on: every step waits as long as it may, the whole as long as it may
        with opening.in_steps(recorded(asked), threading.main_thread().ident or 0, budget=0.001,
                              step_wait=0.05,
                              give_way_for=0.2) as finder:
            for name in names:
                importlib.import_module(name)
            assert finder.left <= 0

    in_worker(work)
    assert all(n in sys.modules for n in names)
    assert 0 < len(asked) <= 4  # each step waited 0.05 s: then it imported on without asking


def test_only_the_worker_gives_way(package: Callable[[int, str], list[str]]) -> None:
    names = package(3, BUSY)
    asked: list[Callable[[], object]] = []
    with opening.in_steps(recorded(asked), 0, budget=0.0):
        in_worker(lambda: [importlib.import_module(n) for n in names])  # another thread: never asks, never waits
    assert asked == []


def test_the_worker_does_not_wait_while_the_apps_thread_waits_for_a_module_it_imports(
        package: Callable[[int, str], list[str]]) -> None:
    """The app's thread blocked on a module's import lock (the worker holds it, partway through the module) is seen as
    waiting in the import machinery: the worker goes on instead of waiting for an app that cannot answer."""
    inside, release = threading.Event(), threading.Event()
    setattr(opening, "_probe_events", (inside, release))  # noqa: B010 - what the module below waits on
    [name] = package(1, "from companion.warm import _probe_events as e\ne[0].set()\ne[1].wait(30)\n")
    first = threading.Thread(target=importlib.import_module, args=(name,))
    first.start()
    assert inside.wait(PATIENCE)
    second = threading.Thread(target=importlib.import_module, args=(name,))  # blocked on the module's lock
    second.start()
    try:
        for _ in range(1000):
            if opening.importing(second.ident or 0):
                break
            threading.Event().wait(0.005)
        assert opening.importing(second.ident or 0)
        assert not opening.importing(threading.get_ident())  # this thread is not importing
    finally:
        release.set()
        first.join(PATIENCE)
        second.join(PATIENCE)
        delattr(opening, "_probe_events")


def test_with_no_screen_opening_the_worker_imports_on_without_asking(package: Callable[[int, str], list[str]]) -> None:
    names = package(4, BUSY)
    asked: list[Callable[[], object]] = []
    opening_now = [False]

    def work() -> None:
        with opening.in_steps(recorded(asked), threading.main_thread().ident or 0,
                              lambda: opening_now[0],
                              budget=0.001, step_wait=0.05):
            importlib.import_module(names[0])
            importlib.import_module(names[1])
            opening_now[0] = True  # a key that opens a screen is read: from now on it asks
            importlib.import_module(names[2])
            importlib.import_module(names[3])

    in_worker(work)
    assert 1 <= len(asked) <= 2  # before the last two modules only


def test_the_apps_state_seen_mid_change_never_fails_an_import(package: Callable[[int, str], list[str]]) -> None:
    names = package(3, BUSY)

    def mid_change() -> bool:
        raise IndexError("no screen")

    def work() -> None:
        with opening.in_steps(lambda then: not then(), threading.main_thread().ident or 0, mid_change, budget=0.0):
            for name in names:
                importlib.import_module(name)

    in_worker(work)
    assert all(n in sys.modules for n in names)
