"""Property tests on random legal duo rounds: sidekicks follow from their face-up pair and never lead."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.origin.setup import Kind
from tests.scoring.origin.table_helpers import Dealt, legal_rounds
from tests.scoring.origin.test_table_properties import check_round


@settings(max_examples=60, deadline=None)
@given(legal_rounds("duo"), st.booleans())
def test_legal_duo_rounds_referee_cleanly(d: Dealt, known: bool) -> None:
    check_round(d, known)
    assert all(d.seats.seat(t.plays[0].seat).kind is not Kind.SIDEKICK for t in d.tricks)
