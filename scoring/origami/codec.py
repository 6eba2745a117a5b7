"""Events to and from JSON-ready dicts, with a stable type name and a version (for the durable log)."""
from __future__ import annotations

import types
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from ..errors import InputError
from . import events as e

VERSION = 1

# Stable names: stored logs depend on them, so a class may be renamed but its name here may not.
NAMES: dict[type, str] = {
    e.GameStarted: "game_started", e.CardsDealt: "cards_dealt", e.StartingPlayerChosen: "starting_player_chosen",
    e.PositionEntered: "position_entered", e.LineDrawn: "line_drawn", e.LineRefilled: "line_refilled",
    e.LineReplaced: "line_replaced",
    e.DeckRanOut: "deck_ran_out", e.OrigamiPlayed: "origami_played", e.CharacterPlayed: "character_played",
    e.SpecialActionUsed: "special_action_used", e.DrawnFromDeck: "drawn_from_deck",
    e.TakenFromDiscard: "taken_from_discard", e.Discarded: "discarded", e.Passed: "passed",
    e.RiceTaken: "rice_taken", e.OrigamiMoved: "origami_moved", e.OrigamiSwapped: "origami_swapped",
    e.ExtraActionGranted: "extra_action_granted", e.HandRevealed: "hand_revealed", e.TurnEnded: "turn_ended",
    e.Overridden: "overridden", e.EffectOpened: "effect_opened", e.GrantUsed: "grant_used",
}
TYPES: dict[str, type] = {name: cls for cls, name in NAMES.items()}
FIELDS: dict[type, tuple[str, ...]] = {cls: tuple(f.name for f in fields(cls)) for cls in NAMES}
HINTS: dict[type, dict[str, Any]] = {cls: get_type_hints(cls) for cls in NAMES}
# A record's field types (effects.Grant inside an event): worked out once, not for every event read (each time
# get_type_hints compiles the annotations' text again).
record_hints = cache(get_type_hints)


@cache
def shape(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """A field type's origin and arguments, worked out once per type."""
    return get_origin(hint), get_args(hint)


WHOLE = 2**63  # whole numbers in a payload are 64-bit, as every database keeps them


_LEAVES = frozenset({str, int, bool, type(None)})  # the most common values, returned at once


def _plain(value: Any) -> Any:
    if type(value) in _LEAVES:
        return value
    if isinstance(value, tuple):
        return [v if type(v) in _LEAVES else _plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):  # a record inside an event (effects.Grant)
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def _holds_record(hint: Any) -> bool:
    return (isinstance(hint, type) and is_dataclass(hint)) or any(_holds_record(a) for a in get_args(hint))


_FLAT = frozenset(cls for cls in NAMES if not any(_holds_record(h) for h in HINTS[cls].values()))


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def _revive(value: Any, hint: Any) -> Any:
    """Records inside an event come back as their classes (the value already conforms to `hint`)."""
    origin, args = shape(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return tuple(_revive(v, args[0]) for v in value)
    if isinstance(hint, type) and is_dataclass(hint):
        hints = record_hints(hint)
        return hint(**{k: _revive(v, hints[k]) for k, v in value.items()})
    return value


def encode(event: e.Event) -> tuple[str, int, dict[str, Any]]:
    """(type name, version, payload)."""
    cls = type(event)
    if cls in _FLAT:  # only text, numbers, flags and tuples of them: JSON writes them as they are
        return NAMES[cls], VERSION, {name: getattr(event, name) for name in FIELDS[cls]}
    return NAMES[cls], VERSION, {name: _plain(getattr(event, name)) for name in FIELDS[cls]}


def decode(name: str, version: int, payload: dict[str, Any]) -> e.Event:
    cls = TYPES.get(name)
    if cls is None:
        raise InputError(f"unknown event type {name!r}: written by a newer companion?")
    if version != VERSION:
        raise InputError(f"{name} version {version} is not readable by this companion (it reads {VERSION})")
    expected = set(FIELDS[cls])
    if not isinstance(payload, dict) or set(payload) != expected:
        raise InputError(f"{name}: the payload must have exactly {', '.join(sorted(expected))}")
    values = {k: _frozen(v) for k, v in payload.items()}
    for key, value in values.items():
        if not _conforms(value, HINTS[cls][key]):
            raise InputError(f"{name}: {key} must be {_describe(HINTS[cls][key])}, not {_short(payload[key])}")
    if cls not in _FLAT:  # records inside come back as their classes
        values = {k: _revive(v, HINTS[cls][k]) for k, v in values.items()}
    event: e.Event = cls(**values)
    return event


def _conforms(value: Any, hint: Any) -> bool:
    """`value` (lists already made tuples) has the shape of the event field's type: whole numbers, text, flags,
    tuples of those, or None where the field allows it."""
    origin, args = shape(hint)
    if origin in (Union, types.UnionType):
        return any(_conforms(value, a) for a in args)
    if hint is type(None):
        return value is None
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(_conforms(v, a) for v, a in zip(value, args, strict=True))
    if isinstance(hint, type) and is_dataclass(hint):
        hints = record_hints(hint)
        return (isinstance(value, dict) and set(value) == set(hints)
                and all(_conforms(v, hints[k]) for k, v in value.items()))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool) and -WHOLE <= value < WHOLE
    supertype = getattr(hint, "__supertype__", None)  # a NewType such as CardId
    if hint is str or supertype is str or isinstance(hint, type) and issubclass(hint, (str, Enum)):
        return isinstance(value, str)
    raise TypeError(f"no check for a field of type {hint!r}")  # a new field type: teach _conforms about it


def _describe(hint: Any) -> str:
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(a) for a in args)
    if hint is type(None):
        return "null"
    if origin is tuple:
        return f"a list of {_describe(args[0])}" if args[-1] is Ellipsis else f"a list of {len(args)} values"
    return {bool: "true or false", int: "a whole number"}.get(hint, "text")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
