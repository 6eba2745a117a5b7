"""A game of Pips recorded turn by turn: the rules are engine.py's, the log machinery LogSession's (shared by every
game): decide -> durable append -> evolve, undo, a retry recorded once."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.session import LogSession
from db.store import Store
from scoring.decision import Decision, Rejected
from scoring.errors import InputError

from . import engine
from .engine import State

KIND = "pips"


class PipsSession(LogSession[State]):
    kind = KIND

    @classmethod
    def start(cls, store: Store, command: engine.Start, key: str) -> PipsSession | Rejected:
        decision = engine.decide(None, command)
        if isinstance(decision, Rejected):
            return decision
        record = store.games.create(variant="pips", players=command.players, families=[], first=decision.events,
                                   key=key, kind=KIND)
        return cls(store, record.id)

    def decide(self, state: State | None, command: Any) -> Decision:
        return engine.decide(state, command)

    def evolve(self, state: State, event: Any) -> State:
        return engine.evolve(state, event)

    def project(self, events: Sequence[Any]) -> State:
        return engine.project(list(events))

    def is_setup(self, event: Any) -> bool:
        return isinstance(event, engine.Started)

    def finish(self) -> engine.Sheet:
        if not self.state.over:
            raise InputError(f"game {self.game_id} is not over yet")
        sheet = engine.sheet(self.state)
        sheets = [{"name": s.name, "total": s.total, "rank": s.rank} for s in sheet.players]
        self.record = self.store.results.finish(self.game_id, sheet, sheets)
        return sheet
