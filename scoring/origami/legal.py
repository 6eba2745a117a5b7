"""legal_actions(state, seat): what a player may do now, as commands the referee accepts, sorted.

It covers the turn's actions (draw, play, a Character and its free play, a special action), the steps of
the effects opened this turn (grants.py), and ending the turn. Two things are the table's facts rather than
choices, so offered commands leave them out: the cards turned up from the deck (refills, a new draw line)
and which unseen cards a draw brings. Whoever knows them (the table, a simulation) names them. A hand the
table has not seen is passed in by whoever holds it; without it, only the cards the table knows are used."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import combinations

from ..errors import MissingValue
from . import commands as c
from . import events as e
from .cards import RICE_PAPER, CardId, Effect, Game
from .catalog import Catalogue
from .checks import deck_can_give
from .effects import Grant
from .evolve import evolve
from .grants import available, from_drawn, showing, unknown_effect, untaken
from .obligations import line_takes, owed, unusable
from .options import PLAYING_IT, draw_allowance, folds, hand_limit, legal_payments, placements, play_sources, price
from .state import GameState, Phase

MAX_SUBSETS = 512  # enough for any draw line; a guard against a pathological catalogue


def legal_actions(state: GameState, seat: int, catalogue: Catalogue,
                  hand: Sequence[CardId] | None = None) -> list[c.Command]:
    """Every command `seat` may give now (deck cards left unnamed), sorted and without duplicates."""
    if state.phase is not Phase.PLAY or not 0 <= seat < state.count:
        return []
    cards = sorted(hand if hand is not None else state.player(seat).hand.known)
    parts: list[Callable[[], list[c.Command]]] = []
    if seat == state.current:
        if state.actions_left > 0:
            parts += [lambda: _draws(state, seat, catalogue, cards), lambda: _characters(state, seat, catalogue, cards),
                      lambda: _specials(state, seat, catalogue)]
            parts += [partial(_plays_of, state, seat, catalogue, cards, card) for card in sorted(set(cards))]
            parts.append(lambda: _geisha(state, seat, catalogue, cards))
        if state.free_play is not None:
            parts.append(lambda: _free_plays(state, seat, catalogue, cards))
        if state.acted:
            parts.append(lambda: _ends(state, seat, catalogue, cards))
    if not unknown_effect(state, catalogue):
        for index, grant in enumerate(state.grants):
            if grant.seat == seat and available(state, index):
                parts.append(partial(_steps, state, grant, catalogue, cards))
    out: list[c.Command] = []
    for part in parts:
        try:
            out += part()
        except MissingValue:
            continue  # an option whose value nobody knows is not offered; typed, the referee asks for it
    unique = {repr(command): command for command in out}
    return [unique[key] for key in sorted(unique)]


def _subsets(cards: Iterable[CardId], sizes: Iterable[int]) -> list[tuple[CardId, ...]]:
    """Distinct sub-multisets of `cards` of the given sizes."""
    pool = sorted(cards)
    found: dict[tuple[CardId, ...], None] = {}
    for k in sizes:
        if 0 <= k <= len(pool):
            for combo in combinations(pool, k):
                found[combo] = None
                if len(found) > MAX_SUBSETS:
                    return list(found)
    return list(found)


def _draws(state: GameState, seat: int, catalogue: Catalogue, cards: list[CardId]) -> list[c.Command]:
    player = state.player(seat)
    allowance = draw_allowance(player.collections, state.characters, catalogue, state.choices).value

    def fits(take: tuple[CardId, ...]) -> bool:
        try:
            return folds(take, catalogue) <= allowance
        except MissingValue:
            return False  # a card whose folds nobody knows: not offered (typed, the referee asks for them)

    takes = [t for t in _subsets(state.line, range(len(state.line) + 1)) if fits(t)]
    wolf = any(catalogue.card(t).rice_trade for t in player.tops())
    trades = range(cards.count(RICE_PAPER) + 1) if wolf else range(1)
    return [c.DrawCards(seat, take, (), n) for take in takes for n in trades]


def _pay_and_place(state: GameState, seat: int, catalogue: Catalogue, card: CardId, rest: list[CardId],
                   source: str = "hand", via: CardId | None = None, discount: int = 0,
                   free: bool = False) -> list[c.Command]:
    """Every way to play `card`: each discount up to `discount` ("up to 1 fold less"; none beyond its cost), each
    exact payment from `rest`, each placement."""
    origami = catalogue.card(card)
    free = free or source == "line"
    offs = range(min(discount, origami.need("cost", PLAYING_IT)) + 1) if not free else (0,)
    spots = placements(state.player(seat).collections, origami.may_go_under)
    return [c.PlayOrigami(seat, card, payment, spot.collection, spot.under, source, via, off, free and source != "line")
            for off in offs
            for payment in legal_payments(rest, price(origami, state.characters, catalogue, discount=off,
                                                      free=free).value, catalogue)
            for spot in spots]


def _plays_of(state: GameState, seat: int, catalogue: Catalogue, cards: list[CardId],
              card: CardId) -> list[c.Command]:
    """Playing `card` from the hand as the turn's action."""
    if card == RICE_PAPER or not catalogue.card(card).is_origami or not _in_game(state, catalogue, card):
        return []
    rest = list(cards)
    rest.remove(card)
    return _pay_and_place(state, seat, catalogue, card, rest)


