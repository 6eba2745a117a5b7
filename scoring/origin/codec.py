"""Origin Story's events to and from JSON-ready payloads for the durable log: stable `os.` names and a version.
Cards and values are written in the short notation (`9br`, `4.5lv`, `4.5`); a payload that does not read back
exactly is refused with InputError (the store names the damaged event)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from typing import Any

from ..errors import InputError
from . import events as e
from .cards import Card, Suit, format_value, parse_card, parse_value
from .round_input import Alignment, Effect, EffectKind
from .sheet import RoundScore

VERSION = 1

# Stable names: stored logs depend on them; a class may be renamed, its name here may not.
NAMES: dict[type, str] = {
    e.GameStarted: "os.GameStarted", e.SoloDeckBuilt: "os.SoloDeckBuilt", e.DealerChosen: "os.DealerChosen",
    e.RoundStarted: "os.RoundStarted", e.HandDealt: "os.HandDealt",
    e.VancardianEffectResolved: "os.VancardianEffectResolved", e.AlignmentsRevealed: "os.AlignmentsRevealed",
    e.CardPlayed: "os.CardPlayed", e.SidekickCardTurned: "os.SidekickCardTurned", e.CardsDrawn: "os.CardsDrawn",
    e.DeckReshuffled: "os.DeckReshuffled", e.VancardianChose: "os.VancardianChose", e.TrickWon: "os.TrickWon",
    e.RevokeFlagged: "os.RevokeFlagged", e.AbilityUsed: "os.AbilityUsed",
    e.CardsExchanged: "os.CardsExchanged", e.Surrendered: "os.Surrendered",
    e.RoundScored: "os.RoundScored", e.DealerPassed: "os.DealerPassed", e.GameEnded: "os.GameEnded",
    e.RuleOverridden: "os.RuleOverridden",
    e.EventRevealed: "os.EventRevealed", e.StaminaChanged: "os.StaminaChanged",
    e.StoryCardPlaced: "os.StoryCardPlaced", e.SuperheroRevealed: "os.SuperheroRevealed",
    e.AbilityCharged: "os.AbilityCharged", e.StaminaRemoved: "os.StaminaRemoved",
}
TYPES: dict[str, type] = {name: cls for cls, name in NAMES.items()}
FIELDS: dict[type, tuple[str, ...]] = {cls: tuple(f.name for f in fields(cls)) for cls in NAMES}


def _card(v: Any) -> Card:
    if not isinstance(v, str):
        raise InputError(f"{v!r} is not a card")
    return parse_card(v, solo=True)


def _cards(v: Any) -> tuple[Card, ...]:
    return tuple(_card(x) for x in _list(v))


def _list(v: Any) -> list[Any]:
    if not isinstance(v, list):
        raise InputError(f"{v!r} is not a list")
    return v


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise InputError(f"{v!r} is not text")
    return v


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InputError(f"{v!r} is not a whole number")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise InputError(f"{v!r} is not true or false")
    return v


def _optional(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else read(v)


def _pairs(second: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def read(v: Any) -> tuple[tuple[str, Any], ...]:
        out = []
        for item in _list(v):
            if not isinstance(item, list) or len(item) != 2:
                raise InputError(f"{item!r} is not a pair")
            out.append((_str(item[0]), second(item[1])))
        return tuple(out)
    return read


def _effect_out(x: Effect) -> dict[str, Any]:
    return {"kind": x.kind.value, "amount": x.amount, "card": None if x.card is None else str(x.card),
            "value": None if x.value is None else format_value(x.value),
            "suit": None if x.suit is None else x.suit.value, "target": x.target,
            "cards": [str(c) for c in x.cards], "text": x.text}


def _effect_in(v: Any) -> Effect:
    if not isinstance(v, dict) or set(v) != {"kind", "amount", "card", "value", "suit", "target", "cards", "text"}:
        raise InputError(f"{v!r} is not an ability effect")
    return Effect(EffectKind(_str(v["kind"])), _int(v["amount"]), _optional(_card)(v["card"]),
                  _optional(lambda s: parse_value(_str(s)))(v["value"]), _optional(lambda s: Suit(_str(s)))(v["suit"]),
                  _str(v["target"]), _cards(v["cards"]), _str(v["text"]))


def _line_out(x: RoundScore) -> dict[str, Any]:
    return {"player": x.player, "alignment": x.alignment.value, "tricks": x.tricks,
            "abilities": [[s, vp] for s, vp in x.abilities], "surrender_vp": x.surrender_vp}


def _line_in(v: Any) -> RoundScore:
    if not isinstance(v, dict) or set(v) != {"player", "alignment", "tricks", "abilities", "surrender_vp"}:
        raise InputError(f"{v!r} is not a round's score line")
    return RoundScore(_str(v["player"]), Alignment(_str(v["alignment"])), _int(v["tricks"]),
                      _pairs(_int)(v["abilities"]), _int(v["surrender_vp"]))


def _triples(v: Any) -> tuple[tuple[str, int, int], ...]:
    out = []
    for item in _list(v):
        if not isinstance(item, list) or len(item) != 3:
            raise InputError(f"{item!r} is not [seat, number, number]")
        out.append((_str(item[0]), _int(item[1]), _int(item[2])))
    return tuple(out)


def _names(v: Any) -> tuple[str, ...]:
    return tuple(_str(x) for x in _list(v))


# Each field name reads back the same way in every event that has it.
READ: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(("card", "took", "gave"), _card),
    **dict.fromkeys(("cards", "kept", "discarded", "row_after", "drew", "added"), _cards),
    "value": _optional(lambda s: parse_value(_str(s))), "suit": _optional(lambda s: Suit(_str(s))),
    "alignment": _pairs(lambda s: Alignment(_str(s))), "choices": _pairs(_str), "steps": _pairs(_str),
    **dict.fromkeys(("players", "colours", "winners"), _names), "difficulty_colour": _optional(_str),
    "effects": lambda v: tuple(_effect_in(x) for x in _list(v)),
    "lines": lambda v: tuple(_line_in(x) for x in _list(v)),
    "totals": _triples, "scores": _triples, "vp": _int,
    **dict.fromkeys(("round", "count", "void_trick", "proof_trick", "slot", "discards", "delta", "stamina"), _int),
    "permanent": _bool, "involves_others": _optional(_bool),
    **dict.fromkeys(("trick", "difficulty"), _optional(_int)),
    **dict.fromkeys(("named", "ignore_follow"), _bool),
}


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Fraction):
        return format_value(value)
    if isinstance(value, Effect):
        return _effect_out(value)
    if isinstance(value, RoundScore):
        return _line_out(value)
    if isinstance(value, (Suit, Alignment)):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def encode(event: e.Event) -> tuple[str, int, dict[str, Any]]:
    """(type name, version, payload)."""
    if type(event) not in NAMES:
        raise InputError(f"{type(event).__name__} is not an Origin Story event: it cannot go in this game's log")
    return NAMES[type(event)], VERSION, {name: _plain(getattr(event, name)) for name in FIELDS[type(event)]}


def decode(name: str, version: int, payload: dict[str, Any]) -> e.Event:
    cls = TYPES.get(name)
    if cls is None:
        raise InputError(f"unknown event type {name!r}: written by a newer companion?")
    if version != VERSION:
        raise InputError(f"{name} version {version} is not readable by this companion (it reads {VERSION})")
    expected = FIELDS[cls]
    if not isinstance(payload, dict) or set(payload) != set(expected):
        raise InputError(f"{name}: the payload must have exactly {', '.join(sorted(expected))}")
    try:
        values: dict[str, Any] = {}
        for k in expected:
            reader: Callable[[Any], Any] = READ[k] if k in READ else _str
            values[k] = reader(payload[k])
    except ValueError as exc:  # InputError, and an unknown suit, alignment or effect kind
        raise InputError(f"{name}: {exc}") from None
    make: Callable[..., e.Event] = cls
    return make(**values)
