"""Screens open light: their frame (title, footer, empty containers) is painted first, their fields are mounted and
filled after it (screens/later.py), and keys typed before they are filled wait for them and act once they are."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.events import ScreenResume
from textual.screen import Screen
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


MENU = ["p", "n", "s", "c", "r", "o", "v"]  # Home's keys: players, both games' new game, quick score, catalogue, rules


@pytest.mark.parametrize("key", MENU)
async def test_a_screen_is_styled_once_as_it_first_comes_on_top_and_fills_after_its_frame(
        tmp_path: Path, key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its widgets' styles are worked out as they mount, not a second time as the screen first comes on top; its fill
    begins after the frame is written (the players', whose fill makes its footer's keys, straight after), once."""
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    events: list[str] = []
    display, resume, original = app._display, Screen._on_screen_resume, FillsLater._fill

    def written(screen: Any, update: Any) -> None:
        if isinstance(screen, FillsLater):
            events.append("filled" if screen.filled else "frame")
        display(screen, update)

    def resumed(screen: Screen[Any], event: ScreenResume) -> None:
        if isinstance(screen, FillsLater):
            events.append("restyled" if event.refresh_styles else "on top")
        resume(screen, event)

    async def fill(screen: FillsLater[Any]) -> None:
        events.append("fill")
        await original(screen)

    app._display = written  # type: ignore[method-assign, assignment]
    monkeypatch.setattr(Screen, "_on_screen_resume", resumed)
    monkeypatch.setattr(FillsLater, "_fill", fill)
    async with app.run_test() as pilot:
        await settled(pilot)
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, FillsLater) and app.screen.filled, "the screen filled")
        screen = app.screen
        assert events[:2] == ["on top", "frame"] and events.count("fill") == 1 and "restyled" not in events
        assert events.index("fill") == 2 if isinstance(screen, PlayersScreen) else events.index("fill") >= 2
        app.push_screen(OriginRulesScreen())  # another screen over it, then back: not filled again
        await until(pilot, lambda: isinstance(app.screen, OriginRulesScreen) and app.screen.filled, "the rules")
        events.clear()
        app.pop_screen()
        await until(pilot, lambda: app.screen is screen and bool(events), "back on top")
        assert "fill" not in events
