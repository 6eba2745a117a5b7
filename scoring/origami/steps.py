"""The public consequences of effects (draws, discards, passes, rice paper, moves...), each checked:
where the cards come from, and that an effect opened this turn produces that kind of consequence."""
from __future__ import annotations

from . import commands as c
from . import events as e
from .cards import RICE_PAPER
from .checks import Checker, from_deck
from .referee import Handler, in_play, refill
from .rules import RuleId


def _effect(check: Checker, kind: str, what: str) -> None:
    """Consequences follow an action whose effect (played card, special action, Character) allows them."""
    in_play(check)
    state = check.state
    cards = [check.catalogue.card(cid) for cid in state.effects]
    allowed = any(card.steps is None or kind in card.steps for card in cards)
    because = (f"it is not what {', '.join(state.effects)} does this turn" if state.effects
               else "no card's effect is open this turn")
    check.require(allowed, RuleId.EFFECT_STEPS,
                  f"{what}: {because}; if a card allows it, record it as an override")


def _draw_deck(check: Checker, cmd: c.DrawFromDeck) -> list[e.Event]:
    _effect(check, "draw_deck", "drawing from the deck")
    check.seat(cmd.player)
    check.require(0 < cmd.count and len(cmd.revealed) <= cmd.count, RuleId.CARD_ZONE,
                  "draw at least one card; the cards shown cannot be more than the cards drawn",
                  overridable=False)
    check.in_game(cmd.revealed)
    check.revealed(cmd.revealed, reshuffling=cmd.count >= check.state.deck)
    return from_deck(check, cmd.count, player=cmd.player, revealed=cmd.revealed)


def _take_line(check: Checker, cmd: c.TakeFromLine) -> list[e.Event]:
    _effect(check, "take_line", "taking cards from the draw line")
    check.seat(cmd.player)
    check.line_without(cmd.cards)
    return [e.LineDrawn(cmd.player, tuple(cmd.cards), False)]


def _refill(check: Checker, cmd: c.RefillLine) -> list[e.Event]:
    in_play(check)
    return refill(check, cmd.cards, len(check.state.line))


def _replace_line(check: Checker, cmd: c.ReplaceLine) -> list[e.Event]:
    _effect(check, "replace_line", "replacing the draw line")
    old = check.state.line
    return [e.LineReplaced(old), *refill(check, cmd.cards, 0)] if cmd.cards else [e.LineReplaced(old)]


def _take_discard(check: Checker, cmd: c.TakeFromDiscard) -> list[e.Event]:
    _effect(check, "take_discard", "taking a card from the discard pile")
    check.seat(cmd.player)
    check.require(cmd.card in check.state.discard, RuleId.CARD_ZONE,
                  f"{cmd.card} is not on the discard pile", overridable=False)
    return [e.TakenFromDiscard(cmd.player, cmd.card)]


def _discard(check: Checker, cmd: c.Discard) -> list[e.Event]:
    _effect(check, "discard", "discarding")
    check.seat(cmd.player)
    check.hand_has(cmd.player, cmd.cards)
    return [e.Discarded(cmd.player, tuple(cmd.cards))]


def _pass(check: Checker, cmd: c.PassCards) -> list[e.Event]:
    _effect(check, "pass", "passing cards")
    check.seat(cmd.giver)
    check.hand_has(cmd.giver, cmd.cards)
    check.seat(cmd.receiver)
    check.require(cmd.giver != cmd.receiver, RuleId.CARD_ZONE, "a player cannot pass cards to themself",
                  overridable=False)
    hand = check.state.player(cmd.giver).hand.without(cmd.cards)
    check.require(0 <= cmd.hidden <= hand.size - hand.rice, RuleId.CARD_ZONE,
                  f"{check.name(cmd.giver)} has only {hand.size - hand.rice} other card(s) to pass unseen "
                  f"(rice paper passed must be named)", overridable=False)
    check.require(bool(cmd.cards) or cmd.hidden > 0, RuleId.CARD_ZONE, "pass at least one card",
                  overridable=False)
    return [e.Passed(cmd.giver, cmd.receiver, tuple(cmd.cards), cmd.hidden)]


