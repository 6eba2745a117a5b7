"""Snapshots of the key screens at 80×24 (Textual is pinned: its output changes between releases)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from companion.app import make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.store import Store
from tests.recorded import script
from tests.screens.origami.test_quick import TABLE_41, type_rows
from tests.screens.settle import settled, until_filled


def test_home_on_a_first_run(snap_compare: Any, tmp_path: Path) -> None:
    """The welcome line (no game in progress), the menu (new game highlighted), the keys in the footer."""
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=settled)


async def rules_searched(pilot: Pilot[Any]) -> None:
    await settled(pilot)
    await pilot.press("r", "ctrl+f", *"final turn", "tab", "enter", "down", "down", "enter")
    await until_filled(pilot, pilot.app.screen)
    await pilot.pause()


def test_rules_reference_searched(snap_compare: Any, tmp_path: Path) -> None:
    """The search box holding "final turn", 3 players chosen (its box focused): the end rule and what it
    comes to with 3 players."""
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=rules_searched)


async def quick_score_typed(pilot: Pilot[Any]) -> None:
    await settled(pilot)
    await pilot.press("s")
    await type_rows(pilot, TABLE_41)


def test_quick_score_of_the_rulebook_table(snap_compare: Any, tmp_path: Path) -> None:
    """Ann, Bob and Cy typed in; the sheet below: Ann 41 with the longest bar, a line per card with its reason."""
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24),
                        run_before=quick_score_typed)


def a_legends_game_mid_way(tmp_path: Path) -> Any:
    """The app on a 2-player Legends game after a dozen actions (seed 17)."""
    url = f"sqlite:///{tmp_path}/g.db"
    catalogue = filled(shipped())
    game = script(catalogue, 17, players=2)
    store = Store.open(url, KINDS)
    session = GameSession.start(store, game.script[0], catalogue, key="start")
    assert isinstance(session, GameSession)
    for n, command in enumerate(game.script[1:15]):
        session.submit(command, f"k{n}")
    store.close()
    return make_app(url, {"origami": catalogue})


async def resumed_with_a_refused_line(pilot: Pilot[Any]) -> None:
    await settled(pilot)
    await pilot.press("enter")
    await pilot.press(*"play dragon to 2")
    await pilot.pause()


def test_table_mid_game_with_a_refused_line(snap_compare: Any, tmp_path: Path) -> None:
    """A Legends game resumed after a dozen actions: whose turn, the collections with their top cards, the line,
    the recent log, and a typed play refused with its rule id (PAY-EXACT) in red."""
    assert snap_compare(a_legends_game_mid_way(tmp_path), terminal_size=(80, 24),
                        run_before=resumed_with_a_refused_line)
