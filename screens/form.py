"""The pieces both games' typing screens share: one-line fields, a one-line choice, the line that says what the
input means (a problem in red, something ready in green), and the form the referee checks as it is typed."""
from __future__ import annotations

from fractions import Fraction
from typing import ClassVar, Literal

from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Select, Static

from scoring.i18n import _

Tone = Literal["", "problem", "ok"]
TONES: dict[Tone, str] = {"": "", "problem": "$error", "ok": "$success"}  # the text's colour (the theme's)


def names(text: str) -> tuple[str, ...]:
    """The names typed in a comma-separated field, blanks left out."""
    return tuple(n.strip() for n in text.split(",") if n.strip())


class Field(Input):
    """A one-line input without a border, so a whole table of them fits 80×24."""

    DEFAULT_CSS = """
    Field { border: none; height: 1; padding: 0 1; background: $boost; }
    Field:focus { border: none; background: $accent 30%; }
    Field > .input--suggestion { color: $text-muted; }
    """


class Choice(Select[str]):
    """A one-line Select."""

    DEFAULT_CSS = """
    Choice { height: 1; }
    Choice > SelectCurrent { border: none; height: 1; padding: 0 1; }
    Choice:focus > SelectCurrent { border: none; background: $accent 30%; }
    """


class Verdict(Static):
    """What the typed input means now; never read as markup (messages quote what players typed). Said on every key
    at a table, so it is cheap: the tone colours the text itself (a CSS class switched restyled the widget, ~3 ms),
    and the screen is laid out again only when the verdict's size may change."""

    DEFAULT_CSS = """
    Verdict { height: auto; }
    """

    def __init__(self, id: str) -> None:  # noqa: A002 (Textual's own name for it)
        super().__init__("", id=id, markup=False)

    def say(self, text: str, tone: Tone = "") -> None:
        content = Content.styled(text, TONES[tone])
        self.update(content, layout=self.resized_by(content))

    def resized_by(self, content: Content) -> bool:
        """Whether `content` takes another height than the text shown: only when the height follows the text (not
        set by the screen), within the least and most the layout found for it."""
        if not self.styles.auto_dimensions:
            return False
        width, height = self.content_size
        if not width:  # not laid out yet
            return True
        lines = content.get_height(self.styles, width)  # type: ignore[arg-type]  # its styles, as Widget gives them
        return self._extrema.apply_height(Fraction(lines)) != height


class CheckedForm(Screen[None]):
    """A setup form checked on every change (`check`, which says why in the `#check` Verdict). Enter submits
    (`action_submit`, also bound to ctrl+s) on the last fields, else moves on."""

    LAST: ClassVar[tuple[str, ...]] = ()  # the fields where Enter submits

    def check(self) -> None:
        raise NotImplementedError

    def action_submit(self) -> None:
        raise NotImplementedError

    def last_fields(self) -> tuple[str, ...]:
        return self.LAST

    def on_input_changed(self, event: Input.Changed) -> None:
        self.check()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.check()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.entered(event.input.id)

    def entered(self, field: str | None) -> None:
        """Enter in `field`: submit on the last fields, else move on (a game's form may first ask for more)."""
        if field in self.last_fields():
            self.action_submit()
        else:
            self.focus_next()

    def refused(self, text: str) -> None:
        self.query_one("#check", Verdict).say(text, "problem")

    def not_yet(self) -> None:
        """A submission before the form is ready: say again why (check() has run on every change)."""
        self.notify(str(self.query_one("#check", Verdict).render()), title=_("Not yet"), severity="warning")
