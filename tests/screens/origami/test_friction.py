"""What new players tripped over at the table (issue 18), each driven by keys on a real SQLite file."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.widgets import Input

from companion.app import make_app
from companion.games import KINDS
from companion.origami.session import GameSession
from db.store import Store
from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.catalog import Catalogue
from scoring.origami.legal import legal_actions
from scoring.origami.notation import VERBS, split, write
from scoring.origami.state import Phase
from screens.origami.sheet import SheetScreen
from screens.origami.table import TableScreen
from screens.origami.verb_help import EXAMPLES, VerbHelp
from screens.question import ValueQuestion
from tests.recorded import script
from tests.screens.origami.test_table import CATALOGUE, shown, type_line
from tests.screens.origami.test_table_faults import dealt_game, resume
from tests.screens.settle import settled


async def test_an_overridden_action_leaves_the_line_once_recorded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        seq = session.seq
        await type_line(pilot, "end")
        assert "✗ TURN-ORDER" in shown(app, "#preview")
        await type_line(pilot, "", "ctrl+o")
        await type_line(pilot, "we skip the first turn", "enter")
        assert isinstance(app.screen, TableScreen) and session.seq > seq
        assert app.screen.query_one("#action", Input).value == ""  # recorded: not left to be refused again
        assert "TURN-ORDER" not in shown(app, "#preview")


async def test_the_first_card_of_a_game_goes_without_naming_a_collection(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        player = session.state.player(session.state.current)
        assert not player.collections[0] and not player.collections[1]
        card = next(cid for cid in player.hand.known if not CATALOGUE.card(cid).is_character)
        await type_line(pilot, f"play {card}")
        assert "`to 1` or `to 2`" not in shown(app, "#preview")
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.read(f"play {card}").command is not None
        assert screen.read(f"play {card}").command.collection == 0  # type: ignore[union-attr]


async def test_a_card_name_means_the_card_this_player_can_play(tmp_path: Path) -> None:
    """Both Ninjas are in this game; the player on turn holds the yellow one, so `ninj` is that one, as typed
    and as completed (it was: "'ninj' could be Ninja (red), Ninja (yellow)")."""
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        assert "Ninja (yellow)" in session.state.player(session.state.current).hand.known
        assert "Ninja (red)" not in session.state.player(session.state.current).hand.known
        await type_line(pilot, "play ninj")
        field = app.screen.query_one("#action", Input)
        assert field._suggestion.startswith("play ninja (yellow)")
        assert "could be" not in shown(app, "#preview")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        command = screen.read("play ninj").command
        assert isinstance(command, c.PlayCharacter) and command.card == "Ninja (yellow)"
        await type_line(pilot, "", *["backspace"] * 9)
        await type_line(pilot, "play walr")  # a card of one of this game's families, in hand: no doubt
        assert "could be" not in shown(app, "#preview")


def with_holes(catalogue: Catalogue, field: str, cards: list[CardId]) -> Catalogue:
    """`catalogue` with `field` of `cards` not known (as most printed values are)."""
    unknown: dict[str, Any] = {field: None}
    holed = {cid: replace(card, **unknown) if cid in cards else card for cid, card in catalogue.cards.items()}
    return replace(catalogue, cards=holed)


async def test_a_value_asked_mid_game_lets_the_action_go_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    game = dealt_game(url)
    state = game.states[1]
    seat = state.current
    play = next(offer for offer in legal_actions(state, seat, CATALOGUE, list(state.player(seat).hand.known))
                if isinstance(offer, c.PlayOrigami) and offer.payment and offer.source == "hand")
    cost = CATALOGUE.card(play.card).cost
    app = make_app(url, {"origami": with_holes(CATALOGUE, "cost", [play.card])})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        seq = session.seq
        await type_line(pilot, write(play, state), "enter")
        assert isinstance(app.screen, ValueQuestion) and app.screen.missing.field == "cost"
        await type_line(pilot, str(cost), "enter")  # the answer: the play goes on, no second Enter
        await settled(pilot)
        assert isinstance(app.screen, TableScreen)
        assert session.seq > seq and session.state.player(seat).collections[play.collection][-1] == play.card
        assert app.screen.query_one("#action", Input).value == ""


async def test_the_final_score_asks_every_unknown_value_in_a_chain(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    game = script(CATALOGUE, seed=3)
    store = Store.open(url, KINDS)
    try:
        session = GameSession.start(store, game.script[0], CATALOGUE, key="start")  # type: ignore[arg-type]
        assert isinstance(session, GameSession)
        for i, command in enumerate(game.script[1:]):
            session.submit(command, f"k{i}")
        assert session.state.phase is Phase.OVER
        final = session.state
    finally:
        store.close()
    scored = sorted({card for player in final.players for column in player.collections for card in column
                     if CATALOGUE.card(card).points})[:2]
    assert len(scored) == 2
    app = make_app(url, {"origami": with_holes(CATALOGUE, "points", scored)})
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(app, pilot)
        await type_line(pilot, "", "ctrl+s")
        asked = []
        for _ in scored:  # one ctrl+s: each unknown value is asked in turn, then the sheet
            assert isinstance(app.screen, ValueQuestion)
            asked.append(app.screen.missing.card)
            await type_line(pilot, str(CATALOGUE.card(app.screen.missing.card).points), "enter")
            await settled(pilot)
        assert sorted(asked) == scored
        assert isinstance(app.screen, SheetScreen)


def screen_text(app: Any) -> str:
    """The characters on the whole window as the user sees them, line by line."""
    update = app.screen._compositor.render_full_update(simplify=True)
    return "\n".join("".join(strip.text for strip in line) for line in update.strips)


async def test_a_help_panel_explains_every_action_with_an_example(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    app = make_app(url, {"origami": CATALOGUE})
    for size in ((80, 24), (160, 48)):
        async with app.run_test(size=size) as pilot:
            await resume(app, pilot)
            placeholder = app.screen.query_one("#action", Input).placeholder
            assert "crane" not in placeholder and "f2" in placeholder
            assert "f2 Help" in screen_text(app).replace("F2", "f2").replace("\xa0", " ")  # the footer names the key
            await type_line(pilot, "", "f2")
            assert isinstance(app.screen, VerbHelp)
            for name in list(VERBS)[:4]:  # the first rows on screen, each example whole
                assert EXAMPLES[name] in screen_text(app)
            await type_line(pilot, "", "end")  # the panel scrolls to the last verbs
            for name in list(VERBS)[-3:]:
                assert EXAMPLES[name] in screen_text(app)
            await type_line(pilot, "", "escape")
            assert isinstance(app.screen, TableScreen)
            await type_line(pilot, "help", "enter")  # typing help opens the same panel
            assert isinstance(app.screen, VerbHelp)
            await type_line(pilot, "", "escape")
            assert app.screen.query_one("#action", Input).value == ""
        app = make_app(url, {"origami": CATALOGUE})


def test_each_example_reads_as_its_own_action_with_real_cards() -> None:
    for name, example in EXAMPLES.items():
        assert split(example).verb == name
    for word in ("fox", "cat", "dog", "pig", "penguin", "seal", "walrus", "owl"):
        assert CATALOGUE.lookup(word) is not None


async def test_a_large_window_seats_the_players_side_by_side_with_a_taller_log(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    game = script(CATALOGUE, seed=3)
    store = Store.open(url, KINDS)
    try:
        session = GameSession.start(store, game.script[0], CATALOGUE, key="start")  # type: ignore[arg-type]
        assert isinstance(session, GameSession)
        for i, command in enumerate(game.script[1:14]):
            session.submit(command, f"k{i}")
    finally:
        store.close()
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(160, 48)) as pilot:
        session = await resume(app, pilot)
        names = [p.name for p in session.state.players]
        rows = screen_text(app).splitlines()
        assert any(all(name in row for name in names) for row in rows)  # one row holds every player's name
        assert len(shown(app, "#log").splitlines()) > 4
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(app, pilot)
        rows = screen_text(app).splitlines()
        assert not any(all(name in row for name in names) for row in rows)  # narrow: one under the other
        assert len(shown(app, "#log").splitlines()) == 4


async def test_the_deal_reads_a_short_name_as_a_card_of_this_game(tmp_path: Path) -> None:
    """'g' in an exotic-and-polar deal is the Golden Frog (the Geishas are Characters, never dealt), 'n' in a
    legendary one the Nine-tailed Fox (not the Ninjas); a card of another family is still named, and the deal
    then says why it cannot be there."""
    from screens.origami.deal import DealScreen

    app = make_app(f"sqlite:///{tmp_path}/d.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*"Ann, Bob", "tab", *"exotic, legendary", "tab", *"Ninja, Geisha", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DealScreen)
        await pilot.press(*"g, n", "tab")
        await pilot.pause()
        assert screen.cards("hand-0", "Ann's deal") == ("Golden Frog", "Nine-tailed Fox")
        await pilot.press(*"penguin")  # polar: named, and refused for not being in this game
        await pilot.pause()
        assert screen.cards("hand-1", "Bob's deal") == ("Penguin",)
