"""The public consequences of effects (draws, discards, passes, rice paper, moves...), each checked:
where the cards come from, and that it uses a grant of an effect opened this turn exactly as granted."""
from __future__ import annotations

from .. import counts
from ..i18n import _, ngettext
from . import commands as c
from . import events as e
from .cards import RICE_PAPER, CardId, Effect
from .checks import Checker, deck_can_give, from_deck
from .effects import Grant
from .grants import Problem, Test, available, exactly, from_drawn, open_effect, showing, use
from .options import folds
from .rules import RuleId
from .state import GameState
from .turn_checks import Handler, after, in_play, refill


def _effect(check: Checker, step: str, seat: int, test: Test, cards: tuple[CardId, ...] = ()) -> list[e.Event]:
    """A consequence must use a grant of an effect opened this turn, exactly as granted (grants.py)."""
    in_play(check)
    check.seat(seat)
    return use(check, step, seat, test, cards)


def _holder(state: GameState, step: str, test: Test = lambda g: None) -> int:
    """Who does a step whose command names nobody (a move, a new draw line): whoever holds a grant for it this turn
    that allows this one, the player whose turn it is first (a Sloth or a Rhino played through another player's
    Dragon is its owner's; a Piranha and a Sloth may both be open). When none allows it, the first holder, whose
    grant then says why."""
    grants = sorted((g for i, g in enumerate(state.grants) if g.step == step and available(state, i)),
                    key=lambda g: g.seat != state.current)  # stable: the order the effects opened in
    return next((g.seat for g in grants if test(g) is None), grants[0].seat if grants else state.current)


def _draw_deck(check: Checker, cmd: c.DrawFromDeck) -> list[e.Event]:
    check.require(0 < cmd.count and len(cmd.revealed) <= cmd.count, RuleId.CARD_ZONE,
                  _("draw at least one card; the cards shown cannot be more than the cards drawn"),
                  overridable=False)
    can = deck_can_give(check.state)
    used = _effect(check, "draw_deck", cmd.player, lambda g: exactly(g, cmd.count, can, "draw", check.catalogue),
                   cmd.revealed)
    check.in_game(cmd.revealed)
    check.revealed(cmd.revealed, reshuffling=cmd.count >= check.state.deck)
    return used + from_deck(check, cmd.count, player=cmd.player, revealed=cmd.revealed)


def _take_line(check: Checker, cmd: c.TakeFromLine) -> list[e.Event]:
    state = check.state

    def test(g: Grant) -> Problem:
        taken = folds(cmd.cards, check.catalogue)
        due = min(g.amount, len(state.line))
        if g.amount and len(cmd.cards) != due:
            return RuleId.EFFECT_AMOUNT, _("{card}: take {cards}, not {n}").format(
                card=check.card_name(g.source), cards=counts.cards(due), n=len(cmd.cards))
        if g.folds and g.exact and taken != g.folds:
            return RuleId.EFFECT_AMOUNT, ngettext("{card}: take exactly {n} fold, not {taken}",
                                                  "{card}: take exactly {n} folds, not {taken}", g.folds).format(
                card=check.card_name(g.source), n=g.folds, taken=taken)
        if g.folds and taken > g.folds:
            return RuleId.EFFECT_AMOUNT, ngettext("{card}: take at most {n} fold in all, not {taken}",
                                                  "{card}: take at most {n} folds in all, not {taken}",
                                                  g.folds).format(card=check.card_name(g.source), n=g.folds,
                                                                  taken=taken)
        if g.card_folds:
            most = ngettext("{n} fold", "{n} folds", g.card_folds).format(n=g.card_folds)
            too_big = [x for x in cmd.cards if folds((x,), check.catalogue) > g.card_folds]
            if too_big:
                worth = ngettext("{cards} is worth more", "{cards} are worth more", len(too_big)).format(
                    cards=check.card_names(too_big))
                return RuleId.EFFECT_AMOUNT, _("{card}: only cards of {folds} or fewer; {worth}").format(
                    card=check.card_name(g.source), folds=most, worth=worth)
            every = sorted(x for x in state.line if folds((x,), check.catalogue) <= g.card_folds)
            if sorted(cmd.cards) != every:
                return RuleId.EFFECT_AMOUNT, _("{card}: take every draw-line card of {folds} or fewer: {cards}").format(
                    card=check.card_name(g.source), folds=most, cards=check.card_names(every) or _("none"))
        return None

    check.require(bool(cmd.cards), RuleId.CARD_ZONE,
                  _("take at least one card (taking none is not using the effect)"), overridable=False)
    check.line_without(cmd.cards)
    used = _effect(check, "take_line", cmd.player, test, cmd.cards)
    return used + [e.LineDrawn(cmd.player, tuple(cmd.cards), False)]


