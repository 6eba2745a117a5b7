"""Completion as you type: card names (any language) and words, for comma-separated inputs."""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from textual.suggester import Suggester

from scoring.origami.cards import Card, CardId, Game
from scoring.origami.catalog import Catalogue


def complete_word(typed: str, words: Iterable[str]) -> str | None:
    """The rest of the first word that starts with `typed` (case-insensitive), or None."""
    if not typed.strip():
        return None
    folded = typed.casefold()
    for word in words:
        if word.casefold().startswith(folded) and len(word) > len(typed):
            return word[len(typed):]
    return None


def complete_card(typed: str, catalogue: Catalogue, games: Iterable[Game],
                  prefer: Sequence[Collection[CardId]] = ()) -> str | None:
    """The rest of the best card name that starts with `typed` (English, Italian or German); the cards of
    `prefer`'s first group (e.g. those on the table), then of its next (this game's), come before the others."""
    cards: list[Card] = catalogue.suggest(typed, games, limit=60 if prefer else 6)

    def tier(card: Card) -> int:
        return next((i for i, group in enumerate(prefer) if card.id in group), len(prefer))

    cards.sort(key=tier)  # stable: the catalogue's ranking within each group
    return complete_word(typed, (name for card in cards for name in (card.id, *card.names)))


def last_item(value: str) -> tuple[str, str]:
    """('Chick, ', 'Chi') for 'Chick, Chi': what is settled, and the item being typed."""
    head, comma, tail = value.rpartition(",")
    stripped = tail.lstrip()
    return head + comma + tail[: len(tail) - len(stripped)], stripped


class Completer(Suggester):
    """Suggests how the value goes on; `rest(value)` says what the rest is (None: no suggestion)."""

    def __init__(self, rest: Callable[[str], str | None]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.rest = rest

    async def get_suggestion(self, value: str) -> str | None:
        rest = self.rest(value)
        return value + rest if rest else None


def card_list(catalogue: Callable[[], Catalogue], games: Callable[[], Iterable[Game]],
              prefer: Callable[[], Sequence[Collection[CardId]]] = tuple) -> Completer:
    """Completion for a comma-separated list of cards (the catalogue and games may change meanwhile); `prefer`
    as `complete_card` takes it (e.g. the game's own cards first)."""
    return Completer(lambda value: complete_card(last_item(value)[1], catalogue(), games(), prefer()))


def word_list(words: Callable[[], Iterable[str]]) -> Completer:
    """Completion for a comma-separated list of names (profiles, families…) from `words()`."""
    return Completer(lambda value: complete_word(last_item(value)[1], words()))
