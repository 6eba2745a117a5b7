"""Card texts and family names as a person reads them: every shipped text has its Italian and German translation,
the language in use chooses which one is shown, and a user's own text stands in every language."""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion import languages
from scoring import i18n
from scoring.origami import card_names
from scoring.origami.catalog import Catalogue, parse_catalogue, user_entries
from scoring.origin import card_texts
from scoring.origin import catalog as origin_catalog

CARDS = Path(__file__).resolve().parents[2] / "scoring" / "cards"
FILES = ("origami.toml", "legends.toml", "origin_story.toml")
Speak = Callable[[str], None]


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """`speak("it")`: the language in use for this test; English again after it."""
    try:
        yield languages.use
    finally:
        languages.use(i18n.ENGLISH)


@pytest.fixture(scope="module")
def origami() -> Catalogue:
    return parse_catalogue((n, (CARDS / n).read_text(encoding="utf-8")) for n in ("origami.toml", "legends.toml"))


@pytest.fixture(scope="module")
def origin() -> origin_catalog.Catalogue:
    return origin_catalog.parse_catalogue("origin_story.toml",
                                          (CARDS / "origin_story.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", FILES)
def test_every_card_with_a_text_has_it_in_italian_and_german(name: str) -> None:
    cards = tomllib.loads((CARDS / name).read_text(encoding="utf-8"))["card"]
    with_text = [c for c in cards if c.get("text")]
    assert with_text
    for card in with_text:
        for key in ("text_it", "text_de"):
            assert isinstance(card.get(key), str) and card[key].strip(), (name, card["name"], key)
            assert card[key] != card["text"], (name, card["name"], key)
    assert not [c["name"] for c in cards if not c.get("text") and ("text_it" in c or "text_de" in c)]


def test_the_catalogue_reads_the_translations(origami: Catalogue, origin: origin_catalog.Catalogue) -> None:
    with_text = [c for c in origami.cards.values() if c.text]
    assert len(with_text) == 67
    assert all(c.text_it and c.text_de for c in with_text)
    assert all(c.text_it and c.text_de for c in origin.cards.values() if c.text)


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Draw one card from the deck."),
    ("it", "Pesca una carta dal mazzo."),
    ("de", "Ziehe eine Karte vom Stapel."),
])
def test_an_origami_text_is_shown_in_the_language_in_use(origami: Catalogue, speak: Speak, code: str,
                                                         expected: str) -> None:
    speak(code)
    assert card_names.shown_text(origami.card("Cat")) == expected


def test_a_card_without_a_text_shows_none_in_any_language(origami: Catalogue, speak: Speak) -> None:
    speak("de")
    assert card_names.shown_text(origami.card("Sheep")) == ""


@pytest.mark.parametrize(("code", "farm", "polar", "legendary"), [
    ("en", "Farm", "Polar animals", "Legendary creatures"),
    ("it", "Fattoria", "Animali polari", "Creature leggendarie"),
    ("de", "Bauernhof", "Polartiere", "Legendäre Kreaturen"),
])
def test_a_family_is_named_in_the_language_in_use(origami: Catalogue, speak: Speak, code: str, farm: str,
                                                  polar: str, legendary: str) -> None:
    speak(code)
    assert (card_names.family_name("farm"), card_names.family_name("polar"),
            card_names.family_name("legendary")) == (farm, polar, legendary)
    # Every family of both games has a name of its own; an id nobody knows is shown as it is.
    names = {card_names.family_name(f) for f in origami.families}
    assert len(names) == len(origami.families) == 9 and not names & set(origami.families)
    assert card_names.family_name("moon") == "moon"


@pytest.mark.parametrize(("code", "word"), [("en", "trick"), ("it", "presa"), ("de", "Stich")])
def test_an_origin_story_text_is_shown_in_the_language_in_use(origin: origin_catalog.Catalogue, speak: Speak,
                                                              code: str, word: str) -> None:
    speak(code)
    assert word in card_texts.shown_text(origin.cards["trance"])


USER_ORIGAMI = '[[card]]\nname = "Cat"\ntext = "Draw a card (my words)."\n'


def test_a_users_origami_text_is_shown_in_every_language(origami: Catalogue, speak: Speak) -> None:
    mine = origami.with_entries(user_entries("mine.toml", USER_ORIGAMI), "user")
    cat = mine.card("Cat")
    assert (cat.text, cat.text_it, cat.text_de) == ("Draw a card (my words).", None, None)
    for code in ("it", "de"):
        speak(code)
        assert card_names.shown_text(cat) == "Draw a card (my words)."
    # A value other than the text keeps the shipped translations.
    other = origami.with_entries(user_entries("mine.toml", '[[card]]\nname = "Cat"\npoints = 1\n'), "user")
    assert card_names.shown_text(other.card("Cat")) == "Ziehe eine Karte vom Stapel."


def test_a_user_may_give_their_own_translation_with_their_text(origami: Catalogue, speak: Speak) -> None:
    text = USER_ORIGAMI + 'text_it = "Pesca una carta (parole mie)."\n'
    cat = origami.with_entries(user_entries("mine.toml", text), "user").card("Cat")
    speak("it")
    assert card_names.shown_text(cat) == "Pesca una carta (parole mie)."
    speak("de")
    assert card_names.shown_text(cat) == "Draw a card (my words)."


def test_a_users_origin_story_text_is_shown_in_every_language(origin: origin_catalog.Catalogue,
                                                              speak: Speak) -> None:
    text = '[[card]]\nname = "Trance"\ntext = "Followers are restricted (my words)."\n'
    mine = origin.with_entries(origin_catalog.user_entries("mine.toml", text))
    trance = mine.lookup("Trance")
    assert trance is not None and (trance.text_it, trance.text_de) == (None, None)
    speak("it")
    assert card_texts.shown_text(trance) == "Followers are restricted (my words)."
    # A value other than the text keeps the shipped translations.
    entry = '[[card]]\nname = "Trance"\nsolo_banned = true\n'
    other = origin.with_entries(origin_catalog.user_entries("mine.toml", entry))
    kept = other.lookup("Trance")
    assert kept is not None and card_texts.shown_text(kept) == origin.cards["trance"].text_it
