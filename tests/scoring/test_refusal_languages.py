"""refusals's share: a bad catalogue value, or a damaged stored value, is refused in the language in use (and still
in English after)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import languages
from scoring import i18n
from scoring.errors import InputError
from scoring.origami.catalog import Catalogue, typed_value, user_entries
from scoring.origami.codec import decode


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    languages.use(i18n.ENGLISH)


@pytest.mark.parametrize("language, said", [
    ("it", "mine.toml: card 1 (Sheep).hand_modifier: deve essere un numero intero, non 'two'"),
    ("de", "mine.toml: card 1 (Sheep).hand_modifier: muss eine ganze Zahl sein, nicht 'two'"),
    ("en", "mine.toml: card 1 (Sheep).hand_modifier: must be a whole number, not 'two'"),
])
def test_a_bad_catalogue_value_is_refused_in_the_language_in_use(
        catalogue: Catalogue, speaking: None, language: str, said: str) -> None:
    languages.use(language)
    with pytest.raises(InputError) as info:
        catalogue.with_entries(user_entries("mine.toml", '[[card]]\nname = "Sheep"\nhand_modifier = "two"\n'), "user")
    assert str(info.value) == said


@pytest.mark.parametrize("language, words", [
    ("it", ("carta sconosciuta 'Wale'", "intendevi")),
    ("de", ("unbekannte Karte 'Wale'", "meintest du")),
])
def test_an_unknown_card_and_a_typed_field_are_refused_in_the_language_in_use(
        catalogue: Catalogue, speaking: None, language: str, words: tuple[str, str]) -> None:
    languages.use(language)
    with pytest.raises(InputError) as info:
        catalogue.lookup("Wale")
    assert all(word in str(info.value) for word in words), str(info.value)
    with pytest.raises(InputError, match="non si può impostare" if language == "it" else "kann nicht gesetzt"):
        typed_value("colour", "red")
    languages.use(i18n.ENGLISH)
    with pytest.raises(InputError, match="unknown card 'Wale'; did you mean"):
        catalogue.lookup("Wale")


@pytest.mark.parametrize("language, said", [
    ("it", "turn_ended: discards deve essere una lista di testo, non 'Chick'"),
    ("de", "turn_ended: discards muss eine Liste von Text sein, nicht 'Chick'"),
    ("en", "turn_ended: discards must be a list of text, not 'Chick'"),
])
def test_a_damaged_stored_event_is_refused_in_the_language_in_use(speaking: None, language: str, said: str) -> None:
    stored = {"player": 0, "discards": "Chick"}
    languages.use(language)
    with pytest.raises(InputError) as info:
        decode("turn_ended", 1, stored)
    assert str(info.value) == said
