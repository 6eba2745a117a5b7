"""The players screen shows each player's skill rating (openskill) per game and variant, with its trend."""
from __future__ import annotations

from pathlib import Path

from companion.app import make_app
from companion.games import KINDS
from db.ratings import from_store
from db.store import Store
from tests.screens.test_players import players_opened, seed_history, shown


async def test_the_players_screen_shows_the_rating(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/p.db"
    seed_history(url)  # Ann wins two of three against Bob
    store = Store.open(url, KINDS)
    try:
        ann = from_store(store.database).by_scope["origami"][store.profiles.get("Ann").id]
    finally:
        store.close()
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await players_opened(pilot)
        lines = shown(screen, "#stats").splitlines()
        overall = f"  rating Origami, every variant: {ann.ordinal:.1f} "
        details = f" (mu {ann.mu:.1f}, sigma {ann.sigma:.1f})"
        assert any(line.startswith(overall) and line.endswith(details)  # the trend between them
                   and len(line) > len(overall) + len(details) for line in lines)
        assert any(line.startswith("  rating Origami · Origami: ") for line in lines)
        assert ann.mu > 25  # two wins in three