def _rice(check: Checker, cmd: c.TakeRicePaper) -> list[e.Event]:
    _effect(check, "take_rice", "taking rice paper")
    check.seat(cmd.player)
    check.in_game([RICE_PAPER])
    left = check.state.rice_deck
    check.require(0 < cmd.count <= left, RuleId.PAY_RICE,
                  f"the rice paper deck holds {left}: take at most that many (the rest is unavailable for now)",
                  overridable=False)
    return [e.RiceTaken(cmd.player, cmd.count)]


def _move(check: Checker, cmd: c.MoveOrigami) -> list[e.Event]:
    _effect(check, "move", "moving an origami")
    check.seat(cmd.owner)
    columns = [list(col) for col in check.state.player(cmd.owner).collections]
    (sc, sp), (tc, tp) = cmd.source, cmd.target
    check.require(sc in (0, 1) and tc in (0, 1) and 0 <= sp < len(columns[sc]), RuleId.CARD_ZONE,
                  f"there is no card at collection {sc + 1}, position {sp + 1}", overridable=False)
    card = columns[sc].pop(sp)
    check.require(0 <= tp <= len(columns[tc]), RuleId.CARD_ZONE,
                  f"collection {tc + 1} has no position {tp + 1}", overridable=False)
    columns[tc].insert(tp, card)
    check.require(abs(len(columns[0]) - len(columns[1])) <= 1, RuleId.COLL_BALANCE,
                  f"moving {card} would leave collections of {len(columns[0])} and {len(columns[1])} cards")
    return [e.OrigamiMoved(cmd.owner, cmd.source, cmd.target)]


def _swap_in(check: Checker, cmd: c.SwapIn) -> list[e.Event]:
    _effect(check, "swap_in", "swapping a card into a collection")
    check.seat(cmd.player)
    check.hand_has(cmd.player, (cmd.card,))
    check.require(cmd.collection in (0, 1), RuleId.COLL_TWO, "choose collection 1 or 2", overridable=False)
    column = check.state.player(cmd.player).collections[cmd.collection]
    check.require(bool(column), RuleId.CARD_ZONE, f"collection {cmd.collection + 1} is empty", overridable=False)
    return [e.OrigamiSwapped(cmd.player, cmd.collection, len(column) - 1, column[-1], cmd.card)]


def _extra(check: Checker, cmd: c.TakeExtraAction) -> list[e.Event]:
    _effect(check, "extra_action", "taking another action")
    state = check.state
    check.require(cmd.player == state.current, RuleId.TURN_ORDER,
                  f"only {check.name(state.current)}, whose turn it is, takes another action")
    source = next((cid for cid in reversed(state.effects)
                   if (s := check.catalogue.card(cid).steps) is None or "extra_action" in s), state.effects[-1])
    return [e.ExtraActionGranted(cmd.player, source)]


def _reveal(check: Checker, cmd: c.RevealHand) -> list[e.Event]:
    """Showing cards is always allowed; it turns unseen cards into known ones."""
    check.require(check.state.turn > 0, RuleId.SETUP_DEAL, "deal the cards first", overridable=False)
    check.seat(cmd.player)
    hand = check.state.player(cmd.player).hand
    check.require(hand.can_give(cmd.cards), RuleId.CARD_ZONE,
                  f"{check.name(cmd.player)} holds {hand.size} card(s); that is more than that, or not them",
                  overridable=False)
    check.in_game(cmd.cards)
    check.shown(cmd.player, cmd.cards)
    return [e.HandRevealed(cmd.player, tuple(cmd.cards))]


HANDLERS: dict[type, Handler] = {
    c.DrawFromDeck: _draw_deck, c.TakeFromLine: _take_line, c.RefillLine: _refill,
    c.ReplaceLine: _replace_line, c.TakeFromDiscard: _take_discard, c.Discard: _discard, c.PassCards: _pass,
    c.TakeRicePaper: _rice, c.MoveOrigami: _move, c.SwapIn: _swap_in, c.TakeExtraAction: _extra,
    c.RevealHand: _reveal,
}
