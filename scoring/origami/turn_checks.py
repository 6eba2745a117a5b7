"""The checks every handler of a turn shares, in decide (decide.py) and in the effect steps (steps.py): the game
is in play, the state once some events have happened, and a refill of the draw line."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import reduce
from typing import Any

from .. import counts
from ..i18n import _
from . import events as e
from .cards import CardId
from .checks import Checker, from_deck
from .evolve import evolve
from .rules import RuleId
from .state import Phase

Handler = Callable[[Checker, Any], list[e.Event]]


def in_play(check: Checker) -> None:
    state = check.state
    check.require(state.phase is not Phase.SETUP, RuleId.SETUP_DEAL, _("deal the cards first"), overridable=False)
    check.require(state.phase is not Phase.OVER, RuleId.END_TRIGGER,
                  _("the game is over: reveal the hands and score it"), overridable=False)


def after(check: Checker, events: Sequence[e.Event]) -> Checker:
    """The same checks on the state once `events` have happened (a refill after cards left the deck)."""
    return Checker(reduce(evolve, events, check.state), check.catalogue, check.override, check.overridden)


def refill(check: Checker, cards: tuple[CardId, ...], line_now: int) -> list[e.Event]:
    """Refill events for the draw line; never more cards than it has room for."""
    if not cards:
        return []
    room = max(0, check.state.line_size - line_now)
    if len(cards) > room:
        check.refuse(RuleId.LINE_REFILL,
                     _("the draw line has room for {cards}, not {given}").format(cards=counts.cards(room),
                                                                                given=len(cards)),
                     overridable=False)
    check.in_game(cards)
    check.revealed(cards, reshuffling=len(cards) >= check.state.deck)
    return from_deck(check, len(cards), make=e.LineRefilled, revealed=cards)
