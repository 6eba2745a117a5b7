"""The theme chosen in the command palette is kept in the user's settings and used at the next start; a
settings file that cannot be read starts the app in its default colours, and says nothing is lost."""
from __future__ import annotations

import json
import os
from pathlib import Path

from companion.app import make_app
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
