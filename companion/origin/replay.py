"""`companion origin replay GAME`: an Origin Story game's log step by step, each event as a sentence with its time,
undone actions marked, and the invariants (scoring.origin.audit) checked after each step. Exit 1 when a check
fails; a log that cannot be read is bad input (exit 2, naming the game and the event)."""
from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.records import GameRecord, LoggedEvent, Undone
from db.store import Store
from scoring.errors import InputError
from scoring.i18n import _, ngettext
from scoring.origin.audit import audit
from scoring.origin.describe import describe
from scoring.origin.evolve import evolve, project
from scoring.origin.state import GameState

from ..games import KINDS
from ..local_time import clock, when
from ..session import in_effect, taken_back, undone_actions
from . import KIND

EXIT_OK, EXIT_FAILED = 0, 1


@dataclass(frozen=True, slots=True)
class Step:
    entry: LoggedEvent
    text: str
    undone_by: LoggedEvent | None
    when: str  # "setup", "round 2", "round 2, trick 3"
    state: GameState | None
    problems: tuple[str, ...]


def _when(state: GameState | None) -> str:
    r = state.round if state is not None else None
    if r is None or state is None:
        # TRANSLATORS: when an event of a replay happened: before the first round.
        return _("setup")
    if r.scored is not None:
        return _("after round {n}").format(n=r.number)
    if r.alignment is None:
        # TRANSLATORS: {step} is the round's setup step as the log names it (dealer, deal, story, superhero…).
        return (_("round {n}, {step} step").format(n=r.number, step=state.next_step.value) if state.next_step
                else _("round {n}").format(n=r.number))
    return _("round {n}, trick {trick}").format(n=r.number, trick=min(r.tricks_done + 1, 8))


def sentence(event: Any, log: Sequence[LoggedEvent] = ()) -> str:
    if isinstance(event, Undone):
        return _("took back: {what} ({reason})").format(what=taken_back(event, log, describe), reason=event.reason)
    return describe(event)


def replay(log: list[LoggedEvent]) -> tuple[list[Step], GameState | None]:
    """Every stored event in order; the state is rebuilt from the events in effect (from scratch at each undo),
    and the end state must equal project()."""
    undone = undone_actions(log)
    state: GameState | None = None
    steps: list[Step] = []
    for i, entry in enumerate(log):
        when = _when(state)
        problems: list[str] = []
        try:
            if isinstance(entry.event, Undone):
                state = project(in_effect(log[:i + 1]))
            elif entry.action not in undone:
                state = evolve(state, entry.event)
        except Exception as exc:  # a damaged log must be reported, not crash the replay
            problems.append(_("event {seq} cannot be applied: {error}: {message}").format(
                seq=entry.seq, error=type(exc).__name__, message=exc))
        if state is not None and not problems:
            problems += audit(state)
        steps.append(Step(entry, sentence(entry.event, log), undone.get(entry.action), when, state, tuple(problems)))
    try:
        final = project(in_effect(log)) if log else None
    except Exception:
        final = None
    if steps and final != state:
        last = steps[-1]
        steps[-1] = Step(last.entry, last.text, last.undone_by, last.when, last.state,
                         last.problems + (_("replaying step by step does not reach the stored game's state"),))
    return steps, final


def state_json(state: GameState | None) -> dict[str, Any] | None:
    """What the table may see after the step (ORIGIN_STORY.md §2): counts and totals, never a hidden card."""
    if state is None:
        return None
    r = state.round
    out: dict[str, Any] = {"phase": str(state.phase), "round": r.number if r else None,
                           "dealer": state.dealer, "tricks_done": r.tricks_done if r else 0,
                           "tricks_won": r.won() if r else {}, "vp": state.totals(),
                           "step": state.next_step.value if state.next_step else None,
                           "stamina": dict(state.stamina),  # charges are public (§3.2 step 6)
                           "charged": [[p, s, n] for p, s, n in state.charges],
                           "event": state.event.name if state.event else None}
    if state.piles is not None:
        out["deck"], out["discard"] = len(state.piles.deck), len(state.piles.discard)
    return out


def step_json(step: Step) -> dict[str, Any]:
    undo = step.undone_by
    return {
        "seq": step.entry.seq, "action": step.entry.action, "recorded_at": step.entry.recorded_at.isoformat(),
        "event": type(step.entry.event).__name__, "when": step.when, "text": step.text,
        "undone": None if undo is None else {"at": undo.recorded_at.isoformat(), "seq": undo.seq,
                                             "reason": undo.event.reason if isinstance(undo.event, Undone) else ""},
        "state": state_json(step.state), "checks": "ok" if not step.problems else list(step.problems),
    }


def step_text(step: Step) -> str:
    undone = ""
    if step.undone_by is not None and isinstance(step.undone_by.event, Undone):
        undone = "  " + _("[undone {when}: {reason}]").format(when=when(step.undone_by.recorded_at),
                                                             reason=step.undone_by.event.reason)
    flag = "" if not step.problems else "  !! " + "; ".join(step.problems)
    return f"{step.entry.seq:>4} {clock(step.entry.recorded_at)} [{step.when}] {step.text}{undone}{flag}"


def run(args: argparse.Namespace, url: str) -> tuple[int, Any, str]:
    """(exit code, JSON data, text) for `companion origin replay GAME [--json]`."""
    store = Store.open(url, KINDS)
    try:
        game = store.games.get(args.game)
        if game.kind != KIND:
            raise InputError(_("game {id} is a game of {kind}: `companion replay {id}` replays it").format(
                id=game.id, kind=game.kind))
        return replayed(store, game)
    finally:
        store.close()


def replayed(store: Store, game: GameRecord) -> tuple[int, Any, str]:
    """(exit code, JSON data, text) for the game's log replayed (`companion replay GAME` of an Origin Story game)."""
    steps, _final = replay(store.log.events(game.id))  # a row that cannot be read: StoreError naming it
    bad = [s for s in steps if s.problems]
    events = ngettext("{n} event", "{n} events", len(steps)).format(n=len(steps))
    failing = ngettext("{n} event fails a check", "{n} events fail a check", len(bad)).format(n=len(bad))
    summary = (_("game {id}: {events}, every check passed").format(id=game.id, events=events) if not bad
               else _("game {id}: {events}, {failing}, first at event {seq}: {problem}").format(
                   id=game.id, events=events, failing=failing, seq=bad[0].entry.seq, problem=bad[0].problems[0]))
    data = {"game": game.id, "status": game.status, "steps": [step_json(s) for s in steps],
            "checks": "ok" if not bad else [s.entry.seq for s in bad]}
    return (EXIT_FAILED if bad else EXIT_OK), data, "\n".join([*(step_text(s) for s in steps), summary])
