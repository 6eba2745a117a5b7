"""Scoring effects as parameterised templates: a newly learned card needs data, not code.

Two shapes: a *bonus* belongs to one card in one collection (Chicken, Whale, Macaw...); an *award*
is given by one card or Character to whichever players meet its condition (Kappa, Characters)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InputError

PARAMS = ("card", "family", "amount", "per", "at_least", "worth")

# template -> (required parameters, is an award across players, description for people)
TEMPLATES: dict[str, tuple[tuple[str, ...], bool, str]] = {
    "none": ((), False, "no scoring effect"),
    "per_card_named": (("card", "amount"), False, "+amount for each `card` in your collections"),
    "per_family": (("family", "amount"), False, "+amount for each `family` origami in your collections"),
    "per_other_in_collection": (
        ("amount",), False, "+amount for each other (`family`) origami in the same collection"),
    "per_cards_in_hand": (("amount", "per"), False, "+amount for every `per` cards left in hand"),
    "per_card_in_hand": (("card", "amount"), False, "+amount for each `card` left in hand"),
    "worth_if_at_least": (
        ("card", "at_least", "worth"), False, "worth `worth` instead of printed with `at_least` `card`s"),
    "adjacent_same": (("card", "amount"), False, "+amount when directly above or below another `card`"),
    "per_player_fewer_in_hand": (
        ("amount",), False, "+amount for each other player holding fewer cards than you"),
    "collection_difference": ((), False, "the difference between your two collections' points"),
    "most_of_family": (("family", "amount"), True, "+amount to the player(s) with the most `family` origami"),
    "most_of_card": (("card", "amount"), True, "+amount to the player(s) with the most `card`"),
    "most_origami": (("amount",), True, "+amount to the player(s) with the most origami in collections"),
    "most_in_hand": (("amount",), True, "+amount to the player(s) with the most cards in hand"),
    "fewest_in_hand": (("amount",), True, "+amount to the player(s) with the fewest cards in hand"),
}


@dataclass(frozen=True, slots=True)
class ScoringRule:
    template: str
    card: str | None = None
    family: str | None = None
    amount: int = 0
    per: int = 1
    at_least: int = 0
    worth: int = 0

    @property
    def is_award(self) -> bool:
        return TEMPLATES[self.template][1]

    @classmethod
    def parse(cls, data: Any, where: str) -> ScoringRule:
        if isinstance(data, str):
            data = typed_rule(data, where)
        if not isinstance(data, dict) or "template" not in data:
            raise InputError(
                'must be an object with a "template", e.g. {"template": "per_family", '
                '"family": "lawn", "amount": 1}', where=where)
        template = data["template"]
        if not isinstance(template, str) or template not in TEMPLATES:
            raise InputError(
                f"unknown scoring template {template!r}; known: {', '.join(sorted(TEMPLATES))}",
                where=f"{where}.template")
        required = TEMPLATES[template][0]
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key == "template":
                continue
            if key not in PARAMS:
                raise InputError(f"unknown parameter {key!r}; parameters are {', '.join(PARAMS)}",
                                 where=f"{where}.{key}")
            text = key in ("card", "family")
            if text and not isinstance(value, str) or not text and (
                    not isinstance(value, int) or isinstance(value, bool) or value < 0):
                kind = "a name" if text else "a whole number of at least 0"
                raise InputError(f"must be {kind}, not {value!r}", where=f"{where}.{key}")
            values[key] = value
        missing = [name for name in required if name not in values]
        if missing:
            raise InputError(f"template {template!r} needs {', '.join(missing)}", where=where)
        if values.get("per", 1) < 1:
            raise InputError("must be at least 1", where=f"{where}.per")
        return cls(template=template, **values)

    def describe(self) -> str:
        text = TEMPLATES[self.template][2]
        for key in PARAMS:
            text = text.replace(f"`{key}`", str(getattr(self, key)))
        return text.replace("amount", f"{self.amount}").replace("(None) ", "")


AWARDS = tuple(sorted(name for name, (_, award, _) in TEMPLATES.items() if award))
TYPED_EXAMPLE = "most_in_hand amount=3"


def typed_rule(text: str, where: str) -> dict[str, Any]:
    """A scoring rule as a player types it: `TEMPLATE [PARAMETER=VALUE …]`, e.g. `most_in_hand amount=3` or
    `per_family family=lawn amount=1` (whole numbers become numbers)."""
    words = text.split()
    if not words:
        raise InputError(f"type a template and its parameters, e.g. {TYPED_EXAMPLE}; templates: "
                         f"{', '.join(sorted(TEMPLATES))}", where=where)
    rule: dict[str, Any] = {"template": words[0]}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise InputError(f"{word!r}: a parameter is NAME=VALUE, e.g. amount=3", where=where)
        rule[key] = int(value) if value.isdigit() else value
    return rule
