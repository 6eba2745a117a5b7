"""The Origami forms in Italian and German at 80×24: the new game, the quick score (and its totals), the fill-in and
the card catalogue; their labels, footer keys and a refusal read in the language, whole (wrapped, never cut), and
cards are named as the language's edition names them."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from companion import languages
from companion.app import make_app
from scoring import i18n
from screens.form import Choice, Verdict
from screens.origami.catalogue import CatalogueScreen
from screens.origami.new_game import NewGameScreen
from screens.origami.quick import QuickScoreScreen, TotalsScreen
from tests.screens.origami.test_fill_in import opened
from tests.screens.origami.test_friction import screen_text
from tests.screens.settle import settled, until
from tests.test_i18n import flat

LANGS = ["it", "de"]


async def footer_reads_in_the_language(pilot: Pilot[None]) -> None:
    """Every key the footer shows, with its description in the language in use, whole."""
    app = pilot.app

    def said() -> bool:
        line = screen_text(app).splitlines()[-1].replace("\xa0", " ")
        return all(i18n._(b.binding.description) in line
                   for b in app.screen.active_bindings.values() if b.binding.show)
    await until(pilot, said, "the footer's keys in the language")


def whole(app: App[None], *texts: str) -> None:
    """Each text is on the screen, whole (wrapped lines read as one)."""
    shown = flat(screen_text(app))
    for text in texts:
        assert flat(text) in shown, (text, shown)


def verdict(app: App[None], id: str) -> str:
    return str(app.screen.query_one(f"#{id}", Verdict).render())


WORDS: dict[str, dict[str, Any]] = {
    "it": {"new": ("Gioco", "Giocatori, in ordine", "Famiglie nel mazzo", "Coppie di Personaggi", "Inizia con"),
           "family": "non è una famiglia: scegli tra",
           "quick": ("Giocatore", "Collezione 1 (giù → su)", "Collezione 2", "Mano"),
           "no name": "ha carte ma nessun nome",
           "totals": ("Giocatore", "Tot.", "Carte in mano"),
           "fill": "Quali famiglie sono nella tua scatola?", "empty": "scrivi",
           "catalogue": ("Catalogo carte (? = ignoto, blu = tuoi)", "carta", "gioco", "famiglia", "quantità"), "card": ("Reindeer", "Renna", "legends"),
           "unset": "non ha valori tuoi da togliere"},
    "de": {"new": ("Spiel", "Spieler, in Sitzfolge", "Familien im Stapel", "Charakterpaare", "Beginne mit"),
           "family": "ist keine Familie: wähle aus",
           "quick": ("Spieler", "Sammlung 1 (unten → oben)", "Sammlung 2", "Hand"),
           "no name": "hat Karten, aber keinen Namen",
           "totals": ("Spieler", "Summe", "Handkarten"),
           "fill": "Welche Familien sind in deiner Schachtel?", "empty": "tippe",
           "catalogue": ("Katalog (? = unbekannt, blau = deine)", "Karte", "Spiel", "Familie", "Anzahl"), "card": ("Raccoon", "Waschbär", "origami"),
           "unset": "hat keinen Wert von dir zum Löschen"},
}


@pytest.mark.parametrize("code", LANGS)
async def test_the_new_game_form_reads_in_the_language(tmp_path: Path, code: str) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/n.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and bool(app.screen.query("#players")),
                    "the new-game form")
        whole(app, *WORDS[code]["new"])
        await footer_reads_in_the_language(pilot)
        await pilot.press(*"Ann, Bob", "tab", *"nowhere")
        await until(pilot, lambda: WORDS[code]["family"] in verdict(app, "check"), "a family refused")
        whole(app, verdict(app, "check").splitlines()[0])


@pytest.mark.parametrize("code", LANGS)
async def test_the_quick_score_and_its_totals_read_in_the_language(tmp_path: Path, code: str) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/q.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, QuickScoreScreen) and bool(app.screen.query("#status")),
                    "the quick score")
        screen = app.screen
        whole(app, *WORDS[code]["quick"], verdict(app, "status"))
        await footer_reads_in_the_language(pilot)
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#c1-2", Input).value = "Cat"
        await until(pilot, lambda: WORDS[code]["no name"] in verdict(app, "status"), "cards with no name refused")
        whole(app, verdict(app, "status"))
        await pilot.press("ctrl+t")
        await until(pilot, lambda: isinstance(app.screen, TotalsScreen) and bool(app.screen.query("#status")),
                    "the totals")
        whole(app, *WORDS[code]["totals"])
        await footer_reads_in_the_language(pilot)


@pytest.mark.parametrize("code", LANGS)
async def test_the_quick_score_completes_a_card_by_its_name_in_the_language(tmp_path: Path, code: str) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/q.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, QuickScoreScreen) and bool(app.screen.query("#c1-0")),
                    "the quick score")
        english, name, variant = WORDS[code]["card"]
        app.screen.query_one("#variant", Choice).value = variant
        field = app.screen.query_one("#c1-0", Input)
        field.focus()
        await pilot.press(*name[:4], "comma")
        await until(pilot, lambda: field.value == name + ", ", "the card in the language")
        field.value = ""
        await pilot.press(*english[:4], "comma")  # the English name still works, and stays as typed
        await until(pilot, lambda: field.value == english + ", ", "the card by its English name")


@pytest.mark.parametrize("code", LANGS)
async def test_the_fill_in_reads_in_the_language(tmp_path: Path, code: str) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/f.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = await opened(app)
        await until(pilot, lambda: bool(screen.query("#help")), "the families to choose")
        whole(app, WORDS[code]["fill"])
        await footer_reads_in_the_language(pilot)
        await pilot.press("space", "enter")
        await until(pilot, lambda: screen.has_class("-walking"), "the first value asked")
        whole(app, str(screen.query_one("#ask", Static).render()))
        await footer_reads_in_the_language(pilot)
        await pilot.press("enter")  # nothing typed: refused, in the language
        await until(pilot, lambda: verdict(app, "problem").startswith(WORDS[code]["empty"]), "an empty value refused")
        whole(app, verdict(app, "problem"))


@pytest.mark.parametrize("code", LANGS)
async def test_the_catalogue_lists_cards_in_the_language(tmp_path: Path, code: str) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/c.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CatalogueScreen) and bool(app.screen.query(DataTable)),
                    "the catalogue")
        screen = app.screen
        whole(app, *WORDS[code]["catalogue"])
        await footer_reads_in_the_language(pilot)
        english, name, _variant = WORDS[code]["card"]
        await pilot.press("ctrl+f", *english.casefold(), "enter")  # typed in English, shown in the language
        table = screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 1, "the card found")
        assert str(table.get_row_at(0)[0]) == name
        assert isinstance(screen, CatalogueScreen)
        card = screen.selected()
        assert card is not None and card.id == english  # what is kept is the card's id
        await pilot.press("u")
        await until(pilot, lambda: any(WORDS[code]["unset"] in n.message and n.message.startswith(name)
                                       for n in app._notifications), "nothing of yours to unset, said")
