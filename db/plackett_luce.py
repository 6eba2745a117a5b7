"""openskill's Plackett-Luce update (`PlackettLuce.rate`, defaults) for a game of one-player teams, the same
arithmetic in the same order, so the same floats to the last bit (tests/db/test_plackett_luce.py compares them over
many games, ties included). openskill's own `rate` checks its arguments and deep-copies every rating on each call:
twice the time of the arithmetic, which an import of thousands of games pays for every game in two scopes."""
from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

Rating = tuple[float, float]  # (mu, sigma)


class Rater:
    """The update of a model made with openskill's defaults but for mu, sigma, beta, kappa and tau."""

    def __init__(self, model: PlackettLuce) -> None:
        if model.limit_sigma or model.balance or model.margin or model.gamma.__name__ != "_gamma":
            raise ValueError(model)  # only openskill's defaults are reproduced (a programming error, never said)
        self.beta_squared = model.beta ** 2
        self.kappa = model.kappa
        self.tau_squared = model.tau * model.tau

    def rate(self, before: Sequence[Rating], ranks: Sequence[float]) -> list[Rating]:
        """Each seat's (mu, sigma) after a game: `before` in seat order, `ranks` (1 the winner, equal ranks a
        tie) likewise; the result in seat order (openskill's `rate` with ranks, one player per team)."""
        n = len(before)
        order = sorted(range(n), key=ranks.__getitem__)  # openskill's stable sort by rank
        mus = [before[i][0] for i in order]
        sigmas = [math.sqrt(before[i][1] * before[i][1] + self.tau_squared) for i in order]
        rank = [int(r) for r in sorted(ranks)]
        # The team ratings: a team of one, balance off (its weight 1.0): its mu, its sigma squared (openskill's
        # 0.0 + mu * 1.0 and 0.0 + (sigma * 1.0) ** 2, the same floats).
        team_mu = mus
        team_ss = [sigma ** 2 for sigma in sigmas]
        collective = 0.0
        for ss in team_ss:
            collective += ss + self.beta_squared
        c = math.sqrt(collective)
        sum_q: list[float | None] = [None] * n
        for i in range(n):
            summed = math.exp(team_mu[i] / c)
            for q in range(n):
                if rank[i] >= rank[q]:
                    found = sum_q[q]
                    sum_q[q] = summed if found is None else found + summed
        a = [rank.count(r) for r in rank]
        out: list[Rating] = []
        for i in range(n):
            omega = 0.0
            delta = 0.0
            e = math.exp(team_mu[i] / c)
            for q in range(n):
                x = e / sum_q[q]  # type: ignore[operator]  # every q has its rank's sum
                if rank[q] <= rank[i]:
                    delta += x * (1 - x) / a[q]
                    if q == i:
                        omega += (1 - x) / a[q]
                    else:
                        omega -= x / a[q]
            omega *= team_ss[i] / c
            delta *= team_ss[i] / c ** 2
            delta *= math.sqrt(team_ss[i]) / c  # the default gamma
            mu, sigma = mus[i], sigmas[i]
            if omega >= 0:
                mu += (sigma ** 2 / team_ss[i]) * omega * 1.0
                sigma *= math.sqrt(max(1 - (sigma ** 2 / team_ss[i]) * delta * 1.0, self.kappa))
            else:
                mu += (sigma ** 2 / team_ss[i]) * omega / 1.0
                sigma *= math.sqrt(max(1 - (sigma ** 2 / team_ss[i]) * delta / 1.0, self.kappa))
            out.append((mu, sigma))
        # openskill then averages a tie's changes in mu against the ratings it has just changed in place: a change
        # of 0.0 each, added (mu + 0.0 is mu).
        back: list[Rating] = [(0.0, 0.0)] * n
        for at, i in enumerate(order):
            back[i] = out[at]
        return back
