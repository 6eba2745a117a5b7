"""A key typed on the table's action line until its preview shows, as a person meets it: `companion` in a real
pseudo-terminal, a long game (300 actions for Origami; the fullest Origin Story game, five players into its last
round) stored through its session and resumed from Home, then every key of a few real lines (the table's own
picks; the next trick's cards) timed from its write to the pty until the output carrying both the line's echo and
the new preview has arrived. Against a bare Textual app with one Input echoing the same keys, key for key in
turn (both programs running side by side, so both see the same moments of a noisy machine). A few warm-up keys
are not counted; the line is cleared (ctrl+u, not timed) between lines. What the preview says after each key is
learnt first by typing the same keys into the app in-process (the same size). Run alone: `python -m bench.preview`
(entry: `main`)."""
from __future__ import annotations

import asyncio
import fcntl
import os
import random
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.content import Content
from textual.keys import _character_to_key

from .store import long_script
from .terminal import BIN, ESCAPES, user_env

ACTIONS = 300  # the Origami game stored: this many actions recorded
KEYS = 100  # keys timed in each game
WARM = 5  # keys typed first and not counted
SIZE = (100, 30)
PATIENCE = 60.0  # seconds one key may take on a loaded machine; never reached when the app answers it
QUIET = 0.1  # seconds without output before the next key (a person types about 5 keys a second)
CLEAR = "\x15"  # ctrl+u: the line cleared between lines (not timed)
FRAME_MS = 16.0

BARE_INPUT = """
from textual.app import App
from textual.widgets import Input

class Bare(App):
    def compose(self):
        yield Input(placeholder="type here")

Bare().run()
"""


@dataclass(frozen=True, slots=True)
class Game:
    name: str
    url: str
    lines: tuple[str, ...]  # typed one after the other, each cleared after it
    table: str  # on screen once the table is (a regular expression)


def origami_game(folder: Path) -> Game:
    """A long random legal 4-player game recorded one action at a time through GameSession, to its first turn with
    picks to type from its 300th action on; the lines typed are those picks (each as the line that records it)."""
    from companion.games import KINDS
    from companion.origami.catalogue import shipped
    from companion.origami.playout import filled
    from companion.origami.session import GameSession
    from db.store import Store
    from scoring.origami import commands as c
    from scoring.origami.notation import write
    from scoring.origami.picks import likely_actions
    from scoring.origami.state import Phase

    url = f"sqlite:///{folder / 'origami.db'}"
    store = Store.open(url, KINDS)
    catalogue = filled(shipped())
    start, *rest = long_script(catalogue, ACTIONS)
    assert isinstance(start, c.StartGame)
    session = GameSession.start(store, start, catalogue, key=uuid.uuid4().hex)
    assert isinstance(session, GameSession)
    lines: tuple[str, ...] = ()
    for n, command in enumerate(rest, start=1):
        assert session.submit(command, uuid.uuid4().hex).recorded
        state = session.state
        if n >= ACTIONS and state.phase is Phase.PLAY and state.actions_left:
            lines = tuple(write(x, state) for x in likely_actions(state, catalogue))
            if len(lines) >= 3:
                break  # the first moment from the 300th action on with a turn's picks to type
    else:
        raise SystemExit("the long game has no turn with picks after its 300th action: take a longer one")
    store.close()
    return Game("Origami", url, lines, r"Turn \d+: ")


def origin_game(folder: Path) -> Game:
    """A random legal 5-player Origin Story game (the most plays a game has) recorded through OriginSession up to
    the middle of its last round; the lines typed are the next trick's cards, run together and spaced, and a seat's
    card named."""
    from companion.games import KINDS
    from companion.origin.playout import Engine, play_game
    from companion.origin.session import OriginSession
    from db.store import Store
    from scoring.origin import commands as c
    from scoring.origin.state import Phase

    engine, commands, states = Engine(), [], []  # type: Engine, list[Any], list[Any]

    def keep(command: Any) -> Any:
        commands.append(command)
        out = engine.submit(command)
        states.append(engine.state)  # states[i]: the state after commands[i]
        return out

    play_game(keep, lambda: engine.state, random.Random(12), mode="table",  # type: ignore[arg-type, return-value]
              players=("Ann", "Bob", "Cat", "Dan", "Eve"), level="cards")
    url = f"sqlite:///{folder / 'origin.db'}"
    store = Store.open(url, KINDS)
    start, *rest = commands
    session = OriginSession.start(store, start, key=uuid.uuid4().hex)
    assert isinstance(session, OriginSession)
    cut = len(rest) - 12  # into the last round, a trick about to start
    while not (states[cut].phase is Phase.PLAY and isinstance(rest[cut], c.PlayCard)
               and sum(isinstance(x, c.PlayCard) for x in rest[cut:cut + 5]) == 5):
        cut -= 1
    for command in rest[:cut]:
        assert session.submit(command, uuid.uuid4().hex).recorded
    assert session.state.phase is Phase.PLAY
    store.close()
    plays = [x for x in rest[cut:cut + 5] if isinstance(x, c.PlayCard)]
    lines = ("".join(p.card.short for p in plays), " ".join(str(p.card) for p in plays),
             f"{plays[0].seat.lower()} {plays[0].card}", "".join(p.card.short for p in plays[:3]))
    return Game("Origin Story", url, lines, "suits b l s t")