def _geisha(state: GameState, seat: int, catalogue: Catalogue, cards: list[CardId], via: CardId | None = None,
            discount: int = 0, free: bool = False) -> list[c.Command]:
    """The top discard played as an origami while the yellow Geisha is in play (as the action, or as a play an
    effect grants)."""
    if "discard" in play_sources(state.characters, catalogue, False) and state.discard:
        top = catalogue.card(state.discard[-1])
        if top.is_origami:
            return _pay_and_place(state, seat, catalogue, top.id, cards, "discard", via, discount, free)
    return []


def _in_game(state: GameState, catalogue: Catalogue, card: CardId) -> bool:
    found = catalogue.card(card)
    return found.family in state.families if found.is_origami else found.name in state.character_pairs


def _characters(state: GameState, seat: int, catalogue: Catalogue, cards: list[CardId]) -> list[c.Command]:
    out: list[c.Command] = []
    for card in sorted({x for x in cards if x != RICE_PAPER and catalogue.card(x).is_character}):
        rest = list(cards)
        rest.remove(card)
        due = price(catalogue.card(card), state.characters, catalogue).value
        out += [c.PlayCharacter(seat, card, payment) for payment in legal_payments(rest, due, catalogue)]
    return out


def _specials(state: GameState, seat: int, catalogue: Catalogue) -> list[c.Command]:
    if state.special_used or not any(catalogue.family_game(f) is Game.ORIGAMI for f in state.families):
        return []
    out: list[c.Command] = []
    for col, column in enumerate(state.player(seat).collections):
        top = catalogue.card(column[-1]) if column else None
        if top is not None and top.effect is Effect.SPECIAL and not state.played_this_turn(seat, col):
            try:
                blocked = unusable(evolve(state, e.SpecialActionUsed(seat, col, top.id)), catalogue, seat, top.id)
            except MissingValue:
                continue  # whether it can be used needs a value nobody knows; typed, the referee asks for it
            if blocked is None:
                out.append(c.UseSpecialAction(seat, col))
    return out


def _free_plays(state: GameState, seat: int, catalogue: Catalogue, cards: list[CardId]) -> list[c.Command]:
    """A Character's free play: an origami from the draw line, paying nothing."""
    out: list[c.Command] = []
    for card in sorted(set(state.line)):
        if catalogue.card(card).is_origami:
            out += _pay_and_place(state, seat, catalogue, card, [], source="line")
    return out


def _ends(state: GameState, seat: int, catalogue: Catalogue, cards: list[CardId]) -> list[c.Command]:
    if owed(state, catalogue):
        return []  # a step an effect requires comes first (the Fox's discard)
    player = state.player(seat)
    over = player.hand.size - hand_limit(player.collections, state.characters, catalogue).value
    if over <= 0:
        return [c.EndTurn(seat)]
    if len(cards) < player.hand.size:
        return []  # which cards go is the holder's choice, from cards the table has not seen
    return [c.EndTurn(seat, discards) for discards in _subsets(cards, [over])]


