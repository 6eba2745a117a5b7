"""The catalogue screen takes a scoring rule for a Character nobody knows the scoring of: typed as
`scoring TEMPLATE PARAMETER=VALUE`, kept in the user's catalogue; a rule a Character cannot have is refused."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from companion.app import make_app
from companion.games import KINDS
from db.store import Store
from screens.origami.catalogue import CatalogueScreen, parse_value
from tests.screens.settle import settled


async def test_a_characters_scoring_is_set_on_the_catalogue_screen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/c.db"
    app = make_app(url)
    async with app.run_test(size=(110, 30)) as pilot:
        await settled(pilot)
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        await pilot.press("ctrl+f", *"sumo", "enter")
        await pilot.pause()
        table = screen.query_one(DataTable)
        assert [str(table.get_row_at(i)[0]) for i in range(table.row_count)] == [
            "Sumo wrestler (red)", "Sumo wrestler (yellow)"]
        await pilot.press("e", *"scoring per_family family=lawn amount=1", "enter")  # not an award: refused
        await pilot.pause()
        assert app.controller("origami").catalogue() is not None and app.controller("origami").catalogue().card("Sumo wrestler (red)").scoring is None
        await pilot.press("e", *"scoring most_origami amount=4", "enter")
        await pilot.pause()
        rule = app.controller("origami").catalogue().card("Sumo wrestler (red)").scoring
        assert rule is not None and (rule.template, rule.amount) == ("most_origami", 4)
    store = Store.open(url, KINDS)
    try:
        assert store.catalogue.values("origami") == [("Sumo wrestler (red)", "scoring", "most_origami amount=4")]
    finally:
        store.close()


def test_a_scoring_rule_is_typed_as_template_and_parameters() -> None:
    assert parse_value("scoring most_in_hand   amount=3") == ("scoring", "most_in_hand amount=3")
