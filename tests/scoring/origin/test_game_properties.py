"""Random legal whole games driven through decide (ORIGIN_STORY.md §10.3): every option the driver offers from
the referee's legal options is accepted, project(log) equals the incremental state, the invariants hold at every
step (solo: every card in exactly one place) and the codec round-trips every event."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.origin.playout import Engine, play_game
from scoring.errors import InputError
from scoring.origin import codec
from scoring.origin import events as e
from scoring.origin.audit import audit
from scoring.origin.describe import describe
from scoring.origin.evolve import project
from scoring.origin.state import Phase

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def checked(engine: Engine, event: e.Event) -> None:
    assert engine.state is not None
    assert audit(engine.state) == [], event
    assert describe(event)
    if isinstance(event, e.AlignmentsRevealed):  # G9: the playout uses no stamina abilities
        r = engine.state.round
        assert r is not None
        assert {engine.state.held(p) for p in engine.state.players} == {min(r.number + 1, 5)}
        assert all(engine.state.charged(p) <= engine.state.held(p) for p in engine.state.players)
    name, version, payload = codec.encode(event)
    assert name.startswith("os.")
    assert codec.decode(name, version, json.loads(json.dumps(payload))) == event


STEPS = {e.StaminaChanged, e.StoryCardPlaced, e.SuperheroRevealed, e.EventRevealed}


def whole_game(seed: int, mode: str, players: tuple[str, ...], level: str, deck: str = "table") -> Engine:
    """Games at the winners level skip round-setup steps at random (as such a table may); the others walk them
    all, in the book's order."""
    engine = Engine(on_step=checked)
    skip = level == "winners"
    play_game(engine.submit, lambda: engine.state, random.Random(seed), mode=mode, players=players,  # type: ignore
              level=level, deck=deck, surrender=mode == "solo", every_option=True, skip=skip)
    assert engine.state is not None and engine.state.phase is Phase.OVER
    assert project(engine.log) == engine.state
    assert engine.state.charges == ()
    kinds = {type(x) for x in engine.log}
    assert e.StaminaChanged in kinds and (skip or STEPS <= kinds)
    assert [x.round for x in engine.log if isinstance(x, e.EventRevealed)] in ([3], [] if skip else [3])
    return engine


@FAST
@given(seed=st.integers(0, 2**32), count=st.integers(3, 5), level=st.sampled_from(("cards", "winners", "mixed")))
def test_table_games(seed: int, count: int, level: str) -> None:
    engine = whole_game(seed, "table", NAMES[:count], level)
    scored = [x for x in engine.log if isinstance(x, e.RoundScored)]
    assert len(scored) == 5
    for rnd in scored:
        assert sum(line.tricks for line in rnd.lines) == 8
        for line in rnd.lines:
            assert line.alignment_vp == (line.tricks if line.alignment.value == "hero" else
                                         4 if line.tricks == 0 else 0)


@FAST
@given(seed=st.integers(0, 2**32), level=st.sampled_from(("cards", "mixed")))
def test_duo_games(seed: int, level: str) -> None:
    engine = whole_game(seed, "duo", NAMES[:2], level)
    for rnd in engine.state.rounds:  # type: ignore[union-attr]
        assert rnd.tricks_done == 8
        assert sum(n for seat, n in rnd.won().items() if not seat.startswith("SK ")) == \
            8 - sum(n for seat, n in rnd.won().items() if seat.startswith("SK "))
    dealers = [x.dealer for x in engine.log if isinstance(x, e.RoundStarted)]
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))
    assert not any(d.startswith("SK ") for d in dealers)


@FAST
@given(seed=st.integers(0, 2**32))
@example(seed=97041)  # the story card's exchanges gave her both 4.5lv cards: once refused as "twice"
def test_solo_games_with_the_app_deck(seed: int) -> None:
    engine = whole_game(seed, "solo", NAMES[:1], "cards", deck="app")
    chose = [x for x in engine.log if isinstance(x, e.VancardianChose)]
    assert chose and all(x.steps for x in chose)


@pytest.mark.parametrize("payload", [
    {"round": 1, "trick": 1, "seat": "Ann", "card": "14br", "value": None, "suit": None, "by": "",
     "ignore_follow": False},
    {"round": 1, "trick": 1, "seat": "Ann", "card": "9br", "value": None, "suit": "xx", "by": "",
     "ignore_follow": False},
    {"round": "1", "trick": 1, "seat": "Ann", "card": "9br", "value": None, "suit": None, "by": "",
     "ignore_follow": False},
    {"round": 1, "trick": 1, "seat": "Ann", "card": "9br"},
    [],
])
def test_the_codec_refuses_bad_payloads(payload: object) -> None:
    with pytest.raises(InputError):
        codec.decode("os.CardPlayed", codec.VERSION, payload)  # type: ignore[arg-type]


def test_the_codec_refuses_unknown_names_and_versions() -> None:
    with pytest.raises(InputError):
        codec.decode("os.Nonsense", codec.VERSION, {})
    name, _v, payload = codec.encode(e.DealerPassed("Ann"))
    with pytest.raises(InputError):
        codec.decode(name, codec.VERSION + 1, payload)


def test_cards_and_values_are_stored_in_the_short_notation() -> None:
    from fractions import Fraction

    from scoring.origin.cards import parse_card
    _n, _v, payload = codec.encode(e.CardPlayed(1, 2, "Ann", parse_card("4.5lv", solo=True), Fraction(11, 2)))
    assert payload["card"] == "4.5lv" and payload["value"] == "5.5"


@pytest.mark.parametrize(("mode", "count"), [("table", 4), ("duo", 2), ("solo", 1)])
def test_the_log_read_up_to_any_event_is_the_state_that_event_left(mode: str, count: int) -> None:
    """project takes a run of a round's trick events in bulk: stopped anywhere (inside a trick, a round, a run), it
    is the state the events left one by one."""
    states = []
    engine = Engine(on_step=lambda eng, _event: states.append(eng.state))
    play_game(engine.submit, lambda: engine.state, random.Random(mode), mode=mode,  # type: ignore[arg-type, return-value]
              players=NAMES[:count], rounds=2, every_option=True)
    assert len(states) == len(engine.log) > 100
    for k, state in enumerate(states, 1):
        assert project(engine.log[:k]) == state, k
