"""Origin Story's catalogue for the shell: the shipped file with the user's catalogue files for this game over it,
and `companion catalog --game origin-story`."""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from scoring.catalogue_file import fold
from scoring.errors import InputError
from scoring.i18n import _
from scoring.origin.card_texts import shown_text
from scoring.origin.catalog import Card, Catalogue, parse_catalogue, user_entries

from ..catalogue import Value, files_of
from ..games import KINDS
from . import KIND

SHIPPED = "origin_story.toml"
FLAGS = ("remove", "involves_others", "solo_banned")
SETTABLE = ("kind", "cost", *FLAGS, "timing", "template", "amount", "text", "colour", "event", "rounds")
SET_USAGE = (  # a command as typed: the same in every language
             'companion catalog --game origin-story set CARD FIELD VALUE, e.g. set Monologuing template '
             'vp_per_trick')
SHOWN = ("cost", "remove", "involves_others", "timing", "solo_banned", "template", "amount", "colour", "event",
         "rounds")


@cache
def shipped() -> Catalogue:
    return parse_catalogue(SHIPPED, (resources.files("scoring") / "cards" / SHIPPED).read_text(encoding="utf-8"))


def load(extra: Iterable[Path] = (), values: Iterable[tuple[str, str, Any]] = ()) -> Catalogue:
    """The shipped catalogue with each of the user's Origin Story catalogue files over it, in order, then the
    values kept in the database (`values`: this game's, as the store gives them)."""
    catalogue = shipped()
    for name, text in files_of(KIND, extra):
        catalogue = catalogue.with_entries(user_entries(name, text))
    return with_values(catalogue, values)


def with_values(catalogue: Catalogue, values: Iterable[Value]) -> Catalogue:
    cards: dict[str, dict[str, Any]] = {}
    for name, field, value in values:
        cards.setdefault(name, {"name": name})[field] = value
    # TRANSLATORS: where a card's values came from (named when one is refused): the user's catalogue, the card.
    return catalogue.with_entries((_("your catalogue: {card}").format(card=name), entry)
                                  for name, entry in cards.items())


def typed(field: str, text: str) -> Any:
    """A value as typed at the shell (`cost 1,2`, `timing end-of-round`, `solo_banned yes`) as the catalogue
    keeps it; the catalogue checks it when it is applied."""
    text = text.strip()
    if field == "cost":
        try:
            return [int(part) for part in text.split(",")]
        except ValueError:
            raise InputError(_("cost takes one or two whole numbers, e.g. `cost 2` or `cost 1,2`, not {typed}").format(
                typed=repr(text)), where="catalog set") from None
    if field in FLAGS:
        answers = {"yes": True, "true": True, "no": False, "false": False}
        if text.casefold() not in answers:
            raise InputError(_("{field} takes yes or no, not {typed}").format(field=field, typed=repr(text)),
                             where="catalog set")
        return answers[text.casefold()]
    if field == "amount":
        try:
            return int(text)
        except ValueError:
            raise InputError(_("amount takes a whole number, not {typed}").format(typed=repr(text)),
                             where="catalog set") from None
    if field == "timing":
        return [part.strip() for part in text.split(",") if part.strip()]
    if field == "rounds":
        return [part.strip() for part in text.split(";")]
    return text


def set_value(words: list[str], catalogue: Catalogue, url: str) -> tuple[Any, str]:
    """`catalog --game origin-story set CARD FIELD VALUE`: checked first (a bad value stores nothing), then kept
    in the user's catalogue in the database."""
    field_at = next((i for i, w in enumerate(words) if w.casefold().replace("-", "_") in SETTABLE), None)
    if field_at is None or field_at == 0 or field_at == len(words) - 1:
        raise InputError(_("give a card, a field ({fields}) and a value: {usage}").format(
            fields=", ".join(SETTABLE), usage=SET_USAGE), where="catalog set")
    field = words[field_at].casefold().replace("-", "_")
    name = " ".join(words[:field_at])
    known = catalogue.lookup(name)
    name = known.name if known else name
    value = typed(field, " ".join(words[field_at + 1:]))
    checked = catalogue.with_entries([(f"catalog set {name}", {"name": name, field: value})])
    from db.store import Store  # only this verb writes

    store = Store.open(url, KINDS)
    try:
        store.catalogue.set_value(KIND, name, field, value)
    finally:
        store.close()
    card = checked.lookup(name)
    assert card is not None
    return card_json(card), _("{card}: {field} = {value} (kept in your catalogue)").format(
        card=card.name, field=field, value=_shown(card, field))


def run(words: list[str], catalogue: Catalogue, url: str) -> tuple[Any, str]:
    """(JSON data, text) for `companion catalog --game origin-story [WORDS | set CARD FIELD VALUE]`."""
    if words[:1] == ["set"]:
        return set_value(words[1:], catalogue, url)
    query = fold(" ".join(words))
    cards = sorted((c for c in catalogue.cards.values() if query in fold(f"{c.name}{c.kind.value}")),
                   key=lambda c: (c.kind.value, c.name))
    if not cards:
        raise InputError(_("no Origin Story card matches {typed}: the catalogue knows {cards}").format(
            typed=repr(" ".join(words)), cards=", ".join(sorted(c.name for c in catalogue.cards.values()))))
    counts = "; ".join(f"{kind.replace('_', ' ')} {n} ({catalogue.count_sources.get(kind, '?')})"
                       for kind, n in catalogue.counts.items())
    unknown = ", ".join(catalogue.unknown_counts)
    text = "\n\n".join(_details(c) for c in cards) if len(cards) <= 3 else _listing(cards)
    text += "\n\n" + _("In the box: {counts}. Not known: how many {kinds} cards.").format(counts=counts, kinds=unknown)
    text += "\n" + _("Keep a value you know: {usage}.").format(usage=SET_USAGE)
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
        return _("? (not known yet)") if field in card.unknown else None
    text = ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
    origin = card.origin(field)
    # TRANSLATORS: after a card's value: where it was read ("rulebook", "card", "user"…, as the catalogue keeps it).
    return _("{value} (from {source})").format(value=text, source=origin) if origin else text


def _details(card: Card) -> str:
    # TRANSLATORS: a card's name and kind (story, superhero, character, event, vancardian: as typed).
    head = _("{card} · {kind} card").format(card=card.name, kind=card.kind.value)
    if card.origin("name") == "review":
        head += _(" (name from a {source})").format(source=card.origin("name"))
    lines = [head, shown_text(card) or _("Nothing is recorded of what it does.")]
    lines += [f"  {field:<15} {shown}" for field in SHOWN if (shown := _shown(card, field)) is not None]
    return "\n".join(lines)


def _listing(cards: list[Card]) -> str:
    width = max(len(c.name) for c in cards)
    return "\n".join(f"{c.name:<{width}}  {c.kind.value:<10}  {shown_text(c)}" for c in cards)
