"""A game whose points are unknown (a BG Stats play that kept only who won) on the players screen: its line shows
"?" for the points and names the winner, its sheet says why there is none, and the statistics say how many."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from textual.widgets import OptionList, Static

from companion.app import make_app
from companion.games import KINDS
from db.records import WholeGame
from db.store import Store
from screens.origami.sheet import SheetScreen
from tests.screens.settle import settled
from tests.screens.test_players import players_opened


async def test_a_winners_only_game_on_the_players_screen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/u.db"
    store = Store.open(url, KINDS)
    store.exchange.add([WholeGame(
        "winners-only", "origami", (), (), {}, ("Ann", "Bob"), "finished", "bgstats",
        datetime(2026, 2, 1, 20, tzinfo=UTC), datetime(2026, 2, 1, 21, tzinfo=UTC), None, (),
        tuple({"score": None, "rank": rank, "winner": rank == 1, "hand": None,
               "sheet": {"name": n, "total": None, "rank": rank, "hand": None, "lines": [], "awards": [],
                         "imported": "BG Stats"}} for n, rank in (("Ann", 2), ("Bob", 1))), "origami")])
    store.close()
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await players_opened(pilot)
        assert "1 game with points unknown" in str(screen.query_one("#stats", Static).render())
        games = screen.query_one("#games", OptionList)
        assert str(games.get_option_at_index(0).prompt).endswith("origami · Bob ? (won), Ann ?")
        await pilot.press("tab", "enter")
        await settled(pilot)
        sheet = app.screen
        assert isinstance(sheet, SheetScreen) and sheet.sheet is None
        shown = str(sheet.query_one("#sheet-body", Static).render())
        assert "Points unknown" in shown and "1. Bob  won" in shown and "2. Ann" in shown
