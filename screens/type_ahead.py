"""Keys typed while a screen opens wait for it. Home opens a screen through a message, so a player who types on at
once (a fast typist, a paste, keys bunched by a slow link to a served app) would otherwise send the following keys
to Home, where single letters open more screens (n, o, s…) or quit (q), and the new screen's first field would get
nothing. A screen that fills after its first paint (screens/later.py) keeps the keys typed before it is filled the
same way, and takes them once it is. Enter in a form's field moves on only once the screen has read it (on the value
as typed by then): the keys typed after it wait for that, and go to the field it moves to."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from textual import events
from textual.app import App
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input

WAIT_FRAMES = 60  # refreshes to wait at most for the screen being opened to mount (about a second)
ENTER_PATIENCE = 0.5  # seconds the keys after an Enter wait at most (a field removed before its Enter came back)


Typed = events.Key | events.Paste


@runtime_checkable
class Opens(Protocol):
    """A screen with keys that open another (Home's letters, Enter on its list)."""

    def opens(self, key: str) -> bool: ...


@runtime_checkable
class Fills(Protocol):
    """A screen whose fields are mounted after its first paint (screens/later.py's FillsLater)."""

    filled: bool

    def when_filled(self, then: Callable[[], object]) -> None: ...


def filling(screen: object) -> Fills | None:
    """`screen` when it is still to be filled: keys typed for it wait."""
    return screen if isinstance(screen, Fills) and not screen.filled else None


class EnterRead(Message):
    """Posted by the field an Enter went to once its binding has acted: it reaches the app after every message the
    Enter made the field send (its Submitted), so the screen has acted on them."""


class TypeAhead(App[None]):
    held: list[Typed] | None = None  # None: keys go where they always go
    held_on: object = None  # the screen on top when the keys began to be kept
    handed: tuple[Typed, ...] = ()  # the keys being handed over: they pass; keys typed later wait behind them
    entering: tuple[events.Key, Input] | None = None  # an Enter on its way through a field: the keys after it wait
    enter_patience: Timer | None = None  # lets them go should the Enter never come back (its field removed)

    def hold_keys(self) -> None:
        """A screen is about to open: keep the keys typed from now on for it."""
        if self.held is None:
            self.held, self.held_on = [], self.screen

    def give_held_keys(self, frames: int = WAIT_FRAMES) -> None:
        """Hand the keys kept to the screen now on top once it has mounted (its first field focused). When nothing
        opened (the same screen is still there), they are dropped: typed for another screen, they must not act on
        the one they were typed past."""
        if self.held is None:
            return
        if not self.screen.is_mounted and frames:
            self.call_after_refresh(self.give_held_keys, frames - 1)
            return
        if self.screen is self.held_on:
            self.held = None
            return
        if (screen := filling(self.screen)) is not None:  # its fields are mounted after its first paint
            screen.when_filled(self._hand_over)
            return
        self._hand_over()

    def _hand_over(self) -> None:
        """The keys kept, queued again behind the screen's own focusing (asked for while it mounted); keys typed
        meanwhile keep waiting, and follow them."""
        if self.entering is not None:  # an Enter among them: the rest wait for it (`enter_read`)
            return
        if not self.held:
            self.held, self.handed = None, ()
            return
        if not self.screen.is_mounted:  # the screen filled gave its place to another (a game at its deal): for it
            self.give_held_keys()
            return
        keys = tuple(events.Key(x.key, x.character) if isinstance(x, events.Key) else events.Paste(x.text)
                     for x in self.held)
        self.held, self.handed = [], keys
        for key in keys:
            self.post_message(key)
        self.call_later(self._hand_over)

    async def on_event(self, event: events.Event) -> None:
        # Keys as the app reads them (not yet handed to a widget): a key that opens a screen starts the keeping
        # at once, so the keys typed after it wait for that screen even while it is still being chosen.
        if isinstance(event, Typed) and not event.is_forwarded:
            if self.held is not None and not any(event is k for k in self.handed):
                self.held.append(event)
                return
            if self.held is None and (screen := filling(self.screen)) is not None:  # typed before its fields show
                self.held, self.held_on = [event], screen
                screen.when_filled(self._hand_over)
                return
            if isinstance(event, events.Key):
                if self.held is None and isinstance(self.screen, Opens) and self.screen.opens(event.key):
                    self.hold_keys()
                elif self.moved_focus(event.key):
                    return
                else:
                    self.enter_in_field(event)
        field = self.entering[1] if self.entering and event is self.entering[0] and event.is_forwarded else None
        await super().on_event(event)
        if field is not None:  # the Enter back from it, its binding acted on: what it sent goes on before this
            field.post_message(EnterRead())

    def enter_in_field(self, key: events.Key) -> None:
        """Enter in a field: the keys after it wait until the screen has acted on it (it may move the focus on).
        The app reads the keys ahead of the field; it acts on Enter only when the key has gone round it."""
        field = self.focused
        if key.key != "enter" or not isinstance(field, Input) or getattr(field, "OWN_KEYS", False):
            return  # a table's line takes Enter as it reads it (screens/action_line.py)
        self.entering = key, field
        self.enter_patience = self.set_timer(ENTER_PATIENCE, self.enter_read)
        if self.held is None:
            self.held, self.held_on = [], self.screen
        else:  # among keys handed over: those after it are kept again, in order, as they come
            self.handed = self.handed[: next(i for i, k in enumerate(self.handed) if k is key) + 1]

    def on_enter_read(self, message: EnterRead) -> None:
        message.stop()
        self.enter_read()

    def enter_read(self) -> None:
        """The screen has acted on the Enter (or it went with its field): the keys kept since go on."""
        if self.enter_patience is not None:
            self.enter_patience.stop()
        self.entering = self.enter_patience = None
        self._hand_over()

    def moved_focus(self, key: str) -> bool:
        """Tab from a field moves the focus as the key is read, so the keys typed after it go to the next field
        (left to the bindings, it moves only once the field has taken them)."""
        field = self.focused
        if key not in ("tab", "shift+tab") or not isinstance(field, Input) or getattr(field, "OWN_KEYS", False):
            return False
        (self.screen.focus_next if key == "tab" else self.screen.focus_previous)()
        return True
