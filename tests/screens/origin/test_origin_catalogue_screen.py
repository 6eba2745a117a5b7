"""Origin Story's catalogue by keys on the real app: a value read off a card and a new card are kept in the user's
catalogue in the database, where `companion catalog --game origin-story` (the real console script) finds them; a
bad value is refused and changes nothing."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from textual.widgets import DataTable, Static

from companion.app import make_app
from companion.games import KINDS
from db.store import Store
from screens.origin.catalogue import OriginCatalogueScreen
from tests.screens.settle import settled


def row(table: DataTable[object], name: str) -> list[str]:
    for i in range(table.row_count):
        cells = [str(c) for c in table.get_row_at(i)]
        if cells[0] == name:
            return cells
    raise AssertionError(f"{name} is not shown")


async def test_a_value_and_a_new_card_are_kept_and_a_bad_value_is_not(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/c.db"
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        app.controller("origin-story").open("origin-catalogue")  # as Home's entry opens it
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OriginCatalogueScreen)
        table = screen.query_one(DataTable)
        assert {"Trance", "Monologuing", "Transfer of Power"} <= {str(table.get_row_at(i)[0])
                                                                  for i in range(table.row_count)}
        await pilot.press("ctrl+f", *"monolog", "enter")
        await pilot.pause()
        assert table.row_count == 1 and row(table, "Monologuing")[2] == "?"  # its cost is not known
        card = str(screen.query_one("#card", Static).render())
        assert "Not known yet: cost, solo_banned, template, timing" in card and "In the box: 64 story" in card
        await pilot.press("e", *"cost x", "enter")  # not a number: said, nothing kept
        await pilot.pause()
        assert "cost takes one or two whole numbers" in str(list(app._notifications)[-1].message)
        await pilot.press("e", *"cost 1,2", "enter")
        await pilot.pause()
        assert row(table, "Monologuing")[2] == "1, 2"
        assert "cost 1, 2 (user)" in str(screen.query_one("#card", Static).render())
        await pilot.press("n", *"story Hidden Plan", "enter")  # a card the catalogue lacks
        await pilot.pause()
        assert screen.query_one("#filter").value == ""  # type: ignore[attr-defined]
        assert screen.selected() is not None and screen.selected().name == "Hidden Plan"  # type: ignore[union-attr]
        await pilot.press("e", *"template vp_per_trick", "enter")
        await pilot.pause()
        assert row(table, "Hidden Plan")[1:5] == ["story", "?", "?", "vp_per_trick"]
    store = Store.open(url, KINDS)
    try:
        assert store.catalogue.values("origin-story") == [("Hidden Plan", "kind", "story"),
                                                     ("Hidden Plan", "template", "vp_per_trick"),
                                                     ("Monologuing", "cost", [1, 2])]
        assert store.catalogue.values("origami") == []  # kept as Origin Story's only
    finally:
        store.close()
    done = subprocess.run([sys.executable, "-m", "companion", "--db", url, "catalog", "--game", "origin-story",
                           "--json", "Hidden", "Plan"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    [hidden] = json.loads(done.stdout)["cards"]
    assert (hidden["kind"], hidden["values"]["template"], hidden["sources"]["template"]) == ("story", "vp_per_trick",
                                                                                          "user")
