"""The screens' footer: Textual's keys, each styled once (Textual's footer restyles each key twice whenever the keys
shown change: every screen opened, every focus moved)."""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets import Header as TextualHeader
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from screens.footer import Footer
from screens.header import Header
from tests.screens.settle import until


def footer_app(footer: type[TextualFooter]) -> App[None]:
    class Keys(App[None]):
        BINDINGS = [Binding("ctrl+s", "save", "Save"), Binding("ctrl+t", "totals", "Totals only")]

        def compose(self) -> ComposeResult:
            yield Input(id="a")
            yield Input(id="b")
            yield footer()

    return Keys()


async def keys_shown(footer: type[TextualFooter], monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], int]:
    """The footer's keys (description and classes) after a focus moved, and how often a binding's key was
    restyled."""
    restyled = 0
    update = DOMNode.update_node_styles

    def counted(node: DOMNode, animate: bool = True) -> None:
        nonlocal restyled
        restyled += not node.has_class("-command-palette")  # compact from the start, as Textual makes it
        update(node, animate)

    monkeypatch.setattr(FooterKey, "update_node_styles", counted)
    app = footer_app(footer)
    async with app.run_test() as pilot:
        await until(pilot, lambda: len(app.query(FooterKey)) == 3, "the footer's keys")
        await pilot.press("tab")  # the keys shown change: the footer makes its keys again
        await pilot.pause()
        keys = [(k.description, sorted(k.classes)) for k in app.query(FooterKey)]
    return keys, restyled


async def test_the_footer_shows_textuals_keys_each_styled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    textual, restyled_there = await keys_shown(TextualFooter, monkeypatch)
    ours, restyled_here = await keys_shown(Footer, monkeypatch)
    assert ours == textual and [d for d, _ in ours] == ["Save", "Totals only", "palette"]
    assert restyled_there > 0 and restyled_here == 0


@pytest.mark.parametrize(("name", "ours", "textuals"), [("Footer", Footer, TextualFooter),
                                                      ("Header", Header, TextualHeader)])
def test_every_screen_uses_this_footer_and_header(name: str, ours: type, textuals: type) -> None:
    """No screen composes Textual's own footer (each of its keys styled twice at every change of the keys shown) or
    header (three widgets where one draws the line: screens/header.py)."""
    import screens

    modules = [importlib.import_module(m.name) for m in pkgutil.walk_packages(screens.__path__, "screens.")]
    assert modules and [m.__name__ for m in modules if getattr(m, name, ours) is textuals] == []


class Changing(Screen[None]):
    BINDINGS = [Binding("f2", "always", "Always"), Binding("f3", "sometimes", "Sometimes")]
    sometimes = False

    def compose(self) -> ComposeResult:
        yield Input(id="a")
        yield Input(id="b")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.sometimes if action == "sometimes" else True


async def test_a_footer_makes_its_keys_again_only_when_they_change_while_its_screen_is_on_top(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = 0
    recompose = Footer.recompose

    async def counted(footer: Footer) -> None:
        nonlocal made
        made += 1
        await recompose(footer)

    monkeypatch.setattr(Footer, "recompose", counted)
    screen = Changing()
    app = App[None]()
    shown = lambda: [k.description for k in screen.query(FooterKey)]  # noqa: E731
    async with app.run_test() as pilot:
        await app.push_screen(screen)
        await until(pilot, lambda: shown() == ["Always", "palette"], "the screen's keys")
        first = made
        await pilot.press("tab", "tab")  # the focus moves: the keys stay
        await pilot.pause()
        assert made == first
        screen.sometimes = True
        screen.refresh_bindings()
        await until(pilot, lambda: shown() == ["Always", "Sometimes", "palette"], "the key the screen now has")
        assert made == first + 1
        await app.push_screen(Screen())
        screen.sometimes = False
        screen.refresh_bindings()
        await pilot.pause()
        assert made == first + 1 and "Sometimes" in shown()  # covered: not made again yet
        app.pop_screen()
        await until(pilot, lambda: shown() == ["Always", "palette"], "its keys again, once on top")
        assert made == first + 2
