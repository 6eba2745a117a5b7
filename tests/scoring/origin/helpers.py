"""Shared builders for the Origin Story referee tests: a round from short strings."""
from __future__ import annotations

from collections.abc import Sequence

from scoring.origin.cards import parse_card
from scoring.origin.round import (
    Ability,
    Alignment,
    CardTrick,
    RoundInput,
    RoundResult,
    TrickEntry,
    WinnerOnly,
    parse_effect,
    referee,
)
from scoring.origin.rules import Choices
from scoring.origin.setup import Mode, seating
from scoring.origin.trick import Play


def plays(*entries: str) -> CardTrick:
    """`plays("Ann 7br", "Bob 10br")`."""
    out = []
    for e in entries:
        seat, card = e.rsplit(" ", 1)
        out.append(Play(seat, parse_card(card)))
    return CardTrick(tuple(out))


def ability(player: str, source: str, *effects: str, trick: int | None = None, timing: str = "") -> Ability:
    return Ability(player, source, tuple(parse_effect(e) for e in effects), timing, trick)


def table_round(players: Sequence[str], dealer: str, tricks: Sequence[TrickEntry | Sequence[str]], *,
                mode: str = "table", alignment: dict[str, str] | None = None,
                abilities: Sequence[Ability] = (), hands: dict[str, list[str]] | None = None,
                show_tricks: str = "never") -> RoundResult:
    entries: list[TrickEntry] = []
    for t in tricks:
        entries.append(t if isinstance(t, (CardTrick, WinnerOnly)) else plays(*t))
    seats = seating(Mode(mode), list(players))
    return referee(RoundInput(
        seats, dealer, {k: Alignment(v) for k, v in (alignment or {}).items()}, tuple(entries), tuple(abilities),
        {k: tuple(parse_card(c) for c in v) for k, v in (hands or {}).items()}, Choices(show_tricks=show_tricks)))
