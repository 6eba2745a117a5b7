"""Origin Story's card catalogue: the story, superhero, character, event and Vancardian cards as data, each
value with where it came from (ORIGIN_STORY.md §4). Nothing unknown is invented: an absent value is None.

A user's values (their catalogue file, or the database) go over the shipped ones and are marked "user". An ability
is applied only as entered at the table; a card's `template` lets the companion *propose* an effect for the
player to confirm."""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..catalogue_file import USER, card_tables, fold, load_toml, provenance
from ..errors import InputError
from ..i18n import _, ngettext

GAME = "origin-story"
SOURCES = frozenset({"seed", "dized", "review", "inferred", USER})


class Kind(StrEnum):
    STORY = "story"
    SUPERHERO = "superhero"
    CHARACTER = "character"
    EVENT = "event"
    VANCARDIAN = "vancardian"


class Timing(StrEnum):
    """When an ability works (the rules' ability types; "whenever you follow" is the Dized wording only)."""

    WHEN_CHARGED = "when-charged"
    WHEN_REVEALED = "when-revealed"
    WHENEVER_YOU_LEAD = "whenever-you-lead"
    WHENEVER_YOU_FOLLOW = "whenever-you-follow"
    ON_YOUR_TURN = "on-your-turn"
    WIN_A_TRICK = "win-a-trick"
    LOSE_A_TRICK = "lose-a-trick"
    END_OF_TRICK = "end-of-trick"
    FIRST_TRICK = "first-trick"
    FINAL_TRICK = "final-trick"
    ONGOING = "ongoing"
    REMOVE = "remove"
    END_OF_ROUND = "end-of-round"


# What a proposed effect may be (the player confirms it at the table).
TEMPLATES = frozenset({"vp_per_trick", "vp_flat", "value_change", "ignore_follow", "choose_leader", "exchange",
                       "reveal", "stamina_change"})
VANCARDIAN_COLOURS = ("red", "green")
FIELDS = ("cost", "remove", "involves_others", "timing", "solo_banned", "text", "template", "amount", "colour",
          "event", "rounds")
# The text in Italian and German: our translations of the shipped `text` (a user's own `text` drops them).
TRANSLATIONS = ("text_it", "text_de")


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    kind: Kind
    cost: tuple[int, ...] | None = None  # one cost, or two an ability may be charged with ([1, 2])
    remove: bool | None = None  # a "Remove" cost: stamina taken off the card to use it
    involves_others: bool | None = None  # charged first, clockwise from the dealer's left
    timing: tuple[Timing, ...] | None = None
    solo_banned: bool | None = None  # removed and replaced when drawn in solo
    text: str = ""  # a paraphrase of what is known of the card
    text_it: str | None = None  # our Italian and German translations of `text`; None where there is none
    text_de: str | None = None
    template: str | None = None
    amount: int | None = None  # the template's number (+N VP, +N per trick, …)
    colour: str | None = None  # Vancardian cards: the lightning colour
    event: str | None = None  # Vancardian cards: the round-3 event on the left side
    rounds: tuple[str, str, str, str, str] | None = None  # Vancardian cards: the effect line for rounds 1-5
    unknown: frozenset[str] = frozenset()
    source: tuple[tuple[str, str], ...] = ()

    def origin(self, field: str) -> str | None:
        """Where a value came from ("seed", "dized", "review", "inferred", "user"), or None when not known."""
        return dict(self.source).get(field)


@dataclass(frozen=True, slots=True)
class Catalogue:
    cards: Mapping[str, Card]  # by folded name
    counts: Mapping[str, int]
    count_sources: Mapping[str, str]
    unknown_counts: tuple[str, ...] = ()

    def lookup(self, name: str) -> Card | None:
        """A card by name (case, spaces and accents do not matter); None for a card nobody has recorded (the
        table may still name it: abilities are entered as their effects)."""
        return self.cards.get(fold(name))

    def with_entries(self, entries: Iterable[tuple[str, Mapping[str, Any]]]) -> Catalogue:
        """A new catalogue with a user's values over these (a new card needs its `kind`)."""
        cards = dict(self.cards)
        for where, entry in entries:
            name = entry.get("name")
            if not isinstance(name, str) or not name.strip():
                raise InputError(_('each card needs a "name"'), where=where)
            if not isinstance(entry.get("source", {}), dict) or not isinstance(entry.get("unknown", []), list):
                raise InputError(_('"source" is a table of value name = where it came from and "unknown" a list of '
                                   "value names"), where=where)
            old = cards.get(fold(name))
            base: dict[str, Any] = _as_raw(old) if old else {"name": name.strip()}
            if "text" in entry:  # the user's text stands in every language: the translations are of another text
                for key in TRANSLATIONS:
                    base.pop(key, None)
            for key, value in entry.items():
                if key != "name":
                    base[key] = value
                    base["unknown"] = [u for u in base.get("unknown", ()) if u != key]
                    base["source"] = {**base.get("source", {}), key: USER}
            card = _card(base, where)
            cards[fold(card.name)] = card
        return Catalogue(cards, self.counts, self.count_sources, self.unknown_counts)


