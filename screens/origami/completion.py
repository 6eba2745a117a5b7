"""Completion of Origami card names as you type (English, Italian or German), alone or in a comma-separated
list."""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from scoring.origami.cards import Card, CardId, Game
from scoring.origami.catalog import Catalogue

from ..completion import Completer, complete_word, last_item


def complete_card(typed: str, catalogue: Catalogue, games: Iterable[Game],
                  prefer: Sequence[Collection[CardId]] = ()) -> str | None:
    """The rest of the best card name that starts with `typed` (English, Italian or German); the cards of
    `prefer`'s first group (e.g. those on the table), then of its next (this game's), come before the others."""
    cards: list[Card] = catalogue.suggest(typed, games, limit=60 if prefer else 6)

    def tier(card: Card) -> int:
        return next((i for i, group in enumerate(prefer) if card.id in group), len(prefer))

    cards.sort(key=tier)  # stable: the catalogue's ranking within each group
    return complete_word(typed, (name for card in cards for name in (card.id, *card.names)))


def card_list(catalogue: Callable[[], Catalogue], games: Callable[[], Iterable[Game]],
              prefer: Callable[[], Sequence[Collection[CardId]]] = tuple) -> Completer:
    """Completion for a comma-separated list of cards (the catalogue and games may change meanwhile); `prefer`
    as `complete_card` takes it (e.g. the game's own cards first)."""
    return Completer(lambda value: complete_card(last_item(value)[1], catalogue(), games(), prefer()))
