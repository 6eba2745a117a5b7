"""Events to and from JSON-ready dicts, with a stable type name and a version (for the durable log)."""
from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from enum import Enum
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
    expected = FIELDS[cls]
    if not isinstance(payload, dict) or payload.keys() != set(expected):
        raise InputError(f"{name}: the payload must have exactly {', '.join(sorted(expected))}")
    values = {}
    for key, read in READERS[cls].items():
        try:
            values[key] = read(payload[key])
        except _Mismatch:
            raise InputError(f"{name}: {key} must be {_describe(HINTS[cls][key])}, not {_short(payload[key])}") \
                from None
    event: e.Event = cls(**values)
    return event


class _Mismatch(Exception):
    """A stored value without the shape of its field's type."""


def _reader(hint: Any) -> Callable[[Any], Any]:
    """A function that gives a payload value of field type `hint` as the event holds it (lists as tuples, records
    inside as their classes) or raises _Mismatch: whole numbers, text, flags, tuples of those, records, or None
    where the field allows it. Made once per field, so a log read does not work out the type for every value."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        options = tuple(_reader(a) for a in args)

        def either(value: Any) -> Any:
            for read in options:
                try:
                    return read(value)
                except _Mismatch:
                    pass
            raise _Mismatch
        return either
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _reader(args[0])

            def many(value: Any) -> tuple[Any, ...]:
                if not isinstance(value, (list, tuple)):
                    raise _Mismatch
                return tuple(map(each, value))
            return many
        parts = tuple(_reader(a) for a in args)

        def fixed(value: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)) or len(value) != len(parts):
                raise _Mismatch
            return tuple(read(v) for read, v in zip(parts, value, strict=True))
        return fixed
    if isinstance(hint, type) and is_dataclass(hint):
        fields_of = {k: _reader(h) for k, h in get_type_hints(hint).items()}

        def record(value: Any) -> Any:
            if not isinstance(value, dict) or value.keys() != fields_of.keys():
                raise _Mismatch
            return hint(**{k: fields_of[k](v) for k, v in value.items()})
        return record
    supertype = getattr(hint, "__supertype__", None)  # a NewType such as CardId
    if hint is str or supertype is str or isinstance(hint, type) and issubclass(hint, (str, Enum)):
        return _leaf(lambda v: isinstance(v, str))
    checks: dict[Any, Callable[[Any], bool]] = {
        type(None): lambda v: v is None, bool: lambda v: isinstance(v, bool),
        int: lambda v: isinstance(v, int) and not isinstance(v, bool) and -WHOLE <= v < WHOLE}
    if hint not in checks:
        raise TypeError(f"no reader for a field of type {hint!r}")  # a new field type: teach _reader about it
    return _leaf(checks[hint])


def _leaf(check: Callable[[Any], bool]) -> Callable[[Any], Any]:
    def read(value: Any) -> Any:
        if not check(value):
            raise _Mismatch
        return value
    return read


READERS: dict[type, dict[str, Callable[[Any], Any]]] = {
    cls: {k: _reader(HINTS[cls][k]) for k in FIELDS[cls]} for cls in NAMES}


def _describe(hint: Any) -> str:
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(a) for a in args)
    if hint is type(None):
        return "null"
    if origin is tuple:
        return f"a list of {_describe(args[0])}" if args[-1] is Ellipsis else f"a list of {len(args)} values"
    if isinstance(hint, type) and is_dataclass(hint):
        return f"{hint.__name__} objects"  # only ever inside a list (an effect's grants)
    return {bool: "true or false", int: "a whole number"}.get(hint, "text")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
