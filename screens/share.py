"""A QR code on the whole screen, black on white, for a phone to scan (BG Stats' link to fill in a play, or the
table's link). It is drawn for the window's size, and drawn again whenever the window changes size or `b` is
pressed, so enlarging the terminal is all it takes when the code did not fit."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from scoring.i18n import N_

STYLE = "black on white"
CAPTION = 2  # lines kept under the code for what to do with it (the least a caption takes)
SIDE = 22  # columns a caption beside the code takes at least, with its margin
Draw = Callable[[int, int], list[str] | None]  # (columns, lines) -> the code drawn to fit, or None


class QrScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    QrScreen { align: center middle; background: $surface; }
    QrScreen > Vertical { width: auto; height: auto; max-width: 100%; }
    QrScreen.-beside > Vertical { layout: horizontal; }
    QrScreen #code { width: auto; }
    QrScreen #caption { width: auto; max-width: 100%; }
    QrScreen.-beside #caption { width: 1fr; margin-left: 2; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Close")), Binding("b", "redraw", N_("Draw again"), show=False)]

    def __init__(self, draw: Draw, caption: str, too_small: Callable[[], str],
                 shorter: Sequence[tuple[Draw, str]] = ()) -> None:
        """`draw` fits the code to the room given; `too_small` says what to do when it does not fit. `shorter`:
        codes that say less (each with a sentence saying what), tried in turn when the whole one does not fit."""
        super().__init__()
        self.codes = [(draw, ""), *shorter]
        self.whole = caption
        self.caption = caption
        self.too_small = too_small
        self.drawn: list[str] | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="code")
            yield Static(id="caption", markup=False)

    def on_mount(self) -> None:
        self.action_redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.action_redraw()

    def action_redraw(self) -> None:
        width, height = self.app.size
        fitted = self.fit(width, height)
        self.drawn, beside, self.caption = fitted if fitted is not None else (None, False, self.too_small())
        self.set_class(beside, "-beside")
        code = self.query_one("#code", Static)
        code.display = self.drawn is not None
        code.update(Text("\n".join(self.drawn), style=STYLE, no_wrap=True) if self.drawn else "")
        self.query_one("#caption", Static).update(self.caption)

    def fit(self, width: int, height: int) -> tuple[list[str], bool, str] | None:
        """The fullest code that fits, with its caption under it, else beside it (more lines for the code):
        (the drawing, whether beside, the caption); None if none fits."""
        for draw, left in self.codes:
            caption = f"{self.whole} {left}".strip()
            under = max(CAPTION, len(Text(caption).wrap(self.app.console, width)))
            for beside, room in ((False, (width, height - under)), (True, (width - SIDE, height))):
                drawn = draw(*room)
                if drawn is not None:
                    return drawn, beside, caption
        return None
