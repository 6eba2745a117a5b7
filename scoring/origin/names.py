"""Players renamed since their game's log was written. Origin Story's events name the seats (players, sidekicks,
Vancardians) by name, so a game in progress is shown, and answers, under the profiles' names now: the events are
read with the new names, and the session writes new events back with the names the log started with. Only
exact seat names change; card names, Vancardians and sentences are left as written."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any, TypeVar

T = TypeVar("T")
# Fields that never hold a seat's name: what a card is called, a Vancardian, sentences kept as facts.
NOT_SEATS = frozenset({"name", "source", "reason", "line", "sentence", "steps", "why", "vancardian", "mode", "deck",
                       "how", "timing", "role", "colour", "difficulty_colour", "colours", "choices", "rule", "text"})


def renamed(value: T, names: Mapping[str, str]) -> T:
    """`value` (an event, or anything an event holds) with every seat name in `names` replaced by its new one;
    `value` itself when nothing changes."""
    if not names:
        return value
    return _renamed(value, names)  # type: ignore[no-any-return]


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    if type(value) is str:  # not an Enum that happens to be a str
        return names.get(value, value)
    if type(value) is tuple:
        items = tuple(_renamed(v, names) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: new for f in fields(value) if f.init and f.name not in NOT_SEATS
                   and (new := _renamed(getattr(value, f.name), names)) is not getattr(value, f.name)}
        return replace(value, **changed) if changed else value
    return value
