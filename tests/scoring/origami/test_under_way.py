"""Joining a game under way: the table entered instead of the deal, checked, and the game goes on."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.origami.catalogue import shipped
from companion.origami.playout import Playout, filled
from scoring.decision import Accepted
from scoring.origami import commands as c
from scoring.origami.audit import audit
from scoring.origami.codec import decode, encode
from scoring.origami.decide import decide
from scoring.origami.events import GameStarted
from scoring.origami.evolve import evolve
from scoring.origami.rules import RuleId
from scoring.origami.state import GameState, Phase
from scoring.origami.table import Variant
from tests.scoring.origami.referee_helpers import ANN, BOB, origami_game, refused, run

CATALOGUE = filled(shipped())


def entered(state: GameState) -> c.EnterPosition:
    """What a person sees at the table, typed in: hands as counts (plus rice paper), all else face up."""
    return c.EnterPosition(
        collections=tuple(p.collections for p in state.players),
        hands=tuple(p.hand.size - p.hand.rice for p in state.players),
        characters=state.characters, line=state.line, discard=state.discard,
        starting=state.starting, current=state.current, exhaustions=state.exhaustions,
        turns_left=state.turns_left(), rice=tuple(p.hand.rice for p in state.players))


def states(script: list[c.Command]) -> list[GameState]:
    """The state after each command of a played game."""
    out: list[GameState] = []
    state: GameState | None = None
    for command in script:
        decision = decide(state, command, CATALOGUE)
        assert isinstance(decision, Accepted)
        for event in decision.events:
            state = evolve(state, event) if state is not None else evolve(None, event)  # type: ignore[arg-type]
        assert state is not None
        out.append(state)
    return out


@settings(max_examples=12, deadline=None)
@given(variant=st.sampled_from(list(Variant)), players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1),
       where=st.floats(0, 1))
def test_a_game_joined_at_the_start_of_any_turn_goes_on_exactly_as_the_real_one(
        variant: Variant, players: int, seed: int, where: float) -> None:
    playout = Playout(CATALOGUE, random.Random(seed))
    playout.play_game(variant, players)
    script = playout.script
    after = states(script)
    turn_starts = [i for i, s in enumerate(after)
                   if s.phase is Phase.PLAY and not s.acted and not s.effects and isinstance(script[i], (c.Deal, c.EndTurn))]
    k = turn_starts[int(where * (len(turn_starts) - 1))]
    real = after[k]

    joined = run(None, script[0], entered(real), catalogue=CATALOGUE)
    assert not audit(joined, _started(script[0]))
    for command in script[k + 1:]:
        decision = decide(joined, command, CATALOGUE)
        assert isinstance(decision, Accepted), f"{command}: {decision}"
        for event in decision.events:
            joined = evolve(joined, event)
    final = after[-1]
    assert joined.phase is Phase.OVER
    assert [(p.collections, p.hand) for p in joined.players] == [(p.collections, p.hand) for p in final.players]
    assert (joined.line, joined.discard, joined.deck, joined.characters, joined.exhaustions) == (
        final.line, final.discard, final.deck, final.characters, final.exhaustions)
    assert joined.turn - final.turn == 1 - real.turn  # the same turns, counted from the one joined


def _started(command: c.Command) -> GameStarted:
    decision = decide(None, command, CATALOGUE)
    assert isinstance(decision, Accepted) and isinstance(decision.events[0], GameStarted)
    return decision.events[0]


def test_the_entered_position_is_stored_and_read_back() -> None:
    state = run(None, c.StartGame("origami", ("Ann", "Bob"), ("sky", "lawn")))
    decision = decide(state, c.EnterPosition((((("Chick",), ("Ant",))), ((), ())), (5, 7), (), ("Owl", "Bee", "Ant", "Chick"),
                                             ("Magpie",), starting=BOB, current=ANN), CATALOGUE)
    assert isinstance(decision, Accepted)
    rows = [json.loads(json.dumps(encode(event))) for event in decision.events]
    assert [decode(*row) for row in rows] == list(decision.events)
    joined = evolve(state, decision.events[0])
    assert joined.deck == state.deck - 2 - 12 - 4 - 1
    assert joined.current == ANN and joined.starting == BOB and joined.player(BOB).hand.size == 7
    assert joined.end_banner() == "The deck has not run out yet: the game ends after it runs out a second time."


def test_joined_after_the_second_exhaustion_the_final_turns_are_counted() -> None:
    state = run(None, c.StartGame("origami", ("Ann", "Bob", "Cy"), ("sky", "lawn", "farm")))

    def at_bobs_turn(turns_left: int | None) -> c.EnterPosition:
        return c.EnterPosition((((), ()),) * 3, (4, 4, 4), (), ("Owl", "Bee", "Ant", "Chick"), (),
                               starting=ANN, current=BOB, exhaustions=2, turns_left=turns_left)

    final_round = run(state, at_bobs_turn(1), catalogue=CATALOGUE)
    assert final_round.end_banner() == "Final turns: 1 more after this one — Cy plays last."
    this_round_first = run(state, at_bobs_turn(4), catalogue=CATALOGUE)
    assert this_round_first.end_banner().startswith("The deck ran out twice: finish this round")
    for impossible in (None, 0, 3, 7):
        problem = refused(state, at_bobs_turn(impossible), RuleId.END_TRIGGER)
        assert "leaves 1 turn after this one (the final round is under way) or 4 turns" in str(problem)


def test_a_table_that_cannot_be_is_refused_with_its_rule() -> None:
    state = run(None, c.StartGame("origami", ("Ann", "Bob"), ("sky", "lawn")))
    line = ("Owl", "Bee", "Ant", "Chick")

    def position(**changes: object) -> c.EnterPosition:
        base: dict[str, object] = dict(collections=(((), ()), ((), ())), hands=(3, 3), characters=(), line=line,
                                       discard=(), starting=ANN, current=ANN)
        return c.EnterPosition(**{**base, **changes})  # type: ignore[arg-type]

    unbalanced = refused(state, position(collections=((("Chick", "Ant"), ()), ((), ()))), RuleId.COLL_BALANCE)
    assert unbalanced.violation.overridable and "Ann's collections hold 2 and 0" in str(unbalanced)
    refused(state, position(hands=(3, 300)), RuleId.CARD_COUNT)
    refused(state, position(line=line[:3]), RuleId.LINE_REFILL)
    refused(state, position(discard=("Rice Paper",)), RuleId.CARD_COUNT)  # not in a sky and lawn game
    refused(state, position(collections=((("Whale",), ()), ((), ()))), RuleId.CARD_COUNT)
    refused(state, position(current=2), RuleId.TURN_ORDER)
    refused(state, position(characters=("Ninja (red)",)), RuleId.CARD_COUNT)
    refused(origami_game(), position(), RuleId.SETUP_DEAL)


def test_both_colours_of_a_character_cannot_be_in_play() -> None:
    state = run(None, c.StartGame("legends", ("Ann", "Bob"), ("polar", "legendary"), ("Ninja", "Merchant")))
    both = c.EnterPosition((((), ()), ((), ())), (3, 3), ("Ninja (red)", "Ninja (yellow)"),
                           ("Seal", "Kappa", "Phoenix", "Dragon"), (), starting=ANN, current=BOB)
    refused(state, both, RuleId.CHAR_PAIR)
    merchant = run(state, c.EnterPosition((((), ()), ((), ())), (3, 3), ("Merchant (yellow)",),
                                          ("Seal", "Kappa", "Phoenix", "Dragon", "Walrus"), (), starting=ANN,
                                          current=BOB, rice=(2, 0)), catalogue=CATALOGUE)
    assert merchant.line_size == 5 and merchant.player(ANN).hand.rice == 2 and merchant.rice_deck == 16
