"""What must hold in every state reached from a game's public events (for replays and simulations)."""
from __future__ import annotations

from ..i18n import _
from .events import GameStarted
from .state import GameState, Phase


def audit(state: GameState, started: GameStarted) -> list[str]:
    """The broken invariants, each as a sentence; empty when the state is sound."""
    if state.phase is Phase.SETUP:
        return []
    problems = []
    if state.total_cards() != started.deck:
        problems.append(_("{n} cards are accounted for; the game has {deck}").format(n=state.total_cards(),
                                                                                     deck=started.deck))
    if state.rice_total() != started.rice:
        problems.append(_("{n} rice paper cards are accounted for; there are {rice}").format(n=state.rice_total(),
                                                                                             rice=started.rice))
    if state.deck < 0:
        problems.append(_("the deck holds {n} cards").format(n=state.deck))
    for p in state.players:
        if p.hand.unknown < 0:
            problems.append(_("{player}'s hand holds {n} cards").format(player=p.name, n=p.hand.size))
        sizes = [len(c) for c in p.collections]
        if abs(sizes[0] - sizes[1]) > 1 and not state.overrides:
            problems.append(_("{player}'s collections hold {first} and {second} cards (more than one apart)").format(
                player=p.name, first=sizes[0], second=sizes[1]))
    return problems
