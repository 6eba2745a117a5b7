"""How the command line words what the engine reports as facts: a value nobody knows, and how to supply it."""
from __future__ import annotations

from scoring.errors import MissingValue
from scoring.origami.cards import FIELD_LABELS
from scoring.origami.templates import AWARDS, TYPED_EXAMPLE


def what_is_missing(missing: MissingValue) -> str:
    """'Ann's collection 1, card 2: Sheep: its printed victory points are not known, needed for the score'."""
    label = FIELD_LABELS.get(missing.field, missing.field.replace("_", " ") + " is")
    needed = f", needed for {missing.why}" if missing.why else ""
    where = f"{missing.where}: " if missing.where else ""
    return f"{where}{missing.card}: {label} not known{needed}"


def how_to_supply(missing: MissingValue) -> str:
    """The shell's ways to give the value."""
    if missing.supplied_by == "hand":
        return f"Give {missing.seat}'s hand as a list of cards instead of a number."
    card, field = missing.card, missing.field
    if field == "scoring":
        return (f"Define it: `companion catalog set \"{card}\" scoring TEMPLATE [PARAMETER=VALUE …]`, e.g. "
                f"`companion catalog set \"{card}\" scoring {TYPED_EXAMPLE}` (a Character's templates: "
                f"{', '.join(AWARDS)}), or put it in the table's \"cards\" ({{\"{card}\": {{\"scoring\": "
                f"{{\"template\": \"most_in_hand\", \"amount\": 3}}}}}}) or in a catalogue file of yours "
                "(--catalog FILE).")
    return (f"You hold the card: keep its value with `companion catalog set \"{card}\" {field} VALUE`, or put it "
            f"in the table's \"cards\" ({{\"{card}\": {{\"{field}\": ...}}}}) or in a catalogue file of yours "
            "(--catalog FILE).")


def missing_message(missing: MissingValue) -> str:
    return f"{what_is_missing(missing)}. {how_to_supply(missing)}"
