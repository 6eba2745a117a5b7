"""The screens' header: the line Textual's Header draws (the icon, the title and sub-title centred between it and the
clock's place, cut with an ellipsis when too long), drawn by one widget; it follows the screen's titles, and the
icon opens the command palette."""
from __future__ import annotations

import html
import re

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import Header as TextualHeader
from textual.widgets import Static

from screens.header import Header
from tests.screens.settle import until


def titled(header: type[Header] | type[TextualHeader], title: str, sub_title: str) -> App[None]:
    class Titled(Screen[None]):
        def compose(self) -> ComposeResult:
            yield header()
            yield Static("body")

        def on_mount(self) -> None:
            self.title, self.sub_title = title, sub_title

    class Shown(App[None]):
        def get_default_screen(self) -> Screen[None]:
            return Titled()

    return Shown()


def top_line(app: App[None]) -> tuple[str, list[tuple[int, str]]]:
    """The first line as the screenshot draws it: its text, and the colour of each cell that is not blank."""
    svg = app.export_screenshot()
    colours = dict(re.findall(r"\.terminal-\d+-(r\d+) \{ fill: (#[0-9a-f]+)", svg))
    runs = re.findall(r'<text class="terminal-\d+-(r\d+)" x="([\d.]+)"[^>]*clip-path="url\(#terminal-\d+-line-0\)">'
                      r"(.*?)</text>", svg)
    cells: dict[int, tuple[str, str]] = {}
    for cls, x, text in runs:
        for i, ch in enumerate(html.unescape(text).replace("\xa0", " ")):
            cells[round(float(x) / 12.2) + i] = (ch, colours[cls])  # a cell is 12.2 units wide
    text = "".join(cells.get(col, (" ", ""))[0] for col in range(max(cells, default=-1) + 1)).rstrip()
    return text, [(col, colour) for col, (ch, colour) in sorted(cells.items()) if ch != " "]


async def drawn(header: type[Header] | type[TextualHeader], size: tuple[int, int], title: str,
                sub_title: str) -> tuple[str, list[tuple[int, str]]]:
    app = titled(header, title, sub_title)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.screen.title == title, "the title set")
        await pilot.pause()
        return top_line(app)


@pytest.mark.parametrize(("size", "title", "sub_title"), [
    ((80, 10), "Origami companion", "Quick score"),
    ((80, 10), "Origin Story", ""),
    ((40, 10), "Origami companion", "a sub-title far too long for the room left"),
])
async def test_the_header_draws_textuals_line(size: tuple[int, int], title: str, sub_title: str) -> None:
    textuals, ours = [await drawn(header, size, title, sub_title) for header in (TextualHeader, Header)]
    assert ours == textuals and title[:10] in ours[0]


async def test_the_header_follows_the_screens_titles_and_its_icon_opens_the_palette() -> None:
    app = titled(Header, "Rules reference", "")
    async with app.run_test(size=(80, 10)) as pilot:
        await until(pilot, lambda: top_line(app)[0].endswith(" Rules reference"), "the title")
        app.screen.sub_title = "3 entries"
        await until(pilot, lambda: top_line(app)[0].endswith(" Rules reference — 3 entries"), "the sub-title")
        await pilot.click(Header, offset=(1, 0))
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the command palette")

