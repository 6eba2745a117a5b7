"""The screens every game shares, in Italian and German at 80×24: the players and history screen with a few games
recorded (its heading, statistics, ratings and footer keys in the language, each word whole, dates as the language
writes them), the confirmation dialog before abandoning a game, and the BG Stats QR code's screen."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.dates import format_date
from textual.widgets import OptionList, Static

from companion import languages
from companion.app import make_app
from companion.local_time import local
from screens.ask import Confirm
from screens.origami.sheet import SheetScreen
from screens.share import QrScreen
from tests.screens.origami.test_friction import screen_text
from tests.screens.settle import settled, until
from tests.screens.test_app import a_game_dealt
from tests.screens.test_players import players_opened, seed_history
from tests.test_i18n import flat


def lines(app: object) -> list[str]:
    return [line.replace("\xa0", " ") for line in screen_text(app).splitlines()]


KEYS = {"it": ["v Scontri", "r Rinomina", "m Unisci", "esc Indietro"],
        "de": ["v Bilanz", "r Umbenennen", "m Vereinen", "esc Zurück"]}
WORDS: dict[str, dict[str, str]] = {
    "it": {"heading": "Giocatori e storico",
           "latest": "Ultime partite (Invio mostra il foglio punteggi):", "rating": "livello Origami",
           "every": "ogni variante", "versus": "Ann avanti 2, Bob avanti 1, pari 0",
           "rename": "Rinomina Ann in:", "hint": "Le sue partite e statistiche seguono il nuovo nome.",
           "yes_no": "y: sì · n: no",
           "qr": "Il codice QR richiede", "too_small": "ingrandisci il terminale"},
    "de": {"heading": "Spieler und Chronik",
           "latest": "Letzte Partien (Enter zeigt das Wertungsblatt):", "rating": "Wertung Origami",
           "every": "alle Varianten", "versus": "Ann vorn 2, Bob vorn 1, gleich 0",
           "rename": "Ann umbenennen in:", "hint": "Partien und Statistiken folgen dem neuen Namen.",
           "yes_no": "y: ja · n: nein",
           "qr": "Der QR-Code braucht", "too_small": "vergrößere das Terminal"},
}


@pytest.mark.parametrize("code", ["it", "de"])
async def test_the_players_screen_in_italian_and_german_at_80_by_24(tmp_path: Path, code: str) -> None:
    words = WORDS[code]
    url = f"sqlite:///{tmp_path}/p.db"
    seed_history(url)
    languages.use(code)
    today = str(format_date(local(datetime.now(UTC)), "short", locale=code))  # 26/11/26 · 26.11.26
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await players_opened(pilot)
        await until(pilot, lambda: "\n" in str(screen.query_one("#stats", Static).render()), "Ann's statistics")
        shown = lines(app)
        assert words["heading"] in shown[0]
        footer = shown[-1]
        for key in KEYS[code]:  # each key's word whole in the footer
            assert key in footer, (key, footer)
        stats = str(screen.query_one("#stats", Static).render())
        assert words["latest"] in stats and words["rating"] in stats and words["every"] in stats
        assert any(words["latest"] in line for line in shown)  # on the screen, not cut at its edge
        rating = next(line for line in stats.splitlines() if words["every"] in line)
        assert any(rating.strip() in line for line in shown), rating  # a rating line of 3 games: whole at 80 columns
        games = screen.query_one("#games", OptionList)
        latest = [str(games.get_option_at_index(i).prompt) for i in range(games.option_count)]
        assert len(latest) == 3 and all(f" · {today} · " in line for line in latest), latest
        assert "-" not in today and any(today in line for line in shown)  # the date as the language writes it
        await pilot.press("v", *"Bob", "enter")
        await settled(pilot)
        assert words["versus"] in str(screen.query_one("#versus", Static).render())
        await pilot.press("r")
        await until(pilot, lambda: words["rename"] in flat(screen_text(app)), "the rename question")
        assert words["hint"] in flat(screen_text(app))
        await pilot.press("escape")


@pytest.mark.parametrize("code", ["it", "de"])
async def test_the_confirmation_before_abandoning_in_italian_and_german_at_80_by_24(tmp_path: Path,
                                                                                    code: str) -> None:
    words = WORDS[code]
    url = a_game_dealt(tmp_path)
    languages.use(code)
    today = str(format_date(local(datetime.now(UTC)), "short", locale=code))
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        resume = str(app.screen.query_one("#menu", OptionList).get_option_at_index(0).prompt)
        assert today in resume and today in flat(screen_text(app))  # when it started, as the language writes it
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question before abandoning")
        await settled(pilot)
        dialog = [line.split("█")[1] for line in lines(app) if line.count("█") >= 2]
        assert words["yes_no"] in flat("\n".join(dialog))  # between its borders, whole
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Confirm), "the dialog answered no")


@pytest.mark.parametrize("code", ["it", "de"])
async def test_the_qr_code_screen_in_italian_and_german_at_80_by_24(tmp_path: Path, code: str) -> None:
    """At 80×24 the BG Stats code does not fit: the screen says, in the language, what to do instead, whole."""
    words = WORDS[code]
    url = f"sqlite:///{tmp_path}/q.db"
    seed_history(url)
    languages.use(code)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("p")
        await settled(pilot)
        await pilot.press("tab", "enter")  # Ann's latest game: its score sheet
        await until(pilot, lambda: isinstance(app.screen, SheetScreen), "the score sheet")
        await settled(pilot)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, QrScreen), "the QR code's screen")
        await settled(pilot)
        qr_screen = app.screen
        assert isinstance(qr_screen, QrScreen)
        caption = str(qr_screen.query_one("#caption", Static).render())
        assert qr_screen.drawn is None and caption.startswith(words["qr"]) and words["too_small"] in caption
        assert flat(caption) in flat(screen_text(app))  # wrapped, never cut
