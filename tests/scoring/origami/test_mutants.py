"""The referee's differential soak (companion/origami/mutants.py), kept small enough for `make test`: in random legal
games, mutants of the offered commands are refused unless what they do is what an offered command does. The seed
is printed (and named in a failure); MUTANT_SEED=N replays one, `make soak` runs a longer soak."""
from __future__ import annotations

import os

import pytest

from companion.origami.catalogue import shipped
from companion.origami.mutants import soak
from companion.origami.playout import filled

CATALOGUE = filled(shipped())
SEED = int(os.environ.get("MUTANT_SEED", "2029"))


def test_mutants_of_offered_actions_are_refused_unless_they_are_legal_moves() -> None:
    found = soak(CATALOGUE, SEED, games=8)
    print(found.line())
    assert not found.problems, f"{found.line()} (replay: MUTANT_SEED={SEED})\n" + "\n".join(found.problems)
    assert found.mutants > 5000 and found.accepted > 0, found.line()


def test_the_soak_finds_a_hole_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the one check of where a play takes its card from switched off, mutants played from the draw line
    are accepted and the soak says so."""
    monkeypatch.setattr("scoring.origami.decide._source", lambda check, cmd, free_play: None)
    found = soak(CATALOGUE, SEED, games=3)
    assert any("source='line'" in problem for problem in found.problems), found.line()
