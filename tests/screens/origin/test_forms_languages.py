"""Origin Story's forms in Italian and German at 80×24: the new-game form, the quick score, the card catalogue, the
rules reference and a finished game's score sheet read in the language, their headings, labels and footer keys
shown whole (never cut)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import DataTable

from companion import languages
from companion.app import make_app
from scoring import i18n
from scoring.origin.sheet import quick_game
from screens.origin.catalogue import OriginCatalogueScreen
from screens.origin.new_game import OriginNewGameScreen
from screens.origin.quick import OriginQuickScreen
from screens.origin.rules import OriginRulesScreen
from screens.origin.sheet import OriginSheetScreen, OriginSheetView
from tests.screens.origami.test_friction import screen_text
from tests.screens.origin.test_sheets import SHARED
from tests.screens.settle import settled, until, until_filled
from tests.test_i18n import flat

LANGUAGES = ["it", "de"]



async def footer_keys(pilot: Any, screen: Screen[Any]) -> None:
    """Every key the footer shows reads `key description` in the language, whole, on the last line."""
    app = pilot.app
    shown = [b.binding for b in screen.active_bindings.values() if b.binding.show]
    assert shown
    wanted = [f"{app.get_key_display(binding)} {binding.description}" for binding in shown]
    assert all(binding.description == i18n._(binding.description) for binding in shown)  # already translated

    def footer() -> str:
        return str(screen_text(app).splitlines()[-1].replace("\xa0", " "))

    await until(pilot, lambda: all(key in footer() for key in wanted), f"the footer's keys {wanted}")


@pytest.mark.parametrize(("code", "words"), [
    ("it", ["Numero di giocatori", "Nomi, in ordine di posto", "Solitario: difficoltà", "Primo mazziere",
            "Tavolo: scrivi 3 nomi nell'ordine dei posti, finora 0."]),
    ("de", ["Anzahl der Spieler", "Namen in Sitzreihenfolge", "Solo: Schwierigkeit", "Erster Geber",
            "Tisch: gib 3 Namen in Sitzreihenfolge ein, bisher 0."]),
])
async def test_the_new_game_form(tmp_path: Path, code: str, words: list[str]) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/n.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginNewGameScreen([])
        app.push_screen(screen)
        await until_filled(pilot, screen)
        await pilot.press("3")
        await until(pilot, lambda: words[-1] in flat(screen_text(app)), "the form's verdict in the language")
        shown = flat(screen_text(app))
        for word in words:
            assert word in shown
        assert screen.sub_title == {"it": "nuova partita", "de": "neue Partie"}[code]
        await footer_keys(pilot, screen)


@pytest.mark.parametrize(("code", "words"), [
    ("it", ["Tavolo o in due (2–5)", "Difficoltà", "PV sotto 0: sì", "Giocatore", "nome 1", "Round 1", "Round 5", "Finale",
            "Il foglio punteggi appare qui quando il primo round è inserito per tutti."]),
    ("de", ["Tisch oder zu zweit (2–5)", "Stufe", "SP unter 0: ja", "Spieler", "Spieler 1", "Runde 1", "Runde 5", "Stand",
            "Das Wertungsblatt erscheint hier, sobald die erste Runde für alle eingetragen ist."]),
])
async def test_the_quick_score(tmp_path: Path, code: str, words: list[str]) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/q.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginQuickScreen([])
        app.push_screen(screen)
        await until_filled(pilot, screen)
        await until(pilot, lambda: words[-1] in flat(screen_text(app)), "the quick score's sheet note")
        shown = flat(screen_text(app))
        for word in words:
            assert word in shown
        await footer_keys(pilot, screen)


@pytest.mark.parametrize(("code", "words"), [
    ("it", ["carta", "tipo", "cosa fa", "Nella scatola:"]),
    ("de", ["Karte", "Art", "Wirkung", "In der Schachtel:"]),
])
async def test_the_card_catalogue(tmp_path: Path, code: str, words: list[str]) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/c.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.controller("origin-story").open("origin-catalogue")
        await until(pilot, lambda: isinstance(app.screen, OriginCatalogueScreen), "the catalogue")
        screen = app.screen
        await until_filled(pilot, screen)
        await until(pilot, lambda: screen.query_one(DataTable).row_count > 0, "the cards listed")
        header = screen_text(app).splitlines()[2]  # under the title and the filter: the table's headings
        assert header.split()[:2] == words[:2]
        shown = flat(screen_text(app))
        assert words[3] in shown
        assert str(screen.sub_title).startswith({"it": "carte · ?", "de": "Karten · ?"}[code])
        await footer_keys(pilot, screen)


@pytest.mark.parametrize(("code", "count", "players"), [
    ("it", "regole", ["giocatori: tutti", "in due (2)"]),
    ("de", "Regeln", ["jede Spielerzahl", "2 Spieler (Duo)"]),
])
async def test_the_rules_reference(tmp_path: Path, code: str, count: str, players: list[str]) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/r.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginRulesScreen()
        app.push_screen(screen)
        await until_filled(pilot, screen)
        assert screen.title == {"it": "Regole di Origin Story", "de": "Regeln von Origin Story"}[code]
        assert str(screen.sub_title).endswith(f" {count}")
        assert players[0] in flat(screen_text(app))  # the player count's choice, whole
        await footer_keys(pilot, screen)
        await pilot.press("f2", "f2")
        await until(pilot, lambda: screen.players == "2", "the filter at two players")
        await until(pilot, lambda: players[1] in flat(screen_text(app)), "the choice of two players, whole")
        assert str(screen.sub_title).endswith(players[1])


@pytest.mark.parametrize(("code", "words"), [
    ("it", ["Tot.", "Posto", "Vittoria condivisa: Bob, Cy, pari a 18 PV", "schieramento 15, abilità +2",
            "Punti oltre lo schieramento, con la loro fonte:"]),
    ("de", ["Summe", "Platz", "Geteilter Sieg: Bob, Cy, gleichauf mit 18 SP", "Gesinnung 15, Fähigkeiten +2",
            "Punkte über die Gesinnung hinaus, mit ihrer Quelle:"]),
])
async def test_a_finished_games_score_sheet(tmp_path: Path, code: str, words: list[str]) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/s.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginSheetScreen(quick_game(SHARED), "quick")
        app.push_screen(screen)
        await until_filled(pilot, screen)
        view = screen.query_one(OriginSheetView)
        await until(pilot, lambda: words[2] in view.shown, "the sheet drawn")
        sheet = view.shown
        for word in words:
            assert word in sheet
        lines = screen_text(app).splitlines()
        assert any(line.split("│")[1].split()[:1] == [words[0]] for line in lines if line.count("│") >= 2)
        assert screen.sub_title == {"it": "foglio punteggi · quick", "de": "Wertungsblatt · quick"}[code]
        await footer_keys(pilot, screen)
