"""Random legal games (companion.origami.playout) with every command and the state after each, for store tests."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.origami.playout import Playout
from scoring.origami import commands as c
from scoring.origami.catalog import Catalogue
from scoring.origami.state import GameState
from scoring.origami.table import Variant


@dataclass(slots=True)
class Scripted(Playout):
    """A playout that keeps the state after every command."""

    states: list[GameState] = field(default_factory=list)  # the state after each command

    def submit(self, command: c.Command):  # type: ignore[no-untyped-def]
        events = Playout.submit(self, command)
        self.states.append(self.s)
        return events


def script(catalogue: Catalogue, seed: int, variant: Variant = Variant.LEGENDS, players: int = 3) -> Scripted:
    game = Scripted(catalogue, random.Random(seed))
    game.play_game(variant, players)
    return game
