"""A card's name as a person reads it: the name printed on the edition of the language in use where it is known
(the Italian Legends box, the German Origami box), else the English one; likewise its effect text (our
translations of our English paraphrase) and its family's name. Names typed in any language are read
by the catalogue (catalog.py); this only chooses which one is shown. Files, logs and --json keep the card's id."""
from __future__ import annotations

from scoring import i18n
from scoring.catalogue_file import fold
from scoring.i18n import N_
from scoring.origami.cards import Card, character_id
from scoring.origami.catalog import Catalogue, card_words

# A character's colour, as it is shown after its name: "Ninja (red)".
COLOURS = {"red": N_("red"), "yellow": N_("yellow")}
# Each family's name as a person reads it (the catalogues keep the ids: farm, polar, ...).
FAMILIES = {
    # TRANSLATORS: an Origami family (the German box says "Bauernhof").
    "farm": N_("Farm"),
    # TRANSLATORS: an Origami family (the German box says "Himmel").
    "sky": N_("Sky"),
    # TRANSLATORS: an Origami family (the German box says "Meer").
    "sea": N_("Sea"),
    # TRANSLATORS: an Origami family (the German box says "Savanne").
    "savannah": N_("Savannah"),
    # TRANSLATORS: an Origami family (the German box says "Wiese").
    "lawn": N_("Lawn"),
    # TRANSLATORS: an Origami Legends family (the Italian box says "animali polari").
    "polar": N_("Polar animals"),
    # TRANSLATORS: an Origami Legends family (the Italian box says "animali esotici").
    "exotic": N_("Exotic animals"),
    # TRANSLATORS: an Origami Legends family (the Italian box says "dinosauri").
    "dinosaurs": N_("Dinosaurs"),
    # TRANSLATORS: an Origami Legends family (the Italian box says "creature leggendarie").
    "legendary": N_("Legendary creatures"),
}


def _in_language(english: str, it: str | None, de: str | None) -> str:
    """The Italian or German one when that language is in use and it is known, else the English one."""
    return {"it": it, "de": de}.get(i18n.language()) or english


def shown(card: Card) -> str:
    """`card`'s name in the language in use, with a character's colour: "Ninja (rosso)"."""
    name = _in_language(card.name, card.name_it, card.name_de)
    if card.colour in COLOURS:
        return f"{name} ({i18n._(COLOURS[card.colour])})"
    return name


def shown_id(card_id: str, catalogue: Catalogue) -> str:
    """The card `card_id` names, as `shown` says it; an id the catalogue does not know is shown as it is."""
    try:
        card = catalogue.card(card_id)
    except KeyError:
        return card_id
    return shown(card)


def shown_pair(name: str, catalogue: Catalogue) -> str:
    """A Character pair's name (both colours: "Merchant") in the language in use: "Mercante"; a pair the catalogue
    does not know is shown as it is."""
    for colour in COLOURS:
        card = catalogue.cards.get(character_id(name, colour))
        if card is not None:
            return _in_language(card.name, card.name_it, card.name_de)
    return name


def shown_text(card: Card) -> str:
    """`card`'s effect text in the language in use where there is one, else the English one ("" when none is
    known). A user's own text has no translation, so it is shown as they wrote it."""
    return _in_language(card.text, card.text_it, card.text_de)


def family_name(family: str) -> str:
    """A family's name in the language in use: "Farm", "Bauernhof"; an id not known here is shown as it is."""
    return i18n._(FAMILIES[family]) if family in FAMILIES else family


def search_words(card: Card, *, texts: bool = True) -> str:
    """What a search for a card looks in, folded: what `card_words` gives (its names in every language, its game,
    its family's id), then its family's name in the language in use and (`texts`) its effect text in English and
    in the language in use. Each part on a line of its own, so that a word typed is never found across two."""
    family = family_name(card.family) if card.family else ""
    parts = dict.fromkeys(fold(x) for x in (family, *((card.text, shown_text(card)) if texts else ())) if x)
    return "\n".join([card_words(card), *parts])
