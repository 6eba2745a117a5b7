"""A game in progress left for good, from Home: `x` on it asks first (n keeps it), then it leaves Home, counts in
no statistics and cannot be resumed, while its log is kept (listed as abandoned, exported and imported as such)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from companion.app import make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.store import Store
from scoring.errors import InputError
from screens.ask import Confirm
from tests.recorded import script
from tests.screens.settle import settled

COMPANION = str(Path(sys.executable).parent / "companion")


def started(url: str, key: str = "start") -> int:
    """A game whose set-up is entered, nothing dealt yet (`key`: another key, another game)."""
    catalogue = filled(shipped())
    store = Store.open(url, KINDS)
    try:
        session = GameSession.start(store, script(catalogue, seed=3).script[0], catalogue, key=key)
        assert isinstance(session, GameSession)
        return session.game_id
    finally:
        store.close()


async def test_an_unfinished_setup_is_abandoned_from_home_after_a_yes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    game_id = started(url)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        assert str(menu.get_option_at_index(0).prompt).startswith(f"Resume Origami game {game_id}")
        assert "x abandons the one highlighted" in str(app.screen.query_one("#status", Static).render())
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and f"Abandon game {game_id}?" in app.screen.question
        await pilot.press("n")  # kept
        await settled(pilot)
        assert str(menu.get_option_at_index(0).prompt).startswith(f"Resume Origami game {game_id}")
        await pilot.press("x", "y")
        await settled(pilot)
        assert not any(str(menu.get_option_at_index(i).prompt).startswith("Resume")
                       for i in range(menu.option_count))
        assert "Welcome! No game is in progress" in str(app.screen.query_one("#status", Static).render())
        await pilot.press("down", "x")  # not a game: said, nothing asked
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)
    store = Store.open(url, KINDS)
    try:
        assert store.games.get(game_id).status == "abandoned"
        with pytest.raises(InputError, match="was abandoned"):
            GameSession(store, game_id, filled(shipped()))
        with pytest.raises(InputError, match="only a game in progress can be abandoned"):
            store.games.abandon(game_id)
    finally:
        store.close()
    listed = subprocess.run([COMPANION, "--db", url, "games"], capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0 and "abandoned (1 event)" in listed.stdout, listed.stdout
    exported = tmp_path / "all.json"
    assert subprocess.run([COMPANION, "--db", url, "export", str(exported)], timeout=120).returncode == 0
    assert json.loads(exported.read_text(encoding="utf-8"))["games"][0]["status"] == "abandoned"
    other = f"sqlite:///{tmp_path}/b.db"
    done = subprocess.run([COMPANION, "--db", other, "import", str(exported)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    store = Store.open(other, KINDS)
    try:
        assert [g.status for g in store.games.all()] == ["abandoned"]
    finally:
        store.close()


def test_the_phones_table_shows_the_latest_game_not_abandoned(tmp_path: Path) -> None:
    from companion.watch import current_game

    url = f"sqlite:///{tmp_path}/w.db"
    first, second = started(url, "first"), started(url, "second")
    assert first != second
    store = Store.open(url, KINDS)
    try:
        assert (game := current_game(store, None)) is not None and game.id == second
        store.games.abandon(second)
        assert (game := current_game(store, None)) is not None and game.id == first
    finally:
        store.close()
