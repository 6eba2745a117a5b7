"""The Origin Story table and its round stepper in Italian and German at 80×24: a table game started, a few cards
played; the stepper's checklist and question, the board (seats, trick, status line), the line's preview, a refusal
and the footer's keys read in the language and are shown whole (wrapped, never cut)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from companion import languages
from screens.ask import Confirm
from screens.origin.stepper import StepperScreen
from screens.origin.table import OriginTableScreen
from tests.screens.in_language import assert_footer, shown
from tests.screens.origami.test_friction import screen_text
from tests.screens.origin.test_origin_live import app_on, line, new_game, play_mine, solo_setup
from tests.screens.settle import until
from tests.test_i18n import flat

WORDS: dict[str, dict[str, Any]] = {
    "it": {
        "stepper": ("Round 1 · distribuisce Cy", "Carta storia sullo spazio 1", "Schieramenti, rivelati insieme",
                    "Presa 1: Ann apre", "Carta storia di Ann", "Resistenza:"),
        "keys": ("Annulla", "Home"),
        "table": ("Partita 1", "tavolo", "round 1/5, mazziere Cy", "registro: cards", "prese 1", "resistenza",
                  "PV 0", "eroe", "cattivo, pulito"),
        "next": "Presa 2: apre Cy.",
        "won": "Presa 1: Ann 7br, Bob 3br, Cy 9br: vince Cy.",
        "trick": ("Presa 2 · seme speed: Cy 10sp", "tocca a Ann"),
        "preview": "✓ Invio: presa 2:",
        "refusal": "f1 mostra la regola · ctrl+u svuota la riga",
        "table keys": ("Annulla", "Regola", "Forza", "Registro", "Home"),
    },
    "de": {
        "stepper": ("Runde 1 · Cy gibt", "Geschichtskarte auf Feld 1", "Gesinnungen, gemeinsam aufgedeckt",
                    "Stich 1: Ann spielt aus", "Geschichtskarte von Ann", "Ausdauer:"),
        "keys": ("Zurück", "Start"),
        "table": ("Partie 1", "Tisch", "Runde 1/5, Cy gibt", "Protokoll: cards", "Stiche 1", "Ausdauer", "SP 0",
                  "Held", "Schurke, sauber"),
        "next": "Stich 2: Cy spielt aus.",
        "won": "Stich 1: Ann 7br, Bob 3br, Cy 9br: Cy gewinnt.",
        "trick": ("Stich 2 · Farbe speed: Cy 10sp", "Ann ist dran"),
        "preview": "✓ Enter: Stich 2:",
        "refusal": "f1 zeigt die Regel · ctrl+u leert die Zeile",
        "table keys": ("Zurück", "Regel", "Erzwingen", "Protokoll", "Start"),
    },
}






@pytest.mark.parametrize("code", ["it", "de"])
async def test_an_origin_story_table_reads_in_the_language_at_80_by_24(tmp_path: Path, code: str) -> None:
    words = WORDS[code]
    languages.use(code)
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "3", "Ann, Bob, Cy", dealer="Cy")
        await line(pilot, "", "enter")  # the deal
        await until(pilot, lambda: isinstance(app.screen, StepperScreen) and words["stepper"][-2] in shown(app),
                    "Ann's story card asked")
        screen = app.screen
        assert isinstance(screen, StepperScreen)
        assert flat(str(screen.query_one("#prompt", Static).render())) in shown(app)  # the question whole
        for word in words["stepper"]:
            assert word in shown(app), word
        assert str(screen.sub_title).endswith(words["stepper"][0])
        assert_footer(app, words["keys"])
        for answer in ("Trance", "Monologuing", "Telekinesis", "", "h", "v", "h"):
            await line(pilot, answer, "enter")
        await until(pilot, lambda: isinstance(app.screen, OriginTableScreen), "the table")
        table = app.screen
        assert isinstance(table, OriginTableScreen)
        await pilot.press("f2")  # winners -> cards: the cards are typed one by one
        await line(pilot, "7br 3br 9br", "enter")  # trick 1, from Ann on: Cy wins it
        await until(pilot, lambda: words["next"] in shown(app), "trick 2 to lead")
        assert words["won"] in shown(app)  # the trick just won, for a moment
        await line(pilot, "10sp", "enter")  # Cy leads trick 2
        await until(pilot, lambda: words["trick"][0] in shown(app), "trick 2 under way")
        assert words["trick"][1] in shown(app)
        for word in words["table"]:
            assert word in shown(app), word
        assert flat(str(table.query_one("#status", Static).render())) in shown(app)  # the status line whole
        await line(pilot, "2sp")
        await until(pilot, lambda: words["preview"] in shown(app), "the line's preview")
        assert flat(str(table.query_one("#preview", Static).render())) in shown(app)
        table.query_one("#action", Input).value = ""
        await line(pilot, "ann uses Monologuing: vp +2")  # Bob's story card, never charged: refused before Enter
        await until(pilot, lambda: "OS-CHARGED-ONLY" in shown(app), "the refusal")
        assert words["refusal"] in shown(app)
        assert flat(str(table.query_one("#preview", Static).render())) in shown(app)  # said whole
        assert_footer(app, words["table keys"])


SOLO: dict[str, dict[str, Any]] = {
    "it": {"deal": "Invio: l'app ti distribuisce le tue 8 carte, scoperte.", "status": ("solitario D", "mazzo app"),
           "piles": "scarti", "moves": (" apre: gioca ", " risponde: gioca "), "ask": "Arrendersi in questo round?",
           "keys": ("Annulla", "Regola", "Forza", "Resa", "Home")},
    "de": {"deal": "Enter: die App gibt dir deine 8 Karten, offen.", "status": ("Solo D", "Stapel app"),
           "piles": "Ablage", "moves": (" spielt aus: spielt ", " bedient: spielt "), "ask": "Diese Runde aufgeben?",
           "keys": ("Zurück", "Regel", "Erzwingen", "Aufgeben", "Start")},
}


@pytest.mark.parametrize("code", ["it", "de"])
async def test_a_solo_table_reads_in_the_language_at_80_by_24(tmp_path: Path, code: str) -> None:
    """Solo with the app deck: the stepper's question, the status line with the piles, the Vancardians' moves step
    by step, the footer's keys (f3, not f2) and the question f3 asks, each whole."""
    words = SOLO[code]
    languages.use(code)
    app = app_on(tmp_path / "g.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "1", "Ann")
        await until(pilot, lambda: words["deal"] in shown(app), "the deal asked")
        await solo_setup(pilot)
        await until(pilot, lambda: isinstance(app.screen, OriginTableScreen), "the table")
        table = app.screen
        assert isinstance(table, OriginTableScreen)
        status = str(table.query_one("#status", Static).render())
        assert all(word in status for word in words["status"]) and words["piles"] in status, status
        assert flat(status) in shown(app)
        moves = str(table.query_one("#moves", Static).render())
        await play_mine(pilot, app, 1)  # the Vancardians move by themselves in between
        moves += str(table.query_one("#moves", Static).render())
        assert any(word in moves for word in words["moves"]), moves
        assert "Automaton" in moves or "Factoryon" in moves
        assert_footer(app, words["keys"])
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question whether to surrender")
        assert isinstance(app.screen, Confirm)
        dialog = [row.split("█")[1] for row in screen_text(app).splitlines() if row.count("█") >= 2]
        assert flat(f"{words['ask']} {app.screen.detail}") in flat("\n".join(dialog))  # between its borders


@pytest.mark.parametrize(("code", "words"), [("it", "le carte della presa da chi apre (semi b l s t"),
                                             ("de", "die Karten des Stichs ab dem Ausspielenden (Farben b l s t")])
def test_the_help_under_the_line_explains_in_the_language_and_keeps_what_is_typed(code: str, words: str) -> None:
    from screens.origin.line import LINE_HELP, SOLO_HELP, said

    languages.use(code)
    help_text = said(LINE_HELP["cards"])
    assert words in help_text and help_text.startswith("7b10b13s: ") and "bob 10b · w bob" in help_text
    assert "Ann uses X: vp +2" in said(SOLO_HELP, "Ann")
