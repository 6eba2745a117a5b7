"""Origin Story at the table, driven by keys through the real app on a real SQLite file: a whole solo round with the
app deck (its draws injected through the session's rng), a duo trick with a refused sidekick card and its f1, a
table round at the winners level ending in the round summary, and a solo game resumed by a new app after the first
one is gone."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static
from textual.widgets._footer import FooterKey

from companion.app import CompanionApp, make_app
from companion.games import KINDS
from companion.origin.session import OriginSession
from db.store import Store
from scoring.origin import events as e
from scoring.origin.legal import legal_options
from scoring.origin.referee import referee
from scoring.origin.state import Phase
from screens.ask import Confirm
from screens.origin.rules import OriginRulesScreen
from screens.origin.sheet import RoundSummaryScreen
from screens.origin.stepper import StepperScreen
from screens.origin.table import OriginTableScreen
from screens.share import QrScreen
from tests.screens.settle import settled, until

SEED = 3


def app_on(path: Path, seed: int = SEED) -> CompanionApp:
    app = make_app(f"sqlite:///{path}")
    app.controller("origin-story").rng = random.Random(seed)  # the app deck's draws and the lot: the same every run
    return app


async def line(pilot: Pilot[Any], text: str, *then: str) -> None:
    await pilot.press(*text, *then)
    await pilot.pause()


def shown(app: CompanionApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def new_game(pilot: Pilot[Any], count: str, names: str, dealer: str = "") -> None:
    await settled(pilot)
    await pilot.press("v" if count == "1" else "o")
    await pilot.pause()
    if count != "1":
        await line(pilot, count, "enter")
    await line(pilot, names)
    if dealer:
        await pilot.press("tab", "tab", "tab", "tab")
        await line(pilot, dealer)
    await line(pilot, "", "ctrl+s")
    await pilot.pause()


async def solo_setup(pilot: Pilot[Any], round_line: str = "replace 2") -> None:
    """Round 1's stepper for a solo game with the app deck: deal, stamina, story card, no charge, hero, the
    Vancardian card's line."""
    for answer in ("", "", "Monologuing", "", "h", round_line):
        assert isinstance(pilot.app.screen, StepperScreen), answer
        await line(pilot, answer, "enter")


async def play_mine(pilot: Pilot[Any], app: CompanionApp, cards: int) -> None:
    """Play `cards` of your legal cards by typing them (the Vancardians move by themselves in between)."""
    for _ in range(cards):
        state = app.controller("origin-story").game().state
        seat, legal = legal_options(referee(state.round_input()))
        assert seat == state.you and legal
        await line(pilot, str(legal[-1]), "enter")


def face_down_cards_shown(app: CompanionApp) -> set[str]:
    """The cards of the round's finished tricks that the table shows (ORIGIN_STORY.md D15: none)."""
    state = app.controller("origin-story").game().state
    visible = " ".join(shown(app, f"#{name}") for name in ("seats", "moves", "trick", "banner"))
    assert " played " not in shown(app, "#log")  # the log names cards only as the rows were dealt and changed
    words = set(re.findall(r"\b\d+(?:½|\.5)?(?:br|lv|sp|st)\b", visible))
    finished = {str(p.play.card) for t in referee(state.round_input()).tricks if t.complete for p in t.plays}
    return words & finished


async def test_a_whole_solo_round_with_the_app_deck(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        assert isinstance(app.screen, StepperScreen)
        assert "the app deals your 8 cards" in shown(app, "#prompt")
        await solo_setup(pilot)
        assert isinstance(app.screen, OriginTableScreen)
        state = app.controller("origin-story").game().state
        assert state.piles is not None and len(state.piles.row("Ann")) == 8
        played = len(state.piles.trick)  # the Vancardians who play before you have moved by themselves
        assert len(state.piles.row("Automaton")) + len(state.piles.row("Factoryon")) + played == 16
        assert "deck" in shown(app, "#status") and "discard" in shown(app, "#status")
        seen_steps = False
        for _ in range(8):
            if app.controller("origin-story").game().state.phase is Phase.END:
                break
            seen_steps = seen_steps or "OS-SOLO-" in shown(app, "#moves")
            assert not face_down_cards_shown(app)
            await play_mine(pilot, app, 1)
        assert seen_steps  # each Vancardian move with its numbered steps and rule ids
        assert app.controller("origin-story").game().state.phase is Phase.END
        assert "Enter scores it" in shown(app, "#trick")
        await line(pilot, "", "enter")
        assert isinstance(app.screen, RoundSummaryScreen)
        assert "Round 1" in app.screen.shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StepperScreen) and "Round 2" in app.screen.sub_title
    store = Store.open(f"sqlite:///{tmp_path / 'g.db'}", KINDS)
    logged = [x.event for x in store.log.events(1)]
    store.close()
    assert sum(isinstance(x, e.RoundScored) for x in logged) == 1
    assert sum(isinstance(x, e.VancardianChose) for x in logged) == 16  # both of them, eight tricks


