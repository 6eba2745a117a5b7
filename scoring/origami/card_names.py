"""A card's name as a person reads it: the name printed on the edition of the language in use where it is known
(the Italian Legends box, the German Origami box), else the English one. Names typed in any language are read
by the catalogue (catalog.py); this only chooses which one is shown. Files, logs and --json keep the card's id."""
from __future__ import annotations

from scoring import i18n
from scoring.origami.cards import Card
from scoring.origami.catalog import Catalogue

# A character's colour, as it is shown after its name: "Ninja (red)".
COLOURS = {"red": i18n.N_("red"), "yellow": i18n.N_("yellow")}


def shown(card: Card) -> str:
    """`card`'s name in the language in use, with a character's colour: "Ninja (rosso)"."""
    name = {"it": card.name_it, "de": card.name_de}.get(i18n.language()) or card.name
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
