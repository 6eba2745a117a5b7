"""Pips's one screen: the totals, whose turn it is, and a line to type the points scored (or the players' names,
comma-separated, to start). It only shows and asks: what is typed goes to the app as a message."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static


class PipsScreen(Screen[None]):
    class Typed(Message):
        def __init__(self, text: str, screen: PipsScreen) -> None:
            super().__init__()
            self.text, self.screen = text, screen

    def __init__(self, shown: str) -> None:
        super().__init__()
        self.shown = shown

    def compose(self) -> ComposeResult:
        yield Static(self.shown, id="board")
        yield Input(id="line")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.post_message(self.Typed(event.value, self))

    def show(self, text: str) -> None:
        self.shown = text
        self.query_one("#board", Static).update(text)
