"""The table's log says what an undo took back: every line the undone action wrote reads as undone, the draw line's
refill that came with a draw as much as the draw."""
from __future__ import annotations

from pathlib import Path

from companion.app import make_app
from scoring.origami import commands as c
from scoring.origami.notation import write
from tests.recorded import script
from tests.screens.keys import burst
from tests.screens.origami.test_table import CATALOGUE, SEED, shown
from tests.screens.origami.test_table_type_ahead import at_the_table
from tests.screens.settle import until


async def test_an_undone_draw_marks_its_refill_undone_too(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    draw = game.script[2]
    assert isinstance(draw, c.DrawCards) and draw.refill  # a draw that empties the line, refilled from the deck
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 48)) as pilot:  # tall: the log shows the whole game so far
        session = await at_the_table(app, pilot, game)
        burst(app, write(draw, session.state) + "\n")
        await until(pilot, lambda: session.state != game.states[1], "the draw recorded")
        while session.state != game.states[1]:  # the draw taken back (and the end of the turn that followed it)
            seq = session.seq
            await pilot.press("ctrl+z")
            await until(pilot, lambda seq=seq: session.seq > seq, "the undo recorded")
        await until(pilot, lambda: "took back" in shown(app, "#log").splitlines()[-1], "the log shown again")
        lines = shown(app, "#log").splitlines()
        written = [line for line in lines if "draws Oni" in line or "refilled" in line]
        refill = [line for line in written if "refilled with Kappa" in line]
        assert refill and written, lines
        assert all(line.startswith(("(undone) ", "took back: ")) for line in written), lines
