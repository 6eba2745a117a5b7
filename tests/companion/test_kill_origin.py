"""Kill soak for Origin Story: a process recording a whole game at the table (every card typed), with a value of
the user's Origin Story catalogue kept between tricks, is killed (SIGKILL) at random moments, over and over. After
each kill no acknowledged action or value is lost, none is doubled, the file passes SQLite's integrity check, and
the game resumes exactly in the state its recorded actions reach. The seed is printed (KILL_SEED replays it)."""
from __future__ import annotations

import os
import random
import sqlite3
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pytest

from companion.games import KINDS
from companion.origin.playout import Engine, play_game
from companion.origin.session import OriginSession
from db.store import Store
from tests.companion.kill_soak import killed_over_and_over, stored_keys

KILLS = 40
GAME = "origin-story"


def played(seed: int) -> tuple[list[Any], list[Any]]:
    """A random legal table game: its commands and the state after each."""
    engine, commands, states = Engine(), [], []

    def keep(command: Any) -> Any:
        commands.append(command)
        events = engine.submit(command)
        states.append(engine.state)
        return events

    play_game(keep, lambda: engine.state, random.Random(seed), mode="table",  # type: ignore[arg-type, return-value]
              players=("Ann", "Bob", "Cat"), level="cards")
    return commands, states


def record(url: str, commands: list[Any], acks: Connection) -> None:
    """The child: the whole game, each action acknowledged once stored, and every tenth a catalogue value kept. A
    restart submits everything again with the same keys: what was stored already is recognised and skipped."""
    store = Store.open(url, KINDS)
    session = OriginSession.start(store, commands[0], key="k0")
    assert isinstance(session, OriginSession)
    acks.send("k0")
    for i, command in enumerate(commands[1:], 1):
        assert session.submit(command, f"k{i}").accepted
        acks.send(f"k{i}")
        if i % 10 == 0:
            store.catalogue.set_value(GAME, "Monologuing", "amount", i)
            acks.send(f"v{i}")
    acks.send("done")


def check(url: str, path: Path, states: list[Any], acknowledged: set[str]) -> int:
    """Everything the file must satisfy after a kill; returns how many actions are stored."""
    keys = stored_keys(path)
    with sqlite3.connect(path) as raw:
        amount = raw.execute("SELECT value FROM card_values WHERE card = 'Monologuing'").fetchall()
    raw.close()
    actions = {k for k in acknowledged if k.startswith("k")}
    assert actions <= set(keys), f"acknowledged but lost: {sorted(actions - set(keys))}"
    values = sorted(int(k[1:]) for k in acknowledged if k.startswith("v"))
    if values:
        assert len(amount) == 1 and int(amount[0][0]) >= values[-1], "an acknowledged catalogue value was lost"
    stored = sorted(int(k[1:]) for k in keys)
    assert stored == list(range(len(stored))), f"actions stored out of order: {stored}"
    if stored:
        store = Store.open(url, KINDS)
        try:
            [game] = store.games.all()
            assert OriginSession(store, game.id).state == states[len(stored) - 1]
        finally:
            store.close()
    return len(keys)


def test_no_acknowledged_origin_story_action_or_value_is_lost_or_doubled_across_kills(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed = int(os.environ.get("KILL_SEED", random.randrange(2**32)))
    with capsys.disabled():
        print(f"\nOrigin Story kill soak: KILL_SEED={seed}")
    rng = random.Random(seed)
    commands, states = played(rng.randrange(2**32))
    path = tmp_path / "killed.db"
    url = f"sqlite:///{path}"
    Store.open(url, KINDS).close()  # the schema exists before the first child starts
    acknowledged, kills = killed_over_and_over(rng, url, record, commands, KILLS,
                                               lambda acked: check(url, path, states, acked), f", KILL_SEED={seed}")
    assert kills >= KILLS, f"the game ran out after {kills} kills (KILL_SEED={seed}): give the child more to record"
    assert check(url, path, states, acknowledged) >= len([k for k in acknowledged if k.startswith("k")]) > KILLS
