"""Recording at the Origin Story table as a new player found it (issue 30's walk-through), through the real app at
80×24: a story card's name completed and checked against the cards the catalogue knows (a typo said once, with
what it may be), the setup's per-player questions asked in one order naming whose they are, the ✓ preview of a
trick whole from its leader's card and read whole, a revoke said whole once and then in one line, and a line
that is not recorded saying how to clear it."""
from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Input, Static

from companion.app import CompanionApp
from screens.origin.stepper import StepperScreen
from screens.origin.table import OriginTableScreen
from tests.screens.keys import burst
from tests.screens.origin.test_origin_live import app_on, line, new_game, shown
from tests.screens.origin.test_table_keys import at_the_table
from tests.screens.settle import settled, until


def typed(app: CompanionApp) -> Input:
    return app.screen.query_one("#answer" if isinstance(app.screen, StepperScreen) else "#action", Input)


async def type_in(pilot: Pilot[None], app: CompanionApp, text: str) -> str:
    """`text` typed into the empty line (not entered): the check under it, as shown."""
    typed(app).value = ""
    await pilot.press(*text)
    await settled(pilot)
    return shown(app, "#check" if isinstance(app.screen, StepperScreen) else "#preview")


def fits(app: CompanionApp, selector: str) -> bool:
    """Every line of the widget's text, wrapped as it is shown, is on the screen (none cut off below)."""
    widget = app.screen.query_one(selector, Static)
    wrapped = Text(str(widget.render())).wrap(app.console, widget.content_region.width)
    return len(wrapped) <= widget.content_region.height


