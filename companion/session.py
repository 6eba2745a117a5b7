"""LogSession: the one place where a referee's decision, the durable log and the game state meet, for any game.

submit: decide -> append (durable) -> evolve, so nothing is shown before it is on disk. Each action carries an
idempotency key (a retry records nothing twice); undo is a new event, and the state is the replay of every action
not undone; a write after another window's is refused (StaleGame) and the log reloaded. A game gives its rules by
implementing `decide`, `evolve`, `project` and `is_setup`; the rest is the same for every game.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from db.errors import StaleGame
from db.records import GameRecord, LoggedEvent, Undone
from db.store import Store
from scoring.decision import Accepted, Decision, Rejected
from scoring.errors import InputError
from scoring.i18n import _, ngettext

State = TypeVar("State")


@dataclass(frozen=True, slots=True)
class Submitted:
    decision: Decision
    recorded: bool  # False when refused, or when the key was already recorded (a retry)

    @property
    def accepted(self) -> bool:
        return isinstance(self.decision, Accepted)


def stale_said(stale: StaleGame) -> str:
    """A window's action refused because another recorded first, as the window says it."""
    return _("This game changed in another window, which recorded first (event {found}; this one showed "
             "{expected}): your line was not recorded. It is back where you typed it, with the game as it is now: "
             "Enter sends it again if it still applies.").format(found=stale.found, expected=stale.expected)


def undone_actions(log: Iterable[LoggedEvent]) -> dict[int, LoggedEvent]:
    """Action number -> the undo event that took it back."""
    return {entry.event.action: entry for entry in log if isinstance(entry.event, Undone)}


def taken_back(undo: Undone, log: Iterable[LoggedEvent], describe: Callable[[Any], str]) -> str:
    """What an undo took back, as the player saw it: the first event of that action (`log` holds it)."""
    first = next((entry.event for entry in log if entry.seq == undo.action and not isinstance(entry.event, Undone)),
                 None)
    return _("the action at event {event}").format(event=undo.action) if first is None else describe(first)


def in_effect(log: Sequence[LoggedEvent]) -> list[Any]:
    """The table's events that still count: every action's, except those undone."""
    undone = undone_actions(log)
    return [entry.event for entry in log if not isinstance(entry.event, Undone) and entry.action not in undone]


