"""A QR code on screen, black on white, for a phone to scan (BG Stats' link to fill in a play)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

STYLE = "black on white"


class QrScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    QrScreen { align: center middle; }
    QrScreen > Vertical { width: auto; height: auto; max-width: 100%; background: $surface; padding: 0 1; }
    QrScreen #code { width: auto; }
    QrScreen #caption { width: auto; max-width: 100%; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "Close")]

    def __init__(self, drawn: list[str] | None, caption: str) -> None:
        """`drawn`: the code as lines of block characters, or None when it does not fit this terminal."""
        super().__init__()
        self.drawn = drawn
        self.caption = caption

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.drawn is not None:
                yield Static(Text("\n".join(self.drawn), style=STYLE, no_wrap=True), id="code")
            yield Static(self.caption, id="caption", markup=False)
