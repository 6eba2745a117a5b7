"""Origin Story's table typed ahead: trick lines sent in one burst are each recorded, in order, against the table
the one before left; a line that is not recorded comes back to be mended, and the ones typed after it wait."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from screens.origin.table import OriginTableScreen
from tests.screens.keys import burst
from tests.screens.origin.test_origin_live import app_on, line, new_game, shown
from tests.screens.settle import settled, until


async def test_trick_winners_typed_in_one_burst_are_each_recorded_and_a_wrong_one_waits_to_be_mended(
        tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
        for answer in ("", "Trance", "Monologuing", "Telekinesis", "ann Trance 1", "", "h", "v", "h"):
            await line(pilot, answer, "enter")
        table = app.screen
        assert isinstance(table, OriginTableScreen) and "logging: winners" in shown(app, "#status")
        origin = app.controller("origin-story")
        field = table.query_one("#action", Input)

        burst(app, "ann\nann\ncy\nw ann\n")
        await until(pilot, lambda: origin.tricks_done() == 4, "four tricks recorded")
        assert field.value == ""

        burst(app, "cy\nzed\nann\ncy\nan")  # zed sits at no seat
        await until(pilot, lambda: field.value == "zed", "the wrong line back on the field")
        assert origin.tricks_done() == 5 and table.lines.held == ["ann", "cy"] and table.lines.after == "an"
        field.value = "ann"  # mended
        await pilot.press("enter")
        await until(pilot, lambda: origin.tricks_done() == 8, "the mended line and the two after it")
        assert field.value == "an"
        assert "tricks 5" in shown(app, "#seats")  # Ann: 1, 2, 4, 6, 7


async def test_the_rounds_steps_answered_in_one_burst_each_go_to_their_step(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
        burst(app, "\nTrance\nMonologuing\nTelekinesis\nann Trance 1\n\nh\nv\nh\n")
        await until(pilot, lambda: isinstance(app.screen, OriginTableScreen) and app.screen.is_mounted,
                    "the round's table")
        await settled(pilot)
        state = app.controller("origin-story").game().state
        assert "logging: winners" in shown(app, "#status") and "villain" in shown(app, "#seats")
        assert state.round is not None and state.round.tricks_done == 0
