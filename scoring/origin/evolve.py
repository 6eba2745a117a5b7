"""evolve(state, event) -> state: total, never re-validating (the referee checked before the events were
recorded); `project(events) = fold(evolve)`."""
from __future__ import annotations

from collections.abc import Iterable

from ..i18n import _
from . import events as e
from .cards import Card, without
from .round_input import Ability, CardTrick, Surrender, WinnerOnly
from .rules import Choices
from .setup import Mode, seating
from .state import GameState, Piles, RoundState, Step, changed, fresh_piles
from .trick import Play

SETUP_STAMINA = 1  # OS-SETUP: each player starts with 1 stamina


def start(event: e.GameStarted) -> GameState:
    mode = Mode(event.mode)
    state = GameState(mode, event.players, seating(mode, event.players), Choices(**dict(event.choices)),
                      event.deck, event.difficulty, event.difficulty_colour,
                      stamina=tuple((p, SETUP_STAMINA) for p in event.players))  # OS-SETUP: 1 stamina each
    return changed(state, piles=fresh_piles()) if mode is Mode.SOLO else state


def _round(state: GameState, piles: Piles | None = None, **changes: object) -> GameState:
    """The state with its round changed, and its piles when given (solo): one new state for both."""
    r = state.round
    if r is None:
        return state
    return _with_round(state, changed(r, **changes), piles)


def _with_round(state: GameState, r: RoundState, piles: Piles | None = None) -> GameState:
    rounds = state.rounds[:-1] + (r,)
    return changed(state, rounds=rounds) if piles is None else changed(state, rounds=rounds, piles=piles)


def _in_round(state: GameState, r: RoundState, piles: Piles | None,
              event: e.Event) -> tuple[RoundState, Piles | None] | None:
    """`r` and `piles` (solo; else None), the state's round and piles, after an event of the tricks that changes
    only them (a card, a winner, a revoke; solo: a Vancardian's draw, reshuffle or choice); None: another event.
    The rest of the state (seats, players, choices) is read from `state`, which those events do not change."""
    match event:
        case e.CardPlayed():
            play = Play(event.seat, event.card, event.value, event.suit, event.by, event.ignore_follow)
            current = r.in_play(len(state.seating.seats))
            if current is not None:
                entries = r.entries[:-1] + (CardTrick(current.plays + (play,), current.turned, current.winner),)
            else:
                entries = r.entries + (CardTrick((play,)),)
            if piles is not None:
                piles = changed(piles, rows=_rows(piles, event.seat, without(piles.row(event.seat), (event.card,))),
                                trick=piles.trick + (event.card,))
            return changed(r, entries=entries, moves=() if event.seat == state.you else r.moves), piles
        case e.TrickWon():
            won = changed(r, entries=r.entries + ((WinnerOnly(event.winner),) if event.named else ()),
                          winners=r.winners + ((event.trick, event.winner, event.next_leader),), moves=(),
                          ended=r.moves)
            if piles is not None and not any(n == event.trick for n, _w, _l in r.winners):  # won again (an
                # ability): gathered once
                keep = without(piles.trick, tuple(c for c in piles.trick if c.extra_love))
                extra = tuple(c for c in piles.trick if c.extra_love)
                gathered = dict(piles.won)
                gathered[event.winner] = gathered.get(event.winner, ()) + keep
                discard, aside = piles.left(extra, state.choices.extra_love_exit)  # Piles.leave, in the same change
                piles = changed(piles, trick=(), won=tuple(gathered.items()), discard=discard, aside=aside)
            return won, piles
        case e.RevokeFlagged():
            return changed(r, revokes=r.revokes + (event,)), piles
    if piles is None:
        return None
    match event:
        case e.CardsDrawn() | e.DeckReshuffled():
            return r, _drawn(piles, event)
        case e.VancardianChose():
            drawn = tuple((s, c) for s, c in piles.drawn if s != event.seat)
            if event.role == "follow":  # Piles.leave and Piles.with_row, in one change
                discard, aside = piles.left(event.discarded, state.choices.extra_love_exit)
                piles = changed(piles, drawn=drawn, discard=discard, aside=aside,
                                rows=_rows(piles, event.seat, tuple(event.row_after)))
            else:
                piles = changed(piles, drawn=drawn)
            return changed(r, moves=r.moves + (event,)), piles
    return None


