"""What new players tripped over at the table (issue 18), each driven by keys on a real SQLite file."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from companion.app import make_app
from scoring.origami import commands as c
from screens.origami.table import TableScreen
from tests.screens.origami.test_table import CATALOGUE, shown, type_line
from tests.screens.origami.test_table_faults import dealt_game, resume


async def test_an_overridden_action_leaves_the_line_once_recorded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, CATALOGUE)
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        seq = session.seq
        await type_line(pilot, "end")
        assert "✗ TURN-ORDER" in shown(app, "#preview")
        await type_line(pilot, "", "ctrl+o")
        await type_line(pilot, "we skip the first turn", "enter")
        assert isinstance(app.screen, TableScreen) and session.seq > seq
        assert app.screen.query_one("#action", Input).value == ""  # recorded: not left to be refused again
        assert "TURN-ORDER" not in shown(app, "#preview")


async def test_the_first_card_of_a_game_goes_without_naming_a_collection(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, CATALOGUE)
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        player = session.state.player(session.state.current)
        assert not player.collections[0] and not player.collections[1]
        card = next(cid for cid in player.hand.known if not CATALOGUE.card(cid).is_character)
        await type_line(pilot, f"play {card}")
        assert "`to 1` or `to 2`" not in shown(app, "#preview")
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.read(f"play {card}").command is not None
        assert screen.read(f"play {card}").command.collection == 0  # type: ignore[union-attr]


async def test_a_card_name_means_the_card_this_player_can_play(tmp_path: Path) -> None:
    """Both Ninjas are in this game; the player on turn holds the yellow one, so `ninj` is that one, as typed
    and as completed (it was: "'ninj' could be Ninja (red), Ninja (yellow)")."""
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, CATALOGUE)
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        assert "Ninja (yellow)" in session.state.player(session.state.current).hand.known
        assert "Ninja (red)" not in session.state.player(session.state.current).hand.known
        await type_line(pilot, "play ninj")
        field = app.screen.query_one("#action", Input)
        assert field._suggestion.startswith("play ninja (yellow)")
        assert "could be" not in shown(app, "#preview")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        command = screen.read("play ninj").command
        assert isinstance(command, c.PlayCharacter) and command.card == "Ninja (yellow)"
        await type_line(pilot, "", *["backspace"] * 9)
        await type_line(pilot, "play walr")  # a card of one of this game's families, in hand: no doubt
        assert "could be" not in shown(app, "#preview")
