"""Asking why: an override of the referee is recorded with the reason the table gives."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class ReasonQuestion(ModalScreen[str | None]):
    DEFAULT_CSS = """
    ReasonQuestion { align: center middle; }
    ReasonQuestion > Vertical { width: 70; height: auto; border: thick $warning; background: $surface;
                                padding: 1 2; }
    ReasonQuestion Label { width: 100%; }
    ReasonQuestion #problem { color: $error; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Label("Why? (a house rule, a misread card…) The reason is kept in the game's log.")
            yield Input(placeholder="the reason", id="reason")
            yield Label("", id="problem")

    def on_mount(self) -> None:
        self.query_one("#reason", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            self.query_one("#problem", Label).update("Type a reason first (Escape cancels the override).")
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
