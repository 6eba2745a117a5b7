"""Setup data: the checklist per player count, seats per mode, and G9 through the setup answer."""
from __future__ import annotations

import pytest

from scoring.errors import InputError
from scoring.origin.game_file import parse_game
from scoring.origin.round_file_json import score_json, setup_json
from scoring.origin.setup import Mode, seating, setup_checklist


def test_g9_through_setup_json() -> None:
    out = setup_json(3, "Bob", ["Ann", "Bob", "Cat"])
    assert out["stamina_by_round"] == [2, 3, 4, 5, 5] and out["event_rounds"] == [3]
    assert [(r["dealer"], r["first_leader"]) for r in out["rounds"]] == [
        ("Bob", "Cat"), ("Cat", "Ann"), ("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Ann")]
    duo = setup_json(2, "A", ["A", "B"])
    assert duo["seats"] == ["A", "SK B", "B", "SK A"]
    assert [(r["dealer"], r["first_leader"]) for r in duo["rounds"]][:2] == [("A", "B"), ("B", "A")]
    solo = setup_json(1, "Automaton", ["Ann"])
    assert [(r["dealer"], r["first_leader"]) for r in solo["rounds"]][:3] == [
        ("Automaton", "Factoryon"), ("Factoryon", "Ann"), ("Ann", "Automaton")]


def test_checklists_differ_by_count() -> None:
    assert any("sidekick" in line for line in setup_checklist(2))
    assert not any("sidekick" in line for line in setup_checklist(4))
    assert any("difficulty" in line.casefold() for line in setup_checklist(1))
    assert any("event deck" in line for line in setup_checklist(5))
    assert not any("Shuffle the event deck" in line for line in setup_checklist(1))
    for bad in (0, 6):
        with pytest.raises(InputError):
            setup_checklist(bad)


def test_seating_refuses_wrong_counts_and_sidekick_dealers() -> None:
    with pytest.raises(InputError):
        seating(Mode.TABLE, ["Ann", "Bob"])
    with pytest.raises(InputError):
        seating(Mode.DUO, ["Ann", "ann"])
    with pytest.raises(InputError):
        seating(Mode.SOLO, ["Automaton"])
    with pytest.raises(InputError, match="never deal"):
        seating(Mode.DUO, ["A", "B"]).first_leader("SK A")


def test_final_dials_only() -> None:
    out = score_json(parse_game({"final": {"Ann": 23, "Bob": 23, "Cat": 19}}))
    assert out == {"players": [{"name": "Ann", "total": 23, "rank": 1, "rounds": []},
                               {"name": "Bob", "total": 23, "rank": 1, "rounds": []},
                               {"name": "Cat", "total": 19, "rank": 3, "rounds": []}],
                   "winners": ["Ann", "Bob"], "shared": True}