def _drawn(piles: Piles, event: e.CardsDrawn | e.DeckReshuffled) -> Piles:
    """Solo: the piles after a Vancardian's draw, or the discard pile shuffled into the deck."""
    if isinstance(event, e.CardsDrawn):
        drawn = dict(piles.drawn)
        drawn[event.seat] = drawn.get(event.seat, ()) + event.cards
        return changed(piles, deck=without(piles.deck, event.cards), drawn=tuple(drawn.items()))
    return changed(piles, deck=tuple(sorted(piles.deck + event.cards)), discard=without(piles.discard, event.cards))


def _rows(piles: Piles, seat: str, cards: tuple[Card, ...]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """The piles' rows with `seat`'s made `cards` (Piles.with_row's, for a change made with others)."""
    rows = dict(piles.rows)
    rows[seat] = cards
    return tuple(rows.items())


def _step(state: GameState, step: Step, **changes: object) -> GameState:
    r = state.round
    if r is None:
        return state
    return _round(state, None, step=max(r.step, step, key=lambda x: x.order), **changes)


def _add_stamina(state: GameState, player: str, delta: int) -> GameState:
    held = dict(state.stamina)
    held[player] = held.get(player, 0) + delta
    return changed(state, stamina=tuple(held.items()))


def _add_charge(state: GameState, player: str, source: str, n: int) -> GameState:
    out: list[tuple[str, str, int]] = []
    done = False
    for p, s, k in state.charges:
        if not done and p == player and s.casefold() == source.casefold():
            k, done = k + n, True
        if k:
            out.append((p, s, k))
    if not done and n:
        out.append((player, source, n))
    return changed(state, charges=tuple(out))


def _piles(state: GameState) -> Piles:
    assert state.piles is not None
    return state.piles


def evolve(state: GameState | None, event: e.Event) -> GameState:
    """The state after one event. Total: it never refuses (the referee did, before the event existed)."""
    if isinstance(event, e.GameStarted):
        return start(event)
    assert state is not None, "an Origin Story log starts with os.GameStarted"
    r = state.round
    solo = state.piles is not None
    if r is not None:
        moved = _in_round(state, r, state.piles, event)
        if moved is not None:
            return _with_round(state, *moved)
    match event:
        case e.SoloDeckBuilt():
            return changed(state, solo_colours=event.colours)
        case e.DealerChosen():
            return changed(state, first_dealer=event.seat, dealer=event.seat)
        case e.RoundStarted():
            state = changed(state, rounds=state.rounds + (RoundState(event.round, event.dealer),),
                            dealer=event.dealer)
            return changed(state, piles=fresh_piles()) if solo else state  # every card comes back each round
        case e.HandDealt():
            if r is None:
                return state  # a round's fact with no round: nothing to change (a damaged log)
            if solo:
                p = _piles(state)
                p = changed(p.with_row(event.seat, event.cards), deck=without(p.deck, event.cards))
            return _round(state, p if solo else None, dealt=True, hands=r.hands + ((event.seat, event.cards),))
        case e.VancardianEffectResolved():
            if r is None:
                return state  # a round's fact with no round: nothing to change (a damaged log)
            hands = dict(r.hands)
            hands[event.seat] = event.row_after
            if solo:
                p = _piles(state)
                p = changed(p, deck=without(p.deck, event.drew), aside=without(p.aside, event.added))
                p = p.leave(event.discarded, state.choices.extra_love_exit).with_row(event.seat, event.row_after)
            return _round(state, p if solo else None, hands=tuple(hands.items()))
        case e.EventRevealed():
            return _step(state, Step.EVENT, event=event)
        case e.StaminaChanged():
            state = _add_stamina(state, event.player, event.delta)
            return _step(state, Step.STAMINA, gained=True) if event.source == e.GAIN else state
        case e.StoryCardPlaced():
            return _step(changed(state, story=state.story + ((event.player, event.slot, event.name),)), Step.STORY)
        case e.SuperheroRevealed():
            heroes = dict(state.superheroes)
            heroes[event.player] = event.name
            return _step(changed(state, superheroes=tuple(heroes.items())), Step.SUPERHERO)
        case e.AbilityCharged():
            charged = r.charged + (event,) if r is not None else ()
            return _step(_add_charge(state, event.player, event.source, event.stamina), Step.CHARGE, charged=charged)
        case e.StaminaRemoved():
            return _add_charge(state, event.player, event.source, -event.stamina)
        case e.AlignmentsRevealed():
            return _step(state, Step.ALIGN, alignment=event.alignment)
        case e.SidekickCardTurned():
            if r is None or not r.entries or not isinstance(r.entries[-1], CardTrick):
                return state
            last = r.entries[-1]
            return _round(state, entries=r.entries[:-1] + (changed(last, turned=last.turned + ((event.sidekick,
                                                                                                 event.card),)),))
        case e.VancardianChose():
            if not solo:
                return state
            p = _piles(state)
            p = changed(p, drawn=tuple((s, c) for s, c in p.drawn if s != event.seat))
            if event.role == "follow":
                p = p.leave(event.discarded, state.choices.extra_love_exit).with_row(event.seat, event.row_after)
            return changed(state, piles=p)  # with no round (a damaged log): the round's case is _in_round's
        case e.CardsDrawn() | e.DeckReshuffled():
            # not solo: nothing to change; solo with no round (a damaged log): the piles (else _in_round's)
            return changed(state, piles=_drawn(_piles(state), event)) if solo else state
        case e.CardPlayed() | e.TrickWon() | e.RevokeFlagged():
            return state  # a round's fact with no round (a damaged log): nothing to change
        case e.AbilityUsed():
            if r is None:
                return state  # a round's fact with no round: nothing to change (a damaged log)
            return _round(state, abilities=r.abilities + (Ability(event.player, event.source, event.effects,
                                                                  event.timing, event.trick),))
        case e.CardsExchanged():
            if r is None:
                return state
            hands = dict(r.hands)  # the referee reads the rows as exchanged from the start of the round
            hands[event.player] = without(hands.get(event.player, ()), (event.gave,)) + (event.took,)
            hands[event.seat] = (event.gave,) + without(hands.get(event.seat, ()), (event.took,))
            if solo:
                p = _piles(state)
                p = p.with_row(event.player, without(p.row(event.player), (event.gave,)) + (event.took,))
                p = p.with_row(event.seat, (event.gave,) + without(p.row(event.seat), (event.took,)))
            return _round(state, p if solo else None, hands=tuple(hands.items()))
        case e.Surrendered():
            return _round(state, surrender=Surrender(event.trick, event.to, event.vp))
        case e.RoundScored():
            strangers = {line.player for line in event.lines} - set(state.seating.scorers)
            if strangers:  # a damaged row: a score for nobody at the table would break every total after it
                raise ValueError(_("the round is scored for {seats}, not at the table").format(
                    seats=", ".join(sorted(strangers))))
            return _round(state, scored=event.lines, scores=event.scores)
        case e.DealerPassed():
            return changed(state, dealer=event.to)
        case e.GameEnded():
            return changed(state, ended=event)
        case e.RuleOverridden():
            return changed(state, overrides=state.overrides + (event,))
    raise AssertionError(f"not an Origin Story event: {event!r}")


def project(events: Iterable[e.Event]) -> GameState:
    """fold(evolve), a run of a round's trick events taken in bulk (they change only the round, and in solo the
    piles): the state is made once for the run, not once for each event."""
    state: GameState | None = None
    r: RoundState | None = None  # the state's round and piles as the trick events since `state` was made left them
    piles: Piles | None = None
    for event in events:
        if state is not None and r is not None:
            moved = _in_round(state, r, piles, event)
            if moved is not None:
                r, piles = moved
                continue
        if state is not None and r is not None and (r is not state.round or piles is not state.piles):
            state = _with_round(state, r, piles)
        state = evolve(state, event)
        r, piles = state.round, state.piles
    if state is None:
        raise ValueError(_("an empty log has no game"))
    return _with_round(state, r, piles) if r is not None and (r is not state.round or piles is not state.piles) \
        else state
