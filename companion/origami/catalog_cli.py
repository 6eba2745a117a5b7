"""`companion catalog` for Origami: every card with what is known and where each value came from; `catalog set`
fills in or corrects a value in the user's catalogue (kept in the database, never in the shipped files)."""
from __future__ import annotations

import argparse
from typing import Any

from scoring.catalogue_file import fold
from scoring.errors import InputError
from scoring.i18n import N_, _
from scoring.origami.card_names import family_name, search_words, shown, shown_text
from scoring.origami.cards import Card
from scoring.origami.catalog import EDITABLE, Catalogue, typed_value
from scoring.origami.templates import TYPED_EXAMPLE

from ..games import KINDS
from . import catalog_share
from .catalogue import remember

COLUMNS = ("quantity", "cost", "folds", "points", "effect")
# The listing's headings; the fields below them are named as `catalog set` takes them.
HEADINGS = (N_("card"), N_("game"), N_("family"), N_("qty"), N_("cost"), N_("folds"), N_("points"), N_("effect"))
# TRANSLATORS: the commands are typed as they are: translate only "e.g." and "or".
SET_USAGE = N_("companion catalog set CARD FIELD VALUE, e.g. companion catalog set Sheep points 2, or "
               "companion catalog set \"Actor (red)\" scoring most_in_hand amount=3")
NOT_KNOWN = N_("? (not known yet)")


def run(args: argparse.Namespace, catalogue: Catalogue, url: str) -> tuple[Any, str]:
    """(JSON data, text) for `companion catalog`; `catalog set` writes one value first."""
    words: list[str] = args.words
    if words[:1] == ["set"]:
        return _set(words[1:], catalogue, url)
    if words[:1] and words[0] in catalog_share.VERBS:
        return catalog_share.run(args, catalogue, url)
    query = fold(" ".join(words))
    # By name (in any language), game or family: not by effect text, where other cards are named ("every Sheep").
    cards = sorted((card for card in catalogue.cards.values() if query in search_words(card, texts=False)),
                   key=lambda card: (card.game.value, card.family or "~", card.id))
    if not cards:
        raise InputError(_("no card matches {typed}: try part of a name, a family or a game").format(
            typed=repr(" ".join(words))))
    text = _details(cards[0]) if len(cards) == 1 else _listing(cards)
    return [card_json(card) for card in cards], text


def _set(words: list[str], catalogue: Catalogue, url: str) -> tuple[Any, str]:
    if len(words) < 3:
        raise InputError(_("give a card, a field and a value: {usage}").format(usage=_(SET_USAGE)), where="catalog set")
    from db.store import Store  # only this verb writes

    # CARD FIELD VALUE: the field is the last word naming one (a scoring rule's value takes several words).
    at = max((i for i, w in enumerate(words[:-1]) if i and w.casefold().replace("-", "_") in EDITABLE),
             default=len(words) - 2)  # no field named: typed_value says which fields there are
    name, field_name, typed = words[:at], words[at], " ".join(words[at + 1:])
    card = catalogue.resolve(" ".join(name), where="catalog set")
    field, value = typed_value(field_name, typed)
    store = Store.open(url, KINDS)
    try:
        card = remember(store, catalogue, card.id, field, value).card(card.id)
    finally:
        store.close()
    written = card.scoring.describe() if field == "scoring" and card.scoring else getattr(card, field)
    return card_json(card), _("{card}: {field} = {value} (kept in your catalogue)").format(
        card=card.id, field=field, value=written)


def card_json(card: Card) -> dict[str, Any]:
    values = {f: getattr(card, f) for f in (*COLUMNS, "hand_modifier", "price_modifier")}
    return {"id": card.id, "name": card.name, "colour": card.colour, "game": card.game.value,
            "family": card.family, "kind": card.kind.value, "names": list(card.names),
            "values": {k: (str(v) if k == "effect" and v is not None else v) for k, v in values.items()},
            "unknown": sorted(card.unknown), "sources": dict(card.source), "text": card.text}


def _cell(card: Card, field: str) -> str:
    value = getattr(card, field)
    if value is None:
        return "?" if field in card.unknown else "-"
    return f"{value}*" if card.source_of(field) == "user" else str(value)


def _listing(cards: list[Card]) -> str:
    rows: list[tuple[str, ...]] = [tuple(_(heading) for heading in HEADINGS)]
    rows += [(shown(c), c.game.value, family_name(c.family) if c.family else c.kind.value,
              *(_cell(c, f) for f in COLUMNS)) for c in cards]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=False)).rstrip() for row in rows]
    return "\n".join(lines) + (
        "\n\n" + _("? = not known yet, - = the card has none, * = your value. Fill one in from the card: "
                     "{usage}.").format(usage=_(SET_USAGE)))


def _details(card: Card) -> str:
    name = shown(card)
    names = ", ".join(n for n in card.names if n not in (card.id, name))
    also = " · " + _("also {names}").format(names=names) if names else ""
    family = family_name(card.family) if card.family else card.kind.value
    lines = [f"{name} · {card.game.value} · {family}{also}", shown_text(card) or _("No effect text recorded.")]
    for field in (*COLUMNS, "hand_modifier", "price_modifier"):
        value, origin = getattr(card, field), card.source_of(field)
        if value is None and field not in card.unknown:
            continue
        said = _(NOT_KNOWN) if value is None else f"{value}" + (
            " " + _("(from {source})").format(source=origin) if origin else "")
        lines.append(f"  {field:<15} {said}")
    if card.scoring is not None or "scoring" in card.unknown:
        rule = card.scoring.describe() if card.scoring else _(NOT_KNOWN)
        source = card.source_of("scoring") if card.scoring else None
        lines.append(f"  {'scoring':<15} {rule}" + (" " + _("(from {source})").format(source=source) if source else ""))
    settable = sorted(card.unknown & set(EDITABLE))
    if settable:
        value = _("TEMPLATE [PARAMETER=VALUE …], e.g. {example}").format(example=TYPED_EXAMPLE) \
            if settable[0] == "scoring" else "VALUE"
        lines.append(_("Fill in from the card: {command}").format(
            command=f"companion catalog set \"{card.id}\" {settable[0]} {value}"))
    if card.evidence:
        lines.append(_("Evidence: {evidence}").format(evidence=card.evidence))
    return "\n".join(lines)
