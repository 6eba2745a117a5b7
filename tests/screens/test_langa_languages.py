"""langa's share at 80×24 in Italian and German: the question for a card value nobody knows says it in one sentence
of the language, whole; Origin Story's rules footer names the player count ("Giocatori"), Home's the profiles
("Profili"): one English word, two meanings, each translated in its context."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from companion import languages
from companion.app import make_app
from scoring.errors import MissingValue
from scoring.i18n import N_
from screens.home import HomeScreen
from screens.origami.question import ask_value
from screens.origin.rules import OriginRulesScreen
from screens.question import ValueQuestion
from tests.screens.in_language import assert_footer
from tests.screens.origami.test_friction import screen_text
from tests.screens.settle import settled, until, until_filled
from tests.test_i18n import flat


def footer(app: App[Any]) -> str:
    return screen_text(app).splitlines()[-1].replace("\xa0", " ")


@pytest.mark.parametrize(("code", "field", "words"), [
    ("it", "effect", ["Dog: il suo tipo di effetto (istantaneo, punteggio, continuo o speciale) non è ancora noto.",
                      "Serve per sapere se ha un'azione speciale.", "Guarda la carta: che tipo di effetto ha?",
                      "speciale: un'azione che una carta in cima offre nei turni successivi"]),
    ("de", "effect", ["Dog: seine Art von Effekt (sofort, Wertung, dauerhaft oder speziell) ist noch nicht bekannt.",
                      "Es wird gebraucht für die Frage, ob es eine Sonderaktion hat.",
                      "speziell: eine Aktion, die eine oberste Karte in späteren Zügen bietet"]),
    ("it", "amount", ["Seal: non si sa ancora quante carte sposta il suo effetto."]),
    ("de", "price_modifier", ["Seal: wie es Preise ändert, ist noch nicht bekannt."]),
])
async def test_the_question_for_a_value_nobody_knows_reads_whole(tmp_path: Path, code: str, field: str,
                                                                 words: list[str]) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/q.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        card = "Dog" if field == "effect" else "Seal"
        ask_value(app.screen, MissingValue(card, field, N_("knowing whether it has a special action")))
        await until(pilot, lambda: isinstance(app.screen, ValueQuestion), "the question")
        await settled(pilot)
        dialog = flat("\n".join(line.split("█")[1] for line in screen_text(app).splitlines() if line.count("█") >= 2))
        for word in words:
            assert word in dialog, (word, dialog)  # between the dialog's borders, wrapped, never cut
        (escape,) = app.screen._bindings.key_to_bindings["escape"]  # the keys panel lists it: in the language
        assert escape.description == {"it": "Non ora", "de": "Nicht jetzt"}[code]


@pytest.mark.parametrize(("code", "rules", "home"), [("it", "Giocatori", "Profili"), ("de", "Spieler", "Spieler")])
async def test_players_in_the_rules_footer_is_the_player_count_and_on_home_the_profiles(
        tmp_path: Path, code: str, rules: str, home: str) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/r.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert_footer(app, (f"p {home}",))
        screen = OriginRulesScreen()
        app.push_screen(screen)
        await until_filled(pilot, screen)
        await until(pilot, lambda: f"f2 {rules}" in footer(app), "the rules' footer")
        assert_footer(app, (f"f2 {rules}",))
        players = screen.players
        await pilot.press("f2")  # the key says what it does: the next player count
        await until(pilot, lambda: screen.players != players, "the next player count")
