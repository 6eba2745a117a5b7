"""`changed`, the state's lean `dataclasses.replace`: the same object as `replace` gives, for the state's classes and
for any other (which it hands to `replace`)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import pytest

from companion.origin.playout import Engine, play_game
from scoring.origin.state import GameState, changed, fresh_piles


def states() -> list[GameState]:
    engine, seen = Engine(), []
    engine.on_step = lambda e, _event: seen.append(e.state)
    play_game(engine.submit, lambda: engine.state, random.Random(3), mode="solo",  # type: ignore[arg-type, return-value]
              players=("Ann",), deck="app", rounds=1)
    return [s for s in seen if s is not None]


def test_a_changed_state_round_and_piles_are_what_replace_makes() -> None:
    for state in states()[::10]:
        assert changed(state, dealer="Automaton") == replace(state, dealer="Automaton")
        assert changed(state) == state and changed(state) is not state
        if state.round is not None:
            assert changed(state.round, dealt=not state.round.dealt) == replace(state.round, dealt=not state.round.dealt)
        if state.piles is not None:
            assert changed(state.piles, trick=(), aside=()) == replace(state.piles, trick=(), aside=())


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="Piles has no field 'decks'"):
        changed(fresh_piles(), decks=())


@dataclass(frozen=True)
class Derived:
    a: int
    b: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "b", self.a * 2)


def test_a_class_with_more_than_its_fields_goes_through_replace() -> None:
    assert changed(Derived(1), a=4).b == 8
