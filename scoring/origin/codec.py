"""Origin Story's events to and from JSON-ready payloads for the durable log (scoring/codec.py): stable `os.` names
and a version. Cards and values are written in the short notation (`9br`, `4.5lv`, `4.5`), suits, alignments and
ability kinds as their names; a payload that does not read back exactly is refused with InputError."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..codec import Codec, Leaf
from ..i18n import N_, _
from ..said import Said
from . import events as e
from .cards import Card, Suit, format_value, parse_card, parse_value
from .round_input import Alignment, EffectKind

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


def _card(v: Any) -> Card:
    if not isinstance(v, str):
        raise ValueError(_("{value} is not a card").format(value=repr(v)))
    return _parsed(v)


@lru_cache(maxsize=256)  # a log names the same few dozen cards again and again; a card is immutable
def _parsed(text: str) -> Card:
    return parse_card(text, solo=True)


def _value(v: Any) -> Fraction:
    if not isinstance(v, str):
        raise ValueError(_("{value} is not a value").format(value=repr(v)))
    return parse_value(v)


def _text_enum(kind: type[Suit] | type[Alignment] | type[EffectKind]) -> Leaf[Any]:
    # A Said, as its values are known now: said in the language in use where a refusal names it.
    return Leaf(lambda member: member.value, kind, Said(N_("one of {values}"), values=", ".join(m.value for m in kind)))


# How a refusal calls each value (scoring/codec.py says them): marked here, made before a language is chosen.
CODEC = Codec(NAMES, VERSION, {
    Card: Leaf(str, _card, N_("a card such as 9br or 4.5lv")),
    Fraction: Leaf(format_value, _value, N_("a value such as 9 or 4.5")),
    Suit: _text_enum(Suit), Alignment: _text_enum(Alignment), EffectKind: _text_enum(EffectKind),
}, game="Origin Story")
encode, decode = CODEC.encode, CODEC.decode
