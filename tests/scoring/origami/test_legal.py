"""legal_actions: what the engine offers is sorted, deterministic, includes the steps of a pending effect,
and each offer is accepted by the referee."""
from __future__ import annotations

from scoring.decision import Accepted
from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.decide import decide
from scoring.origami.legal import legal_actions
from tests.scoring.origami.referee_helpers import ANN, BOB, CATALOGUE, origami_game, run


def test_the_offer_is_sorted_and_the_same_every_time() -> None:
    state = origami_game()
    offers = legal_actions(state, ANN, CATALOGUE)
    assert offers == legal_actions(state, ANN, CATALOGUE)
    assert [repr(x) for x in offers] == sorted(repr(x) for x in offers)
    assert c.DrawCards(ANN, (CardId("Ant"), CardId("Owl")), ()) in offers  # 4 folds
    assert c.DrawCards(ANN, (CardId("Ant"), CardId("Chick"), CardId("Owl")), ()) not in offers  # 5
    assert c.PlayOrigami(ANN, CardId("Chicken"), (CardId("Ant"), CardId("Bee")), 0) in offers
    assert legal_actions(state, BOB, CATALOGUE) == []  # not Bob's turn, and nothing of his is pending


def test_a_pending_effect_is_offered_step_by_step_and_every_offer_is_accepted() -> None:
    state = origami_game()  # Ann: Chick, Chicken, Bee, Ant; Bob: Magpie, Butterfly, Chick, Bee
    state = run(state, c.DrawCards(ANN, (), ()), c.EndTurn(ANN))
    state = run(state, c.PlayOrigami(BOB, CardId("Magpie"), (CardId("Butterfly"), CardId("Bee")), 0))
    anns = legal_actions(state, ANN, CATALOGUE)
    assert anns == [c.Discard(ANN, (CardId(x),)) for x in ("Ant", "Bee", "Chick", "Chicken")]
    assert all(isinstance(decide(state, x, CATALOGUE), Accepted) for x in anns)
    assert not any(isinstance(x, c.TakeFromDiscard) for x in legal_actions(state, BOB, CATALOGUE))
    state = run(state, c.Discard(ANN, (CardId("Chicken"),)))
    assert legal_actions(state, ANN, CATALOGUE) == []
    bobs = legal_actions(state, BOB, CATALOGUE)
    assert c.TakeFromDiscard(BOB, CardId("Chicken")) in bobs  # one of the cards discarded for the Magpie
    assert c.TakeFromDiscard(BOB, CardId("Bee")) not in bobs  # Bob's own payment is not
    assert c.EndTurn(BOB) in bobs
    assert all(isinstance(decide(state, x, CATALOGUE), Accepted) for x in bobs if not isinstance(x, c.EndTurn))
