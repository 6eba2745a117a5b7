"""The theme chosen in the command palette is kept in the user's settings and used at the next start; a
settings file that cannot be read starts the app in its default colours, and says nothing is lost. The
companion's high-contrast theme is one of them, and the completion shown as you type reads well (WCAG contrast
of the colours actually drawn)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.widgets import Input

from companion.app import make_app
from tests.contrast import contrast
from tests.screens.settle import settled


async def test_the_chosen_theme_is_kept_for_the_next_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    first = make_app(url)
    default = first.theme
    async with first.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+p", *"theme", "enter")  # Textual's "Change theme", then the list of themes
        await pilot.pause()
        await pilot.press(*"nord", "enter")
        await settled(pilot)
        assert first.theme == "nord" != default
    assert json.loads(Path(os.environ["COMPANION_SETTINGS"]).read_text(encoding="utf-8"))["theme"] == "nord"
    again = make_app(url)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert again.theme == "nord"


async def test_a_broken_settings_file_starts_in_the_default_theme(tmp_path: Path) -> None:
    Path(os.environ["COMPANION_SETTINGS"]).write_text("{not json", encoding="utf-8")
    app = make_app(f"sqlite:///{tmp_path}/t.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert app.theme == make_app().theme


async def test_the_high_contrast_theme_is_chosen_and_kept_like_the_others(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+p", *"theme", "enter")
        await pilot.pause()
        await pilot.press(*"high-contrast", "enter")
        await settled(pilot)
        assert app.theme == "high-contrast"
    again = make_app(url)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert again.theme == "high-contrast"


@pytest.mark.parametrize(("theme", "least"), [("high-contrast", 7.0), ("textual-dark", 4.5), ("textual-light", 4.5)])
async def test_the_quick_scores_completion_reads_well(tmp_path: Path, theme: str, least: float) -> None:
    """`m` in a collection's box shows Magpie: the cursor on the `a`, then `gpie` in the completion's colour, on
    the focused box's background (Textual's own grey came to 2.5-2.8:1 here; the high-contrast theme: AAA)."""
    app = make_app(f"sqlite:///{tmp_path}/t.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.theme = theme
        await pilot.press("s", *"Ann", "tab", "m")
        await settled(pilot)
        field = app.focused
        assert isinstance(field, Input) and field.value == "m"
        shown = {segment.text.strip(): segment.style for segment in field.render_line(0)}
        style = shown["gpie"]
        assert style.color is not None and style.bgcolor is not None
        assert contrast(tuple(style.color.get_truecolor()), tuple(style.bgcolor.get_truecolor())) >= least
