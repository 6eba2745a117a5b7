"""The catalogue screen shares and takes a club's values as the `catalog` verbs do: `x` writes the user's values
to a file (and shows a small one as a QR code), `i` adds a file's values (a conflict named and kept unless
`replace`), `u` sets one of the user's values back to unknown; a bad file changes nothing."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from db.store import Store
from screens.ask import TextQuestion
from screens.origami.catalogue import CatalogueScreen
from screens.share import QrScreen
from tests.screens.settle import settled

POINTS = 6  # the points column of the catalogue's table


def stored(url: str) -> list[tuple[str, str, object]]:
    store = Store.open(url, KINDS)
    try:
        return store.catalogue.values("origami")
    finally:
        store.close()


def said(app: CompanionApp) -> str:
    return str(list(app._notifications)[-1].message)


async def answer(pilot: Pilot[Any], key: str, text: str) -> None:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(pilot.app.screen, TextQuestion)
    await pilot.press(*text, "enter")
    await settled(pilot)


async def sheep(pilot: Pilot[Any]) -> DataTable[Any]:
    await settled(pilot)
    await pilot.press("c")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CatalogueScreen)
    await pilot.press("ctrl+f", *"schaf", "enter")
    await pilot.pause()
    return screen.query_one(DataTable)


async def test_share_unset_and_import_again_from_the_screen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/c.db"
    app = make_app(url)
    shared = tmp_path / "club.toml"
    async with app.run_test(size=(100, 30)) as pilot:
        table = await sheep(pilot)
        await pilot.press("e", *"points 2", "enter")
        await settled(pilot)
        await answer(pilot, "x", f"{shared}, Ann")
        assert isinstance(app.screen, QrScreen)  # a two-line file fits a code
        assert "1 value of 1 card written to" in str(app.screen.caption)
        assert "points = 2  # entered by Ann, " in shared.read_text(encoding="utf-8")
        await pilot.press("escape")
        await pilot.pause()

        await answer(pilot, "u", "points")
        assert str(table.get_row_at(0)[POINTS]) == "?" and stored(url) == []
        assert "unknown again" in said(app)
        await pilot.press("u")  # nothing of the user's left on the card: said, not asked
        await pilot.pause()
        assert not isinstance(app.screen, TextQuestion) and "no value of yours" in said(app)

        await answer(pilot, "i", str(shared))
        assert str(table.get_row_at(0)[POINTS]) == "2" and stored(url) == [("Sheep", "points", 2)]
        assert "1 value added" in said(app)
        assert app.controller("origami").catalogue() is not None and app.controller("origami").catalogue().card("Sheep").points == 2


async def test_a_conflict_is_named_and_kept_unless_replace_and_a_bad_file_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/c.db"
    shared = tmp_path / "club.toml"
    shared.write_text('[[card]]\nname = "Sheep"\npoints = 2\n', encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text('[[card]]\nname = "Sheep"\npoints = -2\n', encoding="utf-8")
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await sheep(pilot)
        await pilot.press("e", *"points 5", "enter")
        await settled(pilot)
        await answer(pilot, "i", str(shared))
        assert "Sheep points: yours 5, the file's 2" in said(app)
        assert str(table.get_row_at(0)[POINTS]) == "5"
        for bad in (str(broken), str(tmp_path / "missing.toml")):
            await answer(pilot, "i", bad)
            assert list(app._notifications)[-1].title == "Not imported"
            assert stored(url) == [("Sheep", "points", 5)]
        await answer(pilot, "i", f"{shared} replace")
        assert "Sheep points 5 → 2" in said(app) and str(table.get_row_at(0)[POINTS]) == "2"
        assert stored(url) == [("Sheep", "points", 2)]
