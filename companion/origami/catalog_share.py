"""A catalogue filled in once, shared by the club: `companion catalog export FILE` writes the values kept in this
database's catalogue as a catalogue file (TOML `[[card]]` tables, as `--catalog` reads them), each value followed
by who entered it and when; `catalog import FILE` adds such a file's values to this database (a value already
there is kept unless `--replace`, and a different one is named as a conflict; importing twice adds nothing);
`catalog unset CARD FIELD` forgets one of your values, so the card is back to the shipped value or unknown."""
from __future__ import annotations

import argparse
import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring import counts
from scoring.errors import InputError
from scoring.i18n import _, ngettext
from scoring.origami.cards import character_id
from scoring.origami.catalog import Catalogue, user_entries

from .. import games
from ..catalogue import file_game, read_text, write_whole
from . import KIND
from .catalogue import shipped, with_values

if TYPE_CHECKING:
    from db.store import Store

VERBS = ("export", "import", "unset")
USAGE = {"export": "companion catalog export FILE [--by NAME]",
         "import": "companion catalog import FILE [--replace]",
         "unset": "companion catalog unset CARD FIELD"}
EXAMPLE = {"unset": "companion catalog unset Sheep points"}
STAMP = "%Y-%m-%d %H:%M UTC"
# After each exported value: `# entered by NAME, 2026-11-23 21:40 UTC` (or without `by NAME`). Read back by
# `catalog import`: the same words in every language.
ENTERED = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=.*#\s*entered(?: by (?P<by>.+?))?, "
                     r"(?P<at>\d{4}-\d\d-\d\d \d\d:\d\d) UTC\s*$")
Value = tuple[str, str, Any]  # card, field, value
LONGEST_NAME = 60  # characters of who entered a value (the database keeps as many)
QR_PROMPT = 1  # the line the shell's prompt takes under the code (as `companion share --qr`)


def run(args: argparse.Namespace, catalogue: Catalogue, url: str) -> tuple[Any, str]:
    """(JSON data, text) for `catalog export|import|unset …` (args.words[0] is the sub-verb)."""
    from db.store import Store

    verb, *words = args.words
    if verb == "unset" and len(words) < 2 or verb != "unset" and len(words) != 1:
        usage = (_("usage: {usage}, e.g. {example}").format(usage=USAGE[verb], example=EXAMPLE[verb])
                 if verb in EXAMPLE else _("usage: {usage}").format(usage=USAGE[verb]))
        raise InputError(usage, where=f"catalog {verb}")
    store = Store.open(url, games.KINDS)
    try:
        if verb == "export":
            return export(store, Path(words[0]), getattr(args, "by", None), bool(getattr(args, "qr", False)))
        if verb == "import":
            return import_file(store, catalogue, Path(words[0]), bool(getattr(args, "replace", False)))
        return unset(store, catalogue, " ".join(words[:-1]), words[-1])
    finally:
        store.close()