def keys_for(game: Game) -> list[str]:
    """The keys typed: the lines one after the other (ctrl+u after each) until WARM + KEYS keys that type."""
    keys: list[str] = []
    while sum(k != CLEAR for k in keys) < WARM + KEYS:
        for line in game.lines:
            keys += [*line, CLEAR]
    return keys


async def previews(game: Game, keys: Sequence[str]) -> list[tuple[str, str | None]]:
    """The line and the first words of the preview after each key, the keys typed into the app in-process at the
    same size (None: not words, the picks' grid)."""
    from textual.widgets import Input, OptionList

    from companion.app import make_app
    from screens.form import Verdict

    app = make_app(game.url)
    seen: list[tuple[str, str | None]] = []
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        await until(pilot, lambda: menu.option_count > 0 and str(menu.get_option_at_index(0).id).startswith("resume:"))
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.screen.query("#preview")))
        field, verdict = app.screen.query_one("#action", Input), app.screen.query_one("#preview", Verdict)
        for key in keys:
            await pilot.press("ctrl+u" if key == CLEAR else _character_to_key(key))
            await pilot.pause()
            said = verdict.content
            seen.append((field.value, first_words(str(said)) if isinstance(said, (str, Content)) else None))
    return seen


def first_words(text: str) -> str | None:
    line = text.strip().split("\n")[0].strip()
    return line[:50] or None


async def until(pilot: Any, condition: Any) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("the app never got to its table: the benchmark no longer matches the app")
        await pilot.pause(0.01)


class Terminal:
    """A program in a 100×30 pseudo-terminal: keys written, its output read and searched (escapes stripped)."""

    def __init__(self, argv: Sequence[str], env: dict[str, str] | None = None) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        self.child = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
                                      close_fds=True, env=user_env({"TERM": "xterm-256color", "COLUMNS": str(SIZE[0]),
                                                                    "LINES": str(SIZE[1]), **(env or {})}))
        os.close(slave)
        self.argv = argv

    def read(self, timeout: float) -> bytes | None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None
        try:
            return os.read(self.master, 65536)
        except OSError:  # the program ended
            raise RuntimeError(f"{' '.join(self.argv)} ended") from None

    def wait_for(self, *patterns: str) -> float:
        """Read until every pattern (regular expressions) is in the output since the last key; the moment."""
        seen, deadline = b"", time.perf_counter() + PATIENCE
        while True:
            text = ESCAPES.sub(b"", seen).decode("utf-8", "replace")
            if all(re.search(p, text) for p in patterns):
                return time.perf_counter()
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.argv[-1][:40]}: {patterns!r} not on screen: {text[-300:]!r}")
            chunk = self.read(0.5)
            seen += chunk or b""

    def settle(self) -> None:
        """Read until the program has written nothing for QUIET seconds."""
        while self.read(QUIET) is not None:
            pass

    def key(self, key: str, *patterns: str) -> float:
        """Seconds from `key` written until the output after it shows every pattern (then it settles)."""
        start = time.perf_counter()
        os.write(self.master, key.encode())
        took = self.wait_for(*patterns) - start if patterns else 0.0
        self.settle()
        return took

    def close(self) -> None:
        try:
            os.killpg(self.child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.child.wait()
        os.close(self.master)


def timed(game: Game) -> tuple[list[float], list[float]]:
    """Seconds per key, the app's preview and the bare Input's echo, alternated key for key."""
    keys = keys_for(game)
    expected = asyncio.run(previews(game, keys))
    ours = Terminal([str(BIN / "companion")], {"COMPANION_DB": game.url})
    bare = Terminal([sys.executable, "-c", BARE_INPUT])
    app: list[float] = []
    base: list[float] = []
    try:
        ours.wait_for(r"Resume .* game \d+")
        ours.key("\r", game.table)
        bare.wait_for("type here")
        bare.settle()
        typed = 0
        for key, (line, said) in zip(keys, expected, strict=True):
            if key == CLEAR:
                ours.key(key)
                bare.key(key)
                continue
            echo = re.escape(line)
            b = bare.key(key, echo)
            a = ours.key(key, echo, *([re.escape(said)] if said else []))
            typed += 1
            if typed > WARM:
                app.append(a)
                base.append(b)
    finally:
        ours.close()
        bare.close()
    return app, base


def p90(times: Sequence[float]) -> float:
    return statistics.quantiles(times, n=10)[-1]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        games = (origami_game(Path(folder)), origin_game(Path(folder)))
        print(f"a key on the table's line until its preview shows, in a terminal ({KEYS} keys after {WARM} warm-up, "
              "alternated with a bare Textual Input's echo; target p90 ≤ 16 ms):")
        for game in games:
            app, base = timed(game)
            a50, a90, b50, b90 = statistics.median(app), p90(app), statistics.median(base), p90(base)
            print(f"  {game.name + ': preview':<28} p50 {a50 * 1000:6.1f} ms  p90 {a90 * 1000:6.1f} ms   "
                  f"bare echo p50 {b50 * 1000:5.1f} / p90 {b90 * 1000:5.1f} ms   "
                  f"{a50 / b50:5.2f}× / {a90 / b90:5.2f}×   p90 {a90 * 1000 / FRAME_MS:4.2f} of a frame")


if __name__ == "__main__":
    main()
