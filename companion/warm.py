"""The screens' modules imported in idle time once Home is usable, a few milliseconds a step, so that a screen
opened after a moment on Home does not wait for its imports (the rules engines and the screens' widgets: 0.2–0.3 s
in all, which a key pressed on Home would otherwise wait for). Each module's dependencies are listed before it, so
one import costs a few milliseconds (the largest, a game's commands or events, about 15 ms: one frame); a step
imports modules until it has spent BUDGET, and a key typed on Home waits at most for the step under way. Light
itself: Home's start imports it (tests/companion/test_light_entry.py). Below: the store's own opening, in a worker,
in steps that give way to a screen being opened (`in_steps`)."""
from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import import_module
from time import perf_counter
from typing import TYPE_CHECKING, Any, Protocol

from screens.type_ahead import Opens, filling

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

    from textual.screen import Screen

    from screens.type_ahead import Typed

GAP = 0.01  # seconds between steps: the app reads the keys typed and draws between them
AWAY = 0.25  # seconds between looks while Home is not waiting for a key
BUDGET = 0.004  # seconds a step goes on importing for (the module under way is finished)
# The modules the screens and their controllers import when opened, each after what it imports: the most used
# screens first (Origami's new game, its table, the quick score, the players), then Origin Story's, then the
# catalogues and the rules. A module already imported costs nothing.
MODULES = (
    "screens.later", "screens.given", "screens.form", "screens.completion", "screens.question", "screens.ask",
    "scoring.rulebook", "scoring.decision", "scoring.origami.choices", "scoring.origami.commands",
    "scoring.origami.rules", "scoring.origami.events", "scoring.origami.table", "scoring.origami.state",
    "scoring.origami.checks", "scoring.origami.evolve", "scoring.origami.grants", "scoring.origami.options",
    "scoring.origami.obligations", "scoring.origami.steps", "scoring.origami.decide", "scoring.origami.notation",
    "screens.origami.form", "screens.origami.new_game",
    "scoring.origami.legal", "scoring.origami.picks", "scoring.origami.describe", "screens.action_line",
    "screens.origami.question", "screens.origami.completion", "screens.origami.verb_help", "screens.origami.table",
    "screens.origami.deal", "screens.origami.under_way", "companion.session", "companion.origami.session",
    "companion.origami.replay", "companion.origami.catalogue", "companion.origami.controller",
    "screens.origami.sheet", "screens.origami.quick",
    "textual.widgets._sparkline", "screens.players", "companion.players",
    "scoring.origin.cards", "scoring.origin.rules", "scoring.origin.setup", "scoring.origin.trick",
    "scoring.origin.round_input", "scoring.origin.commands", "scoring.origin.round_result", "scoring.origin.sheet",
    "scoring.origin.events", "scoring.origin.referee_trick", "scoring.origin.referee", "scoring.origin.solo_deck",
    "scoring.origin.state", "scoring.origin.vancardian_values", "scoring.origin.vancardian_abilities",
    "scoring.origin.vancardian_effects", "scoring.origin.vancardian_moves", "scoring.origin.decide",
    "scoring.origin.notation", "screens.origin.new_game", "screens.origin.board", "screens.origin.line",
    "screens.origin.table", "companion.origin.session", "companion.origin.controller", "screens.origin.steps",
    "screens.origin.stepper", "screens.origin.sheet", "scoring.origin.quick", "screens.origin.quick",
    "textual.coordinate", "textual._two_way_dict", "textual.widgets._data_table", "screens.card_list",
    "screens.origami.catalogue", "screens.origin.catalogue", "screens.origami.rules", "screens.origin.rules",
)


class Warms(Protocol):
    """The app (screens/type_ahead.py's TypeAhead): its timers, the screen on top, the keys it keeps."""

    @property
    def is_running(self) -> bool: ...
    @property
    def screen(self) -> Screen[Any]: ...
    @property
    def held(self) -> list[Typed] | None: ...

    def set_timer(self, delay: float, callback: Callable[[], object]) -> object: ...


def idle(app: Warms) -> bool:
    """Home is on top, waiting for a key: no screen is opening (its keys kept) or filling."""
    return app.held is None and isinstance(app.screen, Opens) and filling(app.screen) is None


