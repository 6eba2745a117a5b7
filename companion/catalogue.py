"""Loading the catalogue: the shipped files (package data) with the user's own files over them."""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring.catalogue_file import load_toml
from scoring.errors import InputError
from scoring.origami.catalog import Catalogue, parse_catalogue, user_entries
from scoring.origin.catalog import GAME as ORIGIN_GAME

if TYPE_CHECKING:
    from db.store import Store

SHIPPED = ("origami.toml", "legends.toml")
# Origin Story's values live in the database's card_values beside Origami's, under this prefix: one table for every
# game's values, no name of one game taken for the other's.
ORIGIN_STORED = f"{ORIGIN_GAME}:"


def is_origin_file(name: str, text: str) -> bool:
    """A user's catalogue file is Origin Story's when it says `game = "origin-story"` (Origami's say no game)."""
    return load_toml(name, text).get("game") == ORIGIN_GAME


@cache
def shipped() -> Catalogue:
    folder = resources.files("scoring") / "cards"
    return parse_catalogue((name, (folder / name).read_text(encoding="utf-8")) for name in SHIPPED)


def read_text(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no such {what} file", where=str(path)) from None
    except UnicodeDecodeError:
        raise InputError(f"the {what} file is not UTF-8 text", where=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read the {what} file: {exc.strerror}", where=str(path)) from None


def load(extra: Iterable[Path] = ()) -> Catalogue:
    """The shipped catalogue with each user catalogue file applied over it, in order."""
    catalogue = shipped()
    for path in extra:
        text = read_text(path, "catalogue")
        if is_origin_file(str(path), text):
            continue  # another game's file (companion/origin_catalogue.py reads it)
        catalogue = catalogue.with_entries(user_entries(str(path), text), origin="user")
    return catalogue


def with_values(base: Catalogue, values: Iterable[tuple[str, str, object]]) -> Catalogue:
    """`base` with the card values players supplied (the user's catalogue in the database) over it."""
    cards: dict[str, dict[str, object]] = {}
    for card, field, value in values:
        if card.startswith(ORIGIN_STORED):  # another game's value (companion/origin_catalogue.py reads them)
            continue
        cards.setdefault(card, {"name": card})[field] = value
    return base.with_entries(((f"your catalogue: {name}", entry) for name, entry in cards.items()), origin="user")


def stored_values(url: str) -> list[tuple[str, str, Any]]:
    """The card values kept in the user's catalogue in the database; none while there is no database yet (this
    creates nothing)."""
    from db.engine import sqlite_path
    from db.store import Store

    path = sqlite_path(url)
    if path is not None and not path.exists():
        return []
    store = Store.open(url)
    try:
        return store.card_values()
    finally:
        store.close()


def remember(store: Store, catalogue: Catalogue, card: str, field: str, value: Any) -> Catalogue:
    """A value a player read off the card: checked first (a bad value stores nothing), then kept in the user's
    catalogue in the database; returns the catalogue that uses it."""
    checked = with_values(catalogue, [(card, field, value)])
    store.set_card_value(card, field, value)
    return checked
