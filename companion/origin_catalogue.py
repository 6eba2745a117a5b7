"""Origin Story's catalogue for the shell: the shipped file with the user's catalogue files for this game over it,
and `companion catalog --game origin-story`."""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from scoring.catalogue_file import fold, load_toml
from scoring.errors import InputError
from scoring.origin.catalog import GAME, Card, Catalogue, parse_catalogue, user_entries

from .catalogue import read_text

SHIPPED = "origin_story.toml"
SHOWN = ("cost", "remove", "involves_others", "timing", "solo_banned", "template", "amount", "colour", "event",
         "rounds")


@cache
def shipped() -> Catalogue:
    return parse_catalogue(SHIPPED, (resources.files("scoring") / "cards" / SHIPPED).read_text(encoding="utf-8"))


def is_origin_file(name: str, text: str) -> bool:
    """A user's catalogue file is Origin Story's when it says `game = "origin-story"` (Origami's say no game)."""
    return load_toml(name, text).get("game") == GAME


def load(extra: Iterable[Path] = ()) -> Catalogue:
    """The shipped catalogue with each of the user's Origin Story catalogue files over it, in order."""
    catalogue = shipped()
    for path in extra:
        text = read_text(path, "catalogue")
        if is_origin_file(str(path), text):
            catalogue = catalogue.with_entries(user_entries(str(path), text))
    return catalogue


def run(words: list[str], catalogue: Catalogue) -> tuple[Any, str]:
    """(JSON data, text) for `companion catalog --game origin-story [WORDS]`."""
    if words[:1] == ["set"]:
        raise InputError("Origin Story's values are kept in a catalogue file of yours for now: write "
                         '`game = "origin-story"` and [[card]] tables in it and pass --catalog FILE',
                         where="catalog set")
    query = fold(" ".join(words))
    cards = sorted((c for c in catalogue.cards.values() if query in fold(f"{c.name}{c.kind.value}")),
                   key=lambda c: (c.kind.value, c.name))
    if not cards:
        raise InputError(f"no Origin Story card matches {' '.join(words)!r}: the catalogue knows "
                         f"{', '.join(sorted(c.name for c in catalogue.cards.values()))}")
    counts = "; ".join(f"{kind.replace('_', ' ')} {n} ({catalogue.count_sources.get(kind, '?')})"
                       for kind, n in catalogue.counts.items())
    unknown = ", ".join(catalogue.unknown_counts)
    text = "\n\n".join(_details(c) for c in cards) if len(cards) <= 3 else _listing(cards)
    text += f"\n\nIn the box: {counts}. Not known: how many {unknown} cards."
    return {"counts": dict(catalogue.counts), "cards": [card_json(c) for c in cards]}, text


def card_json(card: Card) -> dict[str, Any]:
    values = {f: _plain(getattr(card, f)) for f in SHOWN}
    return {"name": card.name, "kind": card.kind.value, "text": card.text, "values": values,
            "unknown": sorted(card.unknown), "sources": dict(card.source)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [str(v) for v in value] if value and not isinstance(value[0], int) else list(value)
    return value


def _shown(card: Card, field: str) -> str | None:
    value = getattr(card, field)
    if value is None:
        return "? (not known yet)" if field in card.unknown else None
    text = ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
    origin = card.origin(field)
    return text + (f" (from {origin})" if origin else "")


def _details(card: Card) -> str:
    lines = [f"{card.name} · {card.kind.value} card" + (f" (name from a {card.origin('name')})"
                                                         if card.origin("name") == "review" else ""),
             card.text or "Nothing is recorded of what it does."]
    lines += [f"  {field:<15} {shown}" for field in SHOWN if (shown := _shown(card, field)) is not None]
    return "\n".join(lines)


def _listing(cards: list[Card]) -> str:
    width = max(len(c.name) for c in cards)
    return "\n".join(f"{c.name:<{width}}  {c.kind.value:<10}  {c.text}" for c in cards)
