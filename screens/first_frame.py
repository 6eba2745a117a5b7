"""What a table's frame (screens/later.py) leaves to its fill so that it is painted sooner: Textual focuses a new
screen's first field as it mounts (the field's focus restyles it and the screen around it) and, as the screen comes
on top, works out the styles of every widget again, which it had just done in mounting them. A table's frame is
mounted just before it comes on top the first time: nothing in between changes a style, so that second pass is left
out then (on every later return, from a question or a help panel over it, it is made as Textual makes it); its line
is focused by its fill, which the keys typed meanwhile wait for (screens/type_ahead.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.events import ScreenResume
from textual.screen import Screen

if TYPE_CHECKING:
    from textual.css.stylesheet import Stylesheet
    from textual.dom import DOMNode


class FirstFrame(Screen[None]):
    AUTO_FOCUS: ClassVar[str | None] = ""  # nothing focused as the frame mounts: the fill focuses the line
    resumed_once = False  # on top once already: its styles are worked out again on every return

    @on(ScreenResume)
    def first_resume(self, event: ScreenResume) -> None:
        # Textual calls this before Screen's own handler, which reads the flag (a subclass's on_screen_resume too).
        if not self.resumed_once:
            self.resumed_once = True
            event.refresh_styles = False


def parse_styles(stylesheet: Stylesheet, *classes: type[DOMNode]) -> None:
    """The default CSS of `classes` (their bases' too) added to `stylesheet` and parsed now, as Textual does when a
    class is first mounted: a screen's first frame then meets it parsed (the tables' own, ~5–7 ms). For idle time
    (companion/warm.py); the same CSS met again at the mount is not parsed twice."""
    for cls in classes:
        # Textual's own list of a class's CSS sources, asked of a bare instance (it reads only the class).
        for read_from, css, tie_breaker, scope in object.__new__(cls)._get_default_css():
            stylesheet.add_source(css, read_from=read_from, is_default_css=True, tie_breaker=tie_breaker, scope=scope)
    stylesheet.rules  # noqa: B018 (parsed when read)
