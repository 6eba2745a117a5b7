"""The store's contract for Origin Story games, on every backend: a game recorded through OriginSession reads back
event for event (the os.* codec), resumes exactly, and finishes into the history with its winners."""
from __future__ import annotations

import random

from companion.origin import KIND as ORIGIN_STORY
from companion.origin.playout import play_game
from companion.origin.session import OriginSession
from db.store import Store
from scoring.origin import commands as c
from scoring.origin.evolve import project
from scoring.origin.state import Phase


def test_an_origin_story_game_round_trips_and_finishes(store: Store) -> None:
    session = OriginSession.start(store, c.StartGame("table", ("Ann", "Bob", "Cat", "Dan")), key="start")
    assert isinstance(session, OriginSession)
    n = iter(range(10_000))

    def submit(command: object) -> None:
        assert session.submit(command, f"k{next(n)}").recorded

    play_game(submit, lambda: session.state, random.Random(1), mode="table", players=("Ann", "Bob", "Cat", "Dan"),
              level="mixed")
    assert store.games.get(session.game_id).kind == ORIGIN_STORY
    stored = [x.event for x in store.log.events(session.game_id)]
    assert stored == [x.event for x in session.log]
    assert project(stored) == session.state and session.state.phase is Phase.OVER
    sheet = OriginSession(store, session.game_id).finish()
    results = store.results.of(session.game_id)
    assert [(r["name"], r["score"], r["winner"]) for r in results] == [
        (p.name, p.total, p.name in sheet.winners) for p in sheet.players]
