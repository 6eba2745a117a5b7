"""A table's action line, safe to type ahead on: a fast hand, a paste or a slow link to `companion serve` may send
the next line before the last one is recorded. Enter takes the line off at once, so what follows starts a line of
its own instead of being glued to it; the lines are then sent one at a time, each checked against the table the
one before it left. A line that is not recorded comes back to be mended, and what was typed after it waits for
it: nothing typed is dropped."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Literal

from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.suggester import Suggester
from textual.widgets import Input

from scoring.i18n import _, ngettext

from .form import Field

Sent = Literal["sent", "done", "mend"]  # waiting for the app's answer · nothing to wait for · back to the field


class ActionLine(Field):
    """The one-line field of a table: Enter hands the line over and empties the field before the next key; Tab
    takes the completion shown in grey (as → does), the table having no other field to go to."""

    OWN_KEYS = True  # the app leaves Tab and Enter to it (screens/type_ahead.py)
    # How far the line scrolls, which Input sets to the value's width on every key: as Widget declares it, each
    # change laid the whole screen out again (~60% of a key's time at a table). The field's size is its CSS's (one
    # line, the screen's width), never the value's, so a repaint is all it takes.
    virtual_size = Reactive(Size(0, 0), layout=False)
    entered = 0  # the lines Enter has handed over so far

    def __init__(self, check: Callable[[str], None], *, id: str, placeholder: str = "",  # noqa: A002 (Textual's)
                 suggester: Suggester | None = None) -> None:
        super().__init__(placeholder=placeholder, id=id, suggester=suggester)
        self.check = check  # the screen's check of the line, which says what it means under it

    def watch_value(self, value: str) -> None:
        # Checked here, as the field takes the key, not when Input.Changed has reached the screen: the preview then
        # asks to be painted before the field does, and the screen paints both in one frame. Checked on the message,
        # the screen painted the echo first and the preview a frame later (17 ms at best, 40 on a loaded machine).
        # Not while Changed is prevented (TypedLines.back: the preview keeps saying why the line came back).
        if self.check_message_enabled(self.Changed(self, value)):
            self.check(value)

    async def _on_key(self, event: events.Key) -> None:
        # Handled here, as the field reads them: left to the bindings, they would be acted on only after they
        # went round the app, when the keys typed after them are in the field already.
        if event.key == "enter":
            line, self.value = self.value, ""
            self.entered += 1
            self.post_message(self.Submitted(self, line, None))
        elif event.key == "tab":
            if self.cursor_at_end and len(self._suggestion) > len(self.value):
                self.value = self._suggestion
                self.cursor_position = len(self.value)
        else:
            return
        event.stop()
        event.prevent_default()


class TypedLines:
    """The lines entered and not yet recorded, in the order typed. `send` checks one against the table on screen
    and acts on it; when it says "sent", the next waits for `answered` (the app recorded it, or did not)."""

    def __init__(self, field: Callable[[], ActionLine], send: Callable[[str], Sent],
                 ready: Callable[[], bool]) -> None:
        self.field, self.send, self.ready = field, send, ready
        self.waiting: deque[str] = deque()
        self.sending: str | None = None
        self.held: list[str] = []  # lines entered after one that came back to be mended
        self.after = ""  # what was being typed when it came back
        self.taken = 0  # the lines handed over by the field so far
        self.typed_before = 0  # those entered before the latest line came back: they wait for it

    def entered(self, line: str) -> None:
        self.taken += 1
        if self.taken <= self.typed_before:  # on its way when the line before it came back
            self.held.append(line)
            return
        self.waiting.append(line)
        self.go_on()

    def again(self, line: str) -> None:
        """The line that came back, sent again without Enter (once the value it needed is given)."""
        self.waiting.appendleft(line)
        self.go_on()

    def go_on(self) -> None:
        """Send the next line, unless one is on its way or the table is not what the person is looking at."""
        while self.waiting and self.sending is None and self.ready():
            line = self.waiting.popleft()
            outcome = self.send(line)
            if outcome == "sent":
                self.sending = line
            elif outcome == "mend":
                self.back(line)

    def sent(self, line: str) -> None:
        """A line sent without Enter (recorded anyway with a reason): the field is taken off as Enter does."""
        self.field().value = ""
        self.sending = line

    def answered(self, recorded: bool) -> None:
        line, self.sending = self.sending, None
        if line is None:
            return
        if not recorded:
            self.back(line)
            return
        self.waiting.extendleft(reversed(self.held))
        self.held = []
        if self.after:
            field = self.field()
            field.value, self.after = self.after + field.value, ""
        self.go_on()

    def back(self, line: str) -> None:
        """The line returns to the field to be mended; the lines entered after it wait until it is recorded."""
        self.held += self.waiting  # after those held already: they were typed before
        self.waiting.clear()
        field = self.field()
        self.typed_before = field.entered
        if field.value.strip():
            self.after = f"{self.after} {field.value}".strip()
        if self.held or self.after:
            count = len(self.held) + bool(self.after)
            field.notify(ngettext("{n} more typed after it waits until it is recorded: mend it and press Enter",
                                  "{n} more typed after it wait until it is recorded: mend it and press Enter",
                                  count).format(n=count), title=_("Not recorded"))
        with field.prevent(Input.Changed):  # the preview keeps saying why it came back
            field.value = line
        field.cursor_position = len(line)
