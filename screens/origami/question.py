"""Asking a player for a card value nobody knows yet: they hold the card, so they can read it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from scoring.errors import MissingValue
from scoring.origami.cards import FIELD_LABELS, Effect
from scoring.origami.catalog import INT_FIELDS, SIGNED_FIELDS

EFFECTS = {Effect.INSTANT: "instant: happens once, when the card is played",
           Effect.SCORING: "scoring: adds points at the end of the game",
           Effect.ONGOING: "ongoing: applies while the card is on top of a collection",
           Effect.SPECIAL: "special: an action a top card offers on later turns"}


def answerable(field: str) -> bool:
    """Values a player can type on the spot; a scoring rule needs the catalogue screen or a file."""
    return field in INT_FIELDS or field in SIGNED_FIELDS or field == "effect"


def cannot_type(missing: MissingValue) -> str:
    """What to do about a value this question cannot take."""
    if missing.supplied_by == "hand":
        return f"Give {missing.seat}'s hand as its cards instead of a number."
    return ("A scoring rule is set on the card catalogue screen (press e, then type e.g. `scoring most_in_hand "
            "amount=3`), with `companion catalog set CARD scoring TEMPLATE PARAMETER=VALUE`, or in a catalogue "
            "file of yours (--catalog FILE).")


class ValueGiven(Message):
    """A card value read off the card, for the user's catalogue (the app checks and keeps it)."""

    def __init__(self, card: str, field: str, value: int | str) -> None:
        super().__init__()
        self.card, self.field, self.value = card, field, value


def ask_value(screen: Screen[Any], missing: MissingValue, cancelled: Callable[[], None] | None = None) -> None:
    """Ask for `missing` over `screen`; an answer is posted as ValueGiven from that screen (`cancelled` is
    called when the question is left unanswered)."""
    def answered(value: int | str | None) -> None:
        if value is not None:
            screen.post_message(ValueGiven(missing.card, missing.field, value))
        elif cancelled is not None:
            cancelled()

    screen.app.push_screen(ValueQuestion(missing), answered)


class ValueQuestion(ModalScreen[int | str | None]):
    """A value read off a card: a whole number, or the kind of effect; Escape leaves it unanswered."""

    DEFAULT_CSS = """
    ValueQuestion { align: center middle; }
    ValueQuestion > Vertical { width: 70; height: auto; border: thick $accent; background: $surface;
                               padding: 1 2; }
    ValueQuestion Label { width: 100%; }
    ValueQuestion OptionList { height: auto; }
    ValueQuestion #problem { color: $error; }
    """
    BINDINGS = [Binding("escape", "cancel", "Not now")]

    def __init__(self, missing: MissingValue) -> None:
        super().__init__()
        self.missing = missing

    def compose(self) -> ComposeResult:
        field = self.missing.field
        needed = f" It is needed for {self.missing.why}." if self.missing.why else ""
        with Vertical():
            yield Label(f"[b]{self.missing.card}[/b]: {FIELD_LABELS.get(field, field)} not known yet.{needed}")
            if field == "effect":
                yield Label("Look at the card: which kind of effect does it have?")
                yield OptionList(*(Option(text, id=str(kind)) for kind, text in EFFECTS.items()), id="choices")
            elif answerable(field):
                yield Label("Look at the card and type the number; it is saved in your catalogue.")
                yield Input(placeholder="a whole number, e.g. 3", id="value")
            else:
                yield Label(f"This cannot be typed here. {cannot_type(self.missing)}", markup=False)
            yield Label("", id="problem", markup=False)

    def on_mount(self) -> None:
        for widget in self.query("#value, #choices"):
            widget.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        try:
            value = int(text)
        except ValueError:
            self.query_one("#problem", Label).update(f"{text!r} is not a whole number: type digits, e.g. 3 "
                                                     f"(a minus sign for a negative modifier).")
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
