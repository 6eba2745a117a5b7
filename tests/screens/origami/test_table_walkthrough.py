"""What a new player's walk-through of the table found (issue 30): a draw pick carries its refill, the turn that
ended by itself is said above the picks (no toast over them), every pick offered is seen whole at 80×24, the
Leprechaun's draws are offered to every player, a keyword may be cut short, an undo says what it took back, the
values filled in are said in one toast, and the deal is typed one line a player with spaces between the cards."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input, Static

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from companion.origami.session import GameSession
from db.store import Store
from scoring.origami import commands as c
from scoring.origami.grants import available
from scoring.origami.notation import write
from scoring.origami.picks import likely_actions
from scoring.origami.state import GameState
from scoring.origami.table import Variant
from screens.origami.fill_in import unknown_values, usual_range
from screens.origami.question import VALUES
from screens.origami.table import TableScreen
from screens.question import ValueGiven
from tests.recorded import Scripted, script
from tests.screens.keys import burst
from tests.screens.origami.test_fill_in import opened
from tests.screens.origami.test_table import CATALOGUE, SEED, to_the_deal, type_line
from tests.screens.origami.test_table_picks import preview
from tests.screens.origami.test_table_type_ahead import at_the_table
from tests.screens.settle import settled, until


def shown_lines(app: CompanionApp, selector: str) -> list[str]:
    """The lines a widget draws, as text (what the player sees of it)."""
    widget = app.screen.query_one(selector, Static)
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, *widget.size))]


def stored(tmp_path: Path, game: Scripted, upto: int) -> str:
    """A database holding the game's first `upto` commands, recorded as the table records them."""
    url = f"sqlite:///{tmp_path}/g.db"
    store = Store.open(url, KINDS)
    try:
        session = GameSession.start(store, game.script[0], CATALOGUE, key="start")  # type: ignore[arg-type]
        assert isinstance(session, GameSession)
        for n, command in enumerate(game.script[1:upto]):
            session.submit(command, f"k{n}")
        assert session.state == game.states[upto - 1]
    finally:
        store.close()
    return url


async def resume(app: CompanionApp, pilot: Pilot[Any]) -> GameSession:
    """Home's Enter resumes the game in progress: the table."""
    await settled(pilot)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    session = app.controller("origami").session
    assert session is not None
    return session


async def test_a_draw_pick_takes_its_refill_before_it_is_recorded(tmp_path: Path) -> None:
    """Enter on a draw pick that leaves the line short (Enter alone: the first pick; or its number): the pick comes
    to the field to be finished with the cards turned up, nothing recorded without them; the cards typed, the draw
    and its refill are one action."""
    game = script(CATALOGUE, SEED, players=2)
    draw = game.script[2]
    assert isinstance(draw, c.DrawCards) and draw.refill
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        table = app.screen
        assert isinstance(table, TableScreen)
        pick = write(c.DrawCards(draw.player, draw.cards, (), draw.rice_traded), session.state) + " refill"
        field = table.query_one("#action", Input)
        first = table.picks()[0]
        assert first.endswith(" refill")
        seq = session.seq
        await pilot.press("enter")
        await until(pilot, lambda: field.value == f"{first} ", "the first pick on the field to be finished")
        assert session.seq == seq
        field.value = ""
        number = table.picks().index(pick) + 1
        field.value = str(number)
        await until(pilot, lambda: "turned up from the deck" in preview(app), "the pick's refill asked for")
        seq = session.seq
        await pilot.press("enter")
        await until(pilot, lambda: field.value == f"{pick} ", "the pick on the field to be finished")
        assert session.seq == seq  # nothing recorded without the refill
        burst(app, f"{', '.join(draw.refill)}\n")
        await until(pilot, lambda: session.state in (game.states[2], game.states[3]), "the draw with its refill")