# --- export -----------------------------------------------------------------------------------------
def toml_value(value: Any) -> str:
    """A value as TOML writes it: numbers, text, true/false, lists and inline tables (what card values hold)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise InputError(_("a value of your catalogue cannot be written to a file: {value!r}").format(value=value))


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def catalogue_text(rows: list[tuple[str, str, Any, datetime, str | None]], by: str | None, now: datetime) -> str:
    """The catalogue file of `rows` (card, field, value, when entered, by whom): one `[[card]]` per card. `by`
    shares the file and names who entered the values of no recorded author (this database's user's). The opening
    comments are for the person reading the file (nothing reads them back): in the language in use."""
    cards: dict[str, list[tuple[str, Any, datetime, str | None]]] = {}
    for card, field, value, at, author in rows:
        cards.setdefault(card, []).append((field, value, at, author or by))
    stamp, count = f"{now.astimezone(UTC):{STAMP}}", values_of_cards(len(rows), len(cards))
    shared = (_("Card values read off the cards, shared from an Origami companion database by {by} on {at}: {count}.")
              .format(by=by, at=stamp, count=count) if by else
              _("Card values read off the cards, shared from an Origami companion database on {at}: {count}.")
              .format(at=stamp, count=count))
    out = ["# " + shared,
           "# " + _("Use them with `companion --catalog FILE …`, or keep them in your database: "
                    "`companion catalog import FILE`."),
           "# " + _("After each value: who entered it and when.")]
    for card, values in cards.items():
        out += ["", "[[card]]", f"name = {toml_value(card)}"]
        out += [f"{toml_key(f)} = {toml_value(v)}  # entered{f' by {who}' if who else ''}, "
                f"{at.astimezone(UTC):{STAMP}}" for f, v, at, who in values]
    return "\n".join(out) + "\n"


def export(store: Store, path: Path, by: str | None, qr_code: bool = False) -> tuple[Any, str]:
    rows = store.catalogue.values_set(KIND)
    if not rows:
        raise InputError(_("your catalogue has no values yet, so there is nothing to share: fill some in first "
                           "(`companion catalog set CARD FIELD VALUE`, or the app's catalogue)"),
                         where="catalog export")
    if by is not None and (not by.strip() or "\n" in by or len(by.strip()) > LONGEST_NAME):
        raise InputError(_("--by takes the name of who entered the values, on one line, at most {n} characters")
                         .format(n=LONGEST_NAME), where="catalog export")
    by = by.strip() if by else None
    text = catalogue_text([(c, f, v, at if at.tzinfo else at.replace(tzinfo=UTC), who) for c, f, v, at, who in rows],
                          by, datetime.now(UTC))
    code = drawn_code(text) if qr_code else None  # drawn first: a code that cannot be drawn writes nothing
    write_whole(path, text)
    cards = sorted({r[0] for r in rows})
    said = _("{count} written to {path}. Another database takes them with `companion catalog import {path}`; "
             "`companion --catalog {path} …` uses them without keeping them.").format(
        count=values_of_cards(len(rows), len(cards)), path=path)
    if code is not None:
        said += "\n" + _("The file as a QR code: a phone scans it as text, to save as a .toml file and pass on.") \
            + "\n" + code
    return {"file": str(path), "values": [{"card": c, "field": f, "value": v, "entered_by": who or by}
                                          for c, f, v, _, who in rows]}, said


def code_text(text: str) -> str:
    """What a QR code of the file carries: the file without its opening comments (the values, each with who entered
    it and when, are all there), so that a small file's code fits a small terminal."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")), len(lines))
    return "\n".join(lines[start:]) + "\n"


def drawn_code(text: str) -> str:
    """`text` as a QR code drawn for this terminal (blocks; colours when it is one), or an InputError saying why
    it cannot be: too long for a code, or a terminal too small."""
    import shutil

    from .. import qr

    try:
        modules = qr.matrix(code_text(text))
    except ValueError as too_long:
        raise InputError(_("{problem}: share the file itself (export fewer values per file to fit a code)")
                         .format(problem=too_long), where="--qr") from None
    size = shutil.get_terminal_size()
    drawn = qr.drawing(modules, size.columns, size.lines - QR_PROMPT)
    if drawn is None:
        side = qr.smallest(modules)
        raise InputError(_("the QR code needs at least {columns} columns and {lines} lines; this terminal has "
                           "{width}×{height}: enlarge it (or make the font smaller)")
                         .format(columns=side, lines=side + QR_PROMPT, width=size.columns, height=size.lines),
                         where="--qr")
    return qr.printed(drawn)


# --- import -----------------------------------------------------------------------------------------
def entered_marks(text: str) -> dict[tuple[int, str], tuple[datetime | None, str | None]]:
    """(card number, field) -> when it was entered and by whom, from the comment an export writes after each value."""
    marks: dict[tuple[int, str], tuple[datetime | None, str | None]] = {}
    card = -1
    for line in text.splitlines():
        if line.strip() == "[[card]]":
            card += 1
        elif (m := ENTERED.match(line)) is not None and card >= 0:
            try:
                at: datetime | None = datetime.strptime(f"{m.group('at')} UTC", STAMP).replace(tzinfo=UTC)
            except ValueError:  # a date edited into nonsense: the value counts as entered now
                at = None
            by = (m.group("by") or "").strip()[:LONGEST_NAME] or None
            marks[(card, m.group(1))] = (at, by)
    return marks


Entered = tuple[str, str, Any, datetime | None, str | None]  # card id, field, value, when and by whom entered


