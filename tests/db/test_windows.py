"""Two windows (two stores on one database, as two processes have them) on one game, driven at once: an action is
recorded once, after the event its window showed, and a game's status moves one way (an abandoned game takes
nothing more, a finish and an abandon racing end one way only). On SQLite and, with COMPANION_TEST_PG, PostgreSQL."""
from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.games import KINDS
from companion.origin.playout import play_game
from companion.origin.session import OriginSession
from companion.session import stale_said
from db.errors import StaleGame, StoreError
from db.store import Store
from scoring.errors import InputError
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.round_input import Alignment
from scoring.origin.state import Phase

H = Alignment.HERO


@pytest.fixture
def stores(url: str) -> Iterator[tuple[Store, Store]]:
    one, two = Store.open(url, KINDS), Store.open(url, KINDS)
    yield one, two
    one.close()
    two.close()


def at_a_trick(store: Store) -> OriginSession:
    """A table game at the winners level, its first trick to name."""
    session = OriginSession.start(store, c.StartGame("table", ("Ann", "Bob", "Cat")), key="start",
                                  rng=random.Random(7))
    assert isinstance(session, OriginSession)
    for n, command in enumerate((c.ChooseDealer("Cat"), c.StartRound(),
                                 c.RevealAlignments((("Ann", H), ("Bob", H), ("Cat", H))))):
        assert session.submit(command, f"set{n}").recorded
    return session


def at_once(*acts: Callable[[], Any]) -> list[Any]:
    """Run the acts in threads released together; each one's result or the exception it raised."""
    gate = threading.Barrier(len(acts))
    out: list[Any] = [None] * len(acts)

    def run(i: int) -> None:
        gate.wait()
        try:
            out[i] = acts[i]()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test looks at
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(acts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def tricks(store: Store, game_id: int) -> int:
    return sum(isinstance(x.event, e.TrickWon) for x in store.log.events(game_id))


def test_the_same_winner_entered_in_two_windows_at_once_is_recorded_once(stores: tuple[Store, Store]) -> None:
    one, two = stores
    first = at_a_trick(one)
    second = OriginSession(two, first.game_id)
    outcomes = at_once(lambda: first.submit(c.NameWinner("Bob"), "one"),
                       lambda: second.submit(c.NameWinner("Bob"), "two"))
    assert sum(isinstance(x, StaleGame) for x in outcomes) == 1, outcomes
    assert sum(not isinstance(x, Exception) and x.recorded for x in outcomes) == 1, outcomes
    assert tricks(one, first.game_id) == 1


def test_a_line_typed_before_the_other_windows_action_showed_is_refused_not_put_on_the_next_trick(
        stores: tuple[Store, Store]) -> None:
    one, two = stores
    first = at_a_trick(one)
    second = OriginSession(two, first.game_id)
    seen = second.seq
    assert first.submit(c.NameWinner("Bob"), "one").recorded
    second.follow(typing=True)  # the window redraws while `w Bob` is on its line
    with pytest.raises(StaleGame) as refused:
        second.submit(c.NameWinner("Bob"), "two")
    said = stale_said(refused.value)
    assert "another window" in said and "not recorded" in said and "back where you typed it" in said
    assert (refused.value.expected, refused.value.found) == (seen, first.seq)
    assert tricks(one, first.game_id) == 1 and second.state == first.state
    assert second.submit(c.NameWinner("Bob"), "three").recorded  # typed again, seeing the table: the next trick
    assert tricks(one, first.game_id) == 2


def test_a_window_that_followed_before_its_line_was_typed_records_on_the_table_it_shows(
        stores: tuple[Store, Store]) -> None:
    one, two = stores
    first = at_a_trick(one)
    second = OriginSession(two, first.game_id)
    assert first.submit(c.NameWinner("Bob"), "one").recorded
    second.follow(typing=False)
    assert second.submit(c.NameWinner("Ann"), "two").recorded
    assert tricks(one, first.game_id) == 2


def test_a_window_still_open_on_an_abandoned_game_records_undoes_and_finishes_nothing(
        stores: tuple[Store, Store]) -> None:
    one, two = stores
    first = at_a_trick(one)
    assert first.submit(c.NameWinner("Bob"), "won").recorded
    before = len(one.log.events(first.game_id))
    two.games.abandon(first.game_id)
    with pytest.raises(StoreError, match="was abandoned"):
        first.submit(c.NameWinner("Bob"), "after")
    with pytest.raises(InputError, match="was abandoned"):
        first.undo("oops", "undo")
    with pytest.raises(StoreError, match="was abandoned"):
        one.log.append(first.game_id, before, [one.log.events(first.game_id)[-1].event], "direct")
    assert len(one.log.events(first.game_id)) == before
    assert one.games.get(first.game_id).status == "abandoned"


def over(store: Store, seed: int) -> OriginSession:
    session = OriginSession.start(store, c.StartGame("table", ("Ann", "Bob", "Cat")), key=f"start{seed}",
                                  rng=random.Random(seed))
    assert isinstance(session, OriginSession)
    keys = iter(range(10_000))

    def submit(command: Any) -> None:
        assert session.submit(command, f"{seed}.{next(keys)}").recorded

    play_game(submit, lambda: session.state, random.Random(seed), mode="table", players=("Ann", "Bob", "Cat"),
              level="winners")
    assert session.state.phase is Phase.OVER
    return session


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_finish_racing_an_abandon_ends_one_way_only(stores: tuple[Store, Store], seed: int) -> None:
    one, two = stores
    session = over(one, seed)
    finished, abandoned = at_once(session.finish, lambda: two.games.abandon(session.game_id))
    status = one.games.get(session.game_id).status
    results = one.results.of(session.game_id)
    if isinstance(abandoned, StoreError):  # the finish came first
        assert not isinstance(finished, Exception), finished
        assert status == "finished" and len(results) == 3
        assert "only a game in progress can be abandoned" in str(abandoned)
    else:
        assert isinstance(finished, StoreError) and "was abandoned" in str(finished), finished
        assert status == "abandoned" and results == []
        with pytest.raises(StoreError, match="was abandoned"):
            session.undo("reopen?", "undo")
        assert one.games.get(session.game_id).status == "abandoned"


def test_an_undo_in_a_window_behind_a_finish_reopens_only_a_finished_game(stores: tuple[Store, Store]) -> None:
    one, two = stores
    session = over(one, 4)
    session.finish()
    behind = OriginSession(two, session.game_id)
    with pytest.raises(InputError, match="finished"):
        behind.submit(c.NameWinner("Bob"), "late")
    behind.undo("wrong winner", "undo")
    assert one.games.get(session.game_id).status == "playing" and one.results.of(session.game_id) == []
