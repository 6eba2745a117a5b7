"""The table line's payment suggestion comes from the engine's offer (legal_actions): a Character's free play
from the draw line is suggested paying nothing, as the check says, and a play from the hand keeps its best
exact payment."""
from __future__ import annotations

from textual.app import App
from textual.widgets import Input, Static

from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.state import GameState
from screens.origami.table import TableScreen, TableView
from tests.scoring.origami.referee_helpers import BOB, legends_game, run, with_player

CATALOGUE = filled(shipped())  # made-up values for the unknown ones (the Characters' modifiers)


class Table(App[None]):
    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def on_mount(self) -> None:
        self.push_screen(TableScreen(TableView(1, self.state, CATALOGUE, ())))


def after_a_character() -> GameState:
    """Bob has put the yellow Ninja into play and has its free draw-line play ahead of him."""
    state = with_player(legends_game(), BOB, hand=("Ninja (yellow)", "Walrus", "Seal", "Arctic Hare", "Reindeer"))
    state = run(state, c.PlayCharacter(BOB, CardId("Ninja (yellow)"), (CardId("Walrus"),)), catalogue=CATALOGUE)
    assert state.free_play == "Ninja (yellow)"
    return state


async def typed(app: Table, text: str) -> tuple[str, str]:
    """(the suggestion shown after the typed text, the check's verdict)."""
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.pause()
        await pilot.press(*text)
        await pilot.pause()
        field = app.screen.query_one("#action", Input)
        return field._suggestion, str(app.screen.query_one("#preview", Static).render())


async def test_the_free_play_after_a_character_is_suggested_paying_nothing() -> None:
    suggestion, verdict = await typed(Table(after_a_character()), "play leprechaun from line to 1")
    assert " pay " not in suggestion  # was: ` pay Arctic Hare, ...` while the check said it costs nothing
    assert verdict.startswith("✓ Enter") and "Leprechaun" in verdict


async def test_a_play_from_the_hand_is_suggested_its_best_exact_payment() -> None:
    state = after_a_character()
    state = run(state, c.PlayOrigami(BOB, CardId("Leprechaun"), (), 0, source="line"),
                c.EndTurn(BOB, refill=(CardId("Kappa"),)), catalogue=CATALOGUE)
    state = with_player(state, 0, hand=("Seal", "Kappa", "Phoenix", "Reindeer", "Dragon"))
    suggestion, _verdict = await typed(Table(state), "play seal to 1")
    assert suggestion == "play seal to 1 pay Reindeer"  # 4 folds in the fewest cards
