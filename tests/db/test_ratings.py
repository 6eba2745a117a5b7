"""Skill ratings (openskill, Plackett-Luce) against hand-worked expectations, and `companion history --ratings`
following the history as it is now (after a merge, or an import of older games)."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.render import sheet_json
from db.ratings import NEW, chances, rate, update
from db.store import Store
from scoring.origami.sheet import score
from scoring.origami.table import parse_table
from tests.companion.test_exchange import run

BETA = 25 / 6  # openskill's defaults: mu 25, sigma 25/3, beta 25/6


def test_one_game_of_two_by_hand() -> None:
    """Two newcomers. Each σ² first grows by τ² (openskill's drift between games, τ = μ/300); then
    c² = 2(σ² + β²); the winner's chance was ½, so μ moves by σ²/c · ½ either way, and both σ² shrink by the
    factor 1 - (σ/c)(σ²/c²)(½ · ½)."""
    s2 = NEW.sigma ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * (s2 + BETA ** 2))
    step = s2 / c * 0.5
    sigma = math.sqrt(s2 * (1 - (math.sqrt(s2) / c) * (s2 / c ** 2) * 0.25))
    after = update({}, [(1, 1), (2, 2)])
    assert after[1].mu == pytest.approx(25 + step, abs=1e-9) and after[2].mu == pytest.approx(25 - step, abs=1e-9)
    assert after[1].sigma == pytest.approx(sigma, abs=1e-9) == after[2].sigma
    assert round(after[1].mu, 4) == 27.6354 and after[1].games == after[2].games == 1


def test_a_tie_and_a_shared_victory_are_equal_ranks() -> None:
    tied = update({}, [(1, 1), (2, 1)])
    assert tied[1].mu == pytest.approx(25) == tied[2].mu and tied[1].sigma < NEW.sigma  # nothing to tell apart
    shared = update({}, [(1, 1), (2, 1), (3, 3)])
    assert shared[1] == shared[2] and shared[1].mu > 25 > shared[3].mu
    assert shared[1].mu - 25 == pytest.approx((25 - shared[3].mu) / 2)  # the loser's loss, split between two


def test_scopes_trends_and_chances() -> None:
    ratings = rate([(1, "origami", "origami", [(1, 1), (2, 2)]), (2, "origami", "legends", [(2, 1), (1, 2)]),
                    (3, "origami", "legends", [(2, 1), (1, 2), (3, 3)]), (4, "origin-story", "solo", [(1, 1)])])
    assert set(ratings.by_scope) == {"origami", "origami/origami", "origami/legends"}  # a solo game is no contest
    assert ratings.by_scope["origami"][1].games == 3 and ratings.by_scope["origami/legends"][1].games == 2
    assert [g for g, _ in ratings.trend[("origami", 2)]] == [1, 2, 3]
    assert ratings.trend[("origami/origami", 1)][0][1] == ratings.by_scope["origami/origami"][1].ordinal
    assert chances({}, [1, 2, 3]) == pytest.approx([1 / 3] * 3)
    odds = chances(ratings.by_scope["origami/legends"], [1, 2])
    assert sum(odds) == pytest.approx(1) and odds[1] > 0.5 > odds[0]  # 2 won both Legends games


def quick(store: Store, players: list[str]) -> None:
    """A quick-scored game of two: the first player wins, 8 points to 3."""
    sheet = score(parse_table({"game": "origami", "players": [
        {"name": players[0], "collections": [["Chicken"], ["Chick"]], "hand": 0},
        {"name": players[1], "collections": [["Chick"], []], "hand": 0}]}, shipped()))
    store.results.record(variant="origami", players=players, families=["farm", "sky"], characters=[], rules={},
                        sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origami")


def test_history_ratings_follow_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/r.db"
    store = Store.open(url, KINDS)
    try:
        for _ in range(3):
            quick(store, ["Ann", "Bob"])
        quick(store, ["Annie", "Bob"])
    finally:
        store.close()
    code, out, _ = run(capsys, "--db", url, "history", "--ratings")
    lines = out.splitlines()
    assert code == 0 and lines[1] == "Origami, every variant" and "Origami · Origami" in lines
    assert lines[2].split()[:2] == ["1.", "Ann"] and " 3 games " in lines[2]
    code, out, _ = run(capsys, "--db", url, "history", "--ratings", "--chances", "Ann,Bob", "--json")
    data = json.loads(out)
    ann = next(r for r in data["ratings"] if r["scope"] == "origami" and r["player"] == "Ann")
    assert ann["games"] == 3 and [t["game"] for t in ann["trend"]] == [1, 2, 3]
    assert data["chances"][0]["player"] == "Ann" and data["chances"][0]["chance"] > 0.5
    # Annie is Ann: merged, her game counts for Ann at once.
    assert run(capsys, "--db", url, "players", "merge", "Annie", "Ann")[0] == 0
    code, out, _ = run(capsys, "--db", url, "history", "Ann", "--ratings", "--json")
    mine = [r for r in json.loads(out)["ratings"] if r["scope"] == "origami"]
    assert [r["player"] for r in mine] == ["Ann"] and mine[0]["games"] == 4 and mine[0]["ordinal"] > ann["ordinal"]
    code, _, err = run(capsys, "--db", url, "history", "--chances", "Ann,Bob")
    assert code == 2 and "give --ratings too" in err
    code, _, err = run(capsys, "--db", url, "history", "--ratings", "--chances", "Ann")
    assert code == 2 and "name 2 to 5 players" in err
