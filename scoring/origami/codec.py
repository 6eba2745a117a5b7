"""Origami's events to and from JSON-ready payloads for the durable log (scoring/codec.py): a stable type name and a
version per event; card ids, rule ids and the rest are text, numbers, flags and lists of them, an effect's grants
records inside the event."""
from __future__ import annotations

from ..codec import Codec
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
CODEC = Codec(NAMES, VERSION, game="Origami")
encode, decode = CODEC.encode, CODEC.decode
