"""What a table's frame (screens/later.py) leaves to its fill so that it is painted sooner: Textual focuses a new
screen's first field as it mounts (the field's focus restyles it and the screen around it) and, as the screen comes
on top, works out the styles of every widget again, which it had just done in mounting them. A table's frame is
mounted just before it comes on top the first time: nothing in between changes a style, so that second pass is left
out then (on every later return, from a question or a help panel over it, it is made as Textual makes it); its line
is focused by its fill, which the keys typed meanwhile wait for (screens/type_ahead.py)."""
from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.events import ScreenResume
from textual.screen import Screen


class FirstFrame(Screen[None]):
    AUTO_FOCUS: ClassVar[str | None] = ""  # nothing focused as the frame mounts: the fill focuses the line
    resumed_once = False  # on top once already: its styles are worked out again on every return

    @on(ScreenResume)
    def first_resume(self, event: ScreenResume) -> None:
        # Textual calls this before Screen's own handler, which reads the flag (a subclass's on_screen_resume too).
        if not self.resumed_once:
            self.resumed_once = True
            event.refresh_styles = False
