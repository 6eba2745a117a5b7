"""The Origami table in Italian and German at 80×24: a game dealt and a few actions played; the status line, the
board (its cards by the edition's names), the log, the footer's keys and a refusal read in the language and are
shown whole (never cut)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from companion import languages
from companion.app import make_app
from scoring.origami.card_names import shown_id
from screens.origami.table import TableScreen
from tests.screens.in_language import assert_footer, shown
from tests.screens.origami.test_friction import screen_text
from tests.screens.origami.test_table import CATALOGUE, type_line
from tests.screens.origami.test_table_faults import dealt_game, resume
from tests.screens.settle import until
from tests.test_i18n import flat

WORDS: dict[str, dict[str, Any]] = {
    "it": {"status": ("Turno 1: P3 (1 azione rimasta)", "mazzo 42", "scarti —", "carta di riso 18"),
           "board": ("mano 5/8", "Fila: ", "un'azione: draw fox, cat"), "pick": "Invio play",
           "played": ("Turno 1: P3 (0 azioni rimaste)", "Personaggi: Ninja (giallo)", "Mercante (rosso)"),
           "log": ("P3 gioca il Personaggio", "P3 gioca Anaconda dalla fila sulla collezione 1"),
           "refusal": ("LINE-REFILL: prima rimpiazza", "ctrl+o la registra comunque, con un motivo · f1 mostra la regola"),
           "keys": ("Annulla", "Forza", "Regola", "Aiuto", "Punteggio", "Home"),
           "help": ("Ogni riga può iniziare con il nome di un giocatore", "esempio"), "help keys": ("Indietro",)},
    "de": {"status": ("Zug 1: P3 (noch 1 Aktion)", "Stapel 42", "Ablage —", "Reispapier 18"),
           "board": ("Hand 5/8", "Zeile: ", "eine Aktion: draw fox, cat"), "pick": "Enter play",
           "played": ("Zug 1: P3 (noch 0 Aktionen)", "Charaktere: Ninja (gelb)", "(rot)"),
           "log": ("P3 spielt den Charakter", "P3 spielt Anaconda aus der Nachschubzeile auf Sammlung 1"),
           "refusal": ("LINE-REFILL: fülle zuerst", "Strg+O erfasst sie trotzdem, mit Grund · F1 zeigt die Regel"),
           "keys": ("Zurück", "Erzwingen", "Regel", "Hilfe", "Wertung", "Start"),
           "help": ("Jede Zeile kann mit dem Namen eines Spielers", "Beispiel"),
           "help keys": ("Zurück",)},
}




@pytest.mark.parametrize("code", ["it", "de"])
async def test_an_origami_table_reads_in_the_language_at_80_by_24(tmp_path: Path, code: str) -> None:
    words = WORDS[code]
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    languages.use(code)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert str(table.sub_title) == {"it": "Partita 1", "de": "Partie 1"}[code]
        status = str(table.query_one("#status", Static).render())
        assert all(word in status for word in words["status"]), status
        assert flat(status) in shown(app)  # the status line whole
        for word in words["board"]:
            assert word in shown(app), word
        line = ", ".join(shown_id(card, CATALOGUE) for card in session.state.line)
        assert flat(line) in shown(app)  # the draw line's cards by the edition's names
        assert words["pick"] in shown(app)  # Enter takes the first pick
        assert_footer(app, words["keys"])
        for _ in range(2):  # the first pick twice: a Character played, then a card from the draw line
            seq = session.seq
            await type_line(pilot, "", "enter")
            await until(pilot, lambda seq=seq: session.seq > seq, "the pick recorded")  # type: ignore[misc]
        await until(pilot, lambda: words["log"][-1] in shown(app), "the log's latest line")
        for word in (*words["played"], *words["log"]):
            assert word in shown(app), word
        status = str(table.query_one("#status", Static).render())
        assert flat(status) in shown(app)
        await type_line(pilot, "end")  # the draw line is short: refused before Enter
        await until(pilot, lambda: words["refusal"][0] in shown(app), "the refusal")
        preview = str(table.query_one("#preview", Static).render())
        assert words["refusal"][1] in preview
        assert flat(preview) in shown(app)  # said whole
        table.query_one("#action", Input).value = ""
        await pilot.press("f2")
        await until(pilot, lambda: words["help"][0] in shown(app), "every action explained")
        assert words["help"][1] in shown(app)
        assert f"esc {words['help keys'][0]}" in screen_text(app).splitlines()[-1]  # Escape or F2: one key shown
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table, "back at the table")
        assert_footer(app, words["keys"])


async def test_typed_card_names_in_any_language_still_work_and_the_log_keeps_ids(tmp_path: Path) -> None:
    """In Italian the table shows the edition's names; an action typed with English names is read the same."""
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    languages.use("it")
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        pick = table.picks()[0]
        assert table.read(pick).command is not None  # the picks are written as typed (ids), and read back
        seq = session.seq
        await type_line(pilot, pick, "enter")
        await until(pilot, lambda: session.seq > seq, "the action recorded")
        assert "Ninja (yellow)" in session.state.characters  # stored as the card's id


