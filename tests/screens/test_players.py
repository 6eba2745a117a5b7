"""Players and history by keys: statistics with the trend, head-to-head, rename and merge."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Sparkline, Static
from textual.widgets._footer import FooterKey

from companion.app import make_app
from companion.games import KINDS
from companion.local_time import day
from companion.origami.catalogue import shipped
from companion.origami.render import sheet_json
from db.store import Store
from scoring.origami.sheet import ScoreSheet, score
from scoring.origami.table import parse_table
from screens.origami.sheet import SheetScreen
from screens.players import PlayersFooter, PlayersScreen
from tests.screens.settle import settled, until


def seed_history(url: str) -> list[ScoreSheet]:
    """Three quick-scored games: Ann 8, 9, 3 (two wins); Bob 3, 3, 6; Ann ahead twice."""
    store = Store.open(url, KINDS)
    sheets: list[ScoreSheet] = []
    catalogue = shipped()
    for ann, bob in ((["Chicken", "Chick"], ["Chick"]), (["Magpie", "Chick"], ["Chick"]), (["Chick"], ["Magpie"])):
        table = parse_table({"game": "origami", "players": [
            {"name": "Ann", "collections": [ann[:1], ann[1:]], "hand": 0},
            {"name": "Bob", "collections": [bob, []], "hand": 0}]}, catalogue)
        sheet = score(table)
        sheets.append(sheet)
        store.results.record(variant="origami", players=["Ann", "Bob"], families=["farm", "sky"], characters=[],
                            rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origami")
    store.profiles.add("Annie")
    store.close()
    return sheets


async def players_opened(pilot: Pilot[Any]) -> PlayersScreen:
    """The players screen, opened with `p` on Home (the app started, then settled with it)."""
    await settled(pilot)
    await pilot.press("p")
    await settled(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayersScreen)
    return screen


def shown(screen: PlayersScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_statistics_trend_head_to_head_rename_and_merge(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/p.db"
    sheets = seed_history(url)
    today = day(datetime.now(UTC))  # the date as the screen shows it: in the user's zone
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await players_opened(pilot)
        assert screen.profiles == ["Ann", "Annie", "Bob"]
        assert shown(screen, "#stats").startswith("Ann: 3 games, 2 wins (67%)")
        assert screen.query_one("#trend", Sparkline).data == [8, 9, 3]
        games = screen.query_one("#games", OptionList)
        assert [str(games.get_option_at_index(i).prompt) for i in range(games.option_count)] == [
            f"game {n} · {today} · origami · {scores}" for n, scores in
            ((3, "Bob 6 (won), Ann 3"), (2, "Ann 9 (won), Bob 3"), (1, "Ann 8 (won), Bob 3"))]
        await pilot.press("tab", "down", "enter")  # game 2's score sheet, as it was scored
        await settled(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert app.screen.sheet == sheets[1] and app.screen.heading.startswith("Game 2 · ")
        await pilot.press("escape", "shift+tab")
        assert app.screen_stack[-1] is screen  # (app.screen: narrowed to the sheet above)
        await pilot.press("v", *"Bob", "enter")
        await settled(pilot)
        assert "Ann against Bob: 3 games together; Ann ahead 2, Bob ahead 1" in shown(screen, "#versus")
        await pilot.press("down")  # Annie
        await pilot.press("m", *"Ann", "enter")
        await settled(pilot)
        assert screen.profiles == ["Ann", "Bob"]
        await pilot.press("r", *"Anna", "enter")
        await settled(pilot)
        assert screen.profiles == ["Anna", "Bob"]
        await pilot.press("r", *"Bob", "enter")  # a name already taken: said, nothing changes
        await settled(pilot)
        assert screen.profiles == ["Anna", "Bob"]
        assert any("Not changed" in (n.title or "") for n in app._notifications)


def footer_keys(screen: PlayersScreen) -> list[tuple[str, str]]:
    return [(k.key, k.description) for k in screen.query_one(PlayersFooter).query(FooterKey)]


async def test_the_footer_makes_the_players_keys_once_and_keeps_them_as_the_focus_moves_and_a_question_closes(
        tmp_path: Path) -> None:
    """Its keys are made as the screen is filled; moving between the lists or coming back from a question changes
    none of them, so they are not made again (Textual's footer made them again at every focus move)."""
    url = f"sqlite:///{tmp_path}/p.db"
    seed_history(url)
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await players_opened(pilot)
        expected = [("v", "Head-to-head"), ("r", "Rename"), ("m", "Merge"), ("escape", "Back")]
        await until(pilot, lambda: footer_keys(screen)[:4] == expected, "the players' keys in the footer")
        made = list(screen.query_one(PlayersFooter).query(FooterKey))
        await pilot.press("tab")  # the player's latest games
        await until(pilot, lambda: app.focused is screen.query_one("#games", OptionList), "the games' list focused")
        await pilot.press("shift+tab", "r")
        await until(pilot, lambda: isinstance(app.focused, Input), "the rename's question")
        await pilot.press("escape")
        await until(pilot, lambda: app.focused is screen.query_one("#profiles", OptionList), "the players again")
        await settled(pilot)
        assert footer_keys(screen)[:4] == expected
        assert list(screen.query_one(PlayersFooter).query(FooterKey)) == made and all(k.is_attached for k in made)
