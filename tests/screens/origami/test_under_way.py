"""A game already under way, entered by keys instead of the deal; the game then goes on at the table."""
from __future__ import annotations

from pathlib import Path

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from companion.app import CompanionApp, make_app
from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami.notation import write
from scoring.origami.state import Phase
from screens.ask import TextQuestion
from screens.origami.new_game import NewGameScreen
from screens.origami.table import TableScreen
from screens.origami.under_way import UnderWayScreen
from tests.recorded import script
from tests.scoring.origami.referee_helpers import run
from tests.scoring.origami.test_under_way import entered
from tests.screens.origami.test_table import CATALOGUE, SEED, shown, type_line
from tests.screens.settle import settled


async def fill(pilot: Pilot[None], field: str, text: str) -> None:
    """Replace a field's text as if pasted (one key each would take the pilot ~40 ms)."""
    box = pilot.app.screen.query_one(f"#{field}", Input)
    box.focus()
    box.value = ""
    box.post_message(events.Paste(text))
    await pilot.pause()


async def start_under_way(app: CompanionApp, pilot: Pilot[None], start: c.StartGame) -> UnderWayScreen:
    await settled(pilot)
    await type_line(pilot, "n")
    assert isinstance(app.screen, NewGameScreen)
    if start.variant == "origami":  # the second choice after Legends
        await type_line(pilot, "", "shift+tab", "enter", "down", "enter", "tab")
    await type_line(pilot, ", ".join(start.players), "tab")
    await type_line(pilot, ", ".join(start.families), "tab")
    if start.variant != "origami":  # the base game has no Character pairs: its form asks for none
        await type_line(pilot, ", ".join(start.character_pairs), "tab")
    await type_line(pilot, "", "enter", "down", "enter")  # Begin with: a game already under way
    assert "entering the table as it stands comes next" in shown(app, "#check")
    await type_line(pilot, "", "ctrl+s")
    assert isinstance(app.screen, UnderWayScreen)
    return app.screen


async def test_a_game_joined_under_way_is_checked_then_goes_on_at_the_table(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    start = game.script[0]
    assert isinstance(start, c.StartGame)
    k = next(i for i, s in enumerate(game.states)
             if isinstance(game.script[i], c.EndTurn) and all(sum(map(len, p.collections)) >= 2 for p in s.players))
    real = game.states[k]
    position = entered(real)
    app = make_app(f"sqlite:///{tmp_path}/u.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await start_under_way(app, pilot, start)
        names = [p.name for p in real.players]
        for seat, (first, second) in enumerate(position.collections):
            await fill(pilot, f"c1-{seat}", ", ".join(first))
            await fill(pilot, f"c2-{seat}", ", ".join(second))
            rice = f" + {position.rice[seat]} rice" if position.rice[seat] else ""
            await fill(pilot, f"hand-{seat}", f"{position.hands[seat]}{rice}")
        for field, cards in (("characters", position.characters), ("line", position.line),
                             ("discard", position.discard)):
            await fill(pilot, field, " ".join(cards).lower())  # spaces between the cards, as at the deal
        await fill(pilot, "starting", names[position.starting][:2])
        await fill(pilot, "current", names[position.current])
        if position.exhaustions:
            await type_line(pilot, "", "tab", "enter", *["down"] * position.exhaustions, "enter")
        if position.turns_left is not None:
            await fill(pilot, "turns-left", str(position.turns_left))
        deck = real.deck
        held = "1 card" if deck == 1 else f"{deck} cards"
        assert f"The deck should hold {held}:" in shown(app, "#check"), shown(app, "#check")

        # Collections more than a card apart: refused with its rule, and nothing is recorded.
        first = position.collections[0]
        await fill(pilot, "c1-0", ", ".join(first[0] + first[0][-1:] * 3))
        assert "COLL-BALANCE" in shown(app, "#check")
        await type_line(pilot, "", "ctrl+s")
        assert app.screen is screen
        await fill(pilot, "c1-0", ", ".join(first[0]))
        await type_line(pilot, "", "ctrl+s")
        assert isinstance(app.screen, TableScreen), shown(app, "#check")

        session = app.controller("origami").session
        assert session is not None
        expected = run(None, start, position, catalogue=CATALOGUE)
        assert session.state == expected
        assert "joined under way" in shown(app, "#log")
        for command in game.script[k + 1:k + 4]:  # the game goes on from there, as it did
            if session.state != expected:  # the table ended the turn by itself: nothing was left to do
                assert command == c.EndTurn(expected.current)
                expected = run(expected, command, catalogue=CATALOGUE)
                assert session.state == expected
                continue
            before = session.seq
            await type_line(pilot, write(command, session.state), "enter")
            assert session.seq > before, shown(app, "#preview")
            expected = run(expected, command, catalogue=CATALOGUE)
            assert session.state in (expected, run(expected, c.EndTurn(expected.current), catalogue=CATALOGUE))


async def test_an_impossible_table_can_be_recorded_anyway_with_a_reason(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/o.db", {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        await start_under_way(app, pilot, c.StartGame("origami", ("Ann", "Bob"), ("sky", "lawn")))
        await fill(pilot, "c1-0", "chick, ant, owl")
        await fill(pilot, "c2-0", "bee")
        await fill(pilot, "hand-0", "4")
        await fill(pilot, "hand-1", "6")
        await fill(pilot, "line", "magpie, parrot, butterfly, chicken")
        await fill(pilot, "starting", "bob")
        await fill(pilot, "current", "ann")
        assert "COLL-BALANCE" in shown(app, "#check") and "ctrl+o records it anyway" in shown(app, "#check")
        await type_line(pilot, "", "ctrl+o")
        assert isinstance(app.screen, TextQuestion)
        await type_line(pilot, "Bob's Magpie moved them", "enter")
        assert isinstance(app.screen, TableScreen)
        session = app.controller("origami").session
        assert session is not None
        overridden = [entry.event for entry in session.log if isinstance(entry.event, e.Overridden)]
        assert overridden == [e.Overridden(("COLL-BALANCE",), "Bob's Magpie moved them")]  # type: ignore[arg-type]
        assert session.state.player(0).collections == (("Chick", "Ant", "Owl"), ("Bee",))
        assert session.state.current == 0 and session.state.overrides == 1
        await type_line(pilot, "", "ctrl+z")  # taken back: the table is entered again
        assert isinstance(app.screen, UnderWayScreen) and session.state.phase is Phase.SETUP


async def test_a_set_up_left_on_the_under_way_form_resumes_on_it(tmp_path: Path) -> None:
    """Left at the form for a game under way, the game resumes there (not at the deal); switched to the deal, it
    resumes at the deal."""
    from screens.origami.deal import DealScreen

    start = script(CATALOGUE, SEED, players=2).script[0]
    assert isinstance(start, c.StartGame)
    url = f"sqlite:///{tmp_path}/r.db"
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await start_under_way(app, pilot, start)
        await type_line(pilot, "", "escape")  # Home, the set-up not finished
    again = make_app(url, {"origami": CATALOGUE})
    async with again.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await type_line(pilot, "", "enter")  # resume game 1
        await settled(pilot)
        assert isinstance(again.screen, UnderWayScreen)
        await type_line(pilot, "", "ctrl+g")  # the deal instead
        assert isinstance(again.screen, DealScreen)
        await type_line(pilot, "", "escape")
    third = make_app(url, {"origami": CATALOGUE})
    async with third.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await type_line(pilot, "", "enter")
        await settled(pilot)
        assert isinstance(third.screen, DealScreen)
