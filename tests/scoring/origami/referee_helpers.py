"""Given/when/then for the referee: positions are reached through real commands where practical."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.origami.catalogue import shipped
from scoring.decision import Accepted, Rejected
from scoring.origami import commands as c
from scoring.origami.catalog import Catalogue
from scoring.origami.decide import Decision, decide
from scoring.origami.events import GameStarted
from scoring.origami.evolve import evolve, start
from scoring.origami.rules import RuleId
from scoring.origami.state import GameState, Hand

CATALOGUE = shipped()


def run(state: GameState | None, *commands: c.Command, catalogue: Catalogue = CATALOGUE) -> GameState:
    """Apply commands that must be accepted."""
    for command in commands:
        decision = decide(state, command, catalogue)
        assert isinstance(decision, Accepted), f"{command} was refused: {decision}"
        for event in decision.events:
            state = start(event) if isinstance(event, GameStarted) else evolve(state, event)  # type: ignore[arg-type]
    assert state is not None
    return state


def refused(state: GameState | None, command: c.Command, rule: RuleId,
            catalogue: Catalogue = CATALOGUE) -> Rejected:
    decision = decide(state, command, catalogue)
    assert isinstance(decision, Rejected), f"{command} was accepted"
    assert decision.rule == rule, decision
    return decision


def accepted(state: GameState, command: c.Command, catalogue: Catalogue = CATALOGUE) -> Decision:
    decision = decide(state, command, catalogue)
    assert isinstance(decision, Accepted), decision
    return decision


ANN, BOB = 0, 1


def origami_game() -> GameState:
    """Sky and lawn, two players; Ann is dealt 10 folds and starts."""
    state = run(None, c.StartGame("origami", ("Ann", "Bob"), ("sky", "lawn")))
    return run(state, c.Deal((("Chick", "Chicken", "Bee", "Ant"), ("Magpie", "Butterfly", "Chick", "Bee")),
                             ("Ant", "Owl", "Chick", "Parrot")))


def legends_game() -> GameState:
    """Polar and legendary with the Ninja and Musician pairs; Bob is dealt fewer folds and starts."""
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "legendary"), ("Ninja", "Merchant")))
    return run(state, c.Deal((("Seal", "Kappa", "Phoenix", "Reindeer", "Dragon"), ("Reindeer", "Walrus", "Seal")),
                             ("Arctic Hare", "Ninja (red)", "Leprechaun", "Dragon")))


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    """A position reached off-screen: set a player's collections or hand directly."""
    if "hand" in changes and not isinstance(changes["hand"], Hand):
        changes["hand"] = Hand(tuple(sorted(changes["hand"])))
    return state.with_player(seat, **changes)


def turn_of(state: GameState, seat: int) -> GameState:
    return replace(state, current=seat, actions_left=1, acted=False, effects=(), fresh=(), special_used=False)
