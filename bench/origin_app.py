"""One Origin Story table update in the app, as a player meets it after every recorded play: the table's view
worked out from the game (the referee over the round, the Vancardians' moves, the surrender offer) and the screen
updated and painted; against a bare Textual screen updating one Static in the same process, and against a 16 ms
frame. Entry: `bench.origin_app.main()` (run alone: `python -m bench.origin_app`)."""
from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

from companion.games import KINDS

RUNS = 200
FRAME_MS = 16.0


def mid_round_solo(url: str) -> int:
    """A solo game with the app deck three tricks into round 1 (the heaviest table: three rows and the moves)."""
    from companion.origin.session import OriginSession
    from db.store import Store
    from scoring.origin import commands as c
    from scoring.origin.legal import legal_options
    from scoring.origin.referee import referee
    from scoring.origin.round_input import Alignment
    from scoring.origin.setup import Kind

    store = Store.open(url, KINDS)
    session = OriginSession.start(store, c.StartGame("solo", ("Ann",), deck="app", difficulty=2,
                                                     difficulty_colour="red"), "start", rng=random.Random(1))
    assert isinstance(session, OriginSession)
    n = 0

    def key() -> str:
        nonlocal n
        n += 1
        return f"k{n}"

    for act in (session.draw_dealer, lambda k: session.submit(c.StartRound(), k), session.deal_app_deck,
                session.gain_stamina, lambda k: session.place_story("Ann", "Trance", k),
                lambda k: session.submit(c.RevealAlignments((("Ann", Alignment.HERO),)), k),
                lambda k: session.deal_app_deck(k, "replace 2")):
        assert act(key()).accepted
    while session.state.round is not None and session.state.round.tricks_done < 3:
        state = session.state
        seat, legal = legal_options(referee(state.round_input()))
        assert seat is not None
        if state.seating.seat(seat).kind is Kind.VANCARDIAN:
            assert session.vancardian_plays(key()).accepted
        else:
            assert legal
            assert session.submit(c.PlayCard(seat, legal[0]), key()).accepted
    game_id = session.game_id
    store.close()
    return game_id


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="text")
        yield Footer()


async def timed(update: Any, pilot: Any) -> list[float]:
    """Milliseconds per update, each up to its frame painted: the layout and the compositor's update done at once,
    as Textual's update timer does them (pinned Textual; its private calls), and written to the (headless) driver."""
    screen = pilot.app.screen
    out = []
    for _ in range(RUNS):
        start = time.perf_counter()
        update()
        screen._refresh_layout()
        screen._compositor_refresh()
        out.append((time.perf_counter() - start) * 1000)
        await pilot.pause()  # let the app settle between runs (not timed)
    return out


async def measure(url: str, game_id: int) -> tuple[float, float, float]:
    from companion.app import make_app
    from companion.origin.controller import Controller
    from screens.origin.table import OriginTableScreen

    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        controller = app.controller("origin-story")
        assert isinstance(controller, Controller)
        controller.resume(game_id)
        # The table's frame is pushed at once and the game read once it is painted: until it is filled.
        deadline = time.monotonic() + 60
        while not (isinstance(screen := app.screen, OriginTableScreen) and screen.filled):
            assert time.monotonic() < deadline, "the Origin Story table never filled"
            await pilot.pause(0.01)
        sync = []
        for _ in range(RUNS):
            start = time.perf_counter()
            screen.show(controller.table_view())
            sync.append((time.perf_counter() - start) * 1000)
        ours = await timed(lambda: screen.show(controller.table_view()), pilot)
    bare = Bare()
    async with bare.run_test(size=(80, 24)) as pilot:
        text = bare.query_one("#text", Static)
        lines = [f"line {i} " + "x" * 60 for i in range(16)]
        flip = [0]

        def update() -> None:
            flip[0] ^= 1
            text.update("\n".join(lines[flip[0]:]))

        base = await timed(update, pilot)
    return statistics.median(sync), statistics.median(ours), statistics.median(base)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        game_id = mid_round_solo(url)
        sync, ours, base = asyncio.run(measure(url, game_id))
    print(f"{'Origin Story solo table: view + widgets':<44} {sync:10.2f} ms   {sync / FRAME_MS:5.2f} of a 16 ms "
          f"frame (median of {RUNS})")
    print(f"{'… the same, laid out and painted':<44} {ours:10.2f} ms   {ours / FRAME_MS:5.2f} of a frame; bare Textual "
          f"Static update painted {base:.2f} ms   {ours / base:5.2f}×")


if __name__ == "__main__":
    main()
