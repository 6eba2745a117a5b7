"""GameSession: an Origami game recorded turn by turn (the log machinery is LogSession's, shared by every game).

A value nobody knows (MissingValue) is not a refusal: the caller asks the player, calls `supply`, and submits
again with the same key.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from db.store import Store
from scoring.decision import Decision, Rejected
from scoring.errors import InputError
from scoring.i18n import _
from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami import evolve as evolution
from scoring.origami.audit import audit
from scoring.origami.catalog import Catalogue
from scoring.origami.decide import decide
from scoring.origami.position import final_table
from scoring.origami.sheet import ScoreSheet, score
from scoring.origami.state import GameState, Phase

from ..session import LogSession, Submitted
from . import KIND
from .catalogue import remember, with_values
from .render import sheet_json

__all__ = ["GameSession", "Submitted"]


class GameSession(LogSession[GameState]):
    kind = KIND

    def __init__(self, store: Store, game_id: int, catalogue: Catalogue) -> None:
        self.base = catalogue  # shipped + the user's files; the database's card values go over it
        self.catalogue = with_values(catalogue, store.catalogue.values(KIND))
        super().__init__(store, game_id)

    @classmethod
    def start(cls, store: Store, command: c.StartGame, catalogue: Catalogue, key: str) -> GameSession | Rejected:
        """A new game, if the referee accepts its setup; retried with the same key, the same game."""
        decision = decide(None, command, catalogue)
        if isinstance(decision, Rejected):
            return decision
        record = store.games.create(variant=command.variant, players=command.players, families=command.families,
                                   characters=command.character_pairs, rules=command.choices.as_dict(),
                                   first=decision.events, key=key, kind=KIND)
        return cls(store, record.id, catalogue)

    # --- the rules --------------------------------------------------------------------------------
    def decide(self, state: GameState | None, command: Any) -> Decision:
        return decide(state, command, self.catalogue)

    def evolve(self, state: GameState, event: Any) -> GameState:
        return evolution.evolve(state, event)

    def project(self, events: Sequence[Any]) -> GameState:
        """The table as the log leaves it, each seat under its profile's name now: the log keeps the names given
        at the start, and a player renamed since is shown, and answers to `NAME:`, by the new one."""
        return with_names(evolution.project(events), self.record.players)

    def is_setup(self, event: Any) -> bool:
        return isinstance(event, e.GameStarted)

    def check(self, state: GameState) -> list[str]:
        started = next((x.event for x in self.log if isinstance(x.event, e.GameStarted)), None)
        return audit(state, started) if started is not None else [_("the log does not start with the game's setup")]

    # --- values and the end -----------------------------------------------------------------------
    def supply(self, card: str, field: str, value: Any) -> None:
        """A value a player read off the card: checked, stored in the user's catalogue, used from now on."""
        self.catalogue = remember(self.store, self.catalogue, card, field, value)

    def score(self) -> ScoreSheet:
        """The score sheet of the table as it stands (MissingValue when a value is needed)."""
        return score(final_table(self.state, self.catalogue))

    def finish(self) -> ScoreSheet:
        """Score the ended game and write its results into the history."""
        if self.state.phase is not Phase.OVER:
            raise InputError(_("game {id} is not over yet: {banner}").format(
                id=self.game_id, banner=self.state.end_banner()))
        sheet = self.score()
        self.record = self.store.results.finish(self.game_id, sheet, sheet_json(sheet)["players"])
        return sheet


def with_names(state: GameState, names: Sequence[str]) -> GameState:
    """`state` with each seat under the name given (the profiles' names now), the rest untouched."""
    if len(names) != len(state.players) or all(p.name == n for p, n in zip(state.players, names, strict=True)):
        return state
    return replace(state, players=tuple(replace(p, name=n) for p, n in zip(state.players, names, strict=True)))