async def test_the_turn_that_ended_by_itself_is_said_above_the_picks_not_in_a_toast(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    assert game.script[3] == c.EndTurn(game.states[1].current)  # nothing left to do after the first draw
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        session = await at_the_table(app, pilot, game)
        who = session.state.players[session.state.current].name
        burst(app, write(game.script[2], session.state) + "\n")
        await until(pilot, lambda: session.state == game.states[3], "the turn ended by itself")
        await until(pilot, lambda: f"{who}'s turn ended by itself" in preview(app), "the end said on the preview")
        assert not any("turn ended" in n.message for n in app._notifications)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert all(p in preview(app) for p in table.picks())  # the next player's picks, under it
        burst(app, "end\n")  # not needed: said on the same line
        await until(pilot, lambda: "was not needed" in preview(app), "the unneeded end said")
        assert not any("not needed" in n.message for n in app._notifications)


def nine_picks(game: Scripted) -> int:
    """The first point of the game where the table offers nine picks."""
    return next(k for k, state in enumerate(game.states) if k > 1 and len(likely_actions(state, CATALOGUE)) == 9)


async def test_every_pick_offered_is_seen_whole_at_80_by_24(tmp_path: Path) -> None:
    game = script(CATALOGUE, 3)
    at = nine_picks(game)
    app = make_app(stored(tmp_path, game, at + 1), {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen)

        def all_shown() -> bool:  # the picks are offered, then laid out: wait for the drawn preview, not the first text
            lines = shown_lines(app, "#preview")
            return bool(table.picks()) and all(any(f"{'Enter' if n == 1 else n} {pick}" in line for line in lines)
                                               for n, pick in enumerate(table.picks(), start=1))

        await until(pilot, all_shown, "every pick offered shown whole")
        picks = table.picks()
        assert len(picks) >= 5
        box = table.query_one("#preview").region
        footer = table.query_one("Footer").region
        assert box.bottom <= footer.y  # nothing of it under the footer or off the screen
        if len(picks) < 9:  # a number past the last pick shown is not a pick: it is read as typed
            assert table.meant(str(len(picks) + 1)) == str(len(picks) + 1)


def leprechaun(game: Scripted) -> int:
    """The first point where an effect lets another player than the one whose turn it is draw from the deck."""
    def others_draw(state: GameState) -> bool:
        return any(g.seat != state.current and g.step == "draw_deck" and available(state, i)
                   for i, g in enumerate(state.grants))
    return next(k for k, state in enumerate(game.states) if k > 1 and others_draw(state))


async def test_an_effect_that_lets_everyone_draw_offers_each_players_draw(tmp_path: Path) -> None:
    game = script(CATALOGUE, 2, Variant.LEGENDS, players=3)
    at = leprechaun(game)
    state = game.states[at]
    app = make_app(stored(tmp_path, game, at + 1), {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await resume(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        drawers = {g.seat for i, g in enumerate(state.grants) if g.step == "draw_deck" and available(state, i)}
        other = next(seat for seat in drawers if seat != state.current)
        picks = table.picks()
        for seat in drawers:
            assert any(p.startswith("deck" if seat == state.current else f"{state.players[seat].name}: deck")
                       for p in picks), (seat, picks)
        number = next(n for n, p in enumerate(picks, start=1) if p.startswith(f"{state.players[other].name}: "))
        hand = session.state.player(other).hand.size
        burst(app, f"{number}\n")
        await until(pilot, lambda: session.state.player(other).hand.size == hand + 1, "the other player's draw")


async def test_a_keyword_cut_short_is_read_and_an_undo_says_what_it_took_back(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    draw = game.script[2]
    assert isinstance(draw, c.DrawCards) and draw.refill
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        session = await at_the_table(app, pilot, game)
        line = write(draw, session.state).replace(" refill ", " ref ")
        assert " ref " in line
        burst(app, line + "\n")
        await until(pilot, lambda: session.state in (game.states[2], game.states[3]), "the draw with `ref`")
        while session.state != game.states[1]:
            seq = session.seq
            await pilot.press("ctrl+z")
            await until(pilot, lambda seq=seq: session.seq > seq, "the undo")
        log = "\n".join(shown_lines(app, "#log"))
        player = game.states[1].players[draw.player].name
        assert f"took back: {player} draws {', '.join(draw.cards)}" in log, log
        assert "undid" not in log and "event" not in log


async def test_values_filled_in_one_after_the_other_are_said_in_one_toast(tmp_path: Path) -> None:
    """Eight values kept one after the other (as the fill-in screen posts them): one toast names them, not eight."""
    app = make_app(f"sqlite:///{tmp_path}/h.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = await opened(app, ["origami/farm"])
        values = unknown_values(screen.catalogue, ["origami/farm"])[:8]
        assert len(values) == 8
        for card, field in values:
            low = usual_range(screen.catalogue, field)
            pick = VALUES.picks.get(field)  # the kind of effect: one of the kinds, as the screen posts it
            screen.post_message(ValueGiven(card, field, next(iter(pick.options)) if pick else low[0] if low else 0))
        await until(pilot, lambda: any("saved in your catalogue" in n.message for n in app._notifications),
                    "the values said")
        said = [n.message for n in app._notifications if "saved in your catalogue" in n.message]
        assert len(said) == 1 and said[0].startswith("8 values saved in your catalogue: "), said
        assert said[0].endswith(" and 4 more.")
        known = app.controller("origami").catalogue()  # type: ignore[attr-defined]
        assert all(field not in known.card(card).unknown for card, field in values)


async def test_the_deal_is_typed_one_line_a_player_with_spaces_between_the_cards(tmp_path: Path) -> None:
    game = script(CATALOGUE, SEED, players=2)
    start, deal = game.script[0], game.script[1]
    assert isinstance(start, c.StartGame) and isinstance(deal, c.Deal)
    assert any(" " in card for hand in (*deal.hands, deal.line) for card in hand)  # names of several words
    app = make_app(f"sqlite:///{tmp_path}/t.db", {"origami": CATALOGUE})
    async with app.run_test(size=(100, 32)) as pilot:
        await to_the_deal(pilot, start)
        for hand in deal.hands:
            await type_line(pilot, " ".join(hand).lower(), "tab")
        await type_line(pilot, " ".join(deal.line).lower(), "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        session = app.controller("origami").session
        assert session is not None and session.state == game.states[1]
