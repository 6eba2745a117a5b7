"""The table line's grey completion is what Enter takes: an exact card name is not completed into a longer one it
begins (Cat is not Caterpillar); a name is completed into the card the line is read as, and a name that fits
several cards is read as the one its completion shows (`chi` shows Chick, as on the quick score)."""
from __future__ import annotations

from textual.widgets import Input, Static

from scoring.origami import commands as c
from scoring.origami.cards import CardId
from screens.origami.table import TableScreen
from tests.scoring.origami.referee_helpers import ANN
from tests.scoring.origami.test_effects import table
from tests.screens.origami.test_table_suggestions import Table, typed


async def test_an_exact_name_is_not_completed_into_a_longer_one() -> None:
    state = table(("farm", "lawn"), ("Caterpillar", "Cat", "Ant", "Pig"))
    for line in ("draw cat", "draw Cat", "draw caterpillar, cat"):
        suggestion, verdict = await typed(Table(state), line)
        assert suggestion in ("", line), suggestion  # was: `draw caterpillar`
        assert verdict.startswith("✓ Enter") and verdict.endswith("Cat from the draw line"), verdict
    suggestion, _ = await typed(Table(state), "draw cate")
    assert suggestion == "draw caterpillar"  # a name begun is still completed


async def test_a_name_is_completed_into_the_card_the_line_reads() -> None:
    """Chick in Ann's hand and Chicken in the draw line: `draw chi` draws the Chicken (the only one a draw can
    take), and its completion showed Chick."""
    state = table(("sky", "farm"), ("Chicken", "Pig", "Dog", "Cat"), hands=(("Chick",), ()))
    suggestion, verdict = await typed(Table(state), "draw chi")
    assert suggestion == "draw chicken"
    assert verdict == "✓ Enter: Ann draws Chicken from the draw line"


async def test_a_name_that_fits_several_cards_is_read_as_the_card_shown() -> None:
    """Chick and Chicken both in the draw line: `chi` shows Chick, and Enter draws it (it said "'chi' could be
    Chick, Chicken: type more of the name" under the completion showing Chick)."""
    app = Table(table(("sky", "farm"), ("Chick", "Chicken", "Dog", "Cat")))
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.pause()
        await pilot.press(*"draw chi")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.query_one("#action", Input)._suggestion == "draw chick"
        verdict = str(screen.query_one("#preview", Static).render())
        assert verdict == "✓ Enter: draw chick — Ann draws Chick from the draw line"
        assert screen.command == c.DrawCards(ANN, (CardId("Chick"),), ())
