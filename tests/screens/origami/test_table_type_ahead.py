"""Lines typed on the table faster than they are recorded (a fast hand, a paste, a slow link to `companion serve`):
every Enter sends its own line, in order, each checked against the table the one before left; a line that is not
recorded comes back to be mended and what was typed after it waits for it. Keys go in one burst, none waiting for
the one before to be handled."""
from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from companion.app import CompanionApp, make_app
from companion.origami.session import GameSession
from scoring.origami import commands as c
from scoring.origami.notation import write
from screens.origami.table import TableScreen
from tests.recorded import Scripted, script
from tests.screens.keys import burst
from tests.screens.origami.test_table import CATALOGUE, SEED, type_line
from tests.screens.settle import settled, until


def lines_of(game: Scripted, first: int, count: int) -> list[str]:
    """Actions `first`.. of the game in the table's notation, each written against the state before it."""
    return [write(game.script[k], game.states[k - 1]) for k in range(first, first + count)]


async def at_the_table(app: CompanionApp, pilot: Pilot[None], game: Scripted) -> GameSession:
    start, deal = game.script[0], game.script[1]
    assert isinstance(start, c.StartGame) and isinstance(deal, c.Deal)
    await settled(pilot)
    await type_line(pilot, "n")
    await type_line(pilot, ", ".join(start.players), "tab")
    await type_line(pilot, ", ".join(start.families), "tab")
    await type_line(pilot, ", ".join(start.character_pairs), "enter")
    for hand in deal.hands:
        await type_line(pilot, ", ".join(hand), "tab")
    await type_line(pilot, ", ".join(deal.line), "enter")
    assert isinstance(app.screen, TableScreen)
    session = app.controller("origami").session
    assert session is not None and session.state == game.states[1]
    return session


async def test_lines_typed_in_one_burst_are_each_recorded_in_order(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    lines = lines_of(game, 2, 6)
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        burst(app, "\n".join(lines) + "\nen")  # and the start of the next line, not entered yet
        # The last one leaves nothing to do: the turn ends by itself (its `end` is the script's next command).
        assert game.script[8] == c.EndTurn(game.states[7].current)
        await until(pilot, lambda: session.state == game.states[8], f"{lines} recorded")
        assert app.screen.query_one("#action", Input).value == "en"


async def test_a_line_not_recorded_comes_back_and_the_ones_typed_after_it_wait_for_it(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    first, second, third, fourth = lines_of(game, 2, 4)
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        field = app.screen.query_one("#action", Input)
        burst(app, f"{first}\nzz {second}\n{third}\n{fourth}\nen")
        await until(pilot, lambda: field.value == f"zz {second}", "the mistyped line back on the field")
        # The first line recorded, and the turn it leaves with nothing to do ended by itself.
        await until(pilot, lambda: session.state == game.states[3], "the first line recorded")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.lines.held == [third, fourth] and table.lines.after == "en"  # waiting, not sent
        assert session.state == game.states[3]
        assert "zz" in str(app.screen.query_one("#preview").render())
        field.value = second  # mended
        await pilot.press("enter")
        await until(pilot, lambda: session.state == game.states[5], "the mended line and the two after it")
        assert field.value == "en"


async def test_lines_on_their_way_when_one_came_back_wait_for_it_in_the_order_typed(tmp_path: Path) -> None:
    """The first line of a burst refused at once: the lines behind it were typed before it came back, so they
    wait for it (they are not sent on the table it did not change); refused again with more typed ahead, the
    newer lines wait behind the older ones."""
    game = script(CATALOGUE, SEED, players=2)
    first, second, third, fourth = lines_of(game, 2, 4)
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        table = app.screen
        assert isinstance(table, TableScreen)
        field = table.query_one("#action", Input)
        burst(app, f"zz {first}\n{second}\n{third}\nen")
        await until(pilot, lambda: table.lines.held == [second, third], "the lines behind it waiting")
        assert field.value == f"zz {first}" and table.lines.after == "en" and session.state == game.states[1]
        field.value = f"yy {first}"  # mended wrongly, and the next line typed ahead at once
        burst(app, f"\n{fourth}\n")
        await until(pilot, lambda: table.lines.held == [second, third, fourth], "the newer line behind the others")
        assert field.value == f"yy {first}" and session.state == game.states[1]
        field.value = first
        await pilot.press("enter")
        await until(pilot, lambda: session.state == game.states[5], "the mended line and the three after it")
        assert field.value == "en"


async def test_tab_takes_the_grey_completion_and_stays_on_the_line(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await at_the_table(app, pilot, game)
        field = app.screen.query_one("#action", Input)
        await pilot.press(*"dra")
        await until(pilot, lambda: field._suggestion.startswith("draw"), "the completion shown")
        await pilot.press("tab", *" x")
        assert field.value == "draw x" and app.focused is field