def file_values(catalogue: Catalogue, name: str, text: str) -> list[Entered]:
    """The values of a catalogue file as the database keeps them (card id, field, value, when, by whom), checked
    against the catalogue first: a bad file is an InputError naming the card and value, and nothing is kept."""
    if (kind := file_game(name, text)) != KIND:
        raise InputError(_("this is an {game} catalogue file; this imports {this}'s")
                         .format(game=games.game(kind).name, this=games.game(KIND).name), where=name)
    entries = user_entries(name, text)
    if not entries:
        raise InputError(_("the file has no [[card]] tables: nothing to import"), where=name)
    checked = catalogue.with_entries(entries, origin="user")
    marks = entered_marks(text)
    values: list[Entered] = []
    for number, (where, entry) in enumerate(entries):
        named = str(entry["name"])
        colour = entry.get("colour")
        card = (catalogue.lookup(named, where=where).id if "game" not in entry
                else checked.card(character_id(named, colour) if isinstance(colour, str) else named).id)
        kept = ("name",) if "game" in entry else ("name", "colour")  # a known card's colour is part of its name
        values += [(card, field, value, *marks.get((number, field), (None, None))) for field, value in entry.items()
                   if field not in kept]
    return values


def import_file(store: Store, catalogue: Catalogue, path: Path, replace: bool) -> tuple[Any, str]:
    values = file_values(catalogue, str(path), read_text(path, "catalogue"))
    mine = {(card, field): value for card, field, value in store.catalogue.values(KIND)}
    added: list[Value] = []
    replaced: list[tuple[str, str, Any, Any]] = []
    conflicts: list[tuple[str, str, Any, Any]] = []
    same = 0
    writes: list[Entered] = []
    for card, field, value, at, by in values:
        if (card, field) not in mine:
            added.append((card, field, value))
        elif mine[card, field] == value:
            same += 1
            continue
        elif replace:
            replaced.append((card, field, mine[card, field], value))
        else:
            conflicts.append((card, field, mine[card, field], value))
            continue
        writes.append((card, field, value, at, by))
    with_values(catalogue, [(c, f, v) for c, f, v, _, _ in writes])  # the values together are sound: else nothing
    for card, field, value, at, by in writes:
        store.catalogue.set_value(KIND, card, field, value, at, by)

    def said(items: list[Value]) -> str:
        return ", ".join(f"{c} {f.replace('_', ' ')} {v}" for c, f, v in items)

    lines = [_("From {path}: {added}{values}, {same} already the same here.").format(
        path=path, added=ngettext("{n} value added", "{n} values added", len(added)).format(n=len(added)),
        values=f" ({said(added)})" if added else "", same=same)]
    if replaced:
        lines.append(_("Replaced ({n}): {values}").format(n=len(replaced), values=", ".join(
            f"{c} {f.replace('_', ' ')} {old} → {new}" for c, f, old, new in replaced)))
    if conflicts:
        lines.append(_("Kept yours where the file says otherwise ({n}):").format(n=len(conflicts)))
        lines += ["  " + _("{card} {field}: yours {old}, the file's {new}").format(
            card=c, field=f.replace("_", " "), old=old, new=new) for c, f, old, new in conflicts]
        lines.append(_("Check those cards; `companion catalog import {path} --replace` takes the file's values.")
                     .format(path=path))
    data = {"file": str(path), "added": [{"card": c, "field": f, "value": v} for c, f, v in added], "same": same,
            "replaced": [{"card": c, "field": f, "yours": o, "file": n} for c, f, o, n in replaced],
            "conflicts": [{"card": c, "field": f, "yours": o, "file": n} for c, f, o, n in conflicts]}
    return data, "\n".join(lines)


# --- unset ------------------------------------------------------------------------------------------
def unset(store: Store, catalogue: Catalogue, name: str, field_name: str) -> tuple[Any, str]:
    card = catalogue.resolve(name, where="catalog unset")
    field = field_name.strip().casefold().replace("-", "_")
    if not store.catalogue.unset_value(KIND, card.id, field):
        yours = sorted(f for c, f, _ in store.catalogue.values(KIND) if c == card.id)
        have = (_("your values of {card}: {fields}").format(card=card.id, fields=", ".join(yours)) if yours
                else _("you have no values of {card}").format(card=card.id))
        raise InputError(_("{card} has no {field} of yours to unset ({have})").format(
            card=card.id, field=field, have=have), where="catalog unset")
    base = shipped().cards.get(card.id)
    shipped_value = getattr(base, field, None) if base is not None else None
    now = (_("unknown again") if shipped_value is None
           else _("back to the shipped value {value}").format(value=shipped_value))
    return ({"card": card.id, "field": field, "value": shipped_value},
            _("{card}: {field} is no longer in your catalogue: {now}.").format(card=card.id, field=field, now=now))



def values_of_cards(values: int, cards: int) -> str:
    """How many values a shared file holds, of how many cards ("1 value of 1 card", "5 values of 3 cards")."""
    of = counts.cards(cards)
    return ngettext("{n} value of {cards}", "{n} values of {cards}", values).format(n=values, cards=of)
