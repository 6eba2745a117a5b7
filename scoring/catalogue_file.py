"""What reading a catalogue file means for every game: TOML text in, `[[card]]` tables out, names folded for
comparison, and each value's provenance (where it came from) checked against the game's vocabulary.

Pure: the caller reads the file and hands over its text."""
from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

from .errors import InputError
from .i18n import _

USER = "user"  # a value a player supplied (the app, `catalog set`, a catalogue file of theirs)


def load_toml(name: str, text: str) -> dict[str, Any]:
    """The document in `text`; a syntax error names the file and the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(_("not valid TOML: {problem}").format(problem=exc), where=name) from None


def card_tables(doc: Mapping[str, Any], name: str, top_level: Collection[str] = ("card",)) -> list[dict[str, Any]]:
    """The `[[card]]` tables of a document that may hold only `top_level` keys."""
    cards = doc.get("card", [])
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise InputError(_("cards must be [[card]] tables"), where=name)
    unexpected = set(doc) - set(top_level)
    if unexpected:
        raise InputError(_("unexpected top-level keys: {keys}").format(keys=", ".join(sorted(unexpected))), where=name)
    return cards


@lru_cache(maxsize=4096)  # the referee looks up the same few card names on every action
def fold(name: str) -> str:
    """The form names are compared in: case, accents, spaces, brackets and hyphens do not matter
    ("ninja red" is "Ninja (red)")."""
    text = unicodedata.normalize("NFKD", name.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return "".join(ch for ch in text if ch.isalnum())


def provenance(entry: Mapping[str, Any], where: str, sources: Collection[str]) -> tuple[tuple[str, str], ...]:
    """The entry's `source` table (value name -> where it came from), each source one of `sources`."""
    table = entry.get("source", {})
    if not isinstance(table, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
        raise InputError(_("source: a table of value name = where it came from"), where=where)
    for key, origin in table.items():
        if origin not in sources:
            raise InputError(_("source of {key} must be one of {sources}, not {origin}").format(
                key=repr(key), sources=", ".join(sorted(sources)), origin=repr(origin)), where=where)
    return tuple(sorted(table.items()))
