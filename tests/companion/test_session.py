"""GameSession: decide -> durable append -> evolve; retries, resume, undo, two windows, values asked for."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession, Submitted
from db.errors import StaleGame
from db.records import Undone
from db.store import Store
from scoring.decision import Rejected
from scoring.errors import InputError, MissingValue
from scoring.origami import commands as c
from scoring.origami.evolve import project
from scoring.origami.rules import RuleId
from scoring.origami.state import Phase
from tests.recorded import Scripted, script

CATALOGUE = filled(shipped())
GAME = script(CATALOGUE, seed=11)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(f"sqlite:///{tmp_path}/games.db", KINDS)


def started(store: Store, game: Scripted = GAME) -> GameSession:
    session = GameSession.start(store, game.script[0], CATALOGUE, key="start")
    assert isinstance(session, GameSession)
    return session


def play(session: GameSession, commands: list[c.Command], prefix: str = "k") -> list[Submitted]:
    return [session.submit(cmd, f"{prefix}{i}") for i, cmd in enumerate(commands, 1)]


def test_a_whole_game_is_recorded_resumed_and_finished(store: Store) -> None:
    session = started(store)
    assert all(s.recorded for s in play(session, GAME.script[1:]))
    assert session.state == GAME.state
    resumed = GameSession(store, session.game_id, CATALOGUE)  # a new start of the program
    assert resumed.state == GAME.state and resumed.seq == len(GAME.log)
    sheet = resumed.finish()
    assert store.games.get(session.game_id).status == "finished"
    assert [r["score"] for r in store.results.of(session.game_id)] == [p.total for p in sheet.players]


def test_a_refused_setup_creates_no_game(store: Store) -> None:
    start = GAME.script[0]
    assert isinstance(start, c.StartGame)
    refused = GameSession.start(store, replace(start, families=start.families[:1]), CATALOGUE, key="bad")
    assert isinstance(refused, Rejected)
    assert store.games.all() == [] and store.profiles.all() == []


def test_an_illegal_action_is_refused_with_its_rule_and_records_nothing(store: Store) -> None:
    session = started(store)
    play(session, GAME.script[1:2])
    before, seq = session.state, session.seq
    idle = next(i for i in range(len(before.players)) if i != before.current)
    result = session.submit(c.DrawCards(idle, (), ()), "out of turn")
    assert not result.recorded and isinstance(result.decision, Rejected)
    assert result.decision.rule is RuleId.TURN_ORDER
    assert session.state == before and store.games.get(session.game_id).last_seq == seq


def test_a_retried_action_records_nothing_new(store: Store) -> None:
    session = started(store)
    first = play(session, GAME.script[1:4])
    again = play(session, GAME.script[1:4])  # the same keys, e.g. after a crash before the answer was seen
    assert [a.decision for a in again] == [f.decision for f in first]
    assert not any(a.recorded for a in again)
    fresh = GameSession(store, session.game_id, CATALOGUE)
    assert not any(s.recorded for s in play(fresh, GAME.script[1:4]))
    assert fresh.state == session.state and store.games.get(session.game_id).last_seq == session.seq


def test_undo_walks_back_and_stays_in_the_history(store: Store) -> None:
    session = started(store)
    play(session, GAME.script[1:6])
    states = [project(GAME.log[:n]) for n in range(1, len(GAME.log) + 1)]
    after_four = GameSession(store, session.game_id, CATALOGUE)
    target = session.undo("misread the card", "u1")
    assert not isinstance(target.event, Undone)
    assert session.state in states and session.state != after_four.state
    session.undo("", "u2")
    assert session.undo("", "u2") == session.undo("", "u2")  # an undo retried is one undo
    resumed = GameSession(store, session.game_id, CATALOGUE)
    assert resumed.state == session.state
    undos = [x for x in resumed.log if isinstance(x.event, Undone)]
    assert [u.event.reason for u in undos] == ["misread the card", "undone at the table"]
    assert len(resumed.log) == len(after_four.log) + 2  # nothing deleted: two undo events added
    # the undone actions can be played again
    assert all(s.recorded for s in play(resumed, GAME.script[4:6], prefix="again"))
    assert resumed.state == after_four.state


def test_undo_cannot_take_back_the_setup(store: Store) -> None:
    session = started(store)
    with pytest.raises(InputError, match="nothing to undo"):
        session.undo("", "u")


def test_undo_reopens_a_finished_game(store: Store) -> None:
    session = started(store)
    play(session, GAME.script[1:])
    session.finish()
    with pytest.raises(InputError, match="is finished; undo its last action"):
        session.submit(GAME.script[-1], "late")
    session.undo("Bob's hand was wrong", "u")
    assert session.record.status == "playing" and store.results.of(session.game_id) == []
    assert session.state.phase is Phase.OVER  # the hands still to reveal
    play(session, GAME.script[-1:], prefix="reopened")
    assert session.finish().winners


def test_an_override_is_recorded_with_its_reason(store: Store) -> None:
    session = started(store)
    play(session, GAME.script[1:2])
    idle = next(i for i in range(len(session.state.players)) if i != session.state.current)
    assert not session.submit(c.DrawFromDeck(idle, 1), "k").recorded
    result = session.submit(c.Override(c.DrawFromDeck(idle, 1), "house rule: catch-up draw"), "over")
    assert result.recorded
    overridden = [x.event for x in store.log.events(session.game_id) if type(x.event).__name__ == "Overridden"]
    assert [(o.rules, o.reason) for o in overridden] == [((RuleId.EFFECT_STEPS,), "house rule: catch-up draw")]


def test_two_windows_never_merge_silently(store: Store) -> None:
    a = started(store)
    b = GameSession(store, a.game_id, CATALOGUE)
    play(a, GAME.script[1:3])
    with pytest.raises(StaleGame, match="changed elsewhere"):
        b.submit(GAME.script[1], "b-deal")  # B had not seen A's deal
    assert b.state == a.state and b.seq == a.seq  # B reloaded
    assert [x.key for x in store.log.events(a.game_id) if x.key] == ["start", "k1", "k2"]


def test_unfinished_games_are_listed_for_resuming(store: Store) -> None:
    one = started(store)
    two = GameSession.start(store, GAME.script[0], CATALOGUE, key="another")
    assert isinstance(two, GameSession)
    play(one, GAME.script[1:])
    one.finish()
    assert [g.id for g in store.games.all(status="playing")] == [two.game_id]


def test_a_missing_value_is_asked_once_stored_and_used(store: Store) -> None:
    """With hand modifiers unknown, the referee asks at the end of a turn; the answer goes into the user's
    catalogue in the database, the same action then goes through, and the next session knows it."""
    unknown = filled(shipped(), leave=frozenset({"hand_modifier"}))
    session = GameSession.start(store, GAME.script[0], unknown, key="start")
    assert isinstance(session, GameSession)
    asked: list[tuple[str, str]] = []
    for i, command in enumerate(GAME.script[1:], 1):
        while True:
            try:
                assert session.submit(command, f"k{i}").recorded
                break
            except MissingValue as missing:
                assert (missing.card, missing.field) not in asked, "asked twice for the same value"
                asked.append((missing.card, missing.field))
                session.supply(missing.card, missing.field,
                               getattr(CATALOGUE.card(missing.card), missing.field))
    assert asked and {f for _, f in asked} == {"hand_modifier"}
    assert session.state == GAME.state
    assert sorted((card, field) for card, field, _ in store.catalogue.values("origami")) == sorted(asked)
    later = GameSession(store, session.game_id, unknown)
    assert all("hand_modifier" not in later.catalogue.card(card).unknown for card, _ in asked)


def test_a_bad_value_is_refused_and_not_stored(store: Store) -> None:
    session = started(store)
    with pytest.raises(InputError, match="points"):
        session.supply("Sheep", "points", "lots")
    assert store.catalogue.values("origami") == []


def test_a_session_opens_only_a_game_of_its_own_kind(store: Store) -> None:
    other = store.games.create(variant="table", players=["Ann", "Bob", "Cat"], families=[], kind="origin-story")
    with pytest.raises(InputError, match=f"game {other.id} is a game of origin-story, not origami"):
        GameSession(store, other.id, shipped())
