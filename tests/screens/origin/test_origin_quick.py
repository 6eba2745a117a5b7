"""Origin Story quick score driven by keys on the real app and a real SQLite file: the sheet follows the typing, a
bad cell is named, one ctrl+s saves a finished game of kind origin-story (solo: the difficulty asked, then saved)."""
from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from companion.origin import KIND as ORIGIN_STORY
from db.store import Store
from scoring.origin.quick import read_grid
from screens.ask import TextQuestion
from screens.origin.quick import OriginQuickScreen
from screens.origin.sheet import OriginSheetScreen, OriginSheetView
from tests.screens.settle import settled

TABLE = [("Ann", "h3 +2 Monologuing", "h1", "v0", "h5", "h2"),   # 17
         ("Bob", "v0", "h4", "h4", "v1", "h3 +3 Superhero Z"),  # 18
         ("Cy", "v2", "v0 +1 Story Y", "h2", "h2", "h3 +6 Hidden Plan")]  # 18: Bob and Cy share the victory


async def open_quick(app: CompanionApp, pilot: Pilot[None], profiles: list[str] | None = None) -> OriginQuickScreen:
    await settled(pilot)
    screen = OriginQuickScreen(profiles or [], ["Monologuing", "Superhero Z"])
    app.push_screen(screen)
    await pilot.pause()
    return screen


async def type_rows(pilot: Pilot[None], rows: list[tuple[str, ...]]) -> None:
    """Each row's name and rounds; a whole row's Tab then passes over its final dial, left empty."""
    for row in rows:
        for value in row:
            await pilot.press(*value, "tab")
        if len(row) == 6:
            await pilot.press("tab")
    await pilot.pause()


def sheet(screen: OriginQuickScreen) -> str:
    return screen.query_one(OriginSheetView).shown


def status(screen: OriginQuickScreen) -> str:
    return str(screen.query_one("#status").render())


