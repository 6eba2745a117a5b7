"""Random legal games in every variant, each command drawn from the engine's own offer (legal_actions): they run
to the end, every offered command is accepted (Playout.step puts each to the referee when checked), and the cards
are conserved and the collections balanced after every command (audit)."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.origami.catalogue import shipped
from companion.origami.playout import Playout, filled
from scoring.origami.codec import decode, encode
from scoring.origami.evolve import project
from scoring.origami.state import Phase
from scoring.origami.table import Variant

CATALOGUE = filled(shipped())
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(variant: Variant, players: int, seed: int) -> Playout:
    playout = Playout(CATALOGUE, random.Random(seed), checked=True)
    sheet = playout.play_game(variant, players)
    assert playout.state is not None and playout.state.phase is Phase.OVER
    assert playout.state.exhaustions >= 2
    assert len(sheet.players) == players and sheet.winners
    return playout


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_origami_games_run_to_the_end(players: int, seed: int) -> None:
    play(Variant.ORIGAMI, players, seed)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_legends_games_run_to_the_end(players: int, seed: int) -> None:
    play(Variant.LEGENDS, players, seed)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
# The Cricket's play from the top discard (yellow Geisha) of a card of the name just taken: another card, so allowed
# (it was offered and then refused: the referee read it as the taken card).
@example(players=4, seed=2967)
def test_mixed_games_run_to_the_end(players: int, seed: int) -> None:
    play(Variant.MIXED, players, seed)


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(list(Variant)), players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_replaying_the_log_gives_the_same_state_and_the_codec_round_trips(variant: Variant, players: int,
                                                                          seed: int) -> None:
    playout = play(variant, players, seed)
    assert project(playout.log) == playout.state
    stored = [json.loads(json.dumps(encode(event))) for event in playout.log]
    assert [decode(*row) for row in stored] == playout.log


def test_the_last_turn_is_taken_by_the_player_right_of_the_starting_player() -> None:
    for seed in range(12):
        playout = play(Variant.ORIGAMI, 3, seed)
        state = playout.state
        assert state is not None
        assert state.current == (state.starting - 1) % state.count
