"""The app driven by its pilot: the first screen, the games in progress, the rules reference."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from companion.app import make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.store import Store
from scoring.origami.rules import RULES
from screens.home import HomeScreen
from screens.origami.rules import RuleEntry, RulesScreen
from tests.companion.test_origin_exchange import recorded
from tests.recorded import script
from tests.screens.settle import settled, until_filled


def text(screen: object, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())  # type: ignore[attr-defined]


async def test_a_first_run_gets_a_friendly_home(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/new.db")
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await settled(pilot)
        assert "Welcome! No game is in progress" in text(app.screen, "#status")
    assert (tmp_path / "new.db").is_file()


def a_game_dealt(tmp_path: Path) -> str:
    """A database holding one Origami game in progress, just dealt."""
    url = f"sqlite:///{tmp_path}/games.db"
    catalogue = filled(shipped())
    game = script(catalogue, seed=3)
    store = Store.open(url, KINDS)
    session = GameSession.start(store, game.script[0], catalogue, key="start")
    assert isinstance(session, GameSession)
    session.submit(game.script[1], "deal")
    store.close()
    return url


async def test_home_lists_the_games_in_progress(tmp_path: Path) -> None:
    url = a_game_dealt(tmp_path)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert "1 game in progress" in text(app.screen, "#status")
        menu = app.screen.query_one("#menu", OptionList)
        assert "Resume Origami game 1: P1, P2, P3 (legends" in str(menu.get_option_at_index(0).prompt)


async def test_an_origin_story_game_in_progress_is_offered_and_resumes_on_its_own_screens(tmp_path: Path) -> None:
    """Home lists an Origin Story game in play beside the Origami ones, and Enter opens it where it stands."""
    from companion.origin.session import OriginSession
    from screens.origin.stepper import StepperScreen
    from screens.origin.table import OriginTableScreen

    url = f"sqlite:///{tmp_path}/games.db"
    recorded(url, moves=20)
    app = make_app(url)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        assert "1 game in progress" in text(app.screen, "#status")
        menu = app.screen.query_one("#menu", OptionList)
        assert str(menu.get_option_at_index(0).prompt).startswith("Resume Origin Story game 1: Ann, Bob, Cat")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OriginTableScreen | StepperScreen)
        store = Store.open(url, KINDS)
        assert app.controller("origin-story").game().state == OriginSession(store, 1).state
        store.close()


async def test_a_database_that_cannot_be_opened_is_said_on_home(tmp_path: Path) -> None:
    bad = tmp_path / "notes.db"
    bad.write_text("not a database\n" * 100)
    app = make_app(f"sqlite:///{bad}")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert "could not be opened" in text(app.screen, "#status")
        assert "is not a companion database" in text(app.screen, "#status")


async def test_the_rules_reference_searches_as_you_type(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/new.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)  # `r` pressed while the database opens waits for it
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        await until_filled(pilot, app.screen)
        assert app.screen.visible_ids[:len(RULES)] == [str(r) for r in RULES]
        assert "Nine-tailed Fox" in app.screen.visible_ids  # and every card's clarification
        await pilot.press("ctrl+f", *"differ by one")
        assert app.screen.query_one("#search", Input).value == "differ by one"
        assert "COLL-BALANCE" in app.screen.visible_ids and len(app.screen.visible_ids) < len(RULES)
        await pilot.press("ctrl+a", "ctrl+k", *"hand-limit")  # to the start, delete to the end
        assert app.screen.visible_ids == ["HAND-LIMIT"]
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_a_refusal_opens_the_reference_at_its_rule(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/new.db")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = RulesScreen(at="END-TRIGGER")
        app.push_screen(screen)
        await until_filled(pilot, screen)
        marked = [e.topic.key for e in app.screen.query(RuleEntry) if e.has_class("-focused-rule")]
        assert marked == ["END-TRIGGER"]


async def test_the_reference_says_what_the_rules_come_to_for_the_players_at_the_table(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/new.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        await until_filled(pilot, screen)

        def entry(key: str) -> str:
            found = next(e for e in screen.query(RuleEntry) if e.topic.key == key)
            return str(found.render())

        assert "With " not in entry("END-TRIGGER")  # any number of players: the rule as it is
        await pilot.press("ctrl+f", *"fox neighbour", "tab", "enter", "down", "enter")  # players: 2
        await pilot.pause()
        assert screen.visible_ids == ["Nine-tailed Fox"]
        assert "With 2 players: both neighbours are the other player" in entry("Nine-tailed Fox")
        assert "With 2 players: after the round is finished, 2 final turns" in entry("END-TRIGGER")
        await pilot.press("enter", "down", "down", "enter")  # players: 4
        await pilot.pause()
        assert "With 4 players: one card to the left neighbour, one to the right." in entry("Nine-tailed Fox")
        assert "4 families: 72 origami in the deck" in entry("SETUP-FAMILIES")


async def test_a_database_opened_as_the_window_closes_is_closed_too(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # The worker opening the database may finish as the window closes: the store it hands over has no one else
    # to close it (its connections were left to the garbage collector).
    url = f"sqlite:///{tmp_path}/late.db"
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
    closed: list[Store] = []

    def close(store: Store) -> None:
        closed.append(store)
        store.database.close()

    monkeypatch.setattr(Store, "close", close)
    late, again = Store.open(url, KINDS), Store.open(url, KINDS)
    assert not app.hand_over(late)  # the app has stopped: it cannot take it
    app.opened(again)  # handed over as it closed: not kept
    assert closed == [late, again] and app.store is not again