def _refill(check: Checker, cmd: c.RefillLine) -> list[e.Event]:
    in_play(check)
    return refill(check, cmd.cards, len(check.state.line))


def _replace_line(check: Checker, cmd: c.ReplaceLine) -> list[e.Event]:
    used = _effect(check, "replace_line", _holder(check.state, "replace_line"), lambda g: None)
    replaced: list[e.Event] = [e.LineReplaced(check.state.line)]
    # The old line is on the discard pile before the new one is dealt (a reshuffle takes it along).
    return used + replaced + (refill(after(check, replaced), cmd.cards, 0) if cmd.cards else [])


def _take_discard(check: Checker, cmd: c.TakeFromDiscard) -> list[e.Event]:
    state = check.state
    if cmd.card not in state.discard:
        check.refuse(RuleId.CARD_ZONE, _("{card} is not on the discard pile").format(card=check.card_name(cmd.card)),
                     overridable=False)

    def test(g: Grant) -> Problem:
        if g.where == "top" and state.discard[-1] != cmd.card:
            return RuleId.EFFECT_AMOUNT, _("{card} takes the top card of the discard pile: {top}").format(
                card=check.card_name(g.source), top=check.card_name(state.discard[-1]))
        if g.where == "payment" and cmd.card not in g.cards:
            return RuleId.EFFECT_AMOUNT, _("{card} takes back one of the cards paid for it: {cards}").format(
                card=check.card_name(g.source),
                cards=check.card_names(g.cards) or _("none (rice paper went back to its deck)"))
        if g.where == "discarded":
            thrown = [x for j, xs in state.spent for x in xs
                      if state.grants[j].batch == g.batch and state.grants[j].step == "discard"]
            if cmd.card not in thrown:
                kept = check.card_names(thrown) or _("none yet")
                return RuleId.EFFECT_AMOUNT, _("{card} keeps one of the cards the opponents discarded for it: "
                                               "{cards}").format(card=check.card_name(g.source), cards=kept)
        return None

    used = _effect(check, "take_discard", cmd.player, test, (cmd.card,))
    return used + [e.TakenFromDiscard(cmd.player, cmd.card)]


def _discard(check: Checker, cmd: c.Discard) -> list[e.Event]:
    check.seat(cmd.player)
    state = check.state
    hand = state.player(cmd.player).hand

    def test(g: Grant) -> Problem:
        return exactly(g, len(cmd.cards), hand.size, "discard", check.catalogue) or (
            from_drawn(state, g, cmd.cards, check.catalogue) if g.where == "drawn" else None)

    used = _effect(check, "discard", cmd.player, test, tuple(cmd.cards))
    check.hand_has(cmd.player, cmd.cards)
    return used + [e.Discarded(cmd.player, tuple(cmd.cards))]


