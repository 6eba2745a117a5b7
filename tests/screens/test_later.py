"""Screens open light: their frame (title, footer, empty containers) is painted first, their fields are mounted and
filled after it (screens/later.py), and keys typed before they are filled wait for them and act once they are."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList

from companion.app import make_app
from screens.later import FillsLater
from screens.origami.catalogue import CatalogueScreen
from screens.origami.quick import QuickScoreScreen
from screens.origin.rules import OriginRulesScreen
from screens.players import PlayersScreen
from tests.screens.keys import burst
from tests.screens.settle import settled, until


async def test_a_screen_is_painted_before_it_is_filled(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    painted: list[tuple[object, bool]] = []  # each frame written: the screen, and whether it had its fields
    display = app._display

    def written(screen: Any, update: Any) -> None:  # the one place Textual sends a frame to the terminal
        painted.append((screen, bool(screen.query("#profiles"))))
        display(screen, update)

    app._display = written  # type: ignore[method-assign, assignment]
    async with app.run_test() as pilot:
        await settled(pilot)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen) and app.screen.filled, "the players filled")
        frames = [fields for screen, fields in painted if isinstance(screen, PlayersScreen)]
        assert frames[0] is False and frames[-1] is True  # the frame first, then the screen filled
        assert app.screen.query_one("#profiles", OptionList).has_focus


async def test_keys_typed_before_a_screen_is_filled_act_once_it_is(tmp_path: Path) -> None:
    """Typed on Home with the key that opens the screen, or on a screen pushed by the app: none is lost."""
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    async with app.run_test() as pilot:
        await settled(pilot)
        burst(app, "sAnn\tsilk")
        await until(pilot, lambda: isinstance(app.screen, QuickScoreScreen) and app.screen.filled
                    and app.screen.query_one("#c1-0", Input).value == "silk", "the keys typed on")
        assert app.screen.query_one("#name-0", Input).value == "Ann"
        rules = OriginRulesScreen()
        app.push_screen(rules)
        burst(app, "follow")  # typed on the rules, for the search: mounted with the rest after the first paint
        await until(pilot, lambda: rules.filled and rules.query_one("#search", Input).value == "follow",
                    "the search typed")
        assert isinstance(rules, FillsLater) and app.held is None


async def test_the_fill_in_screen_is_painted_before_its_families_are_listed(tmp_path: Path) -> None:
    from screens.origami.fill_in import FamilyList, FillInScreen

    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    painted: list[tuple[object, bool]] = []  # each frame written: the screen, and whether it had its families
    display = app._display

    def written(screen: Any, update: Any) -> None:
        painted.append((screen, bool(screen.query(FamilyList))))
        display(screen, update)

    app._display = written  # type: ignore[method-assign, assignment]
    async with app.run_test() as pilot:
        await settled(pilot)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CatalogueScreen) and app.screen.filled, "the catalogue")
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FillInScreen) and app.screen.filled, "the fill-in filled")
        frames = [families for screen, families in painted if isinstance(screen, FillInScreen)]
        assert frames[0] is False and frames[-1] is True
        assert app.screen.query_one(FamilyList).has_focus