async def test_a_duo_trick_with_a_refused_sidekick_card_and_its_rule(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "2", "Ann, Bob", dealer="Ann")
        assert "SK Bob's two, then SK Ann's" in shown(app, "#prompt")
        for answer in ("7br 12sp, 3st 9lv", "", "Trance", "Monologuing", "", "h", "v"):
            await line(pilot, answer, "enter")
        assert isinstance(app.screen, OriginTableScreen)
        assert "Bob leads" in shown(app, "#trick")  # Ann deals: her left is Bob's sidekick, so Bob leads
        await line(pilot, "5br 3st 8br", "enter")  # Bob, SK Ann, Ann
        assert "SK Bob to play" in shown(app, "#trick")
        await line(pilot, "12sp")
        assert "OS-SK-PLAY" in shown(app, "#preview")
        seats = app.screen.query_one("#seats", Static).render()
        assert any("strike" in str(span.style) for span in getattr(seats, "spans", ()))  # 12sp dimmed
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller("origin-story").game().state.round is not None
        assert len(app.controller("origin-story").game().state.round.entries[-1].plays) == 3  # type: ignore[union-attr]
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, OriginRulesScreen) and str(app.screen.at) == "OS-SK-PLAY"
        await pilot.press("escape")
        await pilot.pause()
        field = app.screen.query_one("#action", Input)
        field.value = ""
        await line(pilot, "7br up 4st", "enter")
        assert "Trick 2: Ann leads" in shown(app, "#trick")  # 8br is the highest brains
        assert "face up: 12sp 4st" in shown(app, "#seats")  # the card SK Bob turned up


