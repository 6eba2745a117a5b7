"""A table's line is checked as the field takes the key, before the field asks to be painted: the screen then paints
the echo and the preview in one frame (checked when Input.Changed reached the screen, the preview came a frame
after the echo)."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input

from screens.action_line import ActionLine


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
