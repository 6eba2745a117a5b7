"""The round stepper's step due, worked out from the game (ORIGIN_STORY.md §3.2): which step of the round's setup
is to be answered now, and by whom. `charged`: the table said it is done charging (the charge step is optional, so
it stays open until then); `aligned`: the alignments typed so far, kept hidden until all are in."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .setup import ROUNDS, Kind, has_event, stamina_gain
from .state import GameState, Phase, Step


@dataclass(frozen=True, slots=True)
class Due:
    step: str  # dealer | deal | event | stamina | story | superhero | charge | align | rows | none
    player: str = ""


def players(state: GameState) -> tuple[str, ...]:
    """The players in seat order (no sidekick, no Vancardian): those who charge, align and place story cards."""
    return tuple(s.name for s in state.seating.seats if s.kind is Kind.PLAYER)


def due(state: GameState, charged: bool, aligned: Mapping[str, str]) -> Due:
    if state.phase is Phase.DEALER:
        return Due("dealer")
    r = state.round
    if r is None:
        return Due("none")
    if state.phase is Phase.DEAL:
        return Due("rows") if r.alignment is not None else Due("deal")
    if state.phase is not Phase.ALIGN:
        return Due("none")
    step = state.next_step
    order = state.from_dealers_left()
    if step is Step.STORY:
        return Due("story", next(p for p in order if r.number not in state.story_cards(p)))
    if step is Step.SUPERHERO:
        return Due("superhero", next(p for p in order if state.superhero(p) is None))
    if step is Step.CHARGE and not charged:
        return Due("charge")
    if step in (Step.EVENT, Step.STAMINA):
        return Due(step.value)
    return Due("align", next((p for p in order if p not in aligned), ""))  # asked as the story cards are


def in_round(step: str, number: int) -> bool:
    """Whether a setup step belongs to round `number`: the event in round 3 (OS-EVENT-R3), the stamina gain and the
    story card in rounds 1-4, the superhero in round 5; every other step in every round."""
    only = {"event": has_event(number), "stamina": stamina_gain(number) > 0, "story": number < ROUNDS,
            "superhero": number == ROUNDS}
    return only.get(step, True)
