"""Origami's score sheet and rules reference in Italian and German at 80×24: the headings, the reasons, the
awards, who won and the footer's keys read in the language, whole; a sheet kept in English (a game of the history,
its reasons stored as the engine wrote them) reads in the language in use, and what is kept does not change."""
from __future__ import annotations

import re

import pytest
from textual.app import App
from textual.widgets import Input

from companion import languages
from scoring import i18n
from scoring.origami.cards import CardId
from scoring.origami.sheet import Award, Line, PlayerScore, ScoreSheet
from scoring.origami.sheet_words import WHYS, why_shown
from screens.origami.rules import RulesScreen
from screens.origami.sheet import SheetScreen
from tests.screens.origami.test_friction import screen_text
from tests.screens.settle import until, until_filled

# A finished game as the history keeps it: every reason in English, as the engine wrote it.
KEPT = ScoreSheet((
    PlayerScore("Ann", 14, 1, 3, (
        Line(CardId("Crane"), 1, 1, 3, 4, "2 Cranes × 2"),
        Line(CardId("Frog"), 2, 1, 2, 0, "no Frog directly above or below"),
    ), (Award(CardId("Kappa"), "Ann", 3, "most cards in hand (3)"),)),
    PlayerScore("Bo", 14, 2, 2, (
        Line(CardId("Whale"), 1, 1, 4, 6, "3 other origami in this collection × 2"),
    ), (Award(CardId("Ninja"), None, 2, "fewest cards in hand (2, tied with 1 other)"),)),
), ("Ann",), "hand")

WORDS = {
    "it": ("2 × Crane × 2", "nessun Frog subito sopra o sotto", "3 altri origami in questa collezione × 2",
           "più carte in mano (3)", "meno carte in mano (2, pari con 1 altro)", "premio: Kappa di Ann +3",
           "premio: Ninja Personaggio +2", "3 in mano",
           "Ann vince il pareggio a punti con più carte in mano (TIE-HAND).", "esc Indietro", "b QR BG Stats"),
    "de": ("2 × Crane × 2", "kein Frog direkt darüber oder darunter", "3 weitere Origami in dieser Sammlung × 2",
           "meiste Karten auf der Hand (3)", "wenigste Karten auf der Hand (2, gleichauf mit 1 anderen)",
           "Prämie: Kappa von Ann +3", "Prämie: Ninja Charakter +2", "3 auf der Hand",
           "Ann gewinnt den Punktegleichstand mit den meisten Handkarten (TIE-HAND).", "esc Zurück",
           "b QR BG Stats"),
}



def flat(text: str) -> str:
    """The window's text as one line of words: a reason wrapped under itself is read whole."""
    return re.sub(r"\s+", " ", text.replace("\xa0", " ").replace("│", " ").replace("╰", " ").replace("╭", " "))


@pytest.mark.parametrize("code", ["it", "de"])
async def test_a_kept_sheet_reads_in_the_language_at_80_by_24(code: str) -> None:
    languages.use(code)
    before = [(ln.why for ln in p.lines) for p in KEPT.players]
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SheetScreen(KEPT, "Partita 7" if code == "it" else "Partie 7", game_id=7)
        await app.push_screen(screen)
        await until_filled(pilot, screen)
        await until(pilot, lambda: "TIE-HAND" in screen_text(app), "the sheet drawn")
        text = screen_text(app)
        shown = flat(text)
        for words in WORDS[code]:
            assert words in shown, (words, text)
        assert "in hand" not in shown and "award:" not in shown and "Back" not in shown
        assert all(len(line) <= 80 for line in text.splitlines())
    assert [list(w) for w in before] == [[ln.why for ln in p.lines] for p in KEPT.players]  # kept as it was


def test_every_reason_the_engine_writes_reads_back_in_the_language() -> None:
    """Each template, filled as the engine fills it, is read back from its English words as that template."""
    values = {"n": "2", "card": "Crane", "family": "Bird", "amount": "3", "per": "2", "worth": "9",
              "at_least": "3", "names": "Bo, Cy", "first": "7", "second": "4", "v": "5"}
    languages.use("it")
    for template in WHYS:
        english = template.format(**values)
        assert why_shown(english) == i18n._(template).format(**values), template
    languages.use(i18n.ENGLISH)
    assert all(why_shown(t.format(**values)) == t.format(**values) for t in WHYS)  # English unchanged


@pytest.mark.parametrize(("code", "title", "search", "keys", "entries"), [
    ("it", "Regole", "cerca regole e carte", ("esc Indietro", "^f Cerca"), "voci"),
    ("de", "Regeln", "Regeln und Karten suchen", ("esc Zurück", "^f Suche"), "Einträge"),
])
async def test_the_rules_screen_reads_in_the_language_at_80_by_24(code: str, title: str, search: str,
                                                                   keys: tuple[str, ...], entries: str) -> None:
    languages.use(code)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = RulesScreen(players=3)
        await app.push_screen(screen)
        await until_filled(pilot, screen)
        await until(pilot, lambda: keys[0] in screen_text(app).splitlines()[-1].replace("\xa0", " "), "the keys")
        text = screen_text(app)
        assert title in text.splitlines()[0]
        assert search in text and "search the rules" not in text
        footer = text.splitlines()[-1].replace("\xa0", " ")
        for key in keys:
            assert key in footer, footer
        screen.query_one("#search", Input).value = "PAY"
        await until(pilot, lambda: entries in screen_text(app).splitlines()[0], "the entries counted")
        assert all(len(line) <= 80 for line in screen_text(app).splitlines())
