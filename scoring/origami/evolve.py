"""evolve(state, event) -> state: total, never re-validates; project(events) folds it."""
from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from typing import assert_never

from . import events as e
from .cards import RICE_PAPER, CardId
from .choices import RuleChoices
from .state import GameState, Hand, Phase, PlayerState, replace
from .table import Variant


def project(events: Iterable[e.Event]) -> GameState:
    events = iter(events)
    first = next(events)
    assert isinstance(first, e.GameStarted), "a game log starts with GameStarted"
    return reduce(evolve, events, start(first))


def start(event: e.GameStarted) -> GameState:
    return GameState(
        variant=Variant(event.variant), choices=RuleChoices(**dict(event.choices)),
        families=event.families, character_pairs=event.character_pairs,
        players=tuple(PlayerState(name) for name in event.players), deck=event.deck, rice_deck=event.rice,
    )


def _to_discard(state: GameState, cards: Iterable[CardId]) -> GameState:
    return replace(state, **_discarding(state.discard, state.rice_deck, cards))


def _discarding(discard: tuple[CardId, ...], rice_deck: int, cards: Iterable[CardId]) -> dict[str, object]:
    """Spent and discarded cards go on the discard pile; rice paper back to its own deck."""
    cards = tuple(cards)
    return {"discard": discard + tuple(c for c in cards if c != RICE_PAPER),
            "rice_deck": rice_deck + cards.count(RICE_PAPER)}


