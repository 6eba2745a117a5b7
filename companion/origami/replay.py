"""An Origami game's log step by step: each event as a sentence, the state after it, and the invariants checked
(`companion replay GAME`)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.records import GameRecord, LoggedEvent, Undone
from db.store import Store
from scoring.errors import InputError
from scoring.i18n import ENGLISH, _, language, ngettext
from scoring.origami import events as e
from scoring.origami.audit import audit
from scoring.origami.catalog import Catalogue
from scoring.origami.describe import describe
from scoring.origami.evolve import evolve, project, start
from scoring.origami.state import GameState

from ..local_time import clock, when
from ..session import in_effect, taken_back, undone_actions
from .catalogue import shipped


@dataclass(frozen=True, slots=True)
class Step:
    entry: LoggedEvent
    text: str
    undone_by: LoggedEvent | None  # the undo that took this action back
    when: str  # the turn it happened in, e.g. "turn 3 (Ann)", or "setup"
    state: GameState | None  # the state after this event, among the events that count
    problems: tuple[str, ...]


def replay(log: list[LoggedEvent], catalogue: Catalogue | None = None) -> tuple[list[Step], GameState | None]:
    """Every stored event in order. The state is rebuilt from the events in effect; at each undo, it is
    rebuilt from scratch so the undone action visibly stops counting. The end state must equal project().
    `catalogue`: the cards, to name them in each step's sentence as the edition of the language in use does."""
    undone = undone_actions(log)
    names: tuple[str, ...] = ()
    started: e.GameStarted | None = None
    state: GameState | None = None
    steps = []
    for i, entry in enumerate(log):
        event = entry.event
        when = (_("turn {n} ({player})").format(n=state.turn, player=state.players[state.current].name)
                if state and state.turn else _("setup"))
        if isinstance(event, e.GameStarted):
            started, names, state = event, event.players, start(event)
        elif isinstance(event, Undone):
            state = project(in_effect(log[:i + 1]))
        elif entry.action not in undone and state is not None:
            state = evolve(state, event)
        problems = tuple(audit(state, started)) if state is not None and started is not None else ()
        steps.append(Step(entry, sentence(event, names, log, catalogue), undone.get(entry.action), when, state,
                          problems))
    final = project(in_effect(log)) if log else None
    if final is not None and final != state:
        last = steps[-1]
        steps[-1] = Step(last.entry, last.text, last.undone_by, last.when, last.state,
                         last.problems + (_("replaying step by step does not reach the stored game's state"),))
    return steps, final


def step_json(step: Step) -> dict[str, Any]:
    s = step.state
    return {
        "seq": step.entry.seq, "action": step.entry.action, "recorded_at": step.entry.recorded_at.isoformat(),
        "event": type(step.entry.event).__name__, "when": step.when, "text": step.text,
        "undone": None if step.undone_by is None else {
            "at": step.undone_by.recorded_at.isoformat(), "seq": step.undone_by.seq,
            "reason": step.undone_by.event.reason if isinstance(step.undone_by.event, Undone) else ""},
        "state": None if s is None else {
            "phase": str(s.phase), "turn": s.turn, "to_play": s.players[s.current].name if s.turn else None,
            "deck": s.deck, "exhaustions": s.exhaustions, "line": list(s.line),
            "hands": {p.name: p.hand.size for p in s.players}},
        "checks": "ok" if not step.problems else list(step.problems),
    }


def step_text(step: Step) -> str:
    undone = ""
    if step.undone_by is not None and isinstance(step.undone_by.event, Undone):
        undone = (f"  [undone {when(step.undone_by.recorded_at)}: {step.undone_by.event.reason}]")
    flag = "" if not step.problems else "  !! " + "; ".join(step.problems)
    return f"{step.entry.seq:>4} {clock(step.entry.recorded_at)} [{step.when}] {step.text}{undone}{flag}"


def sentence(event: e.Event | Undone, names: tuple[str, ...], log: Sequence[LoggedEvent] = (),
             catalogue: Catalogue | None = None) -> str:
    """An event of the log, undos included, as a sentence: an undo says what it took back (its first event, found
    in `log`). Given the catalogue, the cards are named as the edition of the language in use names them."""
    if isinstance(event, Undone):
        return _("took back: {what} ({reason})").format(
            what=taken_back(event, log, lambda x: describe(x, names, catalogue)), reason=event.reason)
    return describe(event, names, catalogue)


def replayed(store: Store, game: GameRecord) -> tuple[int, Any, str]:
    """(exit code, JSON data, text) for `companion replay GAME` of an Origami game: each step with the checks after
    it (exit 1 when one fails)."""
    # The cards by the names of the language's edition (in English, by their ids: nothing to read for it).
    catalogue = None if language() == ENGLISH else shipped()
    try:
        steps, final = replay(store.log.events(game.id), catalogue)
    except InputError:
        raise
    except Exception as exc:  # events read from disk that no game can reach: the log is damaged
        raise InputError(_("game {id}'s log cannot be replayed ({error}): it is damaged; restore a backup copy of "
                           "the database").format(id=game.id, error=f"{type(exc).__name__}: {exc}")) from None
    bad = [s for s in steps if s.problems]
    events = ngettext("{n} event", "{n} events", len(steps)).format(n=len(steps))
    failing = ngettext("{n} event fails a check", "{n} events fail a check", len(bad)).format(n=len(bad))
    summary = (_("game {id}: {events}, every check passed") if not bad else _("game {id}: {events}, {failing}")).format(
        id=game.id, events=events, failing=failing)
    if final is not None:
        summary = _("{summary}; now: {banner}").format(summary=summary, banner=final.end_banner())
    data = {"game": game.id, "status": game.status, "steps": [step_json(s) for s in steps],
            "checks": "ok" if not bad else [s.entry.seq for s in bad]}
    return (1 if bad else 0), data, "\n".join([*(step_text(s) for s in steps), summary])
