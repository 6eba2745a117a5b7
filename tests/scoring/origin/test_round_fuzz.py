"""Fuzzed round and game files never raise anything but InputError (ORIGIN_STORY.md §10.3 Files)."""
from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.errors import InputError
from scoring.origin.game_file import parse_game
from scoring.origin.round_file import run_round
from scoring.origin.round_file_json import check, round_json, tricks_json

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 20) | st.floats(allow_nan=True) |
    st.sampled_from(["Ann", "bob", "SK A", "9br", "4.5lv", "hero", "villain", "7 brains", "w bob", "vp +2",
                     "Ann 7br", "Bob 9st as 13 by X", "rewind", "winner Cat", "", "table", "duo", "solo"]) |
    st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["game", "format", "mode", "players", "round", "dealer", "alignment", "rules", "tricks",
                         "abilities", "sidekicks", "rows", "winner", "plays", "seat", "card", "player", "source",
                         "effects", "trick", "show_tricks", "vp_floor", "rounds", "value", "suit", "by", "then",
                         "surrender", "to", "vp", "revealed", "draws", "x"]) | st.text(max_size=6),
        inner, max_size=6),
    max_leaves=25)

VALID: list[dict[str, Any]] = [
    {"game": "origin-story", "format": 1, "mode": "table", "players": ["Ann", "Bob", "Cat"], "round": 2,
     "dealer": "Cat", "alignment": {"Ann": "hero", "Bob": "villain", "Cat": "hero"}, "rules": {"show_tricks": "never"},
     "tricks": [["Ann 7br", "Bob 10br", "Cat 13sp"], ["Bob 12st", "Cat 9st as 13 by Story X", "Ann 10st"],
                {"winner": "Cat"}, ["Cat 2lv", {"seat": "Ann", "card": "3lv"}]],
     "abilities": [{"player": "Ann", "source": "Monologuing", "timing": "end-of-round", "effects": ["vp +2"]},
                   {"player": "Bob", "source": "Story Y", "trick": 2, "effects": ["exchange with Cat"]},
                   {"player": "Cat", "source": "Z", "trick": 3, "effects": ["lead bob", "draw 1", "rewind"]}]},
    {"game": "origin-story", "format": 1, "mode": "duo", "players": ["A", "B"], "dealer": "A",
     "alignment": {"A": "hero", "B": "villain"}, "sidekicks": {"SK A": ["12br", "3sp"], "SK B": ["2br", "9st"]},
     "tricks": [["B 5br", "SK A 12br then 4st", "A 7br", "SK B 2br"]]},
    {"game": "origin-story", "format": 1, "mode": "solo", "players": ["Ann"], "you": "Ann", "deck": "table",
     "difficulty": 3, "dealer": "Factoryon", "alignment": {"Ann": "villain"},
     "rows": {"Ann": ["11sp", "3br", "7st"], "Automaton": ["10br", "8sp", "2lv"], "Factoryon": ["4.5lv", "9br"]},
     "tricks": [["Ann 11sp", "Automaton 6sp", "Factoryon 4.5lv"]], "draws": ["9st", "6sp"], "revealed": ["3br"],
     "surrender": {"trick": 2, "to": "Factoryon", "vp": 3}},
]
GAME = {"players": ["Ann", "Bob", "Cat"], "dealer": "Ann",
        "rounds": [{"Ann": "h3 +2 Monologuing", "Bob": "v0", "Cat": "v2"},
                   {"alignment": {"Ann": "hero", "Bob": "hero", "Cat": "villain"}, "tricks": [{"winner": "Bob"}]}]}


def everything(data: object) -> None:
    for call in (lambda: tricks_json(run_round(data)), lambda: round_json(run_round(data)),
                 lambda: parse_game(data), lambda: check(data, "Ann", "9br", "")):
        try:
            call()
        except InputError:
            pass


def test_valid_files_are_accepted() -> None:
    for data in VALID:
        tricks_json(run_round(data))
    round_json(run_round(VALID[0]))
    parse_game(GAME)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_arbitrary_json_only_input_errors(data: object) -> None:
    everything(data)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([*VALID, GAME]), st.data())
def test_mutated_valid_files_only_input_errors(base: dict[str, Any], data: st.DataObject) -> None:
    doc = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(doc)[1:]))
        parent: Any = doc
        for step in where[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if action == "replace":
            parent[where[-1]] = data.draw(json_values)
        elif action == "delete":
            del parent[where[-1]]
        elif isinstance(parent, list):
            parent.insert(where[-1], copy.deepcopy(parent[where[-1]]))
        if not isinstance(doc, dict):
            break
    everything(doc)
