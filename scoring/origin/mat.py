"""The cards on a player's mat (§3.2, §3.6): the story cards placed over its slots and, from round 5, the superhero
revealed; the character card is there too, but the log does not hold its name (the catalogue may know it as a
character). A card is named as forgivingly as Origami's: the exact name, else a unique beginning, part or close
spelling among that player's cards."""
from __future__ import annotations

import difflib
from collections.abc import Sequence

from .state import GameState


def mat_cards(state: GameState, player: str) -> tuple[str, ...]:
    """`player`'s named cards on the mat: story cards by slot, then the superhero once revealed."""
    slots = state.story_cards(player)
    hero = state.superhero(player)
    return tuple(slots[k] for k in sorted(slots)) + ((hero,) if hero else ())


def named(typed: str, cards: Sequence[str]) -> list[str]:
    """The cards `typed` may mean, best first: the exact name (any case), else those it begins, else those it is a
    part of, else close spellings (a small typo)."""
    key = " ".join(typed.split()).casefold()
    if not key:
        return []
    folded = {c.casefold(): c for c in cards}
    for test in (lambda n: n == key, lambda n: n.startswith(key), lambda n: key in n):
        found = [c for n, c in folded.items() if test(n)]
        if found:
            return found
    return [folded[n] for n in difflib.get_close_matches(key, list(folded), n=4, cutoff=0.7)]

