"""The round stepper paints its frame first and its steps after it (screens/later.py); keys typed meanwhile act
once the steps are there."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from screens.origin.stepper import StepperScreen
from tests.screens.origin.test_origin_live import app_on, new_game
from tests.screens.settle import until


async def test_the_stepper_is_painted_before_its_steps_are_drawn(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    painted: list[tuple[object, bool]] = []  # each frame written: the screen, and whether its steps were drawn

    def steps(screen: Any) -> bool:
        found = screen.query("#list")
        return bool(found) and bool(str(found.first(Static).render()).strip())

    display = app._display

    def written(screen: Any, update: Any) -> None:
        painted.append((screen, steps(screen)))
        display(screen, update)

    app._display = written  # type: ignore[method-assign, assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        await until(pilot, lambda: isinstance(app.screen, StepperScreen) and app.screen.filled, "the steps")
        frames = [drawn for screen, drawn in painted if isinstance(screen, StepperScreen)]
        assert frames[0] is False and frames[-1] is True
