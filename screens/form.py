"""The pieces the typing screens share: one-line fields, a one-line choice, and the line that says what the
input means (a problem in red, something ready in green)."""
from __future__ import annotations

from typing import Literal

from textual.widgets import Input, Select, Static

Tone = Literal["", "problem", "ok"]


class Field(Input):
    """A one-line input without a border, so a whole table of them fits 80×24."""

    DEFAULT_CSS = """
    Field { border: none; height: 1; padding: 0 1; background: $boost; }
    Field:focus { border: none; background: $accent 30%; }
    """


class Choice(Select[str]):
    """A one-line Select."""

    DEFAULT_CSS = """
    Choice { height: 1; }
    Choice > SelectCurrent { border: none; height: 1; padding: 0 1; }
    Choice:focus > SelectCurrent { border: none; background: $accent 30%; }
    """


class Verdict(Static):
    """What the typed input means now; never read as markup (messages quote what players typed)."""

    DEFAULT_CSS = """
    Verdict { height: auto; }
    Verdict.-problem { color: $error; }
    Verdict.-ok { color: $success; }
    """

    def __init__(self, id: str) -> None:  # noqa: A002 (Textual's own name for it)
        super().__init__("", id=id, markup=False)

    def say(self, text: str, tone: Tone = "") -> None:
        self.update(text)
        self.set_class(tone == "problem", "-problem")
        self.set_class(tone == "ok", "-ok")
