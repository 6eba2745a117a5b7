"""A third game is a plug-in: the example game Pips (tests/example_game), registered in one line, appears on Home,
records through the session, lists in `companion games`, shows its statistics, exports and imports, with no shared
module edited for it."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList

from companion import games
from companion.app import make_app
from companion.cli import main
from db.store import Store
from tests.example_game import GAME, engine
from tests.example_game.screens import PipsScreen
from tests.example_game.session import PipsSession
from tests.screens.settle import settled

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def registered() -> Iterator[None]:
    games.register(GAME)  # the one line a third game needs
    try:
        yield
    finally:
        games.unregister(GAME.kind)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def played(url: str) -> int:
    """A whole game of Pips recorded through its session (Ann 3 + 4 + 1, Bob 5 + 2 + 6): Bob wins."""
    store = Store.open(url, games.KINDS)
    try:
        session = PipsSession.start(store, engine.Start(("Ann", "Bob")), "start")
        assert isinstance(session, PipsSession)
        for turn, points in enumerate((3, 5, 4, 2, 1, 6)):
            assert session.submit(engine.Score(points), f"turn {turn}").accepted
        session.finish()
        return session.game_id
    finally:
        store.close()


async def test_it_is_on_home_and_a_game_is_recorded_from_its_screen(registered: None, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/g.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        menu = app.home.query_one("#menu", OptionList)
        assert "Pips: new game" in [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        await pilot.press("d")  # its key on Home
        await settled(pilot)
        assert isinstance(app.screen, PipsScreen)
        await pilot.press(*"Ann, Bob", "enter")
        for points in "354216":
            await pilot.press(points, "enter")
        await settled(pilot)
        assert "Ann 8, Bob 13; game over" in str(app.screen.query_one("#board").render())
    store = Store.open(url, games.KINDS)
    try:
        (game,) = store.games.all()
        assert (game.kind, game.status, game.players, game.last_seq) == ("pips", "finished", ("Ann", "Bob"), 7)
        assert [(r["name"], r["score"], r["winner"]) for r in store.results.of(game.id)] == [("Ann", 8, False),
                                                                                        ("Bob", 13, True)]
    finally:
        store.close()


def test_it_lists_replays_shows_statistics_exports_and_imports(registered: None, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/g.db"
    game_id = played(url)
    code, out, err = run(capsys, "--db", url, "games", "--json")
    assert code == 0, err
    (listed,) = json.loads(out)
    assert (listed["id"], listed["variant"], listed["winners"]) == (game_id, "pips", ["Bob"])
    code, out, err = run(capsys, "--db", url, "replay", str(game_id), "--json")
    assert code == 0 and json.loads(out)["totals"] == [8, 13], err
    code, out, err = run(capsys, "--db", url, "history", "Bob", "--json")
    assert code == 0 and json.loads(out)["pips"] == {"games": 1, "wins": 1}, err
    exported = tmp_path / "games.json"
    code, _, err = run(capsys, "--db", url, "export", str(exported))
    assert code == 0, err
    assert json.loads(exported.read_text(encoding="utf-8"))["games"][0]["kind"] == "pips"
    fresh = f"sqlite:///{tmp_path}/fresh.db"
    code, _, err = run(capsys, "--db", fresh, "import", str(exported))
    assert code == 0, err
    code, out, _ = run(capsys, "--db", fresh, "games", "--json")
    (imported,) = json.loads(out)
    assert (imported["uid"], imported["players"], imported["winners"]) == (listed["uid"], ["Ann", "Bob"], ["Bob"])
    code, out, err = run(capsys, "--db", fresh, "import", str(exported), "--json")  # twice: nothing added
    assert code == 0 and json.loads(out) == {"added": 0, "skipped": 1}, err


def test_without_registering_it_the_companion_does_not_know_it(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The same database without the game registered: its games are named as a kind this companion does not know."""
    url = f"sqlite:///{tmp_path}/g.db"
    games.register(GAME)
    try:
        game_id = played(url)
    finally:
        games.unregister(GAME.kind)
    code, _, err = run(capsys, "--db", url, "replay", str(game_id))
    assert code == 2 and "'pips', which this companion does not know" in err


def test_no_shared_module_names_it() -> None:
    """It lives in the tests alone: nothing in the product names it."""
    product = [p for layer in ("companion", "db", "screens", "scoring") for p in (ROOT / layer).rglob("*.py")]
    assert [p for p in product if any(name in p.read_text(encoding="utf-8")
                                      for name in ('"pips"', "example_game", "Pips"))] == []
