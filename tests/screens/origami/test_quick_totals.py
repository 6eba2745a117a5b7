"""Quick score, faster than paper: totals only into the history, and the rulebook's table in at most 60 keys."""
from __future__ import annotations

from pathlib import Path

from bench.quick_keys import KEY_LIMIT, SHORT_41, keys_of
from companion.app import make_app
from companion.games import KINDS
from companion.origami.statistics import figures as origami_figures
from db.store import Store
from scoring.errors import InputError
from screens.origami.quick import TOTALS_ONLY, QuickScoreScreen, TotalsScreen, ranked_totals, read_totals
from screens.origami.sheet import ScoreSheetView
from tests.screens.origami.test_quick import open_quick_score
from tests.screens.settle import settled


def shown(screen: TotalsScreen | QuickScoreScreen) -> str:
    return str(screen.query_one(ScoreSheetView).query_one("#sheet-body").render())


async def test_totals_counted_on_paper_are_ranked_and_saved_marked_as_totals_only(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    keys = ["s", "ctrl+t", *"Ann", "tab", *"30", "tab", "2", "tab", *"Bob", "tab", *"30", "tab", "4", "tab",
            *"Cy", "tab", *"12", "tab", "0", "ctrl+s"]
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TotalsScreen)
        assert screen.saved, str(screen.query_one("#status").render())
        assert screen.sheet is not None and screen.sheet.winners == ("Bob",) and screen.sheet.tie_break == "hand"
        assert "most cards in hand" in shown(screen)
        await pilot.press("ctrl+s")  # twice is still one game
        await pilot.pause()
    assert len(keys) == 28  # the names and numbers, Tab between boxes, ctrl+t to get there and ctrl+s
    store = Store.open(url, KINDS)
    try:
        games = store.games.all(status="finished")
        assert [(g.source, g.players, g.rules, g.families, g.tie_break) for g in games] == [
            ("quick", ("Ann", "Bob", "Cy"), TOTALS_ONLY, (), "hand")]
        assert [(r["name"], r["score"], r["rank"], r["winner"], r["hand"], r["sheet"]["lines"])
                for r in store.results.of(games[0].id)] == [
            ("Ann", 30, 2, False, 2, []), ("Bob", 30, 1, True, 4, []), ("Cy", 12, 3, False, 0, [])]
        stats = origami_figures(store.stats.player("Bob"))
        assert (stats.overall.games, stats.overall.wins, stats.by_family) == (1, 1, ())  # no cards: no family
    finally:
        store.close()


async def test_names_typed_in_the_full_form_come_along_and_bad_totals_are_named(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        quick = await open_quick_score(app, pilot)
        await pilot.press(*"Ann", "tab", "tab", "tab", "tab", *"Bob", "ctrl+t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TotalsScreen)
        assert [r[0] for r in screen.rows()[:3]] == ["Ann", "Bob", ""]
        await pilot.press(*"4x1")  # letters cannot be typed into a total
        await pilot.pause()
        assert screen.rows()[0][1] == "41"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "type Bob's total points" in str(screen.query_one("#status").render())
        assert not screen.saved
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is quick
    store = Store.open(url, KINDS)
    try:
        assert store.games.all() == []
    finally:
        store.close()


def test_ties_break_as_the_rulebook_says() -> None:
    shared = ranked_totals([("Ann", 20, 3), ("Bob", 20, 3), ("Cy", 25, 0)])
    assert shared.winners == ("Cy",) and shared.tie_break is None
    shared = ranked_totals([("Ann", 20, 3), ("Bob", 20, 3), ("Cy", 5, 9)])
    assert shared.winners == ("Ann", "Bob") and shared.tie_break == "shared"
    assert [p.rank for p in shared.players] == [1, 1, 3]
    try:
        read_totals([("Ann", "20", ""), ("ann", "3", "1")])
    except InputError as problem:
        assert "Ann is typed twice" in str(problem) or "ann is typed twice" in str(problem)
    else:
        raise AssertionError("a player typed twice was accepted")


async def test_the_rulebook_table_takes_at_most_60_keys_with_what_completion_shows(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    keys = keys_of(SHORT_41)
    assert len(keys) <= KEY_LIMIT, len(keys)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuickScoreScreen) and screen.saved, str(screen.query_one("#status").render())
        assert screen.scored is not None
        assert {p.name: p.total for p in screen.scored.sheet.players} == {"Ann": 41, "Bob": 11, "Cy": 9}
        # What the few letters became is in the boxes, as the completion showed it.
        assert screen.rows()[0] == ("Ann", "Chick, Chicken, Magpie, Ant", "Chick, Rabbit, Bee, Ant", "3")
    store = Store.open(url, KINDS)
    try:
        assert [r["score"] for r in store.results.of(store.games.all(status="finished")[0].id)] == [41, 11, 9]
    finally:
        store.close()


async def test_a_comma_takes_the_card_shown_and_backspace_still_takes_it_away(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/h.db")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quick_score(app, pilot)
        await pilot.press(*"Ann", "tab", *"chi,m,")
        await pilot.pause()
        assert screen.rows()[0][1] == "Chick, Magpie, "
        await pilot.press("backspace", "backspace", "backspace")
        await pilot.pause()
        assert screen.rows()[0][1] == "Chick, Magpi"  # the comma did not come back
        await pilot.press("enter")  # Enter takes the card and moves on
        await pilot.pause()
        assert screen.rows()[0][1] == "Chick, Magpie"
        assert screen.focused is not None and screen.focused.id == "c2-0"
