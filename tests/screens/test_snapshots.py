"""Snapshots of the key screens at 80×24 (Textual is pinned: its output changes between releases)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from companion.app import make_app
from tests.screens.settle import settled


def test_home_on_a_first_run(snap_compare: Any, tmp_path: Path) -> None:
    """The welcome line (no game in progress), the menu with the rules reference highlighted, the keys."""
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=settled)


def test_rules_reference_searched(snap_compare: Any, tmp_path: Path) -> None:
    """The search box holding "hand limit" and only the rules that mention both words."""

    async def search(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("r", "ctrl+f", *"hand limit")
        await pilot.pause()

    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=search)
