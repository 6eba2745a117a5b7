"""The table line's grey completion is what Enter takes: an exact card name is not completed into a longer one it
begins (Cat is not Caterpillar)."""
from __future__ import annotations

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
