"""Asking for a line of text (why an override, kept in the log; a new name; a profile to merge into), or a yes
before something that cannot be taken back from the app (abandoning a game)."""
from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label

from scoring.decision import Violation
from scoring.i18n import N_, _


class TextQuestion(ModalScreen[str | None]):
    DEFAULT_CSS = """
    TextQuestion { align: center middle; }
    TextQuestion > Vertical { width: 70; height: auto; border: thick $warning; background: $surface;
                                padding: 1 2; }
    TextQuestion Label { width: 100%; }
    TextQuestion #problem { color: $error; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

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
            self.query_one("#problem", Label).update(_("Type an answer first (Escape cancels)."))
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[bool]):
    """A question answered y (or Enter) for yes, n (or Escape) for no."""

    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical { width: 70; height: auto; border: thick $warning; background: $surface; padding: 1 2; }
    Confirm Label { width: 100%; }
    """
    # TRANSLATORS: the keys stay y and n in every language (the dialog says so: "y: yes · n: no").
    BINDINGS = [Binding("y,enter", "answer(True)", N_("Yes")), Binding("n,escape", "answer(False)", N_("No"))]

    def __init__(self, question: str, detail: str) -> None:
        super().__init__()
        self.question, self.detail = question, detail

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, markup=False)
            yield Label(self.detail, markup=False)
            # TRANSLATORS: the keys are y and n in every language: only the words after them are translated.
            yield Label(_("y: yes · n: no"), classes="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def ask_override(screen: Screen[None], refusal: Violation | None, record: Callable[[str], None]) -> None:
    """Record a refused action anyway, once the player says why (the reason goes into the log)."""
    if refusal is None:
        screen.notify(_("Nothing is refused: an override is for what the referee refuses."))
        return
    if not refusal.overridable:
        screen.notify(_("{rule} cannot be overridden: the game could not be tracked after it.").format(
            rule=refusal.rule), severity="warning")
        return

    def given(reason: str | None) -> None:
        if reason:
            record(reason)

    screen.app.push_screen(TextQuestion(
        _("Record anyway, against {rule}: {refusal}").format(rule=refusal.rule, refusal=refusal.message),
        _("Why? (a house rule, a misread card…) The reason is kept in the game's log."), _("the reason")), given)