def _pass(check: Checker, cmd: c.PassCards) -> list[e.Event]:
    check.seat(cmd.giver)
    check.seat(cmd.receiver)
    giving = check.state.player(cmd.giver).hand

    def test(g: Grant) -> Problem:
        if g.receiver != cmd.receiver:
            return RuleId.EFFECT_WHO, _("{card}: {giver} passes to {receiver}").format(
                card=check.card_name(g.source), giver=check.name(cmd.giver), receiver=check.name(g.receiver))
        return exactly(g, len(cmd.cards) + cmd.hidden, giving.size, "pass", check.catalogue)

    used = _effect(check, "pass", cmd.giver, test)
    check.hand_has(cmd.giver, cmd.cards)
    check.require(cmd.giver != cmd.receiver, RuleId.CARD_ZONE, _("a player cannot pass cards to themself"),
                  overridable=False)
    hand = giving.without(cmd.cards)
    if not 0 <= cmd.hidden <= hand.size - hand.rice:
        unseen = ngettext("{n} other card to pass unseen", "{n} other cards to pass unseen",
                          hand.size - hand.rice).format(n=hand.size - hand.rice)
        check.refuse(RuleId.CARD_ZONE, _("{player} has only {cards} (rice paper passed must be named)").format(
            player=check.name(cmd.giver), cards=unseen), overridable=False)
    check.require(bool(cmd.cards) or cmd.hidden > 0, RuleId.CARD_ZONE, _("pass at least one card"),
                  overridable=False)
    return used + [e.Passed(cmd.giver, cmd.receiver, tuple(cmd.cards), cmd.hidden)]


def _rice(check: Checker, cmd: c.TakeRicePaper) -> list[e.Event]:
    in_play(check)
    check.in_game([RICE_PAPER])
    left = check.state.rice_deck
    check.require(0 < cmd.count <= left, RuleId.PAY_RICE,
                  _("the rice paper deck holds {n}: take at most that many (the rest is unavailable for now)").format(
                      n=left), overridable=False)
    used = _effect(check, "take_rice", cmd.player, lambda g: exactly(g, cmd.count, left, "take rice paper:",
                                                                             check.catalogue))
    return used + [e.RiceTaken(cmd.player, cmd.count)]


def _move(check: Checker, cmd: c.MoveOrigami) -> list[e.Event]:
    check.seat(cmd.owner)
    columns = [list(col) for col in check.state.player(cmd.owner).collections]
    (sc, sp), (tc, tp) = cmd.source, cmd.target
    check.require(sc in (0, 1) and tc in (0, 1) and 0 <= sp < len(columns[sc]), RuleId.CARD_ZONE,
                  _("there is no card at collection {collection}, position {position}").format(
                      collection=sc + 1, position=sp + 1), overridable=False)
    card = columns[sc].pop(sp)
    check.require(0 <= tp <= len(columns[tc]), RuleId.CARD_ZONE,
                  _("collection {collection} has no position {position}").format(collection=tc + 1, position=tp + 1),
                  overridable=False)
    columns[tc].insert(tp, card)
    if (sc, sp) == (tc, tp):
        check.refuse(RuleId.CARD_ZONE, _("{card} is at {place} already: a move takes it somewhere else").format(
            card=check.card_name(card), place=f"{sc + 1}.{sp + 1}"), overridable=False)

    def test(g: Grant) -> Problem:
        if g.where == "own" and cmd.owner != g.seat:
            return RuleId.EFFECT_WHO, _("{card} moves one of {player}'s own origami").format(
                card=check.card_name(g.source), player=check.name(g.seat))
        if g.where == "bottom" and (tc, tp) != (sc, 0):
            return RuleId.EFFECT_AMOUNT, _("{card} moves an origami to the bottom of its own collection: to "
                                           "{place}").format(card=check.card_name(g.source), place=f"{sc + 1}.1")
        return None

    used = _effect(check, "move", _holder(check.state, "move", test), test, (card,))
    if abs(len(columns[0]) - len(columns[1])) > 1:
        check.refuse(RuleId.COLL_BALANCE, _("moving {card} would leave collections of {first} and {second} "
                                            "cards").format(card=check.card_name(card), first=len(columns[0]),
                                                            second=len(columns[1])))
    return used + [e.OrigamiMoved(cmd.owner, cmd.source, cmd.target)]


