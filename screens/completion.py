"""Completion as you type: words, alone or the item being typed in a comma-separated input."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.suggester import Suggester


def complete_word(typed: str, words: Iterable[str]) -> str | None:
    """The rest of the first word that starts with `typed` (case-insensitive), or None; None too when `typed` is
    a word itself: an exact name means that name, not a longer one it begins (Cat, not Caterpillar)."""
    if not typed.strip():
        return None
    folded = typed.casefold()
    longer = None
    for word in words:
        if word.casefold() == folded:
            return None
        if longer is None and word.casefold().startswith(folded) and len(word) > len(typed):
            longer = word[len(typed):]
    return longer


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


def word_list(words: Callable[[], Iterable[str]]) -> Completer:
    """Completion for a comma-separated list of names (profiles, families…) from `words()`."""
    return Completer(lambda value: complete_word(last_item(value)[1], words()))
