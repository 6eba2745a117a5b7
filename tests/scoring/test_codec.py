"""The generic dataclass codec both engines' codecs are (scoring/codec.py): events written as JSON-ready payloads and
read back exactly, the game's own values through its leaves, every damaged payload refused naming the field."""
from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction

import pytest

from scoring.codec import Codec, Leaf
from scoring.errors import InputError


class Colour(Enum):
    RED = 1
    BLUE = 2


class Word(StrEnum):
    YES = "yes"


@dataclass(frozen=True, slots=True)
class Inner:
    amount: int
    share: Fraction | None


@dataclass(frozen=True, slots=True)
class Flat:
    seat: int
    names: tuple[str, ...]
    note: str | None
    word: Word


@dataclass(frozen=True, slots=True)
class Rich:
    colour: Colour
    parts: tuple[Inner, ...]
    pairs: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Lists:
    shares: tuple[Fraction, ...]  # a list of the game's values: read with one check for the list
    triple: tuple[str, int, bool]


def _fraction(v: object) -> Fraction:
    if not isinstance(v, str):
        raise ValueError(v)
    return Fraction(v)


CODEC = Codec({Flat: "flat", Rich: "rich", Lists: "lists"}, 3, {Fraction: Leaf(str, _fraction, "a fraction such as 1/2")},
              game="Test")
EVENTS = [Flat(2, ("Ann", "Bob"), None, Word.YES),
          Rich(Colour.BLUE, (Inner(3, Fraction(1, 2)), Inner(-1, None)), (("a", 1), ("b", 2))),
          Lists((Fraction(1, 2), Fraction(3)), ("a", -1, True)), Lists((), ("", 0, False))]


@pytest.mark.parametrize("event", EVENTS)
def test_an_event_goes_through_json_and_back_the_same(event: object) -> None:
    name, version, payload = CODEC.encode(event)
    assert version == 3 and CODEC.decode(name, version, json.loads(json.dumps(payload))) == event


def test_the_games_own_values_and_enums_are_written_as_json_values() -> None:
    assert CODEC.encode(EVENTS[1])[2] == {"colour": 2, "parts": [{"amount": 3, "share": "1/2"},
                                                                 {"amount": -1, "share": None}],
                                          "pairs": [["a", 1], ["b", 2]]}


@pytest.mark.parametrize(("name", "payload", "said"), [
    ("flat", {"seat": "2", "names": [], "note": None, "word": "yes"}, "flat: seat must be a whole number, not '2'"),
    ("flat", {"seat": True, "names": [], "note": None, "word": "yes"}, "seat must be a whole number, not True"),
    ("flat", {"seat": 2, "names": "Ann", "note": None, "word": "yes"}, "names must be a list of text, not 'Ann'"),
    ("flat", {"seat": 2, "names": [], "note": 3, "word": "yes"}, "note must be text or null, not 3"),
    ("flat", {"seat": 2, "names": []}, "the payload must have exactly names, note, seat, word"),
    ("rich", {"colour": 3, "parts": [], "pairs": []}, "colour must be one of 1, 2, not 3"),
    ("rich", {"colour": 1, "parts": [{"amount": 1, "share": 0.5}], "pairs": []},
     "parts must be a list of Inner objects, not [{'amount': 1, 'share': 0.5}]"),
    ("rich", {"colour": 1, "parts": [], "pairs": [["a", 1, 2]]}, "pairs must be a list of a list of 2 values"),
    ("rich", {"colour": 1, "parts": [], "pairs": [["a", "b"]]}, "pairs must be a list of a list of 2 values"),
    ("rich", {"colour": 1, "parts": [], "pairs": [["a"]]}, "pairs must be a list of a list of 2 values"),
    ("rich", {"colour": 1, "parts": [], "pairs": "ab"}, "pairs must be a list of a list of 2 values, not 'ab'"),
    ("lists", {"shares": ["1/2", 3], "triple": ["a", 1, True]},
     "shares must be a list of a fraction such as 1/2, not ['1/2', 3]"),
    ("lists", {"shares": ["1/2", "x"], "triple": ["a", 1, True]}, "shares must be a list of a fraction such as 1/2"),
    ("lists", {"shares": "1/2", "triple": ["a", 1, True]}, "shares must be a list of a fraction such as 1/2, not '1/2'"),
    ("lists", {"shares": [], "triple": ["a", 1]}, "triple must be a list of 3 values, not ['a', 1]"),
    ("lists", {"shares": [], "triple": ["a", 1, 1]}, "triple must be a list of 3 values, not ['a', 1, 1]"),
    ("other", {}, "unknown event type 'other'"),
])
def test_a_damaged_payload_is_refused_naming_the_field(name: str, payload: dict[str, object], said: str) -> None:
    with pytest.raises(InputError) as refused:
        CODEC.decode(name, 3, payload)
    assert said in str(refused.value)


def test_another_version_or_an_event_of_another_game_is_refused() -> None:
    with pytest.raises(InputError, match="version 2 is not readable by this companion"):
        CODEC.decode("flat", 2, {})
    with pytest.raises(InputError, match="Inner is not an event of Test"):
        CODEC.encode(Inner(1, None))
