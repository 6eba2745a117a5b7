"""A score sheet's reasons use the room the window gives: laid out again when the window changes size, so at
160 columns a long reason is one line where at 80 it continues under itself."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from scoring.origami.sheet import Line, PlayerScore, ScoreSheet
from screens.origami.sheet import ScoreSheetView

WHY = "1 point for every lawn origami in all of your collections, and 1 more for each Bee beside it"
SHEET = ScoreSheet((PlayerScore("Ann", 7, 1, 2, (Line("Bee", 1, 1, 3, 4, WHY),), ()),), ("Ann",), None)


class OneSheet(App[None]):
    def compose(self) -> ComposeResult:
        yield ScoreSheetView()

    def on_mount(self) -> None:
        self.query_one(ScoreSheetView).show(SHEET)  # before the first layout, as a screen's mount does


def lines(app: OneSheet) -> list[str]:
    return str(app.query_one("#sheet-body", Static).render()).splitlines()


async def test_the_reasons_follow_the_window_width() -> None:
    app = OneSheet()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        narrow = lines(app)
        assert WHY not in "\n".join(narrow) and all(len(line) <= 76 for line in narrow)
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        wide = lines(app)
        assert any(line.endswith(WHY) for line in wide), wide
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert lines(app) == narrow
