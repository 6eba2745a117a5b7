"""Snapshots of the Origin Story round stepper, table and solo table at 80×24, and the solo table at 160×48
(Textual is pinned: its output changes between releases). The app deck's draws and the lot come from a seeded rng."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from companion.app import make_app
from tests.screens.origin.test_origin_live import SEED, line, new_game, solo_setup


def app_on(tmp_path: Path) -> Any:
    app = make_app(f"sqlite:///{tmp_path}/g.db")
    app.controller("origin-story").rng = random.Random(SEED)
    return app


async def at_the_charge_step(pilot: Pilot[Any]) -> None:
    await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
    for answer in ("", "Trance", "Monologuing", "Telekinesis", "ann Trance 1"):
        await line(pilot, answer, "enter")
    pilot.app.clear_notifications()
    await pilot.pause()


async def mid_trick(pilot: Pilot[Any]) -> None:
    await at_the_charge_step(pilot)
    for answer in ("", "h", "v", "h", "ann", "7br 10br"):
        await line(pilot, answer, "enter")
    await line(pilot, "bob 5sp")  # Cy plays next
    pilot.app.clear_notifications()
    await pilot.pause()


async def solo_your_turn(pilot: Pilot[Any]) -> None:
    await new_game(pilot, "1", "Ann")
    await solo_setup(pilot)
    pilot.app.clear_notifications()
    await pilot.pause()


def test_round_stepper_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Round 1, Cy deals: deal, stamina and story cards done (their names listed), the charge step open with Ann's
    charge on Trance listed and the stamina left per player; event and superhero struck as not this round."""
    assert snap_compare(app_on(tmp_path), terminal_size=(80, 24), run_before=at_the_charge_step)


def test_table_mid_trick_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Trick 2 after Ann won trick 1 (winners level): Ann led 7br, Bob 10br winning (reversed), Cy to play; Bob a
    clean villain; the line holds 'bob 5sp', refused in red with its rule id: it is Cy's turn."""
    assert snap_compare(app_on(tmp_path), terminal_size=(80, 24), run_before=mid_trick)


def test_solo_table_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """The three rows, your off-suit cards struck through, Automaton's lead and Factoryon's follow as numbered
    steps with rule ids, deck and discard as sizes."""
    assert snap_compare(app_on(tmp_path), terminal_size=(80, 24), run_before=solo_your_turn)


def test_solo_table_at_160x48(snap_compare: Any, tmp_path: Path) -> None:
    """A large terminal: the Vancardians' moves and the log beside the seats."""
    assert snap_compare(app_on(tmp_path), terminal_size=(160, 48), run_before=solo_your_turn)
