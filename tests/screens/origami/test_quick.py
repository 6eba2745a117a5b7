"""Quick score driven by keys: the rulebook's 41-point table, a value nobody knew, saving to history."""
from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from bench.quick_keys import TABLE_41  # the rulebook's example (examples/41.json), typed as a player would
from companion.app import CompanionApp, make_app
from companion.games import KINDS
from db.store import Store
from screens.origami.quick import QuickScoreScreen
from screens.origami.sheet import ScoreSheetView
from screens.question import ValueQuestion
from tests.screens.settle import settled


async def type_rows(pilot: Pilot[None], rows: list[tuple[str, str, str, str]]) -> int:
    """Type the rows into the quick score form; returns the keys pressed."""
    keys = 0
    for row in rows:
        for _i, value in enumerate(row):
            await pilot.press(*value)
            await pilot.press("tab")
            keys += len(value) + 1
    await pilot.pause()
    return keys


async def open_quick_score(app: CompanionApp, pilot: Pilot[None]) -> QuickScoreScreen:
    await settled(pilot)
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, QuickScoreScreen)
    return app.screen


def sheet_shown(screen: QuickScoreScreen) -> str:
    return str(screen.query_one(ScoreSheetView).query_one("#sheet-body").render())


async def test_quick_scoring_the_rulebook_table_gives_ann_41_and_saves_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quick_score(app, pilot)
        await type_rows(pilot, TABLE_41)
        assert screen.scored is not None
        totals = {p.name: p.total for p in screen.scored.sheet.players}
        assert totals == {"Ann": 41, "Bob": 11, "Cy": 9}
        assert screen.scored.sheet.winners == ("Ann",)
        assert "1. Ann         41" in sheet_shown(screen)
        assert "2 Chicks × 2" in sheet_shown(screen)  # each card's line says why
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen.saved
        await pilot.press("ctrl+s")  # twice is still one game
        await pilot.pause()
    store = Store.open(url, KINDS)
    try:
        games = store.games.all(status="finished")
        assert [(g.source, g.players) for g in games] == [("quick", ("Ann", "Bob", "Cy"))]
        assert [(r["name"], r["score"], r["winner"]) for r in store.results.of(games[0].id)] == [
            ("Ann", 41, True), ("Bob", 11, False), ("Cy", 9, False)]
    finally:
        store.close()


async def test_a_missing_card_value_is_asked_for_and_kept_in_the_users_catalogue(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quick_score(app, pilot)
        await type_rows(pilot, [("Ann", "sheep", "", "0"), ("Bob", "chick", "", "0")])
        assert screen.scored is None and screen.missing is not None
        assert "Sheep: a value is not known yet (points)" in str(screen.query_one("#status").render())
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ValueQuestion)
        await pilot.press("x", "enter")  # not a number: said, and the question stays
        await pilot.pause()
        assert "'x' is not a whole number" in str(app.screen.query_one("#problem").render())
        await pilot.press("backspace", "4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ValueQuestion) and app.screen.missing.field == "effect"
        await pilot.press("enter")  # the first kind offered: instant
        await pilot.pause()
        assert app.screen is screen, app.screen
        assert screen.scored is not None, str(screen.query_one("#status").render())
        assert {p.name: p.total for p in screen.scored.sheet.players} == {"Ann": 4, "Bob": 3}
    store = Store.open(url, KINDS)
    try:
        assert sorted(store.catalogue.values("origami")) == [("Sheep", "effect", "instant"), ("Sheep", "points", 4)]
    finally:
        store.close()


async def test_bad_input_is_named_and_scores_nothing(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/h.db")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quick_score(app, pilot)
        await type_rows(pilot, [("Ann", "chick, chick, ant", "", "0"), ("Bob", "zzz", "", "0")])
        status = str(screen.query_one("#status").render())
        assert "Bob's collection 1, card 1: unknown card 'zzz'" in status
        screen.query_one("#c1-1", Input).value = "chick"
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert "collections of 3 and 0 cards cannot happen" in status and "COLL-BALANCE" in status
        assert screen.scored is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not screen.saved