async def test_a_table_game_typed_round_by_round_is_saved_once_to_the_history(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/q.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quick(app, pilot)
        await type_rows(pilot, [TABLE[0], TABLE[1], TABLE[2][:3]])  # Cy's rounds 3–5 not yet typed
        assert "round 3: Cy still to type" in status(screen)
        assert "R2" in sheet(screen) and "R3" not in sheet(screen)  # the two rounds complete are scored
        await pilot.press("ctrl+s")  # not finished: nothing saved
        await pilot.pause()
        assert not screen.saved
        await pilot.press(*"x3", "tab")  # a bad cell is named, with how to write it
        await pilot.pause()
        assert "Cy, round 3: 'x3' is not a score cell" in status(screen)
        await pilot.press("shift+tab", *(["backspace"] * 2), *"h2", "tab", *"h2", "tab", *"h3 +6 Hidden Plan", "tab")
        await pilot.pause()
        assert status(screen).startswith("ctrl+s saves"), status(screen)
        assert "Rounds 1, 2, 3: 5, 5, 6 tricks in all, not 8 (OS-TRICKS-8)" in status(screen)  # said, not blocking
        assert "Shared victory: Bob, Cy, tied on 18 VP" in sheet(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen.saved and "Saved to history as game" in status(screen)
        await pilot.press("ctrl+s")  # twice is still one game
        await pilot.pause()
    store = Store.open(url, KINDS)
    try:
        games = store.games.all(status="finished")
        assert [(g.kind, g.source, g.variant, g.players) for g in games] == [
            (ORIGIN_STORY, "quick", "table", ("Ann", "Bob", "Cy"))]
        assert games[0].rules["vp_floor"] == "none"
        results = store.results.of(games[0].id)
        assert [(r["name"], r["score"], r["rank"], r["winner"]) for r in results] == [
            ("Ann", 17, 3, False), ("Bob", 18, 1, True), ("Cy", 18, 1, True)]
        ann = results[0]["sheet"]["rounds"]
        assert ann[0] == {"round": 1, "alignment": "hero", "tricks": 3, "alignment_vp": 3,
                          "abilities": [{"source": "Monologuing", "vp": 2}], "surrender_vp": 0, "round_vp": 5}
    finally:
        store.close()


async def test_solo_asks_the_difficulty_at_save_and_saves_without_a_second_ctrl_s(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/q.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quick(app, pilot)
        await pilot.press(*["tab"] * 7, *"Bea", *["shift+tab"] * 7)  # row 2 named, then back to row 1
        await pilot.press("ctrl+t")  # the game: solo; the Vancardians take rows 2 and 3
        await pilot.pause()
        assert screen.solo and [r[0] for r in screen.rows()] == ["", "Automaton", "Factoryon"]
        await pilot.press("ctrl+t")  # back to the table: the name typed is back
        await pilot.pause()
        assert [r[0] for r in screen.rows()][:2] == ["", "Bea"]
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert screen.focused is screen.query_one("#name-0")
        await pilot.press(*"Zoe", "tab", *"h5", "tab", *"h4", "tab", *"v0", "tab", *"h3", "tab", *"h2", "tab", "tab")
        # The Vancardians' rows are named already; their tricks need no h (they are always heroes).
        await pilot.press("2", "tab", "3", "tab", "4", "tab", *"v3", "tab")
        await pilot.pause()
        assert "Automaton always plays hero (OS-SOLO-HERO)" in status(screen)
        await pilot.press("shift+tab", "backspace", "backspace", "3", "tab", *"2 +4 surrender", "tab", "tab")
        await pilot.press("1", "tab", "1", "tab", "4", "tab", "2", "tab", "3", "tab")
        await pilot.pause()
        assert "ctrl+s saves" in status(screen), status(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextQuestion)
        await pilot.press("9", "enter")  # not a difficulty: asked again, saying why
        await pilot.pause()
        assert isinstance(app.screen, TextQuestion) and "'9' is not a difficulty" in str(
            app.screen.query("Label")[1].render())
        await pilot.press("3", "enter")
        await pilot.pause()
        assert app.screen_stack[-1] is screen and screen.saved
    store = Store.open(url, KINDS)
    try:
        [game] = store.games.all(status="finished")
        assert (game.kind, game.variant, game.players, game.rules["difficulty"]) == (ORIGIN_STORY, "solo", ("Zoe",), "3")
        [zoe] = store.results.of(game.id)
        assert (zoe["score"], zoe["rank"], zoe["winner"]) == (18, 1, True)
        opponents = {o["name"]: o["total"] for o in zoe["sheet"]["opponents"]}
        assert opponents == {"Automaton": 2 + 3 + 4 + 3 + 6, "Factoryon": 1 + 1 + 4 + 2 + 3}
    finally:
        store.close()
    app = make_app(url)  # the game is in Zoe's history; its sheet opens as it was scored, Vancardians included
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await pilot.press("p")
        await settled(pilot)
        await pilot.press("tab", "enter")  # the latest game, highlighted
        await settled(pilot)
        sheet_screen = app.screen
        assert isinstance(sheet_screen, OriginSheetScreen), sheet_screen
        assert sheet_screen.heading.endswith("· solo · difficulty 3")
        text = sheet_screen.query_one(OriginSheetView).shown
        assert "Shared victory: Zoe, Automaton, tied on 18 VP" in text and "+4 surrender" in text, text


def test_reading_the_grid_names_what_is_wrong_and_where() -> None:
    def rows(*r: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        return [(x[0], tuple(x[1:]) + ("",) * (6 - len(x))) for x in r]

    assert read_grid(rows(("", "h3")), solo=False).problem.startswith("row 1 has scores but no name")
    assert read_grid(rows(("Ann",), ("ann",)), solo=False).problem == "Ann is named twice: each player once"
    assert "round 1 is empty but Ann has a later round" in read_grid(rows(("Ann", "", "h3"), ("Bob",)), solo=False).problem
    r = read_grid(rows(("Ann", "h3"), ("Bob", "h4"), ("Cy", "v0")), solo=False)
    assert r.rounds == 1 and not r.problem and r.notes[0].startswith("Round 1: 7 tricks in all, not 8 (OS-TRICKS-8); check its")
    duo = read_grid(rows(("Ann", "h3"), ("Bob", "v0")), solo=False)  # the sidekicks won the other five
    assert duo.rounds == 1 and duo.notes == ()
    solo = read_grid(rows(("Zoe", "h3 +2 surrender"), ("Automaton", "3"), ("Factoryon", "2")), solo=True)
    assert "surrender VP go to the Vancardian who led (OS-SOLO-SURRENDER)" in solo.problem


def test_the_final_dials_alone_make_a_game_and_check_the_rounds_when_both_are_typed() -> None:
    names = [("Ann", ("",) * 5), ("Bob", ("",) * 5), ("Cy", ("",) * 5)]
    only = read_grid(names, solo=False, dials=["17", "18", "18"])
    assert only.complete and only.dials_only and only.rounds == 0
    assert only.game is not None and only.game.winners == ("Bob", "Cy")
    assert [(p.name, p.total, p.rank, p.rounds) for p in only.game.players] == [
        ("Ann", 17, 3, ()), ("Bob", 18, 1, ()), ("Cy", 18, 1, ())]
    assert read_grid(names, solo=False, dials=["17", "", "18"]).problem == (
        "Bob: the final dial still to type (or type the rounds)")
    assert read_grid(names, solo=False, dials=["17", "x", "18"]).problem == (
        "Bob's dial: 'x' is not a whole number of VP (e.g. 17)")
    typed = [(r[0], r[1:]) for r in TABLE]
    assert read_grid(typed, solo=False, dials=["17", "18", ""]).complete  # the dials agree (Cy's not typed)
    wrong = read_grid(typed, solo=False, dials=["17", "19", ""])
    assert not wrong.complete
    assert wrong.problem == "Bob: the rounds come to 18 VP but the dial shows 19: check the cells (a card's VP?) or the dial"


async def test_a_game_known_by_its_dials_is_saved_and_shown(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/q.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quick(app, pilot)
        for name, dial in (("Ann", "12"), ("Bob", "15")):
            await pilot.press(*name, *["tab"] * 6, *dial, "tab")
        await pilot.pause()
        assert status(screen).startswith("ctrl+s saves"), status(screen)
        assert "Bob wins with 15 VP" in sheet(screen) and "Only the final dials were kept" in sheet(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen.saved
    store = Store.open(url, KINDS)
    try:
        [game] = store.games.all(status="finished")
        assert [(r["name"], r["score"], r["winner"], r["sheet"]["rounds"]) for r in store.results.of(game.id)] == [
            ("Ann", 12, False, []), ("Bob", 15, True, [])]
    finally:
        store.close()
