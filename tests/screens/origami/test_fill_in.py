"""Fill in from your box: families chosen, values typed card by card into the user's catalogue, a bad value
refused, stop, reopen (a new run on the same database) and go on where it stopped."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from db.store import Store
from scoring.origami.cards import Effect
from screens.origami.catalogue import CatalogueScreen
from screens.origami.fill_in import FamilyList, FillInScreen, unknown_values, usual_range
from screens.origami.question import VALUES
from tests.screens.settle import PATIENCE, settled


def text(screen: FillInScreen, widget: str) -> str:
    return str(screen.query_one(widget).render())


def kept(url: str) -> list[tuple[str, str, Any]]:
    """The values kept in the user's Origami catalogue, read from the database as another program would."""
    store = Store.open(url, KINDS)
    try:
        return store.catalogue.values("origami")
    finally:
        store.close()


async def opened(app: CompanionApp, groups: list[str] | None = None) -> FillInScreen:
    """The fill-in screen as the catalogue screen's f opens it (the app keeps the values given there), filled: its
    families' list comes after its first paint."""
    await app.controller("origami").fill_in(CatalogueScreen.FillIn(groups or []))
    screen = app.screen
    assert isinstance(screen, FillInScreen)
    deadline = time.monotonic() + PATIENCE
    while not screen.filled:
        assert time.monotonic() < deadline, "the fill-in screen never filled"
        await asyncio.sleep(0.01)
    return screen


async def test_fill_in_a_family_stop_and_resume_where_it_stopped(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = await opened(app)
        await pilot.pause()
        families = screen.query_one(FamilyList)
        labels = [str(families.get_option_at_index(i).prompt) for i in range(families.option_count)]
        farm = next(i for i, label in enumerate(labels) if label.startswith("origami · farm"))
        await pilot.press("enter")  # nothing ticked: nothing starts
        await pilot.pause()
        assert not screen.has_class("-walking")
        await pilot.press(*["down"] * farm, "space", "enter")
        await pilot.pause()
        assert screen.groups == ["origami/farm"]
        first = unknown_values(app.controller("origami").catalogue(), ["origami/farm"])  # type: ignore[arg-type]
        assert screen.current == first[0]
        card, field = first[0]
        assert f"{card} · " in text(screen, "#ask") and card in text(screen, "#card")
        await pilot.press("x", "enter")  # not a number: the field takes no letters
        await pilot.press("enter")
        await pilot.pause()
        assert "type the" in text(screen, "#problem") and screen.current == first[0]
        typed = []
        for value in first[:2]:
            low = usual_range(screen.catalogue, value[1])
            answer = str(low[0] if low else 0)  # a value like those on the cards known
            await pilot.press(answer, "enter")
            await pilot.pause()
            typed.append((value[0], value[1], int(answer)))
        assert screen.current == first[2]
        assert f"{len(first) - 2} values left" in text(screen, "#progress")
        skipped = first[2]
        await pilot.press("ctrl+n")  # skipped: asked again after the others
        await pilot.pause()
        assert screen.current == first[3]
        await pilot.press("escape")  # stop
        await pilot.pause()
        assert not isinstance(app.screen, FillInScreen)
    assert sorted(kept(url)) == sorted(typed)

    again = make_app(url)  # reopen: a new run on the same database
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = await opened(again, ["origami/farm"])
        await pilot.pause()
        assert screen.current == skipped  # the first value still unknown: the one skipped
        assert unknown_values(again.controller("origami").catalogue(), ["origami/farm"]) == first[2:]  # type: ignore[arg-type]
        assert f"{len(first) - 2} values left" in text(screen, "#progress")


async def test_a_value_outside_what_cards_show_is_asked_again_and_a_negative_cost_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = await opened(app, ["origami/farm"])
        await pilot.pause()
        card, field = screen.current or ("", "")
        assert (card, field) == ("Cat", "points")
        await pilot.press("-", "1", "enter")
        await pilot.pause()
        assert "at least 0" in text(screen, "#problem") and screen.current == (card, field)
        await pilot.press("backspace", "backspace", *"99", "enter")
        await pilot.pause()
        assert "press Enter again to keep 99" in text(screen, "#problem") and screen.current == (card, field)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.current != (card, field)
    assert kept(url) == [("Cat", "points", 99)]


async def test_a_ticked_family_is_told_from_an_unticked_one_without_colour(tmp_path: Path) -> None:
    """A new player ticks the families they own: the box shows ✓ or nothing, not the same X in two colours."""
    app = make_app(f"sqlite:///{tmp_path}/h.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = await opened(app)
        await pilot.pause()
        families = screen.query_one(FamilyList)
        await pilot.press("down", "space")  # the second family ticked
        await pilot.pause()
        rows = [families.render_line(y).text for y in range(min(families.option_count, 5))]
        assert [row[:3] for row in rows] == ["▐ ▌", "▐✓▌", *["▐ ▌"] * (len(rows) - 2)]
        assert list(families.selected) == [families.get_option_at_index(1).value]


async def test_a_cards_kind_of_effect_is_asked_as_the_quick_score_asks_it(tmp_path: Path) -> None:
    """The Dog's kind of effect is not known: asked with its numbers (it was not, so the next quick score stopped
    for it), with the quick score's question and choices, and kept in the user's catalogue."""
    url = f"sqlite:///{tmp_path}/h.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = await opened(app, ["origami/farm"])
        await pilot.pause()
        assert ("Dog", "effect") in unknown_values(screen.catalogue, ["origami/farm"])
        while screen.current != ("Dog", "effect"):
            low = usual_range(screen.catalogue, (screen.current or ("", ""))[1])
            await pilot.press(str(low[0] if low else 0), "enter")
            await pilot.pause()
        pick = VALUES.picks["effect"]
        assert pick.question in text(screen, "#ask")
        kinds = screen.query_one("#kinds", OptionList)
        assert kinds.display and kinds.has_focus and not screen.query_one("#value").display
        assert [str(kinds.get_option_at_index(i).prompt) for i in range(kinds.option_count)] == list(pick.options.values())
        await pilot.press("down", "down", "enter")  # ongoing
        await pilot.pause()
        assert screen.current == ("Fox", "points")
        assert app.controller("origami").catalogue().card("Dog").effect is Effect.ONGOING  # type: ignore[attr-defined]
    assert ("Dog", "effect", "ongoing") in kept(url)
