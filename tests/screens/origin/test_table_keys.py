"""Origin Story at the cards level in fewer keys, typed as a fast hand types (the keys in one burst): a trick as its
cards run together, a duo trick in one line; what the table says after a trick (the result and the Vancardians'
follow that ended it, above the line until the next key, never a toast over it), the line's help read whole at
80 columns, and the rules reference searched by typing at once."""
from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Static

from companion.app import CompanionApp
from scoring.origin.cards import parse_card
from scoring.origin.legal import legal_options
from scoring.origin.referee import referee
from scoring.origin.round_input import CardTrick
from screens.origin.line import DUO_HELP, LINE_HELP
from screens.origin.line import said as helped_in_language
from screens.origin.rules import OriginRulesScreen
from screens.origin.table import OriginTableScreen
from tests.screens.keys import burst
from tests.screens.origin.test_origin_live import app_on, line, new_game, shown, solo_setup
from tests.screens.settle import settled, until


def toasts(app: CompanionApp) -> list[str]:
    return [n.message for n in app._notifications]  # what Textual shows as toasts (no public list)


def last_shown(app: CompanionApp) -> str:
    last = app.screen.query_one("#last", Static)
    return str(last.render()) if last.display else ""


async def at_the_table(app: CompanionApp, pilot: Pilot[None], game: tuple[str, str, str], steps: str) -> None:
    """A new game (player count, names, dealer), the round's steps typed in one burst, the table settled."""
    count, names, dealer = game
    await new_game(pilot, count, names, dealer=dealer)
    burst(app, steps)
    await until(pilot, lambda: isinstance(app.screen, OriginTableScreen) and app.screen.is_mounted, "the table")
    await settled(pilot)


async def test_a_trick_typed_as_its_cards_run_together_and_its_result_above_the_line(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(app, pilot, ("3", "Ann, Bob, Cy", "Cy"), "\nTrance\nMonologuing\nTelekinesis\n\nh\nv\nh\n")
        await pilot.press("f2")  # winners -> cards
        table = app.screen
        assert isinstance(table, OriginTableScreen) and table.level == "cards"
        helped = table.query_one("#help", Static)
        assert str(helped.render()) == helped_in_language(LINE_HELP["cards"]) and helped.region.height >= 2  # whole, wrapped at 80
        assert "logging: cards" in shown(app, "#status") and not toasts(app)  # said on the screen, not over it
        origin = app.controller("origin-story")
        app.clear_notifications()
        burst(app, "7b10b13s\n2t12t5t\n")  # Ann leads trick 1; Bob wins it and leads trick 2
        await until(pilot, lambda: origin.tricks_done() == 2, "two tricks recorded")
        state = origin.game().state
        assert state.round is not None
        plays = [[f"{p.seat} {p.card}" for p in t.plays] for t in state.round.entries if isinstance(t, CardTrick)]
        assert plays == [["Ann 7br", "Bob 10br", "Cy 13sp"], ["Bob 2st", "Cy 12st", "Ann 5st"]]
        said = last_shown(app)
        assert "Trick 2: Bob 2st, Cy 12st, Ann 5st: Cy wins" in said and "Trick 1" not in said
        assert not [t for t in toasts(app) if "wins" in t]  # said on the table, not in a toast over the line
        await pilot.press("9")  # the next card: the trick is gathered face down
        assert last_shown(app) == ""


async def test_a_duo_trick_in_one_line(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(app, pilot, ("2", "Ann, Bob", "Ann"), "7br 12sp, 3st 9lv\n\nTrance\nMonologuing\n\nh\nv\n")
        assert str(app.screen.query_one("#help", Static).render()) == helped_in_language(DUO_HELP)
        origin = app.controller("origin-story")
        burst(app, "5b3t+4t8b7b+11s\n")  # Bob, SK Ann (turns up 4st), Ann, SK Bob (turns up 11sp)
        await until(pilot, lambda: origin.tricks_done() == 1, "the trick recorded")
        assert "Trick 2: Ann leads" in shown(app, "#trick")
        seats = shown(app, "#seats")
        assert "face up: 12sp 11sp" in seats and "face up: 9lv 4st" in seats


async def test_the_vancardian_follow_that_ends_a_trick_stays_readable(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        await solo_setup(pilot)
        origin = app.controller("origin-story")
        ended_by_her = 0
        for _ in range(8):
            state = origin.game().state
            seat, legal = legal_options(referee(state.round_input()))
            if seat != state.you or not legal:
                break
            before = origin.tricks_done()
            await line(pilot, legal[-1].short, "enter")
            await until(pilot, lambda before=before: origin.tricks_done() > before, "the trick won")
            r = origin.game().state.round
            assert r is not None
            if r.ended and r.ended[-1].role == "follow":  # she played the trick's last card after Ann's
                ended_by_her += 1
                her = r.ended[-1]
                said = last_shown(app)
                assert f"{her.seat} follows: plays {her.card}" in said and her.steps[-1][1] in said
        assert ended_by_her


async def test_the_rules_reference_is_searched_by_typing_at_once(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginRulesScreen()
        app.push_screen(screen)
        await until(pilot, lambda: screen.is_mounted and not isinstance(screen.focused, Input), "the rules shown")
        burst(app, "surrender")
        await until(pilot, lambda: screen.visible_ids == ["OS-SOLO-SURRENDER"], "the rules found")
        assert screen.query_one("#search", Input).value == "surrender" and isinstance(screen.focused, Input)


def test_a_card_in_its_fewest_keys_reads_back_as_the_card() -> None:
    for text in ("7br", "10lv", "13sp", "1st"):
        card = parse_card(text)
        assert parse_card(card.short) == card and len(card.short) == len(text) - 1
