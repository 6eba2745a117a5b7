"""The Origami event codec on damaged payloads: each is refused with the event, the field and the type it needed
(the store names the row), and a sound payload comes back as the event, records and tuples included."""
from __future__ import annotations

import json
from typing import Any

import pytest

from scoring.errors import InputError
from scoring.origami import events as e
from scoring.origami.cards import CardId
from scoring.origami.codec import decode, encode
from scoring.origami.effects import Grant

GRANT = Grant(CardId("Kappa"), "take_discard", 1, 1, cards=(CardId("Chick"), CardId("Seal")), batch=3)
SOUND: list[Any] = [
    e.EffectOpened(0, CardId("Kappa"), (GRANT,)),
    e.CharacterPlayed(1, CardId("Ninja (red)"), (CardId("Chick"),), None, 5),
    e.CharacterPlayed(1, CardId("Ninja (red)"), (), CardId("Oni"), 6),
    e.OrigamiMoved(2, (0, 1), (1, 0)),
    e.TurnEnded(0, ()),
]


@pytest.mark.parametrize("event", SOUND, ids=lambda event: type(event).__name__)
def test_sound_payloads_come_back_as_the_event(event: Any) -> None:
    stored = json.loads(json.dumps(encode(event)))
    back = decode(*stored)
    assert back == event and type(back) is type(event)
    if isinstance(event, e.EffectOpened):
        assert type(back.grants[0]) is Grant and back.grants[0].cards == ("Chick", "Seal")


def payload(event: Any, **changes: Any) -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(json.dumps(encode(event)[2]))
    return {**stored, **changes}


DAMAGED = [
    ("turn_ended", payload(SOUND[4], player="0"), "player must be a whole number, not '0'"),
    ("turn_ended", payload(SOUND[4], player=True), "player must be a whole number, not True"),
    ("turn_ended", payload(SOUND[4], player=2**63), "player must be a whole number"),
    ("turn_ended", payload(SOUND[4], player=None), "player must be a whole number, not None"),
    ("turn_ended", payload(SOUND[4], discards="Chick"), "discards must be a list of text, not 'Chick'"),
    ("turn_ended", payload(SOUND[4], discards=["Chick", 3]), "discards must be a list of text"),
    ("origami_moved", payload(SOUND[3], source=[0, 1, 2]), "source must be a list of 2 values"),
    ("origami_moved", payload(SOUND[3], target=[0, "1"]), "target must be a list of 2 values"),
    ("character_played", payload(SOUND[1], replaced=3), "replaced must be text or null, not 3"),
    ("effect_opened", payload(SOUND[0], grants=[{"source": "Kappa"}]), "grants must be a list of Grant objects"),
    ("effect_opened", payload(SOUND[0], grants=[{**payload(SOUND[0])["grants"][0], "amount": "1"}]),
     "grants must be a list of Grant objects"),
    ("effect_opened", payload(SOUND[0], grants=[[]]), "grants must be a list of Grant objects"),
    ("turn_ended", {"player": 0}, "the payload must have exactly discards, player"),
    ("turn_ended", {"player": 0, "discards": [], "extra": 1}, "the payload must have exactly discards, player"),
    ("turn_ended", [0, []], "the payload must have exactly discards, player"),
]


@pytest.mark.parametrize(("name", "data", "message"), DAMAGED)
def test_damaged_payloads_are_refused_with_the_field_and_its_type(name: str, data: Any, message: str) -> None:
    with pytest.raises(InputError, match=f"^{name}: ") as refused:
        decode(name, 1, data)
    assert message in str(refused.value)
