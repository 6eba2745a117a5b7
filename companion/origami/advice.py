"""How the command line words what the engine reports as facts: a value nobody knows, and how to supply it."""
from __future__ import annotations

from scoring.errors import MissingValue
from scoring.i18n import N_, _
from scoring.origami.card_names import shown_id
from scoring.origami.catalog import Catalogue
from scoring.origami.templates import AWARDS, TYPED_EXAMPLE
from scoring.said import Said

# Each card value a player may be asked for, said whole (word order differs by language): without, then with what
# needs it. Translated where said (`what_is_missing`).
UNKNOWN = {
    # TRANSLATORS: {card} is a card's name ("its" is the card's); {why} what needs the value (e.g. "the score").
    "points": (N_("{card}: its printed victory points are not known"),
               N_("{card}: its printed victory points are not known, needed for {why}")),
    "cost": (N_("{card}: its cost is not known"), N_("{card}: its cost is not known, needed for {why}")),
    "folds": (N_("{card}: its folds are not known"), N_("{card}: its folds are not known, needed for {why}")),
    "effect": (N_("{card}: its kind of effect (instant, scoring, ongoing or special) is not known"),
               N_("{card}: its kind of effect (instant, scoring, ongoing or special) is not known, needed for {why}")),
    "scoring": (N_("{card}: its scoring effect is not known"),
                N_("{card}: its scoring effect is not known, needed for {why}")),
    "hand_modifier": (N_("{card}: its hand modifier is not known"),
                      N_("{card}: its hand modifier is not known, needed for {why}")),
    "price_modifier": (N_("{card}: how it changes prices is not known"),
                       N_("{card}: how it changes prices is not known, needed for {why}")),
    "amount": (N_("{card}: how many cards its effect moves is not known"),
               N_("{card}: how many cards its effect moves is not known, needed for {why}")),
    "hand": (N_("{card}: the cards in hand are not known"),
             N_("{card}: the cards in hand are not known, needed for {why}")),
}


def reason(why: str) -> str:
    """What needs a value, in the language in use: a Said says itself; the engine marks the others with N_."""
    return str(why) if isinstance(why, Said) else _(why)


def what_is_missing(missing: MissingValue, catalogue: Catalogue | None = None) -> str:
    """'Ann's collection 1, card 2: Sheep: its printed victory points are not known, needed for the score'. Given
    the catalogue, the card is named as the edition of the language in use names it (card_names.py); without it,
    by its id."""
    why = reason(missing.why) if missing.why else ""
    card = missing.card if catalogue is None else shown_id(missing.card, catalogue)
    if missing.field in UNKNOWN:
        without, needed = UNKNOWN[missing.field]
        said = (_(needed) if why else _(without)).format(card=card, why=why)
    elif why:
        # TRANSLATORS: {field} is the value's name as the catalogue has it (points, cost…); {why} what needs it.
        said = _("{card}: {field} is not known, needed for {why}").format(
            card=card, field=missing.field.replace("_", " "), why=why)
    else:
        # TRANSLATORS: {field} is the value's name as the catalogue has it (points, cost…).
        said = _("{card}: {field} is not known").format(card=card, field=missing.field.replace("_", " "))
    return _("{where}: {what}").format(where=missing.where, what=said) if missing.where else said


def how_to_supply(missing: MissingValue) -> str:
    """The shell's ways to give the value."""
    if missing.supplied_by == "hand":
        return _("Give {player}'s hand as a list of cards instead of a number.").format(player=missing.seat)
    card, field = missing.card, missing.field
    if field == "scoring":
        return _("Define it: `{command}`, e.g. `{example}` (a Character's templates: {templates}), or put it in the "
                 "table's \"cards\" ({json}) or in a catalogue file of yours (--catalog FILE).").format(
            command=f'companion catalog set "{card}" scoring TEMPLATE [PARAMETER=VALUE …]',
            example=f'companion catalog set "{card}" scoring {TYPED_EXAMPLE}', templates=", ".join(AWARDS),
            json=f'{{"{card}": {{"scoring": {{"template": "most_in_hand", "amount": 3}}}}}}')
    return _("You hold the card: keep its value with `{command}`, or put it in the table's \"cards\" ({json}) or in "
             "a catalogue file of yours (--catalog FILE).").format(
        command=f'companion catalog set "{card}" {field} VALUE', json=f'{{"{card}": {{"{field}": ...}}}}')


def missing_message(missing: MissingValue, catalogue: Catalogue | None = None) -> str:
    """What is missing (the card named as `what_is_missing` names it), then how to supply it (the card as typed)."""
    return f"{what_is_missing(missing, catalogue)}. {how_to_supply(missing)}"