def _swap_in(check: Checker, cmd: c.SwapIn) -> list[e.Event]:
    check.seat(cmd.player)
    check.require(cmd.collection in (0, 1), RuleId.COLL_TWO, _("choose collection 1 or 2"), overridable=False)
    column = check.state.player(cmd.player).collections[cmd.collection]
    check.require(bool(column), RuleId.CARD_ZONE,
                  _("collection {collection} is empty").format(collection=cmd.collection + 1), overridable=False)

    def test(g: Grant) -> Problem:
        if g.cards and cmd.card not in g.cards:
            return RuleId.EFFECT_AMOUNT, _("{card} puts {cards} in its place, not {played}").format(
                card=check.card_name(g.source), cards=_(" or ").join(map(check.card_name, g.cards)),
                played=check.card_name(cmd.card))
        if column[-1] != g.source:
            return RuleId.EFFECT_AMOUNT, _("{card} swaps itself out: collection {collection} has {top} on top").format(
                card=check.card_name(g.source), collection=cmd.collection + 1, top=check.card_name(column[-1]))
        return None

    used = _effect(check, "swap_in", cmd.player, test, (cmd.card,))
    check.hand_has(cmd.player, (cmd.card,))
    return used + [e.OrigamiSwapped(cmd.player, cmd.collection, len(column) - 1, column[-1], cmd.card)]


def _copy(check: Checker, cmd: c.CopyEffect) -> list[e.Event]:
    """The Parrot: the instant effect of an origami showing, opened for the Parrot's player."""
    state = check.state
    card = check.card(cmd.card)
    shown = dict(reversed(showing(state)))  # a card showing several times: the first place counts

    def test(g: Grant) -> Problem:
        if card.id not in shown:
            return RuleId.EFFECT_AMOUNT, _("{card} copies an origami showing (a collection's top or the draw line); "
                                           "{copied} is not showing").format(card=check.card_name(g.source),
                                                                             copied=check.card_name(card.id))
        if card.effect is not Effect.INSTANT:
            return RuleId.EFFECT_STEPS, _("{card} copies an instant effect only; {copied} has none").format(
                card=check.card_name(g.source), copied=check.card_name(card.id))
        if any(s.step == "copy" for s in card.do or ()):
            return RuleId.EFFECT_STEPS, _("{card} copies an effect that does something; copying a copy does "
                                          "not").format(card=check.card_name(g.source))
        return None

    used = _effect(check, "copy", cmd.player, test)
    return used + open_effect(after(check, used), cmd.player, card, below=shown.get(card.id, 0))


def _extra(check: Checker, cmd: c.TakeExtraAction) -> list[e.Event]:
    """`extra`: the extra action an effect gives came with it (grants.extra_actions), so saying it is taken only
    counts it, once. Under an effect nobody knows (or an override) it is the extra action itself."""
    state = check.state
    in_play(check)
    check.require(cmd.player == state.current, RuleId.TURN_ORDER,
                  _("only {player}, whose turn it is, takes another action").format(player=check.name(state.current)))
    used = _effect(check, "extra_action", cmd.player, lambda g: None)
    if used:
        return used
    return [e.ExtraActionGranted(cmd.player, state.effects[-1] if state.effects else CardId("override"))]


def _reveal(check: Checker, cmd: c.RevealHand) -> list[e.Event]:
    """Showing cards is always allowed; it turns unseen cards into known ones."""
    check.require(check.state.turn > 0, RuleId.SETUP_DEAL, _("deal the cards first"), overridable=False)
    check.seat(cmd.player)
    hand = check.state.player(cmd.player).hand
    check.require(hand.can_give(cmd.cards), RuleId.CARD_ZONE,
                  _("{player} holds {cards}; that is more than that, or not them").format(
                      player=check.name(cmd.player), cards=counts.cards(hand.size)), overridable=False)
    check.in_game(cmd.cards)
    check.shown(cmd.player, cmd.cards)
    return [e.HandRevealed(cmd.player, tuple(cmd.cards))]


HANDLERS: dict[type, Handler] = {
    c.DrawFromDeck: _draw_deck, c.TakeFromLine: _take_line, c.RefillLine: _refill,
    c.ReplaceLine: _replace_line, c.TakeFromDiscard: _take_discard, c.Discard: _discard, c.PassCards: _pass,
    c.TakeRicePaper: _rice, c.MoveOrigami: _move, c.SwapIn: _swap_in, c.TakeExtraAction: _extra,
    c.RevealHand: _reveal, c.CopyEffect: _copy,
}