async def test_a_table_round_at_the_winners_level_ends_in_the_round_summary(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
        for answer in ("", "Trance", "Monologuing", "Telekinesis", "ann Trance 1", "", "h", "v", "h"):
            await line(pilot, answer, "enter")
        assert isinstance(app.screen, OriginTableScreen)
        assert "logging: winners" in shown(app, "#status")
        assert "villain" not in shown(app, "#seats").split("Bob")[0]  # Ann is a hero
        await line(pilot, "ann uses Monologuing: vp +2")  # Bob's story card (the catalogue: a story card), uncharged
        assert "OS-CHARGED-ONLY" in shown(app, "#preview")  # refused before Enter, as recording would refuse it
        app.screen.query_one("#action", Input).value = ""
        for winner in ("ann", "ann", "cy", "w ann", "cy", "ann", "cy", "ann"):
            await line(pilot, winner, "enter")
        seats = shown(app, "#seats")
        assert "villain, clean" in seats and "tricks 5" in seats
        assert "Still charged, not used this round: Ann Trance" in shown(app, "#preview")  # before it is scored
        await line(pilot, "", "enter")
        assert isinstance(app.screen, RoundSummaryScreen)
        text = app.screen.shown
        assert "Round 1" in text and "Bob" in text
        game = app.controller("origin-story").game().score()
        assert {p.name: p.total for p in game.players} == {"Ann": 5, "Bob": 4, "Cy": 3}


async def test_a_solo_game_resumes_exactly_in_a_new_app(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    first = app_on(path)
    async with first.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        await solo_setup(pilot, "add 4.5")
        await play_mine(pilot, first, 3)
        before = first.controller("origin-story").game().state
        seen = shown(first, "#seats")
    second = app_on(path, seed=99)  # a new program: another rng, the same game
    async with second.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        menu = second.screen.query_one("#menu", OptionList)
        option = menu.get_option_at_index(0)
        assert str(option.prompt).startswith("Resume Origin Story game 1: Ann")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(second.screen, OriginTableScreen) and second.screen.filled,
                    "the game resumed")  # its frame first, the game read after it
        keys = lambda: [k.description for k in second.screen.query(FooterKey)]  # noqa: E731
        await until(pilot, lambda: "Surrender" in keys(), "the solo game's keys, once it is read")
        assert "Logging level" not in keys()  # the table's, not solo's
        assert second.controller("origin-story").game().state == before
        assert shown(second, "#seats") == seen
        await play_mine(pilot, second, 1)
    store = Store.open(f"sqlite:///{path}", KINDS)
    again = OriginSession(store, 1)
    store.close()
    assert again.state == second.controller("origin-story").game().state


async def test_in_solo_a_charge_needs_no_name(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        for answer in ("", "", "Monologuing", "Monologuing 1"):
            await line(pilot, answer, "enter")
        assert app.controller("origin-story").game().state.charged("Ann", "Monologuing") == 1, shown(app, "#check")


async def test_f3_asks_before_surrendering(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        await solo_setup(pilot)
        assert isinstance(app.screen, OriginTableScreen)
        before = len(app.controller("origin-story").game().log)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "Surrender this round?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, OriginTableScreen) and len(app.controller("origin-story").game().log) == before
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert any(isinstance(x.event, e.Surrendered) for x in app.controller("origin-story").game().log[before:])  # her lead: allowed


async def test_a_table_game_resumes_at_the_logging_level_its_round_was_recorded_at(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    first = app_on(path)
    async with first.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
        for answer in ("", "Trance", "Monologuing", "Telekinesis", "", "h", "v", "h"):
            await line(pilot, answer, "enter")
        await pilot.press("f2")  # winners -> cards
        await line(pilot, "ann 7br", "enter")
        assert "logging: cards" in shown(first, "#status")
    second = app_on(path)
    async with second.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("enter")  # Home's first entry: resume the game
        await until(pilot, lambda: isinstance(second.screen, OriginTableScreen) and second.screen.filled,
                    "the game resumed")
        assert "logging: cards" in shown(second, "#status")


async def test_five_rounds_at_the_score_only_level_end_in_the_score_sheet_and_the_history(tmp_path: Path) -> None:
    """Round 3 asks for the event, round 5 for the superheroes and no stamina or story card; each round's tricks
    typed in one line; after round 5's summary the score sheet, and the game is finished in the history."""
    from screens.origin.sheet import OriginSheetScreen

    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Ann")
        for n in range(1, 6):
            assert isinstance(app.screen, StepperScreen) and f"Round {n}" in app.screen.sub_title
            answers = ["Transfer of Power"] if n == 3 else []
            if n <= 4:
                answers += ["", f"Story {n}a", f"Story {n}b", f"Story {n}c"]
            else:
                assert "superhero" in shown(app, "#prompt")
                answers += ["Hero A", "Hero B", "Hero C"]
            for answer in [*answers, ""]:
                await line(pilot, answer, "enter")
            for _ in range(3):  # the alignments, asked from the dealer's left as the story cards are: Bob the villain
                who = shown(app, "#prompt").split("'")[0]
                await line(pilot, "v" if who == "Bob" else "h", "enter")
            assert isinstance(app.screen, OriginTableScreen)
            if n == 3:
                assert "Transfer of Power" in shown(app, "#banner")
            if n == 1:
                await pilot.press("f2", "f2")  # winners → cards → score only
                await pilot.pause()
            assert "logging: score only" in shown(app, "#status")  # and so it stays, round after round
            await line(pilot, "ann 3, bob 0, cy 5", "enter")
            await line(pilot, "", "enter")
            assert isinstance(app.screen, RoundSummaryScreen)
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, OriginSheetScreen)
        sheet = app.controller("origin-story").game().score()
        assert {p.name: p.total for p in sheet.players} == {"Ann": 15, "Bob": 20, "Cy": 25}
        await pilot.press("b")  # the game is in the history now: its BG Stats code
        await until(pilot, lambda: isinstance(app.screen, QrScreen), "the BG Stats code")
    store = Store.open(f"sqlite:///{tmp_path / 'g.db'}", KINDS)
    assert store.games.get(1).status == "finished"
    assert [r["score"] for r in store.results.of(1)] == [15, 20, 25]
    store.close()


async def test_undo_at_a_rounds_first_step_goes_back_to_the_round_before(tmp_path: Path) -> None:
    """The app starts each round by itself: ctrl+z at round 2's first step takes back round 1's scoring, and the
    table of round 1 is back with its eight tricks."""
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Ann")
        for answer in ("", "A", "B", "C", "", "h", "h", "h", "ann 8", ""):
            await line(pilot, answer, "enter")
        await pilot.press("enter")  # the round summary
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StepperScreen) and "Round 2" in app.screen.sub_title
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, OriginTableScreen)
        assert app.controller("origin-story").game().state.phase is Phase.END and "Round 1 is over" in shown(app, "#trick")


async def test_solo_with_the_tables_deck_the_vancardians_wait_for_go_and_for_their_draws(tmp_path: Path) -> None:
    """Table deck: every row is typed as dealt; a Vancardian's lead waits for Enter, her follow for the two cards
    she drew (`draw 9st 6sp`), and a card already on the table is refused (OS-UNIQUE)."""
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("v")
        await pilot.pause()
        await line(pilot, "Kim")
        await pilot.press("tab", "tab", "down", "down", "enter")  # the deck: the table's real cards
        await pilot.pause()
        await pilot.press("tab", "tab", *"Kim")
        await line(pilot, "", "ctrl+s")
        assert isinstance(app.screen, StepperScreen), shown(app, "#check")
        assert app.controller("origin-story").game().state.deck == "table"
        rows = "1br 2br 3br 4br 5br 6br 7br 8br | 1sp 2sp 3sp 4sp 5sp 6sp 7sp 8sp"
        for answer in ("9br 10br 11br 12br 13br 9sp 10sp 11sp", "", "Trance", "", "h", f"none | {rows}"):
            await line(pilot, answer, "enter")
        assert isinstance(app.screen, OriginTableScreen), (shown(app, "#prompt"), shown(app, "#check"))
        assert app.controller("origin-story").game().state.first_dealer == "Kim"  # so Automaton, next in the cycle, leads
        assert "Automaton to play" in shown(app, "#trick") or "Automaton leads" in shown(app, "#trick")
        await line(pilot, "", "enter")  # go: her lead needs no draw
        assert "Automaton 8br" in shown(app, "#trick") and "Factoryon to play" in shown(app, "#trick")
        assert "draw 9t 6s" in shown(app, "#help")
        await line(pilot, "go", "enter")  # her follow needs the cards drawn: said, and the line kept to mend
        await pilot.pause()
        assert "OS-DECK-EMPTY" in shown(app, "#preview") and "`draw`" in shown(app, "#preview")
        assert app.screen.query_one("#action", Input).value == "go"
        app.screen.query_one("#action", Input).value = ""
        await line(pilot, "draw 8br 1lv")
        assert "OS-UNIQUE" in shown(app, "#preview")
        app.screen.query_one("#action", Input).value = ""
        await line(pilot, "draw 9lv 1lv", "enter")
        assert "Kim to play" in shown(app, "#trick")
        assert "OS-SOLO-DRAW" in shown(app, "#moves")


async def test_home_opens_each_origin_story_screen(tmp_path: Path) -> None:
    """Home's Origin Story entries by the menu: quick score, rules reference, card catalogue; `o` and `v` the new
    game forms (solo starts at one player)."""
    from screens.origin.catalogue import OriginCatalogueScreen
    from screens.origin.new_game import OriginNewGameScreen
    from screens.origin.quick import OriginQuickScreen

    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        for key, screen in (("origin-quick", OriginQuickScreen), ("origin-rules", OriginRulesScreen),
                            ("origin-catalogue", OriginCatalogueScreen)):
            menu.highlighted = ids.index(key)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, screen), key
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, OriginNewGameScreen)
        assert app.screen.query_one("#count", Input).value == "1"
        await pilot.press("escape", "o")
        await pilot.pause()
        assert isinstance(app.screen, OriginNewGameScreen) and app.screen.query_one("#count", Input).value == ""


