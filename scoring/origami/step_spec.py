"""One consequence a card's effect allows, as the catalogue describes it (`do = [{step = "take_rice", amount = 3},
...]`): the data a card carries (cards.py) and the referee turns into grants (effects.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KEYS = ("step", "amount", "who", "from", "to", "folds", "exact", "card_folds", "card", "discount", "free",
        "condition", "per", "choice", "after", "required", "prerequisite", "plus_showing")


@dataclass(frozen=True, slots=True)
class StepSpec:
    """One consequence a card allows. `amount` None: printed on the card but not known (asked for)."""

    step: str
    amount: int | None = 1
    who: str = "you"
    source: str = ""  # one of effects.FROM
    to: str = ""  # one of effects.TO
    folds: int = 0  # take_line: folds in all, at most (exactly with `exact`); 0: no fold limit
    exact: bool = False
    card_folds: int = 0  # take_line: every draw-line card of at most this many folds, all of them
    card: str = ""  # swap_in: the card that comes in
    discount: int = 0  # play: up to this many folds off
    free: bool = False  # play: without paying
    condition: str = ""
    per: str = ""
    choice: str = ""  # steps naming the same choice are alternatives: only one of them is used
    after: str = ""  # a step of the same effect the player does first ("discard, then draw")
    required: bool = False  # once it can be done, it must be before the turn ends (the Fox's discard)
    prerequisite: bool = False  # a special action that cannot do this step cannot be used (the Spider's take)
    plus_showing: str = ""  # one more for each of this card showing: on top of a collection or in the draw line

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"step": self.step}
        defaults = StepSpec(self.step)
        for key in KEYS[1:]:
            attr = "source" if key == "from" else key
            value = getattr(self, attr)
            if value != getattr(defaults, attr) or (key == "amount" and value is None):
                out[key] = value
        if self.amount is None:
            out.pop("amount", None)
        return out
