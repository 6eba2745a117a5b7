"""Store benchmarks: one recorded action against a raw sqlite3 insert+commit, resuming a whole long game (read,
replayed, checked), statistics."""
from __future__ import annotations

import itertools
import json
import random
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from companion.figures import blocks
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import Playout, filled
from companion.origami.session import GameSession
from companion.origin.playout import Engine as OriginEngine
from companion.origin.playout import play_game
from companion.origin.session import OriginSession
from companion.session import in_effect
from db.store import Store
from scoring.origami import commands as c
from scoring.origami.catalog import Catalogue
from scoring.origami.evolve import project
from scoring.origami.table import Variant

from .history_data import history as history_db

FRAME = 1 / 60
ACTIONS = 300  # the replay is of a long game: more actions than this
HISTORY = 10_000  # games in the statistics' history (P1 plays every one)
STEADY = 1_500  # commits before measuring: the WAL (checkpointed every 1,000 pages) has cycled at least once


def timed(work: Callable[[], object], repeat: int) -> float:
    """Seconds per call, the median of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def paired(first: Callable[[], object], second: Callable[[], object], repeat: int,
           between: Callable[[], object] = lambda: None) -> tuple[float, float]:
    """Medians of two kinds of call, alternated so both see the same moments of a noisy machine; `between` runs
    after each pair, untimed."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeat):
        for work, times in ((first, a), (second, b)):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        between()
    return sorted(a)[repeat // 2], sorted(b)[repeat // 2]


def line(name: str, seconds: float, baseline: str, base_seconds: float, target: str = "") -> None:
    print(f"{name:<44} {seconds * 1000:9.3f} ms   {seconds / base_seconds:6.2f}× {baseline}{target}")


class Recorder:
    """Commands of random legal games, fed one at a time through GameSession (a new game when one ends). The
    games are played out beforehand, and a game ended is followed by the next one in `ready`, outside the timed
    call: making up a random game or starting one is not part of recording an action."""

    def __init__(self, store: Store, seed: int, games: int = 12) -> None:
        self.store, self.catalogue, self.rng = store, filled(shipped()), random.Random(seed)
        self.scripts = [self.played() for _ in range(games)]
        self.pending: list[c.Command] = []
        self.session: GameSession | None = None

    def played(self) -> list[c.Command]:
        playout = Playout(self.catalogue, self.rng)
        playout.play_game(Variant.MIXED, 4)
        return list(playout.script)

    def next_game(self) -> None:
        start, *commands = self.scripts.pop(0) if self.scripts else self.played()
        assert isinstance(start, c.StartGame)
        session = GameSession.start(self.store, start, self.catalogue, key=uuid.uuid4().hex)
        assert isinstance(session, GameSession)
        self.session, self.pending = session, commands

    def ready(self) -> None:
        """The next game started when the last one ended (untimed: `paired`'s `between`)."""
        if not self.pending:
            self.next_game()

    def one(self) -> None:
        self.ready()
        assert self.session is not None
        assert self.session.submit(self.pending.pop(0), uuid.uuid4().hex).recorded


class OriginRecorder:
    """The commands of random legal 4-player Origin Story games (cards level; `solo`: solo games with the app's
    deck), each fed through OriginSession as the table would record it; a new game when one ends. The games are
    played out beforehand and the next one started in `ready`, outside the timed call, as Recorder's are: making up
    a random game or starting one is not part of recording a play."""

    def __init__(self, store: Store, seed: int, games: int, solo: bool = False) -> None:
        self.store, self.rng, self.solo = store, random.Random(seed), solo
        self.scripts = [self.played() for _ in range(games)]
        self.pending: list[Any] = []
        self.session: OriginSession | None = None

    def played(self) -> list[Any]:
        engine, commands = OriginEngine(), []

        def keep(command: Any) -> Any:
            commands.append(command)
            return engine.submit(command)

        seats: dict[str, Any] = (dict(mode="solo", players=("Ann",), deck="app") if self.solo
                                 else dict(mode="table", players=("Ann", "Bob", "Cat", "Dan")))
        play_game(keep, lambda: engine.state, self.rng, level="cards", **seats)  # type: ignore[arg-type, return-value]
        return commands

    def next_game(self) -> None:
        if not self.scripts:  # never one made up inside a timed call
            raise SystemExit("the Origin Story recorder ran out of games played beforehand: give it more")
        start, *commands = self.scripts.pop(0)
        session = OriginSession.start(self.store, start, key=uuid.uuid4().hex)
        assert isinstance(session, OriginSession)
        self.session, self.pending = session, commands

    def ready(self) -> None:
        """The next game started when the last one ended (untimed: `paired`'s `between`)."""
        if not self.pending:
            self.next_game()

    def one(self) -> None:
        self.ready()
        assert self.session is not None
        assert self.session.submit(self.pending.pop(0), uuid.uuid4().hex).recorded


def long_script(catalogue: Catalogue, actions: int) -> list[c.Command]:
    """The first random legal 4-player game (seeds 0, 1, 2…) of at least `actions` actions: a long game."""
    for seed in itertools.count():
        playout = Playout(catalogue, random.Random(seed))
        playout.play_game(Variant.MIXED, 4)
        if len(playout.script) > actions:
            return list(playout.script)
    raise AssertionError("unreachable")


def recorded_game(store: Store, catalogue: Catalogue, commands: list[c.Command]) -> GameSession:
    """`commands` recorded one action at a time through GameSession, as the table records them."""
    start, *rest = commands
    assert isinstance(start, c.StartGame)
    session = GameSession.start(store, start, catalogue, key=uuid.uuid4().hex)
    assert isinstance(session, GameSession)
    for command in rest:
        assert session.submit(command, uuid.uuid4().hex).recorded
    return session


def whole_session_state(store: Store, game: int) -> object:
    """What resuming a game costs: its log read and replayed into the state."""
    return OriginSession(store, game).state


def raw_insert(path: Path) -> Callable[[], None]:
    """The floor: the same kind of row, inserted and committed by sqlite3 with the same durability."""
    db = sqlite3.connect(path, isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        db.execute(f"PRAGMA {pragma}")
    db.execute("CREATE TABLE events (game_id INTEGER, seq INTEGER, type TEXT, version INTEGER, payload TEXT, "
               "action INTEGER, idempotency_key TEXT UNIQUE, recorded_at TEXT, PRIMARY KEY (game_id, seq))")
    payload = json.dumps({"player": 1, "card": "Phoenix", "source": "hand", "payment": ["Kappa", "Rice Paper"],
                          "collection": 0, "under": False, "action": True})
    seq = iter(range(1, 10**9))

    def insert_one() -> None:
        n = next(seq)
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO events VALUES (1, ?, 'origami_played', 1, ?, ?, ?, ?)",
                   (n, payload, n, uuid.uuid4().hex, datetime.now(UTC).isoformat()))
        db.execute("COMMIT")
    return insert_one


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        store = Store.open(f"sqlite:///{base / 'bench.db'}", KINDS)
        recorder = Recorder(store, seed=7)
        recorder.next_game()
        raw = raw_insert(base / "raw.db")
        for _ in range(STEADY):  # both WALs past their first checkpoints: the steady state, not a fresh file
            raw()
            recorder.one()
        floor, action = paired(raw, recorder.one, 500, recorder.ready)
        line("raw sqlite3 insert + commit (WAL, FULL)", floor, "itself", floor, f"   (after {STEADY:,} commits)")
        line("one action through GameSession", action, "the raw insert", floor, "   (target ≤ 1.5×)")
        origin = OriginRecorder(store, seed=11, games=4)  # 520 plays: a game has more than 200
        origin.next_game()
        for _ in range(20):
            origin.one()
        floor, played = paired(raw, origin.one, 500, origin.ready)
        line("Origin Story: one play through OriginSession", played, "the raw insert", floor,
             "   (check + durable append + new state; target ≤ 1.6×)")
        for solo, name in ((False, "4-player game"), (True, "solo game (app deck)")):
            whole = OriginRecorder(store, seed=12, games=1, solo=solo)
            whole.next_game()
            while whole.pending:  # a whole recorded game: five rounds of eight tricks
                whole.one()
            assert whole.session is not None
            game = whole.session.game_id
            size = len(store.log.events(game))
            again = timed(partial(whole_session_state, store, game), 10)
            line(f"Origin Story: resume a whole {name} ({size} events)", again, "a 16 ms frame", FRAME,
                 "   (target < 1×)")

        long = recorded_game(store, recorder.catalogue, long_script(recorder.catalogue, ACTIONS))
        events = len(store.log.events(long.game_id))
        resumed = timed(lambda: GameSession(store, long.game_id, recorder.catalogue).state, 10)
        line(f"resume a whole Origami game ({len(long.log)} events, {ACTIONS}+ actions)", resumed, "a 16 ms frame",
             FRAME, "   (log read, replayed, checked)")
        replay = timed(lambda: project(in_effect(store.log.events(long.game_id))), 10)
        line(f"  its log read and replayed alone ({events} events)", replay, "a 16 ms frame", FRAME)
        store.close()

        url, _ = history_db(HISTORY, base)
        history = Store.open(url, KINDS)
        shown = blocks(history.stats.player("P1"))[0].games
        if shown != HISTORY:  # the figure must time reading P1's totals, not an empty history
            raise SystemExit(f"P1's statistics show {shown} games, not {HISTORY}: the benchmark reads nothing")
        stats = timed(lambda: history.stats.player("P1"), 20)
        line(f"one player's statistics over {HISTORY:,} games ({shown:,} counted)", stats, "a 16 ms frame", FRAME)
        h2h = timed(lambda: history.stats.head_to_head("P1", "P2", "origami"), 20)
        line("a head-to-head over the same history", h2h, "a 16 ms frame", FRAME)
        history.close()


if __name__ == "__main__":
    main()
