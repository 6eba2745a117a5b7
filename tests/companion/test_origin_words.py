"""Origin Story's engine in Italian and German (issue 33): what it says is in the language in use, what it writes
(JSON answers, the setup checklist they hold) is the same in every language."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from companion import languages
from scoring.errors import InputError
from scoring.i18n import LANGUAGES
from scoring.origin import events as e
from scoring.origin.cards import parse_card
from scoring.origin.describe import describe
from scoring.origin.quick import HINT, read_grid
from scoring.origin.round_file_json import setup_json
from scoring.origin.setup import seating


def refusal(call: Callable[[], object]) -> str:
    with pytest.raises(InputError) as refused:
        call()
    return str(refused.value)


@pytest.mark.parametrize(("code", "card", "seats", "line"), [
    ("it", "'14br' non è una carta: i valori stampati vanno da 1 a 13",
     "la modalità table è per 3-5 giocatori, non 2 (2: duo, 1: solo)",
     "Ann ha vinto la presa 3 (indicato dal tavolo); apre Bob"),
    ("de", "'14br' ist keine Karte: die gedruckten Werte reichen von 1 bis 13",
     "der Modus table ist für 3 bis 5 Spieler, nicht 2 (2: duo, 1: solo)",
     "Ann gewann Stich 3 (vom Tisch angegeben); Bob spielt als Nächstes aus"),
])
def test_refusals_and_log_lines_speak_the_language_in_use(code: str, card: str, seats: str, line: str) -> None:
    languages.use(code)
    assert refusal(lambda: parse_card("14br")) == card
    assert refusal(lambda: seating("table", ["Ann", "Bob"])) == seats
    assert describe(e.TrickWon(1, 3, "Ann", "", "Bob", named=True)) == line
    hint = read_grid([("Ann", ())], solo=False).problem
    assert hint != HINT and hint.startswith({"it": "Scrivi il nome", "de": "Tippe den Namen"}[code])


def test_the_setup_answer_is_the_same_in_every_language() -> None:
    said = {}
    for code in LANGUAGES:
        languages.use(code)
        said[code] = setup_json(2, "Ann", ["Ann", "Bob"])
    assert said["it"] == said["en"] == said["de"]
    assert "Shuffle the story deck." in said["en"]["checklist"]
