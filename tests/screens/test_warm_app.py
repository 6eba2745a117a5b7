"""The app imports the screens' modules in idle time once its database is open (companion/warm.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion import warm
from companion.app import make_app
from screens.home import HomeScreen
from tests.screens.settle import settled, until


async def test_the_app_warms_the_screens_modules_once_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "warm_screen_a.py").write_text("A = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(warm, "MODULES", ("warm_screen_a",))
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}")
    try:
        async with app.run_test() as pilot:
            assert "warm_screen_a" not in sys.modules  # not before the first paint
            await settled(pilot)
            await until(pilot, lambda: "warm_screen_a" in sys.modules, "the module warmed")
            assert isinstance(app.screen, HomeScreen)
    finally:
        sys.modules.pop("warm_screen_a", None)