def warm_up(app: Warms, modules: tuple[str, ...] | None = None, gap: float = GAP) -> None:
    """Import `modules` (MODULES) a few at a step, `gap` seconds apart, while `app` runs and Home waits for a key
    (a module that fails to import is left for the screen that needs it to say why)."""
    left = [m for m in (MODULES if modules is None else modules) if m not in sys.modules]

    def step() -> None:
        if not app.is_running:
            return
        if not idle(app):  # a screen opens or is in use: not while it draws
            app.set_timer(AWAY, step)
            return
        began = perf_counter()
        while left:  # small modules a few to a step, a large one alone
            name = left.pop(0)
            if name in sys.modules:  # imported meanwhile (a screen opened)
                continue
            try:
                import_module(name)
            except Exception:  # noqa: BLE001, S110 - said by the screen that needs it, not here in idle time
                pass
            if perf_counter() - began >= BUDGET:
                break
        if left:
            app.set_timer(gap, step)

    app.set_timer(gap, step)


# --- The store opened in steps ----------------------------------------------------------------------------------------
# The store is opened in steps that give way to a screen being opened, too: SQLAlchemy's import and the store's (~0.2 s
# of the interpreter quiet, ~200 modules) run in a worker thread, and a thread importing holds the interpreter beside
# the frame the app's thread is making (a key pressed as Home shows met it: 6–18× a bare screen push). While the store
# opens, the worker gives way before each module it imports once it has imported for STEP_BUDGET: it waits until the app
# says no screen is being opened, painted or filled (`Shell.after_opening`), at most STEP_WAIT a step and GIVE_WAY_FOR
# in all, so a screen that stays open (or never fills) cannot keep the store from opening.
#
# The steps are the imports themselves, found as Python looks for each module (a finder first on `sys.meta_path` while
# the store opens, which finds nothing itself): a package's own import (SQLAlchemy's core) is split module by module
# too, which a list of modules imported one by one could not do. A module is waited before only in the worker, before it
# is looked for: no module is half-imported by the wait but the ones importing it, and should the app's thread want one
# of those (its import lock held by the worker), the worker sees it waiting and goes on at once.

STEP_BUDGET = 0.004  # seconds of importing between two looks at the app (a module under way is finished)
STEP_WAIT = 0.25  # seconds a step waits at most for a screen to be opened, painted or filled
GIVE_WAY_FOR = 2.0  # seconds the whole opening waits at most: then it imports on without looking
LOOK = 0.005  # seconds between looks, while waiting, at whether the app's thread waits for an import
IMPORTING = "<frozen importlib._bootstrap>"  # where a thread waiting for a module's import lock waits


def importing(thread: int) -> bool:
    """`thread` waits in Python's import machinery (for a module another thread is importing, most likely)."""
    frame = sys._current_frames().get(thread)  # noqa: SLF001 - the documented way to see another thread's frame
    return frame is not None and frame.f_code.co_filename == IMPORTING


class GivingWay:
    """Before each module the worker imports, once it has imported for STEP_BUDGET and while `busy()` says a screen may
    be opening: `ask(gate.set)` asks the app to set the gate once no screen is opening (False: the app has stopped),
    then waits for it (STEP_WAIT at most, GIVE_WAY_FOR in all)."""

    def __init__(self, ask: Callable[[Callable[[], object]], bool], app_thread: int,
                 busy: Callable[[], bool] = lambda: True, budget: float = STEP_BUDGET, step_wait: float = STEP_WAIT,
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
        if not self.ask(gate.set):  # the app stopped: nothing to give way to
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
def in_steps(ask: Callable[[Callable[[], object]], bool], app_thread: int, busy: Callable[[], bool] = lambda: True,
             **limits: float) -> Iterator[GivingWay]:
    """What the calling thread imports meanwhile gives way to the app's thread (`GivingWay`)."""
    finder = GivingWay(ask, app_thread, busy, **limits)
    sys.meta_path.insert(0, finder)
    try:
        yield finder
    finally:
        sys.meta_path.remove(finder)
