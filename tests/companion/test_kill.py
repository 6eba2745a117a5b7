"""Kill test: a process recording actions is killed (SIGKILL) at random moments, over and over. After each
kill, no acknowledged action is lost, none is duplicated, the file passes SQLite's integrity check, and the
game resumes exactly where the recorded actions left it."""
from __future__ import annotations

import random
from multiprocessing.connection import Connection
from pathlib import Path

from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.store import Store
from scoring.origami import commands as c
from tests.companion.kill_soak import killed_over_and_over, stored_keys
from tests.recorded import Scripted, script

CATALOGUE = filled(shipped())
KILLS = 100


def record(url: str, plan: list[list[c.Command]], acks: Connection) -> None:
    """The child: record every game of the plan, acknowledging each action once it is stored. A restart
    submits everything again with the same keys: what was stored already is recognised and skipped."""
    store = Store.open(url, KINDS)
    for g, commands in enumerate(plan):
        session = GameSession.start(store, commands[0], CATALOGUE, key=f"g{g}k0")
        assert isinstance(session, GameSession)
        acks.send(f"g{g}k0")
        for i, command in enumerate(commands[1:], 1):
            assert session.submit(command, f"g{g}k{i}").accepted
            acks.send(f"g{g}k{i}")
    acks.send("done")


def check(url: str, path: Path, games: list[Scripted], acknowledged: set[str]) -> int:
    """Everything the file must satisfy after a kill; returns how many actions are stored."""
    keys = stored_keys(path)
    assert acknowledged <= set(keys), f"acknowledged but lost: {sorted(acknowledged - set(keys))}"
    store = Store.open(url, KINDS)
    try:
        for g, game in enumerate(games):
            stored = sorted(int(k.split("k")[1]) for k in keys if k.startswith(f"g{g}k"))
            assert stored == list(range(len(stored))), f"game {g}: actions stored out of order: {stored}"
            if stored:
                [record_] = [r for r in store.games.all() if r.last_seq and _key_of(store, r.id) == f"g{g}k0"]
                resumed = GameSession(store, record_.id, CATALOGUE)
                expected = game.states[len(stored) - 1]
                assert (resumed.state.turn, resumed.state.current) == (expected.turn, expected.current)
                assert resumed.state == expected
    finally:
        store.close()
    return len(keys)


def _key_of(store: Store, game_id: int) -> str | None:
    return store.log.events(game_id)[0].key


def test_no_acknowledged_action_is_lost_or_doubled_across_kills(tmp_path: Path) -> None:
    rng = random.Random(2026)
    games = [script(CATALOGUE, seed) for seed in (31, 32, 33, 34)]
    plan = [g.script for g in games]
    path = tmp_path / "killed.db"
    url = f"sqlite:///{path}"
    Store.open(url, KINDS).close()  # the schema exists before the first child starts
    acknowledged, kills = killed_over_and_over(rng, url, record, plan, KILLS,
                                               lambda acked: check(url, path, games, acked))
    assert kills >= KILLS, f"the plan ran out after {kills} kills: give the child more to record"
    stored = check(url, path, games, acknowledged)
    assert stored >= len(acknowledged) > KILLS
