"""The counts the engine's sentences share, each noun in the language in use and right at one ("1 card",
"3 cards"): the same words in both games' rules, refusals and replay lines."""
from __future__ import annotations

from .i18n import ngettext


def cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def drawn_cards(n: int) -> str:
    return ngettext("{n} drawn card", "{n} drawn cards", n).format(n=n)


def draws(n: int) -> str:
    return ngettext("{n} draw", "{n} draws", n).format(n=n)


def tricks(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def players(n: int) -> str:
    return ngettext("{n} player", "{n} players", n).format(n=n)
