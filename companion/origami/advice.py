"""How the command line words what the engine reports as facts: a value nobody knows, and how to supply it."""
from __future__ import annotations

from scoring.errors import MissingValue
from scoring.i18n import _
from scoring.origami.cards import FIELD_LABELS
from scoring.origami.templates import AWARDS, TYPED_EXAMPLE


def what_is_missing(missing: MissingValue) -> str:
    """'Ann's collection 1, card 2: Sheep: its printed victory points are not known, needed for the score'."""
    label = _(FIELD_LABELS[missing.field]) if missing.field in FIELD_LABELS else \
        _("{field} is").format(field=missing.field.replace("_", " "))
    said = (_("{card}: {label} not known, needed for {why}") if missing.why else _("{card}: {label} not known")).format(
        card=missing.card, label=label, why=missing.why)
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


def missing_message(missing: MissingValue) -> str:
    return f"{what_is_missing(missing)}. {how_to_supply(missing)}"
