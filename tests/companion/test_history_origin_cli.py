"""`companion history PLAYER` with Origin Story games: its own block after the Origami one, and in --json; a
head-to-head counts both games' and says each one's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import KINDS
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet
from tests.db.test_origin_stats import history


def test_history_shows_the_origin_story_block(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    store = Store.open(url, KINDS)
    try:
        history(store)
        store.profiles.add("Dee")
    finally:
        store.close()
    assert main(["--db", url, "history", "Ann"]) == 0
    out = capsys.readouterr().out
    origin = out[out.index("Origin Story:"):]
    assert origin.startswith("Origin Story: 6 games 4 wins (1 with no rounds recorded)")
    assert "4 as hero, 2 as villain" in origin
    assert "3 players: 0 of 1 round clean" in origin and "2 players: 1 of 1 round clean" in origin
    assert "15 from alignment, 1 from abilities, 0 from surrender" in origin
    assert "difficulty 2: 1 played 1 won" in origin and "difficulty 3: 1 played 0 won" in origin
    assert "highest difficulty beaten: 2" in origin
    assert main(["--db", url, "history", "Ann", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 0  # the Origami figures
    assert data["origin_story"]["highest_beaten"] == 2
    assert data["origin_story"]["by_mode"]["duo"] == {"games": 2, "wins": 2}
    assert data["origin_story"]["vp"] == {"alignment": 15, "abilities": 1, "surrender": 0}
    assert main(["--db", url, "history", "Dee", "--json"]) == 0
    assert "origin_story" not in json.loads(capsys.readouterr().out)


def origami_between(store: Store, *totals: tuple[int, int]) -> None:
    """Quick-scored Origami games of Ann and Bob (their totals, in that order)."""
    for ann, bob in totals:
        ranks = (1, 2) if ann > bob else (2, 1) if bob > ann else (1, 1)
        winners = tuple(n for n, r in zip(("Ann", "Bob"), ranks, strict=True) if r == 1)
        store.results.record(variant="origami", players=["Ann", "Bob"], families=["birds", "sea"], characters=[],
                             rules={}, sheet=ScoreSheet((PlayerScore("Ann", ann, ranks[0], 2, (), ()),
                                                         PlayerScore("Bob", bob, ranks[1], 2, (), ())), winners,
                                                        "shared" if len(winners) > 1 else None),
                             sheets=[{}, {}], kind="origami")


def test_head_to_head_counts_every_game_and_says_each_games_record(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    store = Store.open(url, KINDS)
    try:
        history(store)  # Origin Story: Ann and Bob 4 games together, Ann ahead 2, Bob ahead 1, level 1
        origami_between(store, (30, 20), (18, 25), (22, 21))
    finally:
        store.close()
    assert main(["--db", url, "history", "Ann", "--vs", "Bob"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Ann vs Bob: 7 games together; Ann ahead 4, Bob ahead 2, level 1",
        "  Origami: 3 games together; Ann ahead 2, Bob ahead 1, level 0",
        "  Origin Story: 4 games together; Ann ahead 2, Bob ahead 1, level 1"]
    assert main(["--db", url, "history", "Bob", "--vs", "Ann", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "a": "Bob", "b": "Ann", "games": 7, "a_ahead": 2, "b_ahead": 4, "level": 1,
        "by_game": {"origami": {"games": 3, "a_ahead": 1, "b_ahead": 2, "level": 0},
                    "origin-story": {"games": 4, "a_ahead": 1, "b_ahead": 2, "level": 1}}}
    assert main(["--db", url, "history", "Cat", "--vs", "Bob", "--json"]) == 0  # Origin Story's only
    assert json.loads(capsys.readouterr().out)["by_game"]["origami"] == {"games": 0, "a_ahead": 0, "b_ahead": 0,
                                                                        "level": 0}
    assert main(["--db", url, "history", "Cat", "--vs", "Bob"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Cat vs Bob: 2 games together; Cat ahead 1, Bob ahead 1, level 0",
        "  Origin Story: 2 games together; Cat ahead 1, Bob ahead 1, level 0"]
