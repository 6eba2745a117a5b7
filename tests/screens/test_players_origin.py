"""The players screen shows a player's Origin Story block after the Origami figures, and a head-to-head counts both
games' and says each one's."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from companion.app import make_app
from companion.games import KINDS
from db.store import Store
from tests.companion.test_history_origin_cli import origami_between
from tests.db.test_origin_stats import history
from tests.screens.settle import settled
from tests.screens.test_players import players_opened
from tests.screens.test_players_fit import players


async def test_players_screen_shows_origin_story_block(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/p.db"
    store = Store.open(url, KINDS)
    try:
        history(store)
    finally:
        store.close()
    app = make_app(url)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await players_opened(pilot)
        stats = str(screen.query_one("#stats", Static).render())
        assert "0 games" not in stats  # no Origami game: only the Origin Story block, not "Ann: 0 games" above it
        assert stats.startswith("Origin Story: 6 games 4 wins (1 with no rounds recorded)")
        games = screen.query_one("#games", OptionList)
        assert games.option_count and all("· Origin Story " in str(games.get_option_at_index(i).prompt) for i in range(games.option_count))
        assert "highest difficulty beaten: 2" in stats


async def test_head_to_head_counts_both_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/p.db"
    store = Store.open(url, KINDS)
    try:
        history(store)
        origami_between(store, (30, 20), (18, 25), (22, 21))
    finally:
        store.close()
    app = make_app(url)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await players(pilot, "Ann")
        await pilot.press("v", *"Bob", "enter")
        await settled(pilot)
        assert str(screen.query_one("#versus", Static).render()).splitlines()[:3] == [
            "Ann against Bob: 7 games together; Ann ahead 4, Bob ahead 2, level 1",
            "  Origami: 3 games together; Ann ahead 2, Bob ahead 1, level 0",
            "  Origin Story: 4 games together; Ann ahead 2, Bob ahead 1, level 1"]
