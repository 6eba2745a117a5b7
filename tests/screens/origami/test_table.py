"""A short Legends game recorded by keys, from the new-game screen to the final score: the deal, an illegal
play refused with its rule id, an undo, a Character play, the end trigger, and scoring into the history."""
from __future__ import annotations

from pathlib import Path

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Static

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from db.store import Store
from scoring.origami import commands as c
from scoring.origami.notation import write
from scoring.origami.position import final_table
from scoring.origami.sheet import score
from screens.origami.deal import DealScreen
from screens.origami.new_game import NewGameScreen
from screens.origami.rules import RulesScreen
from screens.origami.sheet import SheetScreen
from screens.origami.table import TableScreen
from screens.question import ValueQuestion
from tests.recorded import script
from tests.screens.settle import settled

CATALOGUE = filled(shipped())  # a made-up value for every unknown one: these games need every cost and fold
SEED = 17  # a 2-player Legends game with a Character play and no lot at the deal
TYPED = 8  # actions typed key by key; the rest are pasted


async def type_line(pilot: Pilot[None], text: str, *then: str) -> None:
    await pilot.press(*text, *then)
    await pilot.pause()


async def to_the_deal(pilot: Pilot[None], start: c.StartGame) -> None:
    """From Home, `n` and the new-game form typed as a player types it (a Legends game): the deal screen."""
    await settled(pilot)
    await type_line(pilot, "n")
    await type_line(pilot, ", ".join(start.players), "tab")
    await type_line(pilot, ", ".join(start.families), "tab")
    await type_line(pilot, ", ".join(start.character_pairs), "enter")
    assert isinstance(pilot.app.screen, DealScreen)


async def paste_line(pilot: Pilot[None], text: str) -> None:
    """Paste a line, then Enter (the pilot waits ~40 ms after every key: a whole game key by key is minutes)."""
    focused = pilot.app.focused
    assert isinstance(focused, Input)
    focused.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def shown(app: CompanionApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_a_legends_game_from_setup_to_final_score(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    start, deal = game.script[0], game.script[1]
    assert isinstance(start, c.StartGame) and isinstance(deal, c.Deal) and deal.lot is None
    url = f"sqlite:///{tmp_path}/t.db"
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await type_line(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)
        await type_line(pilot, ", ".join(start.players), "tab")
        await type_line(pilot, ", ".join(start.families), "tab")
        await type_line(pilot, ", ".join(start.character_pairs), "enter")
        assert isinstance(app.screen, DealScreen)
        for hand in deal.hands:
            await type_line(pilot, ", ".join(hand), "tab")
        assert "has the fewest folds and starts" in shown(app, "#check")
        await type_line(pilot, ", ".join(deal.line), "enter")
        assert isinstance(app.screen, TableScreen)
        session = app.controller("origami").session
        assert session is not None

        # Every action of the game, typed on the line; the first one is undone once and typed again.
        banners: set[str] = set()
        refused = False
        for i, command in enumerate(game.script[2:]):
            if session.state == game.states[i + 2] and command == c.EndTurn(game.states[i + 1].current):
                continue  # the table ended the turn by itself: nothing was left to do
            if not refused and isinstance(command, c.PlayOrigami) and len(command.payment) > 1:
                await refuse_a_short_payment(app, pilot, command)
                refused = True
            before = session.seq
            if i < TYPED:
                await type_line(pilot, write(command, session.state), "enter")
            else:
                await paste_line(pilot, write(command, session.state))
            assert session.seq > before, (write(command, session.state), shown(app, "#preview"))
            if i == 0:
                for _ in range(2):  # the draw, and the end of the turn that followed it by itself
                    if session.state != game.states[1]:
                        await type_line(pilot, "", "ctrl+z")
                assert session.state == game.states[1]
                assert "(undone)" in shown(app, "#log")
                await type_line(pilot, write(command, session.state), "enter")
            ended = session.state != game.states[i + 2] and game.script[i + 3] == c.EndTurn(game.states[i + 1].current)
            assert session.state == game.states[i + 2 + ended]  # with the end of the turn, when it came by itself
            banners.add(shown(app, "#banner"))
        assert refused and any(isinstance(x, c.PlayCharacter) for x in game.script)
        assert any("ran out twice" in b or "Final turns" in b for b in banners)
        assert "The game is over" in shown(app, "#banner")

        await type_line(pilot, "", "ctrl+s")
        assert isinstance(app.screen, SheetScreen), [n.message for n in app._notifications]
        expected = score(final_table(game.s, CATALOGUE))
        assert app.screen.sheet == expected
    store = Store.open(url, KINDS)
    try:
        finished = store.games.all(status="finished")
        assert len(finished) == 1 and finished[0].source == "log"
        assert [r["score"] for r in store.results.of(finished[0].id)] == [p.total for p in expected.players]
    finally:
        store.close()


async def refuse_a_short_payment(app: CompanionApp, pilot: Pilot[None], play: c.PlayOrigami) -> None:
    """The right card paid with one card of its payment is refused by its rule, records nothing, and f1 opens
    that rule."""
    session = app.controller("origami").session
    assert session is not None
    seq = session.seq
    await type_line(pilot, write(play, session.state).split(" pay ")[0] + f" pay {play.payment[0]}"
                    f" to {play.collection + 1}")
    assert "✗ PAY-EXACT" in shown(app, "#preview"), shown(app, "#preview")
    await type_line(pilot, "", "enter")
    assert session.seq == seq
    await type_line(pilot, "", "f1")
    assert isinstance(app.screen, RulesScreen) and app.screen.at == "PAY-EXACT"
    await type_line(pilot, "", "escape")
    app.screen.query_one("#action", Input).value = ""


async def test_a_card_whose_folds_nobody_knows_is_asked_for_at_the_deal(tmp_path: Path) -> None:
    """With the shipped catalogue, a dealt card of unknown folds: the deal says so and Enter asks for it."""
    start = script(CATALOGUE, SEED, players=2).script[0]
    assert isinstance(start, c.StartGame)
    unknown = next(card for card in shipped().cards.values()
                   if card.folds is None and card.family in start.families and card.is_origami)
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": shipped()})
    async with app.run_test(size=(100, 32)) as pilot:
        await to_the_deal(pilot, start)
        await type_line(pilot, unknown.name)
        assert shown(app, "#check") == f"{unknown.id}: folds not known yet — Enter asks for it."
        await type_line(pilot, "", "enter")
        assert isinstance(app.screen, ValueQuestion) and app.screen.missing.card == unknown.id
