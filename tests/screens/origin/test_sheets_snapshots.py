"""Snapshots of the Origin Story score sheet at 80×24 and at 160×48 (Textual is pinned: its output changes between
releases)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from companion.app import make_app
from scoring.origin.sheet import quick_game
from screens.origin.sheet import OriginSheetScreen
from tests.screens.origin.test_sheets import SHARED
from tests.screens.settle import settled


async def sheet_open(pilot: Pilot[Any]) -> None:
    await settled(pilot)
    pilot.app.push_screen(OriginSheetScreen(quick_game(SHARED), "quick score"))
    await pilot.pause()
    await pilot.pause()


def test_score_sheet_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Rounds × players (H3 +5* with a star where abilities add points), totals, shared ranks (=1 ★ Bob and Cy),
    the shared victory, a bar per player with the alignment/abilities split, then the sources (scroll)."""
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=sheet_open)


def test_score_sheet_at_160x48(snap_compare: Any, tmp_path: Path) -> None:
    """The wide grid: each cell names the alignment in words and each ability's points under it, all on one
    screen with the bars and the checks."""
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(160, 48), run_before=sheet_open)


def test_round_summary_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Round 1 at three: Ann hero with 6 tricks and Monologuing's +2, Bob a clean villain, Cy caught with 2 tricks
    (purple), each VP with its source and the totals; then the tricks turned up, two with cards, six winners only."""
    from scoring.origin.sheet import score_game, score_round
    from screens.origin.sheet import RoundSummaryScreen
    from tests.screens.origin.test_sheets import a_round

    async def summary_open(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        result = a_round()
        scores = score_round(result)
        game = score_game([scores])
        pilot.app.push_screen(RoundSummaryScreen(1, scores, result, {p.name: p.total for p in game.players}, game))
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=summary_open)
