"""At the table, the line's ✓/✗ preview before Enter says what the referee says (issue 29): a play an effect grants
typed from the draw line, and the Fox's discard from the hand, are marked ✗ with the rule they break."""
from __future__ import annotations

from scoring.origami import commands as c
from scoring.origami.cards import CardId
from tests.scoring.origami.referee_helpers import ANN, run
from tests.scoring.origami.test_effects import KNOWN, table
from tests.screens.origami.test_table_suggestions import Table, typed


async def test_a_granted_play_from_the_draw_line_is_marked_refused_before_enter() -> None:
    state = table(("savannah", "farm"), ("Cat", "Pig", "Fox", "Raccoon"),
                  hands=(("Elephant", "Pig", "Cat", "Snake", "Raccoon"), ()))
    state = run(state, c.PlayOrigami(ANN, CardId("Elephant"), (CardId("Pig"), CardId("Cat")), 0),
                c.DrawFromDeck(ANN, 1, (CardId("Fox"),)), catalogue=KNOWN)
    _, verdict = await typed(Table(state), "play pig from line pay fox, raccoon to 2 via elephant")
    assert verdict.startswith("✗") and "CARD-ZONE" in verdict and "free play" in verdict
    _, verdict = await typed(Table(state), "play snake pay fox, raccoon to 2 via elephant")
    assert verdict.startswith("✓ Enter")


async def test_the_foxs_discard_from_the_hand_is_marked_refused_before_enter() -> None:
    state = table(("farm", "sky"), ("Fox", "Cat", "Chick", "Owl"), hands=(("Pig", "Rabbit"), ()),
                  collections=((("Fox",), ()), ((), ())))
    state = run(state, c.UseSpecialAction(ANN, 0), c.DrawFromDeck(ANN, 3, tuple(map(CardId, ("Cat", "Chick", "Owl")))),
                catalogue=KNOWN)
    _, verdict = await typed(Table(state), "discard pig")
    assert verdict.startswith("✗") and "EFFECT-AMOUNT" in verdict
    _, verdict = await typed(Table(state), "end")
    assert verdict.startswith("✗") and "EFFECT-STEPS" in verdict
    _, verdict = await typed(Table(state), "discard owl")
    assert verdict.startswith("✓ Enter")
