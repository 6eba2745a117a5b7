"""The phones' read-only table for an Origin Story game, served by the real aiohttp server from a real SQLite file:
the trick in play and the trick counts are shown; a hand or a finished trick of this round never is (tricks won lie
face down); solo shows the three face-up rows; hostile names are escaped; and a real browser shows it."""
from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer

from companion.games import KINDS
from companion.origin.session import OriginSession
from companion.serve import CompanionServer, Keys, TableView
from companion.watch import Catalogues
from db.store import Store
from scoring.origin import commands as c
from scoring.origin.cards import parse_card
from scoring.origin.legal import legal_options
from scoring.origin.referee import referee
from scoring.origin.round_input import Alignment
from scoring.origin.rules import Choices
from scoring.origin.state import Phase
from tests.browser import browser
from tests.companion.test_exchange import CATALOGUE

H, V = Alignment.HERO, Alignment.VILLAIN
HOSTILE = '<img src=x onerror="alert(1)">&Co'
CARD = re.compile(r"(?<![\w.])(\d+(?:\.5)?)(br|lv|sp|st)(?!\w)")


def cards_shown(page: str) -> set[str]:
    """Every card in the notation the page shows (`7br`, `4.5lv`)."""
    return {a + b for a, b in CARD.findall(page)}


def table_game(url: str) -> tuple[int, list[str], list[str]]:
    """A table game mid-round: trick 1 (7br 10br 13sp, won by Bob) lies face down; trick 2 has Bob's 2st in play.
    Returns the game, the finished trick's cards and the trick in play's."""
    store = Store.open(url, KINDS)
    try:
        players = ("Ann", "Bob", HOSTILE)
        session = OriginSession.start(store, c.StartGame("table", players), key="start", rng=random.Random(7))
        assert isinstance(session, OriginSession)
        keys = iter(range(1000))
        for command in (c.ChooseDealer(HOSTILE), c.StartRound(),
                        c.RevealAlignments((("Ann", H), ("Bob", V), (HOSTILE, H)))):
            assert session.submit(command, f"k{next(keys)}").recorded
        for seat, card in (("Ann", "7br"), ("Bob", "10br"), (HOSTILE, "13sp"), ("Bob", "2st")):
            assert session.submit(c.PlayCard(seat, parse_card(card)), f"k{next(keys)}").recorded
        return session.game_id, ["7br", "10br", "13sp"], ["2st"]
    finally:
        store.close()


def solo_game(url: str) -> tuple[int, set[str], set[str]]:
    """A solo game with the app deck mid-round: at least one trick won, a trick in play with a card in it.
    Returns the game, the cards of this round's finished tricks and the cards face up (rows and trick in play)."""
    store = Store.open(url, KINDS)
    try:
        session = OriginSession.start(store, c.StartGame("solo", (HOSTILE,), deck="app", difficulty=2,
                                                         difficulty_colour="red"), key="solo-start",
                                      rng=random.Random(11))
        assert isinstance(session, OriginSession)
        n = 0

        def key() -> str:
            nonlocal n
            n += 1
            return f"solo{n}"

        assert session.draw_dealer(key()).recorded
        assert session.submit(c.StartRound(), key()).recorded
        assert session.deal_app_deck(key()).recorded
        assert session.submit(c.RevealAlignments(((HOSTILE, H),)), key()).recorded
        assert session.deal_app_deck(key(), "replace 2").recorded
        for _ in range(40):
            state = session.state
            piles = state.piles
            assert piles is not None and state.phase is Phase.PLAY
            won = {str(x) for _seat, cards in piles.won for x in cards}
            if won and piles.trick:
                rows = {str(x) for _seat, row in piles.rows for x in row}
                return session.game_id, won, rows | {str(x) for x in piles.trick}
            res = referee(state.round_input())
            seat, legal = legal_options(res)
            if seat == HOSTILE:
                assert legal
                assert session.submit(c.PlayCard(HOSTILE, legal[0]), key()).recorded
            else:
                assert session.vancardian_plays(key()).recorded
        raise AssertionError("no trick in play after a trick was won")
    finally:
        store.close()


@asynccontextmanager
async def served(url: str) -> AsyncIterator[tuple[TestServer, Keys]]:
    keys, view = Keys(), TableView(url, None, Catalogues({"origami": CATALOGUE}))
    server = CompanionServer("true", host="127.0.0.1", port=0, public="http://127.0.0.1", view=view, keys=keys,
                             banner="")
    async with TestServer(await server._make_app(), host="127.0.0.1") as test:
        yield test, keys
    await view.close()


async def fetch_table(url: str) -> str:
    async with served(url) as (test, keys), aiohttp.ClientSession() as http:
        async with http.get(test.make_url(f"/table?key={keys.watch}")) as answer:
            assert answer.status == 200
            return await answer.text()


