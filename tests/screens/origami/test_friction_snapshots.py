"""Snapshots of the table mid-game at 80×24 (players one under the other, a 4-line log) and 160×48 (players side
by side, a 10-line log), a line typed and checked (Textual is pinned: its output changes between releases)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from companion.app import make_app
from companion.games import KINDS
from companion.origami.session import GameSession
from db.store import Store
from tests.recorded import Scripted, script
from tests.screens.origami.test_table import CATALOGUE
from tests.screens.settle import settled


def recorded(url: str, actions: int) -> Scripted:
    """A game (tests/recorded.py, seed 3) recorded in the database at `url` up to its `actions`-th command."""
    game = script(CATALOGUE, seed=3)
    store = Store.open(url, KINDS)
    try:
        session = GameSession.start(store, game.script[0], CATALOGUE, key="start")  # type: ignore[arg-type]
        assert isinstance(session, GameSession)
        for n, command in enumerate(game.script[1:actions]):
            session.submit(command, f"k{n}")
    finally:
        store.close()
    return game


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_table_mid_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    url = f"sqlite:///{tmp_path}/g.db"
    recorded(url, 14)

    async def resumed(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("enter")
        await pilot.press(*"draw arctic")
        await pilot.pause()

    assert snap_compare(make_app(url, {"origami": CATALOGUE}), terminal_size=size, run_before=resumed)
