"""The players screen at 80×24 with a realistic history of both games and long names: no line wraps (a statistics
line wrapped breaks its columns), every statistics line shows whole, and a scrollbar only for content taller than
the window."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from companion.app import make_app
from companion.games import KINDS
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet
from screens.players import PlayersScreen
from tests.db.test_origin_stats import quick_scored
from tests.screens.settle import settled

MAX, BART = "Maximiliana", "Bartholomew"
ORIGAMI = [  # (variant, families, [(name, score)])
    ("origami", ["birds", "sea", "farm"], [(MAX, 31), (BART, 27), ("Ann", 22)]),
    ("legends", ["dinosaurs", "polar", "exotic"], [(MAX, 28), (BART, 35)]),
    ("origami", ["birds", "insects", "farm"], [(MAX, 40), (BART, 33), ("Ann", 33), ("Cy", 19)]),
    ("legends", ["legendary", "polar", "sea"], [(MAX, 25), ("Ann", 30), (BART, 25)]),
    ("origami", ["insects", "sea", "farm"], [(MAX, 36), (BART, 29)]),
    ("legends", ["dinosaurs", "legendary", "birds"], [(MAX, 27), (BART, 41), ("Cy", 30)]),
]


def origami(store: Store, played: list[tuple[str, list[str], list[tuple[str, int]]]]) -> None:
    """Quick-scored Origami games, a day apart."""
    for day, (variant, families, rows) in enumerate(played, 1):
        best = max(s for _, s in rows)
        winners = tuple(n for n, s in rows if s == best)
        sheet = ScoreSheet(tuple(PlayerScore(n, s, 1 + sum(o > s for _, o in rows), 0, (), ()) for n, s in rows),
                           winners, "shared" if len(winners) > 1 else None)
        store.results.record(variant=variant, players=[n for n, _ in rows], families=families, characters=[],
                             rules={}, sheet=sheet, sheets=[{}] * len(rows),
                             finished_at=datetime(2026, 3, day, 20, tzinfo=UTC), kind="origami")


def realistic(url: str) -> None:
    """Six Origami games of both variants, 2 to 4 players, eight families; four Origin Story games (3 players, duo
    twice, solo)."""
    store = Store.open(url, KINDS)
    try:
        origami(store, ORIGAMI)
        quick_scored(store, [{MAX: "h3", BART: "v0 +2 Monologuing", "Cy": "h5"},
                             {MAX: "v1", BART: "h2", "Cy": "h4"}], (MAX, BART, "Cy"), "table")
        quick_scored(store, [{MAX: "v0 +1 Monologuing", BART: "h4"}], (MAX, BART), "duo")
        quick_scored(store, [{MAX: "h3", BART: "h3"}], (MAX, BART), "duo")
        quick_scored(store, [{MAX: "h4", "Automaton": "h2", "Factoryon": "h2"}], (MAX,), "solo", {"difficulty": "2"})
    finally:
        store.close()


async def players(pilot: Pilot[Any], who: str) -> PlayersScreen:
    await settled(pilot)
    await pilot.press("p")
    await settled(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayersScreen)
    await pilot.press(*["down"] * screen.profiles.index(who))
    await settled(pilot)
    assert screen.current == who
    return screen


def lines(screen: PlayersScreen, selector: str) -> list[str]:
    """The lines of a part of the detail, after checking that each takes one row (none wrapped)."""
    widget = screen.query_one(selector, Static)
    shown = str(widget.render()).split("\n")
    assert widget.size.height == len(shown), f"{selector} wraps: {shown}"
    return shown


async def test_a_realistic_history_fits_80_columns_without_wrapping(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/p.db"
    realistic(url)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await players(pilot, MAX)
        await pilot.press("v", *BART, "enter")
        await settled(pilot)
        width = screen.query_one("#stats", Static).content_region.width
        versus = lines(screen, "#versus")
        stats = lines(screen, "#stats")
        assert versus[:2] == [f"{MAX} against {BART}: 9 games together",
                              f"  {MAX} ahead 4, {BART} ahead 3, level 2"]
        assert stats[0].startswith("Origami: 6 games, 3 wins") and any(s.startswith("Origin Story:") for s in stats)
        ratings = [s for s in stats if s.startswith("  rating ")]
        assert len(ratings) >= 4
        for line in versus + [s for s in stats if s not in ratings]:
            assert cell_len(line) <= width, f"cut at the window's edge: {line!r}"
        for line in ratings:  # the rating and its trend shown whole, its mu and sigma after them
            assert cell_len(line.partition(" (mu ")[0]) <= width, line
        for menu in screen.query(OptionList):  # the profiles and the latest games: one row each
            assert menu.virtual_size.height == menu.option_count
        detail = screen.query_one("#detail", VerticalScroll)
        assert detail.virtual_size.width <= detail.scrollable_content_region.width  # nothing to scroll sideways
        assert detail.virtual_size.height > detail.size.height and detail.show_vertical_scrollbar


async def test_no_scrollbar_when_the_player_fits(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/p.db"
    store = Store.open(url, KINDS)
    try:
        origami(store, [ORIGAMI[0], ORIGAMI[4]])  # two games: as many lines as the window has rows
    finally:
        store.close()
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await players(pilot, MAX)
        lines(screen, "#stats")
        detail = screen.query_one("#detail", VerticalScroll)
        assert detail.virtual_size.height <= detail.size.height and not detail.show_vertical_scrollbar
