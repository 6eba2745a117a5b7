"""Reading and writing stored events: each game's events through its own codec; old versions are upcast step by
step to the current one, then decoded."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from scoring.errors import InputError

from .records import ORIGAMI, ORIGIN_STORY, Undone

Payload = dict[str, Any]
# Each game's codec (games.kind -> a module with VERSION, encode and decode). Type names are stable per game.
# Imported when a game of that kind is first read or written: the store's other work (a listing, statistics)
# should not wait for both games' rules to load.
MODULES = {ORIGAMI: "scoring.origami.codec", ORIGIN_STORY: "scoring.origin.codec"}
CODECS: dict[str, ModuleType] = {}
# (type name, version) -> the payload at version + 1. A new event version adds an entry here, never edits rows.
UPCASTERS: dict[tuple[str, int], Callable[[Payload], Payload]] = {}

STORE_EVENTS: dict[str, int] = {"action_undone": 1}  # facts of the log itself, not of the table


def codec(kind: str) -> ModuleType:
    found = CODECS.get(kind)
    if found is None:
        if kind not in MODULES:
            raise InputError(f"a game of kind {kind!r} is not one this companion knows: written by a newer "
                             "companion?")
        found = CODECS[kind] = importlib.import_module(MODULES[kind])
    return found


def current_version(kind: str, name: str) -> int:
    return STORE_EVENTS.get(name) or int(codec(kind).VERSION)


def upcast(kind: str, name: str, version: int, payload: Payload) -> Payload:
    target = current_version(kind, name)
    if version > target:
        raise InputError(f"{name} version {version} was written by a newer companion (this one reads up to "
                         f"{target}): update the companion")
    while version < target:
        step = UPCASTERS.get((name, version))
        if step is None:
            raise InputError(f"{name} version {version} cannot be read: no upgrade from it is known")
        payload, version = step(payload), version + 1
    return payload


def read(kind: str, name: str, version: int, payload: Any) -> Any:
    """The domain object for a stored row of a game of `kind`: that game's event, or a store fact (`Undone`)."""
    if not isinstance(payload, dict):
        raise InputError(f"{name}: the payload is not an object")
    payload = upcast(kind, name, version, payload)
    if name == "action_undone":
        if set(payload) != {"action", "reason"} or not isinstance(payload["action"], int):
            raise InputError("action_undone: the payload must have an action number and a reason")
        return Undone(payload["action"], str(payload["reason"]))
    return codec(kind).decode(name, current_version(kind, name), payload)


def write(kind: str, fact: Any) -> tuple[str, int, Payload]:
    if isinstance(fact, Undone):
        return "action_undone", STORE_EVENTS["action_undone"], {"action": fact.action, "reason": fact.reason}
    encoded: tuple[str, int, Payload] = codec(kind).encode(fact)
    return encoded
