"""evolve(state, event) -> state: total, never re-validating (the referee checked before the events were
recorded); `project(events) = fold(evolve)`."""
from __future__ import annotations

from collections.abc import Iterable

from ..i18n import _
from . import events as e
from .cards import without
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


def _in_round(state: GameState, r: RoundState, event: e.Event) -> RoundState | None:
    """`r`, the state's round, after a trick's card, winner or revoke (None: another event); in solo the piles
    change too (evolve)."""
    match event:
        case e.CardPlayed():
            play = Play(event.seat, event.card, event.value, event.suit, event.by, event.ignore_follow)
            current = r.in_play(len(state.seating.seats))
            if current is not None:
                entries = r.entries[:-1] + (CardTrick(current.plays + (play,), current.turned, current.winner),)
            else:
                entries = r.entries + (CardTrick((play,)),)
            return changed(r, entries=entries, moves=() if event.seat == state.you else r.moves)
        case e.TrickWon():
            return changed(r, entries=r.entries + ((WinnerOnly(event.winner),) if event.named else ()),
                           winners=r.winners + ((event.trick, event.winner, event.next_leader),), moves=(),
                           ended=r.moves)
        case e.RevokeFlagged():
            return changed(r, revokes=r.revokes + (event,))
    return None


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
        case e.CardPlayed():
            if r is None:
                return state  # a round's fact with no round: nothing to change (a damaged log)
            played = _in_round(state, r, event)
            assert played is not None
            if solo:
                p = _piles(state)
                p = changed(p.with_row(event.seat, without(p.row(event.seat), (event.card,))),
                            trick=p.trick + (event.card,))
            return _with_round(state, played, p if solo else None)
        case e.SidekickCardTurned():
            if r is None or not r.entries or not isinstance(r.entries[-1], CardTrick):
                return state
            last = r.entries[-1]
            return _round(state, entries=r.entries[:-1] + (changed(last, turned=last.turned + ((event.sidekick,
                                                                                                 event.card),)),))
        case e.CardsDrawn():
            if not solo:
                return state
            p = _piles(state)
            drawn = dict(p.drawn)
            drawn[event.seat] = drawn.get(event.seat, ()) + event.cards
            return changed(state, piles=changed(p, deck=without(p.deck, event.cards), drawn=tuple(drawn.items())))
        case e.DeckReshuffled():
            if not solo:
                return state
            p = _piles(state)
            return changed(state, piles=changed(p, deck=tuple(sorted(p.deck + event.cards)),
                                                discard=without(p.discard, event.cards)))
        case e.VancardianChose():
            if not solo:
                return state
            p = _piles(state)
            p = changed(p, drawn=tuple((s, c) for s, c in p.drawn if s != event.seat))
            if event.role == "follow":
                p = p.leave(event.discarded, state.choices.extra_love_exit).with_row(event.seat, event.row_after)
            return _round(state, p, moves=r.moves + (event,)) if r is not None else changed(state, piles=p)
        case e.TrickWon():
            if r is None:
                return state  # a round's fact with no round: nothing to change (a damaged log)
            won = _in_round(state, r, event)
            assert won is not None
            gathered = None
            if solo and not any(n == event.trick for n, _w, _l in r.winners):  # won again (an ability): gathered once
                p = _piles(state)
                keep = without(p.trick, tuple(c for c in p.trick if c.extra_love))
                extra = tuple(c for c in p.trick if c.extra_love)
                piles = dict(p.won)
                piles[event.winner] = piles.get(event.winner, ()) + keep
                gathered = changed(p, trick=(), won=tuple(piles.items())).leave(extra, state.choices.extra_love_exit)
            return _with_round(state, won, gathered)
        case e.RevokeFlagged():
            if r is None:
                return state  # a round's fact with no round: nothing to change (a damaged log)
            flagged = _in_round(state, r, event)
            assert flagged is not None
            return _with_round(state, flagged)
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
    """fold(evolve), a run of a round's trick events taken in bulk where they change only the round (not solo,
    whose piles they move): the state is made once for the run, not once for each card."""
    state: GameState | None = None
    r: RoundState | None = None  # the state's round as the trick events since `state` was made left it
    for event in events:
        if state is not None and r is not None and state.piles is None:
            changed = _in_round(state, r, event)
            if changed is not None:
                r = changed
                continue
        if state is not None and r is not None and r is not state.round:
            state = _with_round(state, r)
        state = evolve(state, event)
        r = state.round
    if state is None:
        raise ValueError(_("an empty log has no game"))
    return _with_round(state, r) if r is not None and r is not state.round else state
