"""The table's picks and the turn's own end, from the engine's offer: each pick the referee accepts as it is (or
once the cards it turns up are named), and the turn ends by itself only when a bare `end` is all there is."""
from __future__ import annotations

from dataclasses import replace

from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from scoring.decision import Accepted
from scoring.origami import commands as c
from scoring.origami.decide import decide
from scoring.origami.grants import available
from scoring.origami.legal import legal_actions
from scoring.origami.picks import HAND_STEPS, PICKS, ends_by_itself, likely_actions, refill_owed
from scoring.origami.state import Hand, Phase
from scoring.origami.table import Variant
from tests.recorded import script
from tests.scoring.origami.referee_helpers import CATALOGUE as SHIPPED
from tests.scoring.origami.referee_helpers import legends_game

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


def test_draws_are_offered_beside_a_card_whose_folds_nobody_knows() -> None:
    """Oni's folds are not known: the draws of the other cards are offered all the same (only Oni's are not)."""
    state = replace(legends_game(), line=("Oni", "Arctic Hare", "Walrus", "Seal"))
    assert "folds" in SHIPPED.card("Oni").unknown
    draws = [x for x in likely_actions(state, SHIPPED) if isinstance(x, c.DrawCards)]
    assert c.DrawCards(state.current, ("Arctic Hare", "Seal"), ()) in draws
    assert all("Oni" not in x.cards for x in draws)


def test_the_turn_does_not_end_by_itself_while_an_effect_lets_someone_act_with_cards_not_seen() -> None:
    """An effect opened this turn lets a player discard, pass or play from a hand the table has not seen whole (the
    Phoenix: each may discard, then draws): legal_actions cannot list that, so the turn waits for `end`."""
    waited = 0
    for seed in range(2, 8):
        for state in script(CATALOGUE, seed, Variant.LEGENDS, players=3).states[1:]:
            for i, grant in enumerate(state.grants):
                if state.phase is Phase.PLAY and grant.step in HAND_STEPS and available(state, i):
                    held = state.player(grant.seat).hand
                    unseen = state.with_player(grant.seat, hand=Hand((), held.size or 1))
                    waited += 1
                    assert ends_by_itself(unseen, CATALOGUE) is None
    assert waited


def test_an_effect_that_lets_every_player_draw_offers_each_of_their_draws() -> None:
    """The Leprechaun (each player draws 1 card from the deck): every player the effect still lets draw has a pick,
    not only the one whose turn it is, and each pick is accepted as it is."""
    seen = 0
    for seed in range(2, 8):
        for state in script(CATALOGUE, seed, Variant.LEGENDS, players=3).states[1:]:
            drawers = {g.seat for i, g in enumerate(state.grants) if g.step == "draw_deck" and available(state, i)}
            if state.phase is not Phase.PLAY or len(drawers) < 2:
                continue
            seen += 1
            picks = likely_actions(state, CATALOGUE)
            assert drawers <= {p.player for p in picks if isinstance(p, c.DrawFromDeck)}, picks
            for pick in picks:
                if isinstance(pick, c.DrawFromDeck):
                    assert isinstance(decide(state, pick, CATALOGUE), Accepted), pick
    assert seen