def _steps(state: GameState, g: Grant, catalogue: Catalogue, cards: list[CardId]) -> list[c.Command]:
    seat = g.seat
    size = state.player(seat).hand.size
    match g.step:
        case "draw_deck":
            n = min(g.amount, deck_can_give(state))
            return [c.DrawFromDeck(seat, n)] if n > 0 else []
        case "take_rice":
            n = min(g.amount, state.rice_deck)
            return [c.TakeRicePaper(seat, n)] if n > 0 else []
        case "discard":
            n = min(g.amount, size)
            if n <= 0 or len(cards) != size:
                return []
            return [c.Discard(seat, x) for x in _subsets(cards, [n])
                    if g.where != "drawn" or from_drawn(state, g, x, catalogue) is None]
        case "pass":
            n = min(g.amount, size)
            if n <= 0 or len(cards) < size:
                return []
            return [c.PassCards(seat, g.receiver, x) for x in _subsets(cards, [n])]
        case "take_line":
            return [c.TakeFromLine(seat, x) for x in line_takes(state, g, catalogue)]
        case "take_discard":
            return [c.TakeFromDiscard(seat, x) for x in _discard_takes(state, g)]
        case "move":
            return list(_moves(state, g))
        case "play":
            return _grant_plays(state, g, catalogue, cards)
        case "replace_line":
            return [c.ReplaceLine(())] if state.line else []
        case "copy":
            return [c.CopyEffect(seat, x) for x in sorted({cid for cid, _ in showing(state)})
                    if catalogue.card(x).effect is Effect.INSTANT
                    and all(s.step != "copy" for s in catalogue.card(x).do or ())]
        case "extra_action":
            return [c.TakeExtraAction(seat)] if seat == state.current else []
        case "swap_in":
            out: list[c.Command] = []
            for col, column in enumerate(state.player(seat).collections):
                if column and column[-1] == g.source:
                    out += [c.SwapIn(seat, col, x) for x in sorted(set(cards)) if not g.cards or x in g.cards]
            return out
    return []


def _discard_takes(state: GameState, g: Grant) -> list[CardId]:
    if not state.discard:
        return []
    if g.where == "top":
        return [state.discard[-1]]
    if g.where == "payment":
        return sorted(set(g.cards) & set(state.discard))
    if g.where == "discarded":
        thrown = {x for j, xs in state.spent for x in xs
                  if state.grants[j].batch == g.batch and state.grants[j].step == "discard"}
        return sorted(thrown & set(state.discard))
    return sorted(set(state.discard))


def _moves(state: GameState, g: Grant) -> Iterable[c.Command]:
    owners = [g.seat] if g.where == "own" else range(state.count)
    for owner in owners:
        columns = state.player(owner).collections
        for sc, column in enumerate(columns):
            for sp in range(len(column)):
                if g.where == "bottom":
                    if sp > 0:
                        yield c.MoveOrigami(owner, (sc, sp), (sc, 0))
                    continue
                for tc in (0, 1):
                    sizes = [len(columns[0]), len(columns[1])]
                    sizes[sc] -= 1
                    sizes[tc] += 1
                    if abs(sizes[0] - sizes[1]) > 1:
                        continue
                    for tp in range(sizes[tc]):
                        if (tc, tp) != (sc, sp):
                            yield c.MoveOrigami(owner, (sc, sp), (tc, tp))


def _grant_plays(state: GameState, g: Grant, catalogue: Catalogue, cards: list[CardId]) -> list[c.Command]:
    """A play an effect grants: from the hand as a normal play (or the top discard with the yellow Geisha), never
    from the draw line (options.play_sources)."""
    out: list[c.Command] = []
    try:
        out += _geisha(state, g.seat, catalogue, cards, g.source, g.discount, g.free)
    except MissingValue:
        pass
    for card in sorted(set(cards)):
        if card == RICE_PAPER or not catalogue.card(card).is_origami or not _in_game(state, catalogue, card):
            continue
        if g.where == "not_taken" and not untaken(state, g, card):
            continue
        rest = list(cards)
        rest.remove(card)
        try:
            out += _pay_and_place(state, g.seat, catalogue, card, rest, via=g.source, discount=g.discount,
                                  free=g.free)
        except MissingValue:
            continue
    return out
