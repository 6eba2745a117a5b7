"""Snapshots of the quick-score screens at 80×24 and 160×48: the rulebook's table typed with the completion's
help, and totals counted on paper with a tie on points broken by the cards in hand."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from bench.quick_keys import SHORT_41, keys_of
from companion.app import make_app
from tests.screens.settle import settled

SIZES = [(80, 24), (160, 48)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x48"])
def test_quick_score_typed_with_the_completion(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """Each box shows the full card names the few letters became; the sheet: Ann 41 first, a line per card."""

    async def typed(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press(*keys_of(SHORT_41)[:-1])  # all but ctrl+s
        await settled(pilot)  # the last completion is worked out in a worker

    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=size, run_before=typed)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x48"])
def test_totals_only(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """Ann and Bob tied on 30: Bob first with more cards in hand (the sheet says so), Cy third, saved."""

    async def typed(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("s", "ctrl+t", *"Ann", "tab", *"30", "tab", "2", "tab", *"Bob", "tab", *"30", "tab",
                          "4", "tab", *"Cy", "tab", *"12", "ctrl+s")
        await settled(pilot)

    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=size, run_before=typed)
