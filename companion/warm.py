"""The screens' modules imported in idle time once Home is usable, a few milliseconds a step, so that a screen
opened after a moment on Home does not wait for its imports (the rules engines and the screens' widgets: 0.2–0.3 s
in all, which a key pressed on Home would otherwise wait for). Each module's dependencies are listed before it, so
one import costs a few milliseconds (the largest, a game's commands or events, about 15 ms: one frame); a step
imports modules until it has spent BUDGET, and a key typed on Home waits at most for the step under way. Light
itself: Home's start imports it (tests/companion/test_light_entry.py)."""
from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from time import perf_counter
from typing import TYPE_CHECKING, Any, Protocol

from screens.type_ahead import Opens, filling

if TYPE_CHECKING:
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