def parse_catalogue(name: str, text: str) -> Catalogue:
    """The shipped catalogue file (TOML)."""
    doc = load_toml(name, text)
    if doc.get("game") != GAME:
        raise InputError(_('"game" must be "{game}"').format(game=GAME), where=name)
    counts = doc.get("counts", {})
    if not isinstance(counts, dict) or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                               for v in counts.values()):
        raise InputError(_("counts: a table of whole numbers"), where=name)
    tables = card_tables(doc, name, ("game", "card", "counts", "counts_source", "unknown_counts"))
    cards: dict[str, Card] = {}
    for i, entry in enumerate(tables):
        where = _("{file}: card {n}").format(file=name, n=i + 1)
        card = _card(entry, where)
        if fold(card.name) in cards:
            raise InputError(_("{name} is listed twice").format(name=repr(card.name)), where=where)
        cards[fold(card.name)] = card
    sources = doc.get("counts_source", {})
    if not isinstance(sources, dict) or set(sources) != set(counts) or not set(sources.values()) <= SOURCES:
        raise InputError(_("counts_source: where each count came from, one of {sources}").format(
            sources=", ".join(sorted(SOURCES))), where=name)
    unknown = doc.get("unknown_counts", [])
    return Catalogue(cards, dict(counts), dict(sources), tuple(str(u) for u in unknown))


def user_entries(name: str, text: str) -> list[tuple[str, dict[str, Any]]]:
    """The entries of a user's catalogue file for Origin Story (`[[card]]` tables, partial or whole)."""
    doc = load_toml(name, text)
    return [(_("{file}: card {n}").format(file=name, n=i + 1) + f" ({c.get('name', '?')})", c)
            for i, c in enumerate(card_tables(doc, name, ("game", "card")))]


def _card(entry: Mapping[str, Any], where: str) -> Card:
    """A card from its raw entry, every value checked (InputError names the entry and the value)."""
    def bad(key: str, what: str) -> InputError:
        return InputError(_("must be {what}, not {value}").format(what=what, value=repr(entry[key])),
                          where=f"{where}.{key}")

    unexpected = set(entry) - {"name", "kind", "unknown", "source", *FIELDS, *TRANSLATIONS}
    if unexpected:
        said = ngettext("unknown value {unknown}; values: {known}", "unknown values {unknown}; values: {known}",
                        len(unexpected))
        raise InputError(said.format(unknown=", ".join(sorted(unexpected)), known=", ".join(FIELDS)), where=where)
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InputError(_('each card needs a "name"'), where=where)
    if not _one_of(entry.get("kind"), {k.value for k in Kind}):
        raise InputError(_('"kind" must be one of {kinds}').format(kinds=", ".join(k.value for k in Kind)),
                         where=where)
    cost = entry.get("cost")
    if cost is not None and (not isinstance(cost, list) or not 1 <= len(cost) <= 2 or not all(
            isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in cost)):
        raise bad("cost", _("a list of one or two whole numbers, e.g. [2] or [1, 2]"))
    for key in ("remove", "involves_others", "solo_banned"):
        if entry.get(key) is not None and not isinstance(entry[key], bool):
            raise bad(key, _("true or false"))
    timing = entry.get("timing")
    if timing is not None and (not isinstance(timing, list) or not all(_one_of(t, {x.value for x in Timing})
                                                                       for t in timing)):
        raise bad("timing", _("a list of {items}").format(items=", ".join(t.value for t in Timing)))
    for key in ("text", *TRANSLATIONS, "event"):
        if entry.get(key) is not None and not isinstance(entry[key], str):
            raise bad(key, _("text"))
    if entry.get("template") is not None and not _one_of(entry["template"], TEMPLATES):
        raise bad("template", _("one of {items}").format(items=", ".join(sorted(TEMPLATES))))
    amount = entry.get("amount")
    if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
        raise bad("amount", _("a whole number"))
    if entry.get("colour") is not None and not _one_of(entry["colour"], VANCARDIAN_COLOURS):
        raise bad("colour", _("red or green"))
    rounds = entry.get("rounds")
    if rounds is not None and (not isinstance(rounds, list) or len(rounds) != 5
                               or not all(isinstance(r, str) for r in rounds)):
        raise bad("rounds", _('five effect lines, one per round, e.g. ["replace 2", "", "add 4.5", "move 1", ""]'))
    unknown = entry.get("unknown", [])
    if not isinstance(unknown, list) or not all(isinstance(u, str) for u in unknown):
        raise InputError(_("unknown: a list of value names"), where=where)
    return Card(
        name=name.strip(), kind=Kind(entry["kind"]),
        cost=tuple(cost) if cost is not None else None,
        remove=entry.get("remove"), involves_others=entry.get("involves_others"),
        timing=tuple(Timing(t) for t in timing) if timing is not None else None,
        solo_banned=entry.get("solo_banned"), text=entry.get("text", ""), text_it=entry.get("text_it"),
        text_de=entry.get("text_de"), template=entry.get("template"),
        amount=amount, colour=entry.get("colour"), event=entry.get("event"),
        rounds=(rounds[0], rounds[1], rounds[2], rounds[3], rounds[4]) if rounds is not None else None,
        unknown=frozenset(unknown), source=provenance(entry, where, SOURCES))


def _one_of(value: Any, choices: Collection[str]) -> bool:
    """Whether a file's value is one of the names allowed (an array or a table never is: it cannot be looked up)."""
    return isinstance(value, str) and value in choices


def _as_raw(card: Card) -> dict[str, Any]:
    raw: dict[str, Any] = {"name": card.name, "kind": card.kind.value, "unknown": sorted(card.unknown),
                           "source": dict(card.source)}
    for key in FIELDS + TRANSLATIONS:
        value = getattr(card, key)
        if value is None or value == "":
            continue
        raw[key] = [t.value for t in value] if key == "timing" else list(value) if isinstance(value, tuple) else value
    return raw