async def test_a_proven_revoke_is_flagged_on_the_table_with_its_rule(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
        for answer in ("", "Trance", "Monologuing", "Telekinesis", "ann Trance 1", "", "h", "v", "h"):
            await line(pilot, answer, "enter")
        assert isinstance(app.screen, OriginTableScreen)
        while "logging: cards" not in shown(app, "#status"):
            await pilot.press("f2")
            await pilot.pause()
        await line(pilot, "7br 3sp 5br", "enter")  # Ann leads; Bob shows out of brains
        assert "OS-REVOKE" not in shown(app, "#trick")
        await line(pilot, "9br 2br 4br", "enter")  # Ann leads again; Bob plays brains: proven
        flagged = shown(app, "#trick")
        assert "OS-REVOKE" in flagged and "Bob showed out of brains in trick 1" in flagged
        assert "ctrl+z takes its cards back" in flagged  # what the table can do about it


async def test_a_charge_names_a_card_on_that_players_mat_checked_before_enter(tmp_path: Path) -> None:
    """OS-STORY: stamina goes on your own story cards (or superhero, or character). The charge line names the card
    as forgivingly as Origami's lines (a beginning, a small typo), shows ✓/✗ before Enter, and a card that is not on
    that player's mat is refused, naming the cards that are."""
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
        for answer in ("", "Trance", "Monologuing", "Telekinesis"):
            await line(pilot, answer, "enter")
        state = lambda: app.controller("origin-story").game().state  # noqa: E731
        await line(pilot, "ann monologing 1")  # Bob's story card, misspelt
        assert "✗ 'monologing' is not on Ann's mat (Trance)" in shown(app, "#check")
        await line(pilot, "", "enter")
        assert state().charged("Ann") == 0 and "not on Ann's mat" in shown(app, "#check")
        app.screen.query_one("#answer", Input).value = ""
        for typed, player, card in (("bob monologing 1", "Bob", "Monologuing"), ("cy tele 1", "Cy", "Telekinesis"),
                                    ("ann character Captain Z 1", "Ann", "Captain Z")):
            await line(pilot, typed)
            assert f"✓ Enter: {player} charges 1 on {card}" in shown(app, "#check")
            await line(pilot, "", "enter")
            assert state().charged(player, card) == 1
