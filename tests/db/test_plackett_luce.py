"""The ratings' own Plackett-Luce update gives openskill's floats to the last bit: games of 2 to 5 players, ties
and shared victories among them, from new players and from long-rated ones."""
from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from db.plackett_luce import Rater
from db.ratings import MODEL, RATE


def test_the_same_floats_as_openskill() -> None:
    rng = random.Random(34)
    for _ in range(5_000):
        n = rng.randint(2, 5)
        before = [(rng.uniform(-10, 60), rng.uniform(0.01, 9)) for _ in range(n)]
        ranks = [float(rng.randint(1, n)) for _ in range(n)]
        expected = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before], ranks=ranks)
        assert RATE(before, ranks) == [(team[0].mu, team[0].sigma) for team in expected], (before, ranks)


def test_a_history_rated_on_stays_equal() -> None:
    """Ratings carried from game to game (as the store does) stay openskill's, game after game."""
    rng = random.Random(7)
    mine = {p: (MODEL.mu, MODEL.sigma) for p in range(8)}
    theirs = {p: MODEL.rating() for p in range(8)}
    for _ in range(2_000):
        seats = rng.sample(range(8), rng.randint(2, 5))
        ranks = [float(rng.randint(1, len(seats))) for _ in seats]
        for p, after in zip(seats, RATE([mine[p] for p in seats], ranks), strict=True):
            mine[p] = after
        for p, [after] in zip(seats, MODEL.rate([[theirs[p]] for p in seats], ranks=ranks), strict=True):
            theirs[p] = after
    assert mine == {p: (r.mu, r.sigma) for p, r in theirs.items()}


def test_other_options_are_refused() -> None:
    """Only the defaults are reproduced: a model with another option is not silently rated as the default."""
    with pytest.raises(ValueError):
        Rater(PlackettLuce(limit_sigma=True))
