"""The card catalogue by keys: find a card in any language, fill in a value it lacks, refuse a bad one."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from companion.app import make_app
from companion.games import KINDS
from db.store import Store
from screens.origami.catalogue import CatalogueScreen, parse_value
from tests.screens.settle import settled


async def test_filling_in_a_value_goes_to_the_users_catalogue(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/c.db"
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        await pilot.press("ctrl+f", *"schaf", "enter")  # the Sheep, by its German name
        await pilot.pause()
        table = screen.query_one(DataTable)
        assert table.row_count == 1 and str(table.get_row_at(0)[0]) == "Sheep"
        assert str(table.get_row_at(0)[6]) == "?"
        assert "Not known yet: cost, effect, folds, points" in str(screen.query_one("#card", Static).render())
        await pilot.press("e", *"points x", "enter")  # not a number: said, nothing saved
        await pilot.pause()
        await pilot.press("e", *"points 2", "enter")
        await pilot.pause()
        assert str(table.get_row_at(0)[6]) == "2"
        assert app.controller("origami").catalogue() is not None and app.controller("origami").catalogue().card("Sheep").points == 2
        assert app.controller("origami").catalogue().card("Sheep").source_of("points") == "user"
    store = Store.open(url, KINDS)
    try:
        assert store.catalogue.values("origami") == [("Sheep", "points", 2)]
    finally:
        store.close()


def test_values_are_typed_as_field_then_value() -> None:
    assert parse_value("points 3") == ("points", 3)
    assert parse_value("hand-modifier -1") == ("hand_modifier", -1)
    assert parse_value("effect Instant") == ("effect", "instant")


async def test_the_catalogue_opens_the_fill_in_and_shows_what_was_typed_there(tmp_path: Path) -> None:
    from screens.origami.fill_in import FamilyList, FillInScreen, unknown_values

    app = make_app(f"sqlite:///{tmp_path}/c.db")
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("c")
        catalogue_screen = app.screen
        assert isinstance(catalogue_screen, CatalogueScreen)
        await pilot.press("f")
        await pilot.pause()
        fill_in = app.screen
        assert isinstance(fill_in, FillInScreen)
        families = fill_in.query_one(FamilyList)
        labels = [str(families.get_option_at_index(i).prompt) for i in range(families.option_count)]
        farm = next(i for i, label in enumerate(labels) if label.startswith("origami · farm"))
        await pilot.press(*["down"] * farm, "space", "enter")
        await pilot.pause()
        assert app.controller("origami").catalogue() is not None
        card, field = unknown_values(app.controller("origami").catalogue(), ["origami/farm"])[0]
        await pilot.press("2", "enter")
        await pilot.pause()
        await pilot.press("escape")  # stop: back on the catalogue, which shows the value typed
        await pilot.pause()
        assert app.screen is catalogue_screen
        assert getattr(catalogue_screen.catalogue.card(card), field) == 2
