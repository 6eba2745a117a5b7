"""The table's picks and the turn's own end, from the engine's offer: each pick the referee accepts as it is (or
once the cards it turns up are named), and the turn ends by itself only when a bare `end` is all there is."""
from __future__ import annotations

from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from scoring.decision import Accepted
from scoring.origami import commands as c
from scoring.origami.decide import decide
from scoring.origami.legal import legal_actions
from scoring.origami.picks import PICKS, ends_by_itself, likely_actions, refill_owed
from scoring.origami.table import Variant
from tests.recorded import script

CATALOGUE = filled(shipped())


def test_every_pick_is_accepted_and_the_turn_ends_by_itself_only_when_nothing_else_is_left() -> None:
    game = script(CATALOGUE, 2, Variant.ORIGAMI, players=3)
    ended = refilling = 0
    for state in game.states[1:]:
        picks = likely_actions(state, CATALOGUE)
        assert len(picks) <= PICKS
        for pick in picks:
            if not refill_owed(pick, state):
                assert isinstance(decide(state, pick, CATALOGUE), Accepted), pick
        end = ends_by_itself(state, CATALOGUE)
        if end is not None:
            ended += 1
            assert legal_actions(state, state.current, CATALOGUE) == [end] and not refill_owed(end, state)
            assert isinstance(decide(state, end, CATALOGUE), Accepted)
        bare = c.EndTurn(state.current)
        if legal_actions(state, state.current, CATALOGUE) == [bare] and refill_owed(bare, state):
            refilling += 1  # the line wants cards from the deck: the table names them, the turn waits for it
            assert end is None
    assert ended and refilling


def test_a_play_is_offered_at_its_cheapest_payment() -> None:
    game = script(CATALOGUE, 2, Variant.ORIGAMI, players=3)
    plays = [(state, pick) for state in game.states[1:] for pick in likely_actions(state, CATALOGUE)
             if isinstance(pick, c.PlayOrigami)]
    assert plays
    for state, pick in plays:
        offered = [x for x in legal_actions(state, state.current, CATALOGUE) if isinstance(x, c.PlayOrigami)
                   and (x.card, x.collection, x.under, x.source, x.via) == (pick.card, pick.collection, pick.under,
                                                                             pick.source, pick.via)]
        assert len(pick.payment) == min(len(x.payment) for x in offered)
