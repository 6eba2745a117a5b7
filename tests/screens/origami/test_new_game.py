"""The Origami new-game form: Character pairs are asked for only when the deck can hold Legends' Characters."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Label

from companion.app import make_app
from screens.form import Choice
from screens.origami.new_game import NewGameScreen
from tests.screens.origami.test_table import CATALOGUE, shown, type_line
from tests.screens.settle import settled, until


def pairs_shown(screen: NewGameScreen) -> bool:
    field, label = screen.query_one("#pairs", Input), screen.query_one("#pairs-label", Label)
    assert field.display == label.display  # the label goes with its field
    return field.display


async def test_character_pairs_only_when_the_deck_can_hold_legends(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await type_line(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert pairs_shown(screen)  # Legends, the first choice
        variant = screen.query_one("#variant", Choice)
        for value, shows in (("origami", False), ("mixed", True), ("origami", False), ("legends", True)):
            variant.value = value
            await until(pilot, lambda shows=shows: pairs_shown(screen) == shows, f"{value}: pairs shown {shows}")
            assert ("Character pairs:" in shown(app, "#check")) == shows

        # The base game: Enter on the families starts it (no pairs to type), the deal comes next.
        variant.value = "origami"
        await until(pilot, lambda: not pairs_shown(screen), "the pairs hidden")
        await type_line(pilot, "Ann, Bob", "tab")
        assert screen.focused is screen.query_one("#families", Input)
        await type_line(pilot, "sky, lawn")
        assert "Ready: Ann, Bob" in shown(app, "#check")
        await type_line(pilot, "", "enter")
        await until(pilot, lambda: app.screen is not screen, "the deal after the form")
