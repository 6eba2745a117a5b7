"""What the table offers to record in a key or two: the likely actions of the player whose turn it is (from
legal_actions, on the cards the table knows, the payment already chosen), and whether the turn ends by itself.

Offers leave out the deck cards an action turns up (legal_actions does): `refill_owed` says how many the
table must still be told."""
from __future__ import annotations

from . import commands as c
from .cards import RICE_PAPER
from .catalog import Catalogue
from .checks import deck_can_give
from .grants import available, unknown_effect
from .legal import legal_actions
from .options import folds
from .state import GameState, Phase

PICKS = 9  # numbered 1 to 9


def likely_actions(state: GameState, catalogue: Catalogue) -> list[c.Command]:
    """Up to nine actions, likeliest first: an effect's steps (the other players' too: the Leprechaun lets each
    draw), then for the player whose turn it is each origami or Character that can be played (at its cheapest
    payment: fewest cards, most rice paper), special actions, the draws taking the most folds, and the end of the
    turn."""
    seats = (state.current, *(seat for seat in range(state.count) if seat != state.current))
    offers = [offer for seat in seats for offer in _offered(state, seat, catalogue)]
    cheapest: dict[tuple[object, ...], c.PlayOrigami | c.PlayCharacter] = {}
    for offer in offers:
        if isinstance(offer, (c.PlayOrigami, c.PlayCharacter)):
            key = (type(offer), offer.player, offer.card,
                   *([offer.collection, offer.under, offer.source, offer.via] if isinstance(offer, c.PlayOrigami)
                     else []))
            best = cheapest.get(key)
            if best is None or _cost(offer) < _cost(best):
                cheapest[key] = offer
    others = [x for x in offers if not isinstance(x, (c.PlayOrigami, c.PlayCharacter))]
    return sorted([*cheapest.values(), *others], key=lambda x: _rank(x, catalogue))[:PICKS]


def _cost(play: c.PlayOrigami | c.PlayCharacter) -> tuple[int, int]:
    return len(play.payment), -play.payment.count(RICE_PAPER)


def _rank(command: c.Command, catalogue: Catalogue) -> tuple[int, float]:
    match command:
        case c.PlayOrigami() | c.PlayCharacter():
            return 1, len(command.payment)
        case c.UseSpecialAction():
            return 2, 0
        case c.DrawCards(cards=taken, rice_traded=trade):
            return 3, -folds(taken, catalogue) - trade
        case c.EndTurn():
            return 4, len(command.discards)
    return 0, 0  # an effect's step: what the turn is waiting for


def refill_owed(command: c.Command, state: GameState) -> int:
    """How many cards turned up from the deck the table must name for this offer to be recorded (a draw's or an
    end's refill of the draw line)."""
    if isinstance(command, c.DrawCards):
        room = state.line_size - (len(state.line) - len(command.cards))
        return max(0, min(room, deck_can_give(state) - command.rice_traded))
    if isinstance(command, c.EndTurn):
        return max(0, min(state.line_size - len(state.line), deck_can_give(state)))
    return 0


def ends_by_itself(state: GameState, catalogue: Catalogue) -> c.EndTurn | None:
    """The end of the turn, when it is all that anyone may do now and it turns up nothing from the deck. Not while an
    effect nobody knows was opened, nor while an effect lets a player act with cards the table has not seen (the
    Phoenix's discard then draw, from a hand partly unseen: legal_actions lists only what it can name)."""
    if state.phase is not Phase.PLAY or state.actions_left > 0 or state.free_play is not None:
        return None
    if unknown_effect(state, catalogue) or any(_unseen_choice(state, i) for i in range(len(state.grants))):
        return None  # what may still be done is not for legal_actions to list: the table says `end`
    end = c.EndTurn(state.current)
    if _offered(state, state.current, catalogue) != [end] or refill_owed(end, state):
        return None
    others = (seat for seat in range(state.count) if seat != state.current)
    return None if any(_offered(state, seat, catalogue) for seat in others) else end


def _offered(state: GameState, seat: int, catalogue: Catalogue) -> list[c.Command]:
    """legal_actions, or nothing when the table holds a card this catalogue does not (a game recorded with a
    catalogue file not given now): what to offer is then not known, and a typed line is refereed as always."""
    try:
        return legal_actions(state, seat, catalogue)
    except KeyError:
        return []


HAND_STEPS = frozenset({"discard", "pass", "play", "swap_in"})  # steps done with cards from the hand


def _unseen_choice(state: GameState, index: int) -> bool:
    """The effect's step at `index` may still be taken with cards from a hand the table has not seen whole."""
    grant = state.grants[index]
    return grant.step in HAND_STEPS and state.player(grant.seat).hand.unknown > 0 and available(state, index)
