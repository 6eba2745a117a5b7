"""What must hold in every state reached from a game's public events (for replays and simulations)."""
from __future__ import annotations

from .events import GameStarted
from .state import GameState, Phase


def audit(state: GameState, started: GameStarted) -> list[str]:
    """The broken invariants, each as a sentence; empty when the state is sound."""
    if state.phase is Phase.SETUP:
        return []
    problems = []
    if state.total_cards() != started.deck:
        problems.append(f"{state.total_cards()} cards are accounted for; the game has {started.deck}")
    if state.rice_total() != started.rice:
        problems.append(f"{state.rice_total()} rice paper cards are accounted for; there are {started.rice}")
    if state.deck < 0:
        problems.append(f"the deck holds {state.deck} cards")
    for p in state.players:
        if p.hand.unknown < 0:
            problems.append(f"{p.name}'s hand holds {p.hand.size} cards")
        sizes = [len(c) for c in p.collections]
        if abs(sizes[0] - sizes[1]) > 1 and not state.overrides:
            problems.append(f"{p.name}'s collections hold {sizes[0]} and {sizes[1]} cards (more than one apart)")
    return problems
