"""The round-file referee's differential soak (companion/origin/mutants.py), kept small enough for `make test`: solo
rounds recorded at the table, written as round files with one field altered, are refused by the file verbs exactly
when the recorded game's engine refuses the same events (a draw the file cannot see aside). The seed is printed (and
named in a failure); MUTANT_SEED=N replays one, `make soak` runs a longer soak."""
from __future__ import annotations

import os

import pytest

from companion.origin.mutants import soak

SEED = int(os.environ.get("MUTANT_SEED", "2029"))


def test_altered_round_files_are_refused_unless_the_engine_accepts_them() -> None:
    found = soak(SEED, games=2)
    print(found.line())
    assert not found.problems, f"{found.line()} (replay: MUTANT_SEED={SEED})\n" + "\n".join(found.problems)
    assert found.rounds >= 4 and found.exchanged > 0 and found.mutants > 40 and found.legal > 0, found.line()


def test_the_soak_finds_a_hole_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the file's Vancardian, draw and surrender checks switched off (the file trusted, as before), altered
    files the engine refuses are accepted and the soak says so."""
    monkeypatch.setattr("scoring.origin.round_file.referee_solo", lambda result: result)
    found = soak(SEED, games=1)
    assert any("the engine says illegal, the file verbs accept it" in p for p in found.problems), found.line()


def test_the_soak_finds_an_exchange_timed_at_the_start_of_its_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the file's exchanges put back at the start of their trick (the one moment the file verbs once assumed),
    a round whose exchange came after a Vancardian's play is refused though the engine accepts it."""
    monkeypatch.setattr("scoring.origin.solo_referee._moments", lambda rnd, t, used: [0])
    found = soak(SEED, games=2)
    assert any("as recorded is refused" in p or "the engine says legal, the file verbs refuse it" in p
               for p in found.problems), found.line()
