"""A table's line is checked as the field takes the key, before the field asks to be painted: the screen then paints
the echo and the preview in one frame (checked when Input.Changed reached the screen, the preview came a frame
after the echo)."""
from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Input

from screens.action_line import ActionLine
from screens.form import Verdict


class Lined(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.checked: list[str] = []

    def compose(self) -> ComposeResult:
        yield ActionLine(self.checked.append, id="action")


async def test_the_line_is_checked_as_its_value_changes_not_once_a_message_has_gone_round() -> None:
    app = Lined()
    async with app.run_test() as pilot:
        field = app.query_one(ActionLine)
        field.value = "dr"
        assert app.checked == ["dr"]  # at once, nothing awaited
        await pilot.press("a")
        assert app.checked == ["dr", "dra"]


async def test_the_line_is_not_checked_while_its_changes_are_prevented() -> None:
    # As Input.Changed: a line back to be mended (TypedLines.back) keeps the preview saying why it came back.
    app = Lined()
    async with app.run_test():
        field = app.query_one(ActionLine)
        with field.prevent(Input.Changed):
            field.value = "draw fox"
        assert app.checked == []
        field.value = "draw"
        assert app.checked == ["draw"]


class Tabled(App[None]):
    """A line over a verdict of fixed height, as the Origami table has them."""

    CSS = "#preview { height: 3; } ActionLine { width: 20; }"

    def compose(self) -> ComposeResult:
        yield ActionLine(lambda value: self.query_one(Verdict).say(f"read {value}", "ok"), id="action")
        yield Verdict("preview")


async def test_a_key_on_the_line_repaints_it_and_lays_nothing_out_and_a_long_line_still_scrolls() -> None:
    # Input sets its scroll width on every key, which laid the whole screen out again: ~60% of a key's time.
    app = Tabled()
    async with app.run_test() as pilot:
        field = app.query_one(ActionLine)
        field.focus()
        await pilot.pause()
        layouts = 0
        lay_out = app.screen._refresh_layout

        def counted(*args: Any, **kwargs: Any) -> None:
            nonlocal layouts
            layouts += 1
            lay_out(*args, **kwargs)

        app.screen._refresh_layout = counted  # type: ignore[method-assign]
        await pilot.press(*"draw fox, cat and more")
        await pilot.pause()
        assert layouts == 0
        assert field.value == "draw fox, cat and more" and field.scroll_x > 0  # the cursor kept in sight
        assert str(app.query_one(Verdict).render()) == "read draw fox, cat and more"
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert field.scroll_x == 0