class LogSession(ABC, Generic[State]):
    kind: str  # the game this session records (games.kind)
    state: State

    def __init__(self, store: Store, game_id: int) -> None:
        self.store = store
        self.game_id = game_id
        self.reload()

    # --- the game's rules ---------------------------------------------------------------------------
    @abstractmethod
    def decide(self, state: State | None, command: Any) -> Decision: ...

    @abstractmethod
    def evolve(self, state: State, event: Any) -> State: ...

    @abstractmethod
    def project(self, events: Sequence[Any]) -> State: ...

    @abstractmethod
    def is_setup(self, event: Any) -> bool:
        """The event that starts the game: undo never takes it back."""

    # --- reading ----------------------------------------------------------------------------------
    def reload(self) -> None:
        """Replay the stored log: the state lands exactly where the game is."""
        self.record: GameRecord = self.store.games.get(self.game_id)
        if self.record.kind != self.kind:
            raise InputError(_("game {id} is a game of {kind}, not {wanted}").format(
                id=self.game_id, kind=self.record.kind, wanted=self.kind))
        if self.record.status == "abandoned":
            raise InputError(_("game {id} was abandoned: its log is kept (`companion replay {id}` shows it), but it "
                               "is not played on").format(id=self.game_id))
        self.log: list[LoggedEvent] = self.store.log.events(self.game_id)
        if not self.log:
            raise InputError(_("game {id} was scored at the end and has no log to resume").format(id=self.game_id))
        try:
            self.state = self.project(in_effect(self.log))
        except InputError:
            raise
        except Exception as exc:  # events read from disk that no game can reach: the log is damaged
            raise InputError(_("game {id}'s log cannot be replayed ({kind}: {problem}): it is damaged; "
                               "`companion replay {id}` shows where").format(
                id=self.game_id, kind=type(exc).__name__, problem=exc)) from None
        self.keys = {entry.key for entry in self.log if entry.key}
        self.problems = self.log_problems()
        self.seen = self.seq  # the event the person at this window acts after (see `follow`)

    def follow(self, typing: bool) -> None:
        """Take in what another window recorded. A line the person was `typing` meanwhile was typed against the
        table before it: the position they act after stays there, so that line is refused (StaleGame) instead of
        landing on the next trick or turn."""
        seen = self.seen
        self.reload()
        if typing:
            self.seen = seen

    def log_problems(self) -> list[str]:
        """What is wrong with the stored log (events missing or duplicated), each a sentence; empty when sound.
        Checked on every resume, as `companion replay` checks each step."""
        seqs = [entry.seq for entry in self.log]
        missing = sorted(set(range(1, seqs[-1] + 1)) - set(seqs))
        events = ", ".join(map(str, missing[:5])) + ("…" if len(missing) > 5 else "")
        # TRANSLATORS: {events} lists the missing events' numbers (the first five, then "…").
        out = [ngettext("event {events} is missing from the log", "events {events} are missing from the log",
                        len(missing)).format(events=events)] if missing else []
        return out + self.check(self.state)

    def check(self, state: State) -> list[str]:
        """The game's invariants broken in `state` (a game overrides this); empty when sound."""
        return []

    def as_logged(self, facts: Sequence[Any]) -> Sequence[Any]:
        """New facts as the log keeps them (a game whose events name its players writes the names the log started
        with, whatever the profiles are called now: see OriginSession)."""
        return facts

    @property
    def seq(self) -> int:
        return self.log[-1].seq

    # --- writing ----------------------------------------------------------------------------------
    def submit(self, command: Any, key: str) -> Submitted:
        """Check and record one action. Raises StaleGame (after reloading) when another window wrote first."""
        if key in self.keys:
            return Submitted(Accepted(self._action_events(key)), recorded=False)
        if self.record.finished:
            raise InputError(_("game {id} is finished; undo its last action to reopen it").format(id=self.game_id))
        self._as_seen()
        decision = self.decide(self.state, command)
        if isinstance(decision, Rejected):
            return Submitted(decision, recorded=False)
        appended = self._append(decision.events, key)
        if appended:
            state = self.state
            for event in decision.events:
                state = self.evolve(state, event)
            self.state = state
        return Submitted(decision, recorded=appended)

    def undo(self, reason: str, key: str) -> LoggedEvent:
        """Take back the latest action still in effect (not the setup); returns that action's first event."""
        if key in self.keys:
            return next(entry for entry in self.log if entry.key == key)
        self._as_seen()
        undone = undone_actions(self.log)
        actions = [entry for entry in self.log
                   if entry.seq == entry.action and not isinstance(entry.event, Undone)
                   and not self.is_setup(entry.event) and entry.action not in undone]
        if not actions:
            raise InputError(_("nothing to undo: only the setup is recorded (start a new game to change it)"))
        target = actions[-1]
        self._append((Undone(target.action, reason.strip() or "undone at the table"),), key)
        self.record = self.store.games.get(self.game_id)  # an undo may have reopened a finished game
        self.state = self.project(in_effect(self.log))
        return target

    def _as_seen(self) -> None:
        """Refuse an action typed against a table this window no longer shows (another window recorded since)."""
        if self.seen != self.seq:
            seen, self.seen = self.seen, self.seq
            raise StaleGame(self.game_id, seen, self.seq)

    def _append(self, facts: Sequence[Any], key: str) -> bool:
        facts = self.as_logged(facts)
        try:  # written after the event the person saw: the database refuses it when another window wrote since
            appended = self.store.log.append(self.game_id, self.seen, facts, key)
        except StaleGame:
            self.reload()
            raise
        if appended.duplicate:
            self.reload()
            return False
        assert appended.at is not None
        first, at = appended.first, appended.at
        self.log += [LoggedEvent(first + i, first, fact, at, key if i == 0 else None) for i, fact in enumerate(facts)]
        self.keys.add(key)
        self.seen = self.seq
        return True

    def _action_events(self, key: str) -> tuple[Any, ...]:
        first = next(entry for entry in self.log if entry.key == key)
        return tuple(entry.event for entry in self.log
                     if entry.action == first.action and not isinstance(entry.event, Undone))
