"""Card effects as data: each consequence a card allows, with its parameters (how many, whose, from where,
on what condition), and the grants an effect opens at the table when it is used.

A catalogue card lists its consequences as `do = [{step = "take_rice", amount = 3}, ...]`. When the card's
effect is used, the referee turns them into grants (one per acting player); each consequence recorded at
the table must use one unspent grant of this turn, exactly as granted. A newly learned card needs data,
not code."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, MissingValue
from ..i18n import _
from .cards import STEP_KINDS, CardId
from .step_spec import KEYS, StepSpec

WHO = ("you", "each", "opponents")
# take_discard: top (the top card), any (any card in the pile), payment (one of the cards just paid),
# discarded (one of the cards discarded under this same effect). move: own (your origami, anywhere in your
# collections), bottom (anyone's origami, to the bottom of its own collection). discard: drawn (one of the cards
# drawn under this same effect, never another card from the hand). play: not_taken (from the hand, but not a card
# taken under this same effect; another copy held besides it may be played).
FROM = ("top", "any", "payment", "discarded", "own", "bottom", "drawn", "not_taken")
TO = ("right", "neighbours")  # pass: to the player on your right, or one card to each neighbour
CONDITIONS = ("rice_paid",)  # the card was paid with at least one rice paper
PER = ("under",)  # amount times the origami beneath the card when it was played
EXAMPLES = ('{step = "take_rice", amount = 3}', '{step = "discard", amount = 1, who = "opponents"}')


def _help() -> str:
    """How a step is written, for every message about one."""
    return _("e.g. {example} or {other}; keys: {keys}").format(example=EXAMPLES[0], other=EXAMPLES[1],
                                                                keys=", ".join(KEYS))


@dataclass(frozen=True, slots=True)
class Grant:
    """What one player may do under one opened effect, this turn (see StepSpec)."""

    source: CardId
    step: str
    seat: int
    amount: int  # exactly this many (cards, rice paper, moves, plays), or what is left to take; 0: any
    folds: int = 0
    exact: bool = False
    card_folds: int = 0
    cards: tuple[CardId, ...] = ()  # the cards it may be (take_discard from a payment, swap_in)
    where: str = ""
    receiver: int = -1  # pass: to whom
    discount: int = 0
    free: bool = False
    choice: str = ""
    batch: int = 0  # grants opened together share a batch (the index of the first one)
    after: str = ""


def parse_steps(data: Any, where: str) -> tuple[StepSpec, ...]:
    """A card's `do` list, validated; InputError names the step and the key that is wrong."""
    if not isinstance(data, list):
        raise InputError(_("must be a list of steps, {help}").format(help=_help()), where=where)
    return tuple(_spec(item, f"{where}[{i}]") for i, item in enumerate(data))


def _spec(item: Any, where: str) -> StepSpec:
    if not isinstance(item, Mapping) or not isinstance(item.get("step"), str):
        raise InputError(_("each step is a table with a \"step\", {help}").format(help=_help()), where=where)
    unknown = sorted(str(k) for k in item if k not in KEYS)
    if unknown:
        raise InputError(_("{keys} cannot be set; {help}").format(keys=", ".join(map(repr, unknown)), help=_help()),
                         where=where)
    step = item["step"]
    if step not in STEP_KINDS:
        raise InputError(_("unknown step {step!r}; steps: {steps}").format(
            step=step, steps=", ".join(sorted(STEP_KINDS))), where=where)

    def whole(key: str, default: int | None) -> int | None:
        value = item.get(key, default)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise InputError(_("must be a whole number of at least 0, not {value!r}").format(value=value),
                             where=f"{where}.{key}")
        return value

    def one_of(key: str, allowed: Sequence[str]) -> str:
        value = item.get(key, "")
        if value != "" and value not in allowed:
            raise InputError(_("must be one of {allowed}, not {value!r}").format(
                allowed=", ".join(allowed), value=value), where=f"{where}.{key}")
        return str(value)

    def flag(key: str) -> bool:
        value = item.get(key, False)
        if not isinstance(value, bool):
            raise InputError(_("must be true or false, not {value!r}").format(value=value), where=f"{where}.{key}")
        return value

    def text(key: str) -> str:
        value = item.get(key, "")
        if not isinstance(value, str):
            raise InputError(_("must be text, not {value!r}").format(value=value), where=f"{where}.{key}")
        return value

    who = one_of("who", WHO) or "you"
    return StepSpec(step, whole("amount", None) if "amount" in item else None, who, one_of("from", FROM),
                    one_of("to", TO), whole("folds", 0) or 0, flag("exact"), whole("card_folds", 0) or 0,
                    text("card"), whole("discount", 0) or 0, flag("free"), one_of("condition", CONDITIONS),
                    one_of("per", PER), text("choice"), one_of("after", sorted(STEP_KINDS)), flag("required"),
                    flag("prerequisite"), text("plus_showing"))


def default_specs(kinds: frozenset[str]) -> tuple[StepSpec, ...]:
    """A card described only by the kinds of its steps: each once, amount not known (asked for)."""
    return tuple(StepSpec(k, None) for k in sorted(kinds))


def amount_of(spec: StepSpec, card: CardId, card_amount: int | None) -> int:
    """The step's amount; `take_line` steps with a fold limit or `card_folds` need none (0: any number)."""
    if spec.amount is not None:
        return spec.amount
    if spec.step in ("take_line",) and (spec.folds or spec.card_folds):
        return 0
    if card_amount is not None:
        return card_amount
    raise MissingValue(card, "amount", _("its effect's {step} step").format(step=spec.step.replace("_", " ")))


def seats(who: str, acting: int, count: int) -> list[int]:
    """The seats a step applies to, in turn order from the acting player."""
    order = [(acting + i) % count for i in range(count)]
    if who == "each":
        return order
    if who == "opponents":
        return order[1:]
    return [acting]


def receivers(to: str, giver: int, count: int) -> list[int]:
    """Who a player passes to: the player on their right, or one card to each neighbour (both to the
    opponent with two players)."""
    right, left = (giver - 1) % count, (giver + 1) % count
    return [right] if to == "right" else [left, right]
