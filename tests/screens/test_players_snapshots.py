"""Snapshots of the players screen at 80×24 and 160×48: a player's statistics, ratings and latest games (dates
fixed, in UTC), with a head-to-head answered at the top, where the eye is."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from companion.app import make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.render import sheet_json
from db.store import Store
from scoring.origami.sheet import score
from scoring.origami.table import parse_table
from tests.screens.settle import settled

SIZES = [(80, 24), (160, 48)]


def seeded(url: str) -> None:
    """Four quick-scored games between Ann, Bob and Cy on fixed days."""
    store = Store.open(url, KINDS)
    catalogue = shipped()
    try:
        for day, (ann, bob, cy) in enumerate((("Chicken", "Chick", "Magpie"), ("Magpie", "Chick", "Chick"),
                                              ("Chick", "Magpie", "Chicken"), ("Chicken", "Chicken", "Chick"))):
            table = parse_table({"game": "origami", "players": [
                {"name": name, "collections": [[card], []], "hand": 0}
                for name, card in (("Ann", ann), ("Bob", bob), ("Cy", cy))]}, catalogue)
            sheet = score(table)
            store.results.record(variant="origami", players=["Ann", "Bob", "Cy"], families=["farm", "sky"],
                                characters=[], rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"],
                                finished_at=datetime(2026, 3, 1, 20, tzinfo=UTC) + timedelta(days=day), kind="origami")
    finally:
        store.close()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x48"])
def test_players_screen_with_a_head_to_head(snap_compare: Any, tmp_path: Path, size: tuple[int, int],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")
    url = f"sqlite:///{tmp_path}/p.db"
    seeded(url)

    async def versus(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("p")
        await settled(pilot)
        await pilot.press("v", *"Bob", "enter")
        await settled(pilot)

    assert snap_compare(make_app(url), terminal_size=size, run_before=versus)
