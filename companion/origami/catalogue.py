"""Origami's catalogue in the shell: the shipped files (package data) with the user's Origami files over them, and
the values kept in the user's catalogue in the database over those."""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring.i18n import _
from scoring.origami.catalog import Catalogue, parse_catalogue, user_entries

from ..catalogue import Value, files_of
from . import KIND

if TYPE_CHECKING:
    from db.store import Store

SHIPPED = ("origami.toml", "legends.toml")


@cache
def shipped() -> Catalogue:
    folder = resources.files("scoring") / "cards"
    return parse_catalogue((name, (folder / name).read_text(encoding="utf-8")) for name in SHIPPED)


def load(extra: Iterable[Path] = ()) -> Catalogue:
    """The shipped catalogue with each of the user's Origami catalogue files applied over it, in order."""
    catalogue = shipped()
    for name, text in files_of(KIND, extra):
        catalogue = catalogue.with_entries(user_entries(name, text), origin="user")
    return catalogue


def with_values(base: Catalogue, values: Iterable[Value]) -> Catalogue:
    """`base` with the card values players supplied (the user's catalogue in the database) over it."""
    cards: dict[str, dict[str, object]] = {}
    for card, field, value in values:
        cards.setdefault(card, {"name": card})[field] = value
    mine = ((_("your catalogue: {name}").format(name=name), entry) for name, entry in cards.items())
    return base.with_entries(mine, origin="user")


def remember(store: Store, catalogue: Catalogue, card: str, field: str, value: Any) -> Catalogue:
    """A value a player read off the card: checked first (a bad value stores nothing), then kept in the user's
    catalogue in the database; returns the catalogue that uses it."""
    checked = with_values(catalogue, [(card, field, value)])
    store.catalogue.set_value(KIND, card, field, value)
    return checked