async def test_a_table_game_shows_the_trick_in_play_and_counts_never_a_finished_trick(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    game, finished, in_play = table_game(url)
    page = await fetch_table(url)
    assert "<title>Origin Story table</title>" in page and f"game {game}" in page
    body = page[page.index('<main id="table">'):]
    assert "Trick 2 (lead: strength)" in body and "2st <b>winning</b>" in body
    assert "Round 1 of 5, trick 2:" in body and "plays next" in body
    assert cards_shown(body) == set(in_play)  # the finished trick's cards are face down: none on the page
    assert not set(finished) & cards_shown(body)
    bob = body[body.index("<h2>Bob "):]
    bob = bob[:bob.index("</section>")]
    assert "1 trick this round" in bob and "villain" in bob and "(caught, 1 trick)" in bob
    assert "0 tricks this round" in body  # Ann and the third seat
    assert HOSTILE not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;Co" in body
    assert body.count("2 stamina") == 3 and body.count("0 VP") == 3  # 1 at setup, 1 gained in round 1


async def test_a_solo_game_shows_the_three_rows_and_no_won_card(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    game, won, face_up = solo_game(url)
    page = await fetch_table(url)
    body = page[page.index('<main id="table">'):]
    assert f"game {game} · difficulty 2" in body
    for seat in ("Automaton", "Factoryon", "&lt;img src=x"):
        assert seat in body
    assert body.count('class="row"') == 3 and "Deck:" in body and "discard pile:" in body
    shown = cards_shown(body)
    assert shown and shown <= face_up  # the rows and the trick in play, nothing else
    assert not won & shown  # no card of a trick won this round
    assert "tricks this round" in body or "trick this round" in body
    assert HOSTILE not in page


async def test_the_latest_game_of_either_kind_is_shown(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    table_game(url)
    solo, _won, _up = solo_game(url)
    assert f"game {solo} · difficulty 2" in await fetch_table(url)  # the solo game, recorded last


async def test_an_origin_story_table_in_a_real_browser(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    table_game(url)
    async with served(url) as (test, keys), browser() as page:
        await page.open(str(test.make_url(f"/table?key={keys.watch}")))
        text = await page.wait_for("Trick 2 (lead: strength)")
        assert "plays next" in text and HOSTILE in text  # the name shown as typed, not run as markup
        assert "10br" not in text and "13sp" not in text
        title = await page.call("Runtime.evaluate", expression="document.title", returnByValue=True)
        assert title["result"]["value"] == "Origin Story table"
        images = await page.call("Runtime.evaluate", expression="document.images.length", returnByValue=True)
        assert images["result"]["value"] == 0


def played(url: str, choices: Choices, rounds: int = 0) -> int:
    """Ann, Bob, Cat with Cat dealing first: `rounds` whole rounds by winners only, then (unless the game is over) a
    trick of cards (7br 10br 13sp from the leader on, won by the second seat's 10br) and that seat's 2st led to the
    next."""
    store = Store.open(url, KINDS)
    try:
        session = OriginSession.start(store, c.StartGame("table", ("Ann", "Bob", "Cat"), choices), key="start")
        assert isinstance(session, OriginSession)
        n = iter(range(1000))
        alignment = c.RevealAlignments((("Ann", H), ("Bob", V), ("Cat", H)))
        assert session.submit(c.ChooseDealer("Cat"), f"k{next(n)}").recorded
        for _ in range(rounds):
            for command in (c.StartRound(), alignment, *(c.NameWinner("Ann") for _ in range(8)), c.EndRound()):
                assert session.submit(command, f"k{next(n)}").recorded
        if rounds < 5:
            assert session.submit(c.StartRound(), f"k{next(n)}").recorded
            assert session.submit(alignment, f"k{next(n)}").recorded
            seats = ["Ann", "Bob", "Cat"][rounds % 3:] + ["Ann", "Bob", "Cat"][:rounds % 3]
            for seat, card in zip([*seats, seats[1]], ("7br", "10br", "13sp", "2st"), strict=True):
                assert session.submit(c.PlayCard(seat, parse_card(card)), f"k{next(n)}").recorded
        else:
            session.finish()
        return session.game_id
    finally:
        store.close()


async def test_a_table_that_chose_to_see_the_last_trick_sees_it_and_only_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    played(url, Choices(show_tricks="last"), rounds=1)
    body = await fetch_table(url)
    assert "Trick 1 (Cat): Bob 7br, Cat 10br, Ann 13sp" in body  # the table's own choice (show_tricks = last)
    assert "Round 2 of 5, trick 2:" in body and "Trick 2 (lead: strength)" in body
    cat = body[body.index("<h2>Cat "):]
    assert "1 trick this round" in cat[:cat.index("</section>")]  # this round's tricks only, not round 1's
    ann = body[body.index('Ann <span class="score">8 VP'):]  # round 1 scored: 8 tricks as a hero
    assert "0 tricks this round" in ann[:ann.index("</section>")]


async def test_a_finished_game_shows_the_final_vp_and_the_winner(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    played(url, Choices(), rounds=5)
    body = await fetch_table(url)
    assert "Game over: Ann wins." in body and "Final scores." in body and "The game is over." in body
    assert "Trick" not in body and not cards_shown(body)
