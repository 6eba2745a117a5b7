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
    `prefer`'s first group (e.g. this game's) come before the others, and among those (and among the others) the
    ones in its next group, and so on: the card a name that fits several is narrowed to at the table comes first."""
    cards: list[Card] = catalogue.suggest(typed, games, limit=60 if prefer else 6)
    cards.sort(key=lambda card: tuple(card.id not in group for group in prefer))  # stable: the catalogue's ranking
    return complete_word(typed, (name for card in cards for name in (card.id, *card.names)))


def card_list(catalogue: Callable[[], Catalogue], games: Callable[[], Iterable[Game]],
              prefer: Callable[[], Sequence[Collection[CardId]]] = tuple) -> Completer:
    """Completion for a comma-separated list of cards (the catalogue and games may change meanwhile); `prefer`
    as `complete_card` takes it (e.g. the game's own cards first)."""
    return Completer(lambda value: complete_card(last_item(value)[1], catalogue(), games(), prefer()))