def _seated(state: GameState, seat: int, **changes: object) -> tuple[PlayerState, ...]:
    """The players with one of them changed (GameState.with_player without copying the state)."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def _acting(state: GameState) -> dict[str, object]:
    """The changes of an action taken."""
    return {"acted": True, "actions_left": state.actions_left - 1}


def _remove_from_line(line: tuple[CardId, ...], cards: Iterable[CardId]) -> tuple[CardId, ...]:
    rest = list(line)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def _next_turn(state: GameState, seat: int) -> GameState:
    return replace(state, current=seat, turn=state.turn + 1, actions_left=1, acted=False, effects=(),
                   fresh=(), special_used=False, free_play=None, grants=(), spent=())


_last: tuple[GameState, e.Event, GameState] | None = None


def evolve(state: GameState, event: e.Event) -> GameState:
    """The state after `event`. The latest step is remembered: the referee evolves a draw to check the refill
    after it, and the session then evolves the same event from the same state (both immutable) again."""
    global _last
    last = _last
    if last is not None and last[0] is state and last[1] is event:
        return last[2]
    after = _evolve(state, event)
    _last = (state, event, after)
    return after


def _evolve(state: GameState, event: e.Event) -> GameState:
    # The events of almost every action come first (cases are tried in order), each made one copy of the state.
    match event:
        case e.TurnEnded(player=p, discards=cards):
            if cards:
                state = replace(state, players=_seated(state, p, hand=state.player(p).hand.without(cards)),
                                **_discarding(state.discard, state.rice_deck, cards))
            if state.last_turn is not None and state.turn >= state.last_turn:
                return replace(state, phase=Phase.OVER, actions_left=0)
            return _next_turn(state, (state.current + 1) % state.count)
        case e.LineDrawn(player=p, cards=cards, action=action):
            return replace(state, players=_seated(state, p, hand=state.player(p).hand.plus(cards)),
                           line=_remove_from_line(state.line, cards), **(_acting(state) if action else {}))
        case e.LineRefilled(cards=cards):
            return replace(state, line=state.line + cards, deck=state.deck - len(cards))
        case e.OrigamiPlayed():
            return _played(state, event)
        case e.GameStarted():
            return start(event)
        case e.CardsDealt(hands=hands, line=line):
            for seat, cards in enumerate(hands):
                state = state.with_player(seat, hand=Hand(tuple(sorted(cards))))
            dealt = sum(len(h) for h in hands) + len(line)
            return replace(state, line=line, deck=state.deck - dealt)
        case e.StartingPlayerChosen(seat=seat):
            state = replace(state, phase=Phase.PLAY, starting=seat)
            return _next_turn(state, seat)
        case e.PositionEntered():
            return _entered(state, event)
        case e.LineReplaced(discarded=cards):
            return replace(_to_discard(state, cards), line=_remove_from_line(state.line, cards))
        case e.DeckRanOut(exhaustion=n, reshuffled=count):
            state = replace(state, exhaustions=n, deck=count, discard=state.discard[count:])
            if n == 2 and state.last_turn is None:
                rest_of_round = (state.starting - state.current - 1) % state.count
                state = replace(state, last_turn=state.turn + rest_of_round + state.count)
            return state
        case e.CharacterPlayed(player=p, card=card, payment=payment, replaced=old, line_size=size):
            state = state.with_player(p, hand=state.player(p).hand.without((card, *payment)))
            state = _to_discard(state, payment + ((old,) if old else ()))
            characters = tuple(c for c in state.characters if c != old) + (card,)
            state = replace(state, characters=characters, free_play=card, effects=state.effects + (card,),
                            line_size=size)
            return _acted(state)
        case e.SpecialActionUsed(card=card):
            return _acted(replace(state, special_used=True, effects=state.effects + (card,)))
        case e.DrawnFromDeck(player=p, count=n, revealed=cards):
            state = state.with_player(p, hand=state.player(p).hand.plus(cards, n - len(cards)))
            return replace(state, deck=state.deck - n)
        case e.TakenFromDiscard(player=p, card=card):
            top_copy = len(state.discard) - 1 - state.discard[::-1].index(card)
            state = state.with_player(p, hand=state.player(p).hand.plus((card,)))
            return replace(state, discard=state.discard[:top_copy] + state.discard[top_copy + 1:])
        case e.Discarded(player=p, cards=cards):
            state = state.with_player(p, hand=state.player(p).hand.without(cards))
            return _to_discard(state, cards)
        case e.Passed(giver=g, receiver=r, cards=cards, hidden=hidden):
            given = state.player(g).hand.without(cards)
            state = state.with_player(g, hand=given.hide(hidden) if hidden else given)
            return state.with_player(r, hand=state.player(r).hand.plus(cards, hidden))
        case e.RiceTaken(player=p, count=n):
            state = state.with_player(p, hand=state.player(p).hand.plus((RICE_PAPER,) * n))
            return replace(state, rice_deck=state.rice_deck - n)
        case e.OrigamiMoved(owner=p, source=(sc, sp), target=(tc, tp)):
            columns = [list(c) for c in state.player(p).collections]
            # The "played this turn" marker travels with its card.
            tags = [[(c, i) for i in range(len(col))] for c, col in enumerate(columns)]
            card = columns[sc].pop(sp)
            columns[tc].insert(tp, card)
            tags[tc].insert(tp, tags[sc].pop(sp))
            state = state.with_player(p, collections=(tuple(columns[0]), tuple(columns[1])))
            moved = {old: (c, i) for c, col in enumerate(tags) for i, old in enumerate(col)}
            fresh = tuple((o, *moved[(c, i)]) if o == p else (o, c, i) for o, c, i in state.fresh)
            return replace(state, fresh=fresh)
        case e.EffectOpened(card=card, grants=grants):
            effects = state.effects if card in state.effects else state.effects + (card,)  # a Parrot's copy
            return replace(state, grants=state.grants + grants, effects=effects)
        case e.GrantUsed(index=index, cards=cards):
            return replace(state, spent=state.spent + ((index, cards),))
        case e.OrigamiSwapped(player=p, collection=c, position=pos, removed=old, card=card):
            column = list(state.player(p).collections[c])
            column[pos] = card
            cols = list(state.player(p).collections)
            cols[c] = tuple(column)
            state = state.with_player(p, collections=(cols[0], cols[1]),
                                      hand=state.player(p).hand.without((card,)))
            return _to_discard(state, (old,))
        case e.ExtraActionGranted():
            return replace(state, actions_left=state.actions_left + 1)
        case e.HandRevealed(player=p, cards=cards):
            hand = state.player(p).hand
            return state.with_player(p, hand=hand.without(cards).plus(cards))
        case e.Overridden():
            return replace(state, overrides=state.overrides + 1)
        case _:
            assert_never(event)


def _entered(state: GameState, event: e.PositionEntered) -> GameState:
    for seat, (collections, unseen, rice) in enumerate(zip(event.collections, event.hands, event.rice, strict=False)):
        state = state.with_player(seat, collections=collections, hand=Hand((RICE_PAPER,) * rice, unseen))
    state = replace(state, phase=Phase.PLAY, characters=event.characters, line=event.line,
                    line_size=event.line_size, discard=event.discard, deck=event.deck,
                    rice_deck=state.rice_deck - sum(event.rice), exhaustions=event.exhaustions,
                    starting=event.starting, turn=0)
    state = _next_turn(state, event.current)
    if event.turns_left is not None:
        state = replace(state, last_turn=state.turn + event.turns_left)
    return state


def _acted(state: GameState) -> GameState:
    return replace(state, **_acting(state))


def _played(state: GameState, event: e.OrigamiPlayed) -> GameState:
    p = event.player
    player = state.player(p)
    hand = player.hand.without(event.payment)
    changes: dict[str, object] = {}
    discard = state.discard
    if event.source == "hand":
        hand = hand.without((event.card,))
    elif event.source == "line":
        changes["line"] = _remove_from_line(state.line, (event.card,))
    else:  # the top of the discard pile (yellow Geisha)
        discard = discard[:-1]
    columns = list(player.collections)
    column = columns[event.collection]
    columns[event.collection] = (event.card, *column) if event.under else (*column, event.card)
    if event.under:  # the cards above move up one place
        fresh = tuple((o, c, i + 1) if (o, c) == (p, event.collection) else (o, c, i) for o, c, i in state.fresh)
    else:
        fresh = state.fresh + ((p, event.collection, len(column)),)
    free_play = None if event.source == "line" and state.free_play else state.free_play
    if event.action:
        changes |= _acting(state)
    return replace(state, players=_seated(state, p, collections=(columns[0], columns[1]), hand=hand),
                   effects=state.effects + (event.card,), fresh=fresh, free_play=free_play,
                   **_discarding(discard, state.rice_deck, event.payment), **changes)
