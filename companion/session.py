"""GameSession: the one place where the referee's decision, the durable log and the game state meet.

submit: decide -> append (durable) -> evolve, so nothing is shown before it is on disk. A value nobody knows
(MissingValue) is not a refusal: the caller asks the player, calls `supply`, and submits again with the same
key. Undo is a new event; the state is the replay of every action not undone.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from db.errors import StaleGame
from db.records import GameRecord, LoggedEvent, Undone
from db.store import Store
from scoring.decision import Accepted, Rejected
from scoring.errors import InputError
from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami.catalog import Catalogue
from scoring.origami.evolve import evolve, project
from scoring.origami.position import final_table
from scoring.origami.referee import Decision, decide
from scoring.origami.sheet import ScoreSheet, score
from scoring.origami.state import GameState, Phase

from .catalogue import remember, with_values
from .render import sheet_json


@dataclass(frozen=True, slots=True)
class Submitted:
    decision: Decision
    recorded: bool  # False when refused, or when the key was already recorded (a retry)

    @property
    def accepted(self) -> bool:
        return isinstance(self.decision, Accepted)


def undone_actions(log: Iterable[LoggedEvent]) -> dict[int, LoggedEvent]:
    """Action number -> the undo event that took it back."""
    return {entry.event.action: entry for entry in log if isinstance(entry.event, Undone)}


def in_effect(log: Sequence[LoggedEvent]) -> list[e.Event]:
    """The table's events that still count: every action's, except those undone."""
    undone = undone_actions(log)
    return [entry.event for entry in log if not isinstance(entry.event, Undone) and entry.action not in undone]


class GameSession:
    def __init__(self, store: Store, game_id: int, catalogue: Catalogue) -> None:
        self.store = store
        self.game_id = game_id
        self.base = catalogue  # shipped + the user's files; the database's card values go over it
        self.catalogue = with_values(catalogue, store.card_values())
        self.reload()

    @classmethod
    def start(cls, store: Store, command: c.StartGame, catalogue: Catalogue, key: str) -> GameSession | Rejected:
        """A new game, if the referee accepts its setup; retried with the same key, the same game."""
        decision = decide(None, command, catalogue)
        if isinstance(decision, Rejected):
            return decision
        record = store.create_game(variant=command.variant, players=command.players, families=command.families,
                                   characters=command.character_pairs, rules=command.choices.as_dict(),
                                   first=decision.events, key=key)
        return cls(store, record.id, catalogue)

    # --- reading ----------------------------------------------------------------------------------
    def reload(self) -> None:
        """Replay the stored log: the state lands exactly where the game is."""
        self.record: GameRecord = self.store.game(self.game_id)
        self.log: list[LoggedEvent] = self.store.events(self.game_id)
        if not self.log:
            raise InputError(f"game {self.game_id} was scored at the end and has no log to resume")
        self.state: GameState = project(in_effect(self.log))
        self.keys = {entry.key for entry in self.log if entry.key}

    @property
    def seq(self) -> int:
        return self.log[-1].seq

    # --- writing ----------------------------------------------------------------------------------
    def submit(self, command: c.Command, key: str) -> Submitted:
        """Check and record one action. Raises StaleGame (after reloading) when another window wrote first."""
        if key in self.keys:
            return Submitted(Accepted(self._action_events(key)), recorded=False)
        if self.record.finished:
            raise InputError(f"game {self.game_id} is finished; undo its last action to reopen it")
        decision = decide(self.state, command, self.catalogue)
        if isinstance(decision, Rejected):
            return Submitted(decision, recorded=False)
        appended = self._append(decision.events, key)
        if appended:
            state = self.state
            for event in decision.events:
                state = evolve(state, event)
            self.state = state
        return Submitted(decision, recorded=appended)

    def undo(self, reason: str, key: str) -> LoggedEvent:
        """Take back the latest action still in effect (not the setup); returns that action's first event."""
        if key in self.keys:
            return next(entry for entry in self.log if entry.key == key)
        undone = undone_actions(self.log)
        actions = [entry for entry in self.log
                   if entry.seq == entry.action and not isinstance(entry.event, (Undone, e.GameStarted))
                   and entry.action not in undone]
        if not actions:
            raise InputError("nothing to undo: only the setup is recorded (start a new game to change it)")
        target = actions[-1]
        self._append((Undone(target.action, reason.strip() or "undone at the table"),), key)
        self.state = project(in_effect(self.log))
        return target

    def _append(self, facts: Sequence[e.Event | Undone], key: str) -> bool:
        try:
            appended = self.store.append(self.game_id, self.seq, facts, key)
        except StaleGame:
            self.reload()
            raise
        if appended.duplicate:
            self.reload()
            return False
        assert appended.at is not None
        self.log.extend(LoggedEvent(appended.first + i, appended.first, fact, appended.at, key if i == 0 else None)
                        for i, fact in enumerate(facts))
        self.keys.add(key)
        self.record = self.store.game(self.game_id) if any(isinstance(f, Undone) for f in facts) else self.record
        return True

    def _action_events(self, key: str) -> tuple[e.Event, ...]:
        first = next(entry for entry in self.log if entry.key == key)
        return tuple(entry.event for entry in self.log
                     if entry.action == first.action and not isinstance(entry.event, Undone))

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
            raise InputError(f"game {self.game_id} is not over yet: {self.state.end_banner()}")
        sheet = self.score()
        self.record = self.store.finish(self.game_id, sheet, sheet_json(sheet)["players"])
        return sheet