async def test_a_story_card_is_completed_and_checked_against_the_catalogue(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Ann")
        await line(pilot, "", "enter")  # stamina
        assert shown(app, "#prompt").startswith("Bob's story card:")  # from the dealer's left
        assert await type_in(pilot, app, "tel") and typed(app)._suggestion == "telekinesis"  # tab takes it
        await pilot.press("tab")
        assert typed(app).value == "telekinesis"
        assert "✓ Enter: Bob places Telekinesis over slot 1" in await type_in(pilot, app, "telekinesis")
        said = await type_in(pilot, app, "Trence")
        assert "'Trence' is not a story card the catalogue knows; did you mean Trance?" in said
        assert "ctrl+u clears the line" in said
        said = await type_in(pilot, app, "Transfer of Power")
        assert "Transfer of Power is an event card, not a story card" in said
        unknown = await type_in(pilot, app, "Gamma Burst")  # most of the 64 are in nobody's catalogue: taken
        assert "✓ Enter: Bob places Gamma Burst" in unknown and "knows 3 of the 64" in unknown
        origin = app.controller("origin-story")
        await type_in(pilot, app, "Trence")
        await pilot.press("enter")  # said once, not recorded: it comes back to be mended
        await settled(pilot)
        assert origin.game().state.story_cards("Bob") == {} and typed(app).value == "Trence"
        assert "Enter again records 'Trence' as typed" in shown(app, "#check")
        await pilot.press("enter")  # again: as typed
        await until(pilot, lambda: origin.game().state.story_cards("Bob") == {1: "Trence"}, "Bob's card")
        await line(pilot, "trance", "enter")  # a known card, in the catalogue's spelling
        await until(pilot, lambda: origin.game().state.story_cards("Cy") == {1: "Trance"}, "Cy's card")


async def test_the_setups_questions_are_asked_in_one_order_each_naming_whose_it_is(tmp_path: Path) -> None:
    """Story cards and alignments are each player's own, all at once (the book orders neither): both are asked
    one player at a time in the same order, from the dealer's left (the order of the steps the book does order)."""
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Ann")
        await line(pilot, "", "enter")
        stories, alignments = [], []
        for card in ("Trance", "Monologuing", "Telekinesis"):
            stories.append(shown(app, "#prompt").split("'")[0])
            assert f"Which one did {stories[-1]} place?" in shown(app, "#prompt")
            await line(pilot, card, "enter")
        await line(pilot, "", "enter")  # no charge
        for _ in range(3):
            alignments.append(shown(app, "#prompt").split("'")[0])
            assert f"pass the keyboard to {alignments[-1]}" in shown(app, "#prompt")
            await line(pilot, "h", "enter")
        assert stories == alignments == ["Bob", "Cy", "Ann"]
        assert isinstance(app.screen, OriginTableScreen)


async def test_the_preview_shows_the_whole_trick_and_fits_80x24(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(app, pilot, ("3", "Ann, Bob, Cy", "Cy"), "\nTrance\nMonologuing\nTelekinesis\n\nh\nv\nh\n")
        await pilot.press("f2")  # winners -> cards
        origin = app.controller("origin-story")
        assert "trick 1: Ann 7br, Bob 10br, Cy 13sp → 10br is the highest brains card" in \
            await type_in(pilot, app, "7b10b13s")
        typed(app).value = ""
        burst(app, "7b2s13b\n12b\n")  # Cy wins trick 1 and leads trick 2
        await until(pilot, lambda: origin.tricks_done() == 1 and "12br" in shown(app, "#trick"), "Cy's lead")
        said = await type_in(pilot, app, "3b4s")  # the leader's card is on the table already: shown first
        assert said.startswith("✓ Enter: trick 2: Cy 12br, Ann 3br, Bob 4sp → ") and "Cy wins; Cy leads next" in said
        assert fits(app, "#preview")
        said = await type_in(pilot, app, "3b9b")  # a revoke proven: three lines and more, every one shown
        assert "⚑ Bob showed out of brains in trick 1" in said and fits(app, "#preview")
        said = await type_in(pilot, app, "bob 5l")  # refused: the rule, what to do, how to clear the line
        assert said.startswith("✗") and "ctrl+u clears the line" in said and fits(app, "#preview")


async def test_a_revoke_is_said_whole_once_then_in_one_line(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(app, pilot, ("3", "Ann, Bob, Cy", "Cy"), "\nTrance\nMonologuing\nTelekinesis\n\nh\nv\nh\n")
        await pilot.press("f2")
        origin = app.controller("origin-story")
        burst(app, "7b2t13b\n12b3b9b\n")  # Bob shows out of brains, then plays brains: proven
        await until(pilot, lambda: origin.tricks_done() == 2, "two tricks")
        await settled(pilot)
        assert "OS-REVOKE: Bob showed out of brains in trick 1" in shown(app, "#trick")
        burst(app, "11l2s4l\n10s5l6s\n")  # Ann shows out of love, then plays love: a second one
        await until(pilot, lambda: origin.tricks_done() == 4, "four tricks")
        await settled(pilot)
        trick = shown(app, "#trick")
        assert "OS-REVOKE: Ann showed out of love in trick 3" in trick  # the new one, whole
        assert "Bob showed out" not in trick and "OS-REVOKE earlier this round: Bob at trick 1" in trick
        log = shown(app, "#log")
        assert log.count("flag: Bob showed out") == 1 and log.count("flag: Ann showed out") == 1


async def test_a_line_not_recorded_says_ctrl_u_clears_it(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(app, pilot, ("3", "Ann, Bob, Cy", "Cy"), "\nTrance\nMonologuing\nTelekinesis\n\nh\nv\nh\n")
        await pilot.press("f2")
        await line(pilot, "7x", "enter")  # not a card: it stays to be mended, as at the Origami table
        assert typed(app).value == "7x" and "ctrl+u clears the line" in shown(app, "#preview")
        await pilot.press("ctrl+u")
        assert typed(app).value == ""


async def test_a_story_card_half_typed_is_the_card_its_completion_shows(tmp_path: Path) -> None:
    """A beginning of a known name is not called wrong (it said "✗ 'tel' is not a story card the catalogue knows"
    while the completion showed Telekinesis): the check says what Enter records, the name shown."""
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Ann")
        await line(pilot, "", "enter")  # stamina
        for text in ("t", "tel", "Telek"):
            said = await type_in(pilot, app, text)
            assert said == "✓ Enter: Bob places Telekinesis over slot 1", (text, said)
        said = await type_in(pilot, app, "Trenc")  # no known name begins so: a close spelling, said once
        assert said.startswith("✗ 'Trenc' is not a story card the catalogue knows; did you mean Trance?")
        await type_in(pilot, app, "mono")
        await pilot.press("enter")
        origin = app.controller("origin-story")
        await until(pilot, lambda: origin.game().state.story_cards("Bob") == {1: "Monologuing"}, "Bob's card")
