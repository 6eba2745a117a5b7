"""Reading and writing stored events: each game's events through its own codec (the store is given the codecs:
db/kinds.py); old versions are upcast step by step to the current one, then decoded."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.errors import InputError
from scoring.i18n import _

from .kinds import Codec
from .records import Undone

Payload = dict[str, Any]
# (type name, version) -> the payload at version + 1. A new event version adds an entry here, never edits rows.
UPCASTERS: dict[tuple[str, int], Callable[[Payload], Payload]] = {}

STORE_EVENTS: dict[str, int] = {"action_undone": 1}  # facts of the log itself, not of the table


def current_version(codec: Codec, name: str) -> int:
    return STORE_EVENTS.get(name) or int(codec.VERSION)


def upcast(codec: Codec, name: str, version: int, payload: Payload) -> Payload:
    target = current_version(codec, name)
    if version > target:
        raise InputError(_("{name} version {version} was written by a newer companion (this one reads up to "
                           "{target}): update the companion").format(name=name, version=version, target=target))
    while version < target:
        step = UPCASTERS.get((name, version))
        if step is None:
            raise InputError(_("{name} version {version} cannot be read: no upgrade from it is known").format(
                name=name, version=version))
        payload, version = step(payload), version + 1
    return payload


def read(codec: Codec, name: str, version: int, payload: Any) -> Any:
    """The domain object for a stored row of a game whose events `codec` reads: that game's event, or a store fact
    (`Undone`)."""
    if version == codec.VERSION and name not in STORE_EVENTS and type(payload) is dict:
        return codec.decode(name, version, payload)  # the current version of a game's event: nothing to upcast
    if not isinstance(payload, dict):
        raise InputError(_("{name}: the payload is not an object").format(name=name))
    payload = upcast(codec, name, version, payload)
    if name == "action_undone":
        if set(payload) != {"action", "reason"} or not isinstance(payload["action"], int):
            raise InputError(_("{name}: the payload must have an action number and a reason").format(name=name))
        return Undone(payload["action"], str(payload["reason"]))
    return codec.decode(name, current_version(codec, name), payload)


def write(codec: Codec, fact: Any) -> tuple[str, int, Payload]:
    if isinstance(fact, Undone):
        return "action_undone", STORE_EVENTS["action_undone"], {"action": fact.action, "reason": fact.reason}
    return codec.encode(fact)
