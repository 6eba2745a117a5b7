"""Scoring effects as parameterised templates: a newly learned card needs data, not code.

Two shapes: a *bonus* belongs to one card in one collection (Chicken, Whale, Macaw...); an *award*
is given by one card or Character to whichever players meet its condition (Kappa, Characters)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..i18n import N_, _

PARAMS = ("card", "family", "amount", "per", "at_least", "worth")

# template -> (required parameters, is an award across players, description for people: marked here, translated
# where shown, its placeholders the parameters)
TEMPLATES: dict[str, tuple[tuple[str, ...], bool, str]] = {
    "none": ((), False, N_("no scoring effect")),
    "per_card_named": (("card", "amount"), False, N_("+{amount} for each {card} in your collections")),
    "per_family": (("family", "amount"), False, N_("+{amount} for each {family} origami in your collections")),
    "per_other_in_collection": (
        ("amount",), False, N_("+{amount} for each other ({family}) origami in the same collection")),
    "per_cards_in_hand": (("amount", "per"), False, N_("+{amount} for every {per} cards left in hand")),
    "per_card_in_hand": (("card", "amount"), False, N_("+{amount} for each {card} left in hand")),
    "worth_if_at_least": (
        ("card", "at_least", "worth"), False, N_("worth {worth} instead of printed with {at_least} {card}s")),
    "adjacent_same": (("card", "amount"), False, N_("+{amount} when directly above or below another {card}")),
    "per_player_fewer_in_hand": (
        ("amount",), False, N_("+{amount} for each other player holding fewer cards than you")),
    "collection_difference": ((), False, N_("the difference between your two collections' points")),
    "most_of_family": (("family", "amount"), True, N_("+{amount} to the player(s) with the most {family} origami")),
    "most_of_card": (("card", "amount"), True, N_("+{amount} to the player(s) with the most {card}")),
    "most_origami": (("amount",), True, N_("+{amount} to the player(s) with the most origami in collections")),
    "most_in_hand": (("amount",), True, N_("+{amount} to the player(s) with the most cards in hand")),
    "fewest_in_hand": (("amount",), True, N_("+{amount} to the player(s) with the fewest cards in hand")),
}
# per_other_in_collection with no family: every other origami counts.
_ANY_OTHER = N_("+{amount} for each other origami in the same collection")
# What a scoring rule looks like in a file (JSON) and typed (the catalogue's `scoring` value).
FILE_EXAMPLE = '{"template": "per_family", "family": "lawn", "amount": 1}'
TYPED_EXAMPLE = "most_in_hand amount=3"


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
            raise InputError(_('must be an object with a "template", e.g. {example}').format(example=FILE_EXAMPLE),
                             where=where)
        template = data["template"]
        if not isinstance(template, str) or template not in TEMPLATES:
            raise InputError(_("unknown scoring template {template}; known: {templates}").format(
                template=repr(template), templates=", ".join(sorted(TEMPLATES))), where=f"{where}.template")
        required = TEMPLATES[template][0]
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key == "template":
                continue
            if key not in PARAMS:
                raise InputError(_("unknown parameter {key}; parameters are {parameters}").format(
                    key=repr(key), parameters=", ".join(PARAMS)), where=f"{where}.{key}")
            text = key in ("card", "family")
            if text and not isinstance(value, str) or not text and (
                    not isinstance(value, int) or isinstance(value, bool) or value < 0):
                wrong = _("must be a name, not {value}") if text else _(
                    "must be a whole number of at least 0, not {value}")
                raise InputError(wrong.format(value=repr(value)), where=f"{where}.{key}")
            values[key] = value
        missing = [name for name in required if name not in values]
        if missing:
            raise InputError(_("template {template} needs {parameters}").format(
                template=repr(template), parameters=", ".join(missing)), where=where)
        if values.get("per", 1) < 1:
            raise InputError(_("must be at least 1"), where=f"{where}.per")
        return cls(template=template, **values)

    def describe(self) -> str:
        """The rule in words, in the language in use."""
        text = _ANY_OTHER if self.template == "per_other_in_collection" and self.family is None else (
            TEMPLATES[self.template][2])
        return _(text).format(**{key: getattr(self, key) for key in PARAMS})


AWARDS = tuple(sorted(name for name, (_params, award, _text) in TEMPLATES.items() if award))


def typed_rule(text: str, where: str) -> dict[str, Any]:
    """A scoring rule as a player types it: `TEMPLATE [PARAMETER=VALUE …]`, e.g. `most_in_hand amount=3` or
    `per_family family=lawn amount=1` (whole numbers become numbers)."""
    words = text.split()
    if not words:
        raise InputError(_("type a template and its parameters, e.g. {example}; templates: {templates}").format(
            example=TYPED_EXAMPLE, templates=", ".join(sorted(TEMPLATES))), where=where)
    rule: dict[str, Any] = {"template": words[0]}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise InputError(_("{word}: a parameter is NAME=VALUE, e.g. amount=3").format(word=repr(word)), where=where)
        rule[key] = int(value) if value.isdigit() else value
    return rule
