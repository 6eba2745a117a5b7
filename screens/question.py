"""Asking a player for a card value nobody knows yet: they hold the card, so they can read it. Each game says how
its card values are asked (`CardValues`)."""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from scoring.errors import MissingValue
from scoring.i18n import N_, _
from scoring.said import Said

from .footer import translated_keys


@dataclass(frozen=True, slots=True)
class Pick:
    """A value chosen from a list: the question, then each value with what it means."""

    question: str
    options: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class CardValues:
    """A game's card values as the question asks for them."""

    # Per field, the sentence saying it is not known, in the language in use ("[b]{card}[/b]: its cost is not known
    # yet."); a field not here is named in a general one
    unknown: Mapping[str, str]
    numbers: Collection[str]  # the fields typed as a whole number
    picks: Mapping[str, Pick]  # the fields chosen from a list
    elsewhere: Callable[[MissingValue], str]  # what to do about a value this question cannot take
    # A card as the question names it, from the id the engine gives (its name in the language in use); the answer
    # keeps the id.
    card_name: Callable[[str], str] = str


class ValueGiven(Message):
    """A card value read off the card, for the user's catalogue (the app checks and keeps it)."""

    def __init__(self, card: str, field: str, value: int | str) -> None:
        super().__init__()
        self.card, self.field, self.value = card, field, value


def ask_value(screen: Screen[Any], missing: MissingValue, values: CardValues,
              cancelled: Callable[[], None] | None = None) -> None:
    """Ask for `missing` over `screen` as `values` say; an answer is posted as ValueGiven from that screen
    (`cancelled` is called when the question is left unanswered)."""
    def answered(value: int | str | None) -> None:
        if value is not None:
            screen.post_message(ValueGiven(missing.card, missing.field, value))
        elif cancelled is not None:
            cancelled()

    screen.app.push_screen(ValueQuestion(missing, values), answered)


class ValueQuestion(ModalScreen[int | str | None]):
    """A value read off a card: a whole number, or one of a list; Escape leaves it unanswered."""

    DEFAULT_CSS = """
    ValueQuestion { align: center middle; }
    ValueQuestion > Vertical { width: 70; height: auto; border: thick $accent; background: $surface;
                               padding: 1 2; }
    ValueQuestion Label { width: 100%; }
    ValueQuestion OptionList { height: auto; }
    ValueQuestion #problem { color: $error; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Not now"))]

    def __init__(self, missing: MissingValue, values: CardValues) -> None:
        super().__init__()
        translated_keys(self)
        self.missing = missing
        self.values = values

    def compose(self) -> ComposeResult:
        field, values, why = self.missing.field, self.values, self.missing.why
        # TRANSLATORS: {field} is the value's name as the catalogue has it (points, cost…).
        unknown = values.unknown.get(field) or _("[b]{card}[/b]: {field} not known yet.")
        said = unknown.format(card=values.card_name(self.missing.card), field=field)
        if why:  # marked with N_ where the engine says it (a Said says itself)
            said += " " + _("It is needed for {why}.").format(why=why if isinstance(why, Said) else _(why))
        with Vertical():
            yield Label(said)
            if (pick := values.picks.get(field)) is not None:
                yield Label(pick.question)
                yield OptionList(*(Option(text, id=value) for value, text in pick.options.items()), id="choices")
            elif field in values.numbers:
                yield Label(_("Look at the card and type the number; it is saved in your catalogue."))
                yield Input(placeholder=_("a whole number, e.g. 3"), id="value")
            else:
                elsewhere = values.elsewhere(self.missing)
                yield Label(_("This cannot be typed here. {what_to_do}").format(what_to_do=elsewhere), markup=False)
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
            self.query_one("#problem", Label).update(_("{text} is not a whole number: type digits, e.g. 3 (a minus "
                                                       "sign for a negative modifier).").format(text=repr(text)))
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
