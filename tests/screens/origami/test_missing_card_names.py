"""A card value nobody knows is asked for, and said missing, under the card's name on the edition of the language in
use (the Italian Legends box: Foca for the Seal), else its English name; the answer names the card by its id."""
from __future__ import annotations

from pathlib import Path

import pytest
from textual.message import Message

from companion import languages
from companion.app import make_app
from companion.origami.advice import missing_message, what_is_missing
from companion.origami.catalogue import shipped
from scoring.errors import MissingValue
from scoring.i18n import N_
from screens.origami.question import ask_value
from screens.question import ValueGiven, ValueQuestion
from tests.screens.origami.test_friction import screen_text
from tests.screens.settle import settled, until
from tests.test_i18n import flat

CATALOGUE = shipped()
SPECIAL = N_("knowing whether it has a special action")


@pytest.mark.parametrize(("code", "said"), [
    ("en", "Seal: how many cards its effect moves is not known, needed for knowing whether it has a special action"),
    ("it", "Foca: non si sa quante carte sposta il suo effetto, serve saperlo per sapere se ha un'azione speciale"),
])
def test_what_is_missing_names_the_card_as_the_language_in_use_does(code: str, said: str) -> None:
    languages.use(code)
    missing = MissingValue("Seal", "amount", SPECIAL)
    assert what_is_missing(missing, CATALOGUE) == said
    assert what_is_missing(missing) == said.replace("Foca", "Seal")  # no catalogue at hand: the id
    assert 'companion catalog set "Seal" amount VALUE' in missing_message(missing, CATALOGUE)  # typed: the id


def test_in_english_the_card_is_named_as_before() -> None:
    missing = MissingValue("Dog", "effect", SPECIAL).at("Ann's collection 1, card 2")
    assert what_is_missing(missing, CATALOGUE) == what_is_missing(missing)
    assert missing_message(missing, CATALOGUE) == missing_message(missing)


async def test_the_question_names_the_card_in_italian_and_answers_under_its_id(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    languages.use("it")
    app = make_app(f"sqlite:///{tmp_path}/q.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        posted: list[ValueGiven] = []
        home = app.screen
        post = home.post_message

        def keep(message: Message) -> bool:  # the answer, as the screen asking receives it
            if isinstance(message, ValueGiven):
                posted.append(message)
            return post(message)

        monkeypatch.setattr(home, "post_message", keep)
        ask_value(home, MissingValue("Seal", "price_modifier", SPECIAL), catalogue=CATALOGUE)
        await until(pilot, lambda: isinstance(app.screen, ValueQuestion), "the question")
        await settled(pilot)
        dialog = flat("\n".join(line.split("█")[1] for line in screen_text(app).splitlines() if line.count("█") >= 2))
        assert "Foca: non si sa ancora come cambia i prezzi." in dialog, dialog  # whole, never cut
        assert "Seal" not in dialog
        await pilot.press("1", "enter")
        await until(pilot, lambda: bool(posted), "the answer")
        assert [(m.card, m.field, m.value) for m in posted] == [("Seal", "price_modifier", 1)]