SETUP: dict[str, dict[str, Any]] = {
    "it": {"deal": ("Partita 1: la distribuzione", "0 pieghe", "Fila di pesca", "sotto le 10 pieghe"),
           "deal keys": ("Fatto", "Partita in corso", "Home"),
           "under way": ("Partita 1: una partita in corso", "Collezione 1", "Mano", "5 o 5+2 rice",
                         "Scarti (cima per ultima)", "Turni rimasti dopo questo", "scrivi uno tra P1, P2, P3"),
           "under way keys": ("Registra", "Forza", "Distribuzione", "Home")},
    "de": {"deal": ("Partie 1: das Austeilen", "0 Faltungen", "Nachschubzeile", "unter 10 Faltungen"),
           "deal keys": ("Fertig", "Laufende Partie", "Start"),
           "under way": ("Partie 1: eine laufende Partie", "Sammlung 1", "Hand", "5 / 5+2 rice",
                         "Ablage (oberste zuletzt)", "Züge nach diesem", "tippe einen von P1, P2, P3"),
           "under way keys": ("Erfassen", "Erzwingen", "Austeilen", "Start")},
}


@pytest.mark.parametrize("code", ["it", "de"])
async def test_the_deal_and_a_game_under_way_read_in_the_language_at_80_by_24(tmp_path: Path, code: str) -> None:
    """A game started and not dealt: the deal's form, then (ctrl+g) the table as it stands, each word whole."""
    from companion.games import KINDS
    from companion.origami.session import GameSession
    from db.store import Store
    from screens.origami.deal import DealScreen
    from screens.origami.under_way import UnderWayScreen
    from tests.recorded import script

    url = f"sqlite:///{tmp_path}/o.db"
    store = Store.open(url, KINDS)
    GameSession.start(store, script(CATALOGUE, seed=3).script[0], CATALOGUE, key="start")  # type: ignore[arg-type]
    store.close()
    words = SETUP[code]
    languages.use(code)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "P1, P2, P3" in shown(app), "the game offered on Home")
        await type_line(pilot, "", "enter")
        await until(pilot, lambda: isinstance(app.screen, DealScreen | UnderWayScreen), "the set-up")
        if isinstance(app.screen, UnderWayScreen):
            await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, DealScreen) and words["deal"][-1] in shown(app), "the deal")
        deal = app.screen
        assert str(deal.sub_title) == words["deal"][0]
        for word in words["deal"][1:]:
            assert word in shown(app), word
        assert flat(str(deal.query_one("#help", Static).render())) in shown(app)
        assert_footer(app, words["deal keys"])
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, UnderWayScreen) and words["under way"][-1] in shown(app),
                    "the table as it stands")
        assert str(app.screen.sub_title) == words["under way"][0]
        for word in words["under way"][1:]:
            assert word in shown(app), word
        assert_footer(app, words["under way keys"])
