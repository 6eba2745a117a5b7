"""Asking for a line of text: why an override (kept in the log), a new name, a profile to merge into."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class TextQuestion(ModalScreen[str | None]):
    DEFAULT_CSS = """
    TextQuestion { align: center middle; }
    TextQuestion > Vertical { width: 70; height: auto; border: thick $warning; background: $surface;
                                padding: 1 2; }
    TextQuestion Label { width: 100%; }
    TextQuestion #problem { color: $error; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, hint: str, placeholder: str = "") -> None:
        super().__init__()
        self.question, self.hint, self.placeholder = question, hint, placeholder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, markup=False)
            yield Label(self.hint, markup=False)
            yield Input(placeholder=self.placeholder, id="answer")
            yield Label("", id="problem", markup=False)

    def on_mount(self) -> None:
        self.query_one("#answer", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            self.query_one("#problem", Label).update("Type an answer first (Escape cancels).")
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
