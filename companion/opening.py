"""The store opened in steps that give way to a screen being opened: SQLAlchemy's import and the store's (~0.2 s of the
interpreter quiet, ~200 modules) run in a worker thread, and a thread importing holds the interpreter beside the frame
the app's thread is making (a key pressed as Home shows met it: 6–18× a bare screen push). While the store opens, the
worker gives way before each module it imports once it has imported for BUDGET: it waits until the app says no screen
is being opened, painted or filled (`Shell.after_opening`), at most STEP_WAIT a step and GIVE_WAY_FOR in all, so a
screen that stays open (or never fills) cannot keep the store from opening.

The steps are the imports themselves, found as Python looks for each module (a finder first on `sys.meta_path` while
the store opens, which finds nothing itself): a package's own import (SQLAlchemy's core) is split module by module
too, which a list of modules imported one by one could not do. A module is waited before only in the worker, before
it is looked for: no module is half-imported by the wait but the ones importing it, and should the app's thread want
one of those (its import lock held by the worker), the worker sees it waiting and goes on at once."""
from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from time import perf_counter
from types import ModuleType

BUDGET = 0.004  # seconds of importing between two looks at the app (a module under way is finished)
STEP_WAIT = 0.25  # seconds a step waits at most for a screen to be opened, painted or filled
GIVE_WAY_FOR = 2.0  # seconds the whole opening waits at most: then it imports on without looking
LOOK = 0.005  # seconds between looks, while waiting, at whether the app's thread waits for an import
IMPORTING = "<frozen importlib._bootstrap>"  # where a thread waiting for a module's import lock waits


def importing(thread: int) -> bool:
    """`thread` waits in Python's import machinery (for a module another thread is importing, most likely)."""
    frame = sys._current_frames().get(thread)  # noqa: SLF001 - the documented way to see another thread's frame
    return frame is not None and frame.f_code.co_filename == IMPORTING


class GivingWay(MetaPathFinder):
    """Before each module the worker imports, once it has imported for BUDGET and while `busy()` says a screen may be
    opening: `ask(gate.set)` asks the app to set the gate once no screen is opening, then waits for it (STEP_WAIT at
    most, GIVE_WAY_FOR in all)."""

    def __init__(self, ask: Callable[[Callable[[], object]], object], app_thread: int,
                 busy: Callable[[], bool] = lambda: True, budget: float = BUDGET, step_wait: float = STEP_WAIT,
                 give_way_for: float = GIVE_WAY_FOR) -> None:
        self.ask, self.app_thread, self.busy = ask, app_thread, busy
        self.worker = threading.get_ident()
        self.budget, self.step_wait, self.left = budget, step_wait, give_way_for
        self.began = perf_counter()
        self.steps = 0  # the times it gave way (tests)

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if threading.get_ident() == self.worker and self.left > 0 and perf_counter() - self.began >= self.budget:
            self.give_way()
        return None  # the finders after it find the module

    def quietly_busy(self) -> bool:
        try:
            return self.busy()
        except Exception:  # noqa: BLE001 - the app's state seen mid-change (its screens closing): go on, never fail
            return False

    def give_way(self) -> None:
        # Nothing opening (Home waiting for a key: no need to ask the app), or the app's thread may wait for a module
        # this worker is importing: go on.
        if not self.quietly_busy() or importing(self.app_thread):
            self.began = perf_counter()
            return
        gate = threading.Event()
        waited = perf_counter()
        try:
            self.ask(gate.set)
        except RuntimeError:  # the app stopped: nothing to give way to
            self.left = 0
            return
        self.steps += 1
        limit = min(self.step_wait, self.left)
        while not gate.wait(LOOK) and perf_counter() - waited < limit and not importing(self.app_thread):
            pass
        now = perf_counter()
        self.left -= now - waited
        self.began = now


@contextmanager
def in_steps(ask: Callable[[Callable[[], object]], object], app_thread: int, busy: Callable[[], bool] = lambda: True,
             **limits: float) -> Iterator[GivingWay]:
    """What the calling thread imports meanwhile gives way to the app's thread (`GivingWay`)."""
    finder = GivingWay(ask, app_thread, busy, **limits)
    sys.meta_path.insert(0, finder)
    try:
        yield finder
    finally:
        sys.meta_path.remove(finder)
