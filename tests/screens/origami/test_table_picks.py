"""Recording in a key or two: the likely actions offered as numbered picks (Enter alone takes the first), the
turn ending by itself when nothing is left to do, and the collection as one digit. Keys go in one burst."""
from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Input, Static

from companion.app import make_app
from scoring.origami import commands as c
from scoring.origami.decide import decide
from scoring.origami.notation import parse, write
from screens.origami.table import TableScreen
from tests.recorded import script
from tests.screens.keys import burst
from tests.screens.origami.test_table import CATALOGUE, SEED
from tests.screens.origami.test_table_type_ahead import at_the_table
from tests.screens.settle import until


def preview(app: App[object]) -> str:
    """The preview's text; the picks (laid out in columns) as the player sees them, line by line."""
    widget = app.screen.query_one("#preview", Static)
    shown = widget.render()
    if isinstance(shown, Content):
        return str(shown)
    return "\n".join(strip.text.strip() for strip in widget.render_lines(Region(0, 0, *widget.size)))


async def test_enter_alone_records_the_first_pick_and_a_number_the_others(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        table = app.screen
        assert isinstance(table, TableScreen)
        burst(app, write(game.script[2], session.state) + "\n")  # the first turn; the second offers plays
        await until(pilot, lambda: session.state == game.states[3], "the first turn")
        picks = table.picks()
        shown = preview(app).splitlines()  # under what the turn before left said
        assert len(picks) > 2 and any(line.startswith(f"Enter {picks[0]}") for line in shown)
        assert any(line.startswith(f"2 {picks[1]}") or f"  2 {picks[1]}" in line for line in shown)
        assert not picks[1].endswith(" refill")
        for typed, text in (("", picks[0]), ("2", picks[1])):
            if typed:  # a number is checked as the line it stands for
                table.query_one("#action", Input).value = typed
                await until(pilot, lambda text=text: preview(app).startswith(f"✓ Enter: {text} — "), "the pick checked")
                table.query_one("#action", Input).value = ""
            # A pick is the line a person could type: the same command, checked by the same referee.
            wanted = decide(game.states[3], parse(text, game.states[3], CATALOGUE), CATALOGUE).events
            seq = session.seq
            burst(app, f"{typed}\n")
            await until(pilot, lambda seq=seq: session.seq > seq, f"{text} recorded")
            assert [entry.event for entry in session.log if entry.seq > seq][:len(wanted)] == list(wanted)
            while session.state != game.states[3]:  # taken back (with the end that may have followed it)
                seq = session.seq
                await pilot.press("ctrl+z")
                await until(pilot, lambda seq=seq: session.seq > seq, "the undo")


async def test_a_pick_that_turns_up_cards_takes_them_after_its_number(tmp_path: Path) -> None:
    """The game's first action is a draw that refills the line: its pick ends in `refill`, and `N cards` records it."""
    game = script(CATALOGUE, SEED, players=2)
    draw = game.script[2]
    assert isinstance(draw, c.DrawCards) and draw.refill
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        table = app.screen
        assert isinstance(table, TableScreen)
        text = write(c.DrawCards(draw.player, draw.cards, (), draw.rice_traded), session.state) + " refill"
        number = table.picks().index(text) + 1
        burst(app, f"{number} {', '.join(draw.refill)}\n")
        await until(pilot, lambda: session.state in (game.states[2], game.states[3]), "the draw recorded")


async def test_the_turn_ends_by_itself_and_stays_undone_once_undone(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    assert game.script[3] == c.EndTurn(game.states[1].current)  # nothing left to do after the first draw
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        burst(app, write(game.script[2], session.state) + "\n")
        await until(pilot, lambda: session.state == game.states[3], "the turn ended by itself")
        await until(pilot, lambda: "turn ended by itself" in preview(app), "the end said above the picks")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: session.state == game.states[2], "the end undone")
        await pilot.pause()
        assert session.state == game.states[2]  # not ended again at once
        burst(app, "end\n")
        await until(pilot, lambda: session.state == game.states[3], "the end typed")


async def test_an_end_typed_ahead_of_the_turn_ending_by_itself_is_not_needed(tmp_path: Path) -> None:
    """`end` typed at once after the draw (a fast hand, an old habit): the turn ended by itself already, so that
    `end` is let go, said, and nothing comes back to the field; the next line goes on to the next turn."""
    game = script(CATALOGUE, SEED, players=2)
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        burst(app, write(game.script[2], session.state) + "\nend\n" + write(game.script[4], game.states[3]) + "\n")
        await until(pilot, lambda: session.state in (game.states[4], game.states[5]), "the next turn's draw")
        # Let go, not refused (that it was not needed is said above the picks until the next action: the
        # walk-through's test sees it).
        assert not any(n.title == "Refused" for n in app._notifications)
        assert app.screen.query_one("#action", Input).value == ""
