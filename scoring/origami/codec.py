"""Events to and from JSON-ready dicts, with a stable type name and a version (for the durable log)."""
from __future__ import annotations

from dataclasses import fields
from typing import Any

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
    e.Overridden: "overridden",
}
TYPES: dict[str, type] = {name: cls for cls, name in NAMES.items()}
FIELDS: dict[type, tuple[str, ...]] = {cls: tuple(f.name for f in fields(cls)) for cls in NAMES}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def encode(event: e.Event) -> tuple[str, int, dict[str, Any]]:
    """(type name, version, payload)."""
    payload = {name: _plain(getattr(event, name)) for name in FIELDS[type(event)]}
    return NAMES[type(event)], VERSION, payload


def decode(name: str, version: int, payload: dict[str, Any]) -> e.Event:
    cls = TYPES.get(name)
    if cls is None:
        raise InputError(f"unknown event type {name!r}: written by a newer companion?")
    if version != VERSION:
        raise InputError(f"{name} version {version} is not readable by this companion (it reads {VERSION})")
    expected = set(FIELDS[cls])
    if not isinstance(payload, dict) or set(payload) != expected:
        raise InputError(f"{name}: the payload must have exactly {', '.join(sorted(expected))}")
    event: e.Event = cls(**{k: _frozen(v) for k, v in payload.items()})
    return event
