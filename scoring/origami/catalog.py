"""The card catalogue: the shipped files, the user's additions and a table's own values, kept apart.

Pure: it parses TOML text handed to it; reading files is the caller's job."""
from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..catalogue_file import card_tables, fold, load_toml
from ..errors import Ambiguous, InputError
from ..i18n import _
from .cards import STEP_KINDS, Card, CardId, Effect, Game, Kind, character_id
from .effects import default_specs, parse_steps
from .step_spec import StepSpec
from .templates import AWARDS, TYPED_EXAMPLE, ScoringRule

INT_FIELDS = ("quantity", "cost", "folds", "points", "discount", "rice_paper", "draw_allowance_base",
              "line_size", "amount")
SIGNED_FIELDS = ("hand_modifier", "price_modifier")
TEXT_FIELDS = ("text", "text_it", "text_de", "name_printed", "name_it", "name_de", "evidence", "hand_modifier_per",
               "family")
FLAG_FIELDS = ("free_play", "play_from_discard", "rice_trade", "may_go_under")
# Values a user may fill in or correct (and that a table file's "cards" may set).
SETTABLE = INT_FIELDS + SIGNED_FIELDS + TEXT_FIELDS + FLAG_FIELDS + (
    "effect", "steps", "do", "scoring", "extra_action_costs")
# What a card the catalogue does not have yet gives besides those.
NEW_CARD_FIELDS = ("name", "game", "kind", "colour")
# Values a player can read off a card and type in (the app's catalogue screen, `companion catalog set`).
EDITABLE = INT_FIELDS + SIGNED_FIELDS + ("effect", "scoring")
COLOURS = {"red": "red", "rosso": "red", "rot": "red", "yellow": "yellow", "giallo": "yellow",
           "gelb": "yellow"}


def typed_value(field: str, value: str) -> tuple[str, int | str]:
    """A value as a player types it (`points`, `3`; `hand-modifier`, `-1`) -> (field, value); the catalogue
    validates it when it is applied."""
    field = field.strip().casefold().replace("-", "_")
    if field not in EDITABLE:
        raise InputError(_("{field} cannot be set; fields: {fields}").format(
            field=repr(field), fields=", ".join(EDITABLE)))
    if field == "effect":
        return field, value.strip().casefold()
    if field == "scoring":  # `most_in_hand amount=3`: a template and its parameters, checked now
        ScoringRule.parse(value, "scoring")
        return field, " ".join(value.split())
    try:
        return field, int(value)
    except ValueError:
        raise InputError(_("{field} takes a whole number, e.g. `{field} 3`, not {value}").format(
            field=field, value=repr(value.strip()))) from None



def card_words(card: Card) -> str:
    """What a search for a card looks in, folded: its names in every language, its game and family."""
    return "".join(fold(x) for x in (*card.names, card.game.value, card.family or card.kind.value))


@dataclass(frozen=True, slots=True)
class Catalogue:
    cards: Mapping[CardId, Card]
    families: Mapping[str, Game]
    family_size: int = 18
    _index: Mapping[str, frozenset[CardId]] = field(default_factory=dict, repr=False)
    # Names already found (name, games) -> card: the referee looks up the same few names on every action.
    _found: dict[tuple[str, frozenset[Game] | None], Card] = field(default_factory=dict, init=False, repr=False,
                                                                   compare=False)

    def card(self, card_id: str) -> Card:
        return self.cards[CardId(card_id)]

    def family_game(self, family: str) -> Game:
        return self.families[family]

    def lookup(self, name: str, games: Iterable[Game] | None = None, where: str = "") -> Card:
        """A card by any of its names (English, as printed, Italian, German), case-insensitive."""
        memo = (name, games) if games is None or isinstance(games, frozenset) else None
        if memo in self._found:
            return self._found[memo]
        allowed = set(games) if games is not None else set(Game)
        key = fold(name)
        found = sorted(self._index.get(key, frozenset()))
        in_game = [cid for cid in found if self.cards[cid].game in allowed]
        if len(in_game) == 1:
            card = self.cards[in_game[0]]
            if memo is not None and len(self._found) < 10_000:  # bounded, whatever is typed
                self._found[memo] = card
            return card
        if len(in_game) > 1:
            raise InputError(_("{name} is ambiguous: say which of {cards}").format(
                name=repr(name), cards=", ".join(in_game)), where=where)
        if found:
            game_ids = sorted({self.cards[c].game.value for c in found})
            # TRANSLATORS: two games' ids ("legends or origami"), typed as they are.
            games_text = game_ids[0] if len(game_ids) == 1 else _("{first} or {last}").format(
                first=", ".join(game_ids[:-1]), last=game_ids[-1])
            # TRANSLATORS: {games} are games' ids ("origami", "legends"); "mixed" is typed as it is.
            raise InputError(_("{name} is a card of {games}, which is not part of this game "
                               "(use \"mixed\" to combine Origami and Origami Legends)").format(
                name=repr(name), games=games_text), where=where)
        close = difflib.get_close_matches(key, list(self._index), n=4, cutoff=0.6)
        ids = sorted({cid for k in close for cid in self._index[k] if self.cards[cid].game in allowed})
        if ids:
            raise InputError(_("unknown card {name}; did you mean {cards}?").format(
                name=repr(name), cards=", ".join(ids)), where=where)
        raise InputError(_("unknown card {name}; no card has a name like it").format(name=repr(name)), where=where)

    def suggest(self, text: str, games: Iterable[Game] | None = None, limit: int = 6) -> list[Card]:
        """Cards a player may mean while typing `text`: exact names first, then names that start with it,
        then names containing it, then close spellings (small typos). Sorted, deterministic."""
        return [self.cards[cid] for _rank, cid in self._ranked(text, games)[:limit]]

    def _ranked(self, text: str, games: Iterable[Game] | None) -> list[tuple[int, CardId]]:
        """(rank, card) for every card `text` may mean: 0 exact, 1 prefix, 2 inside a name, 3 close spelling."""
        allowed = set(games) if games is not None else set(Game)
        key = fold(text)
        if not key:
            return []
        ranked: dict[CardId, int] = {}
        for alias, ids in self._index.items():
            rank = 0 if alias == key else 1 if alias.startswith(key) else 2 if key in alias else None
            if rank is not None:
                for cid in ids:
                    ranked[cid] = min(rank, ranked.get(cid, rank))
        for alias in difflib.get_close_matches(key, list(self._index), n=6, cutoff=0.7):
            for cid in self._index[alias]:
                ranked.setdefault(cid, 3)
        return sorted((r, cid) for cid, r in ranked.items() if self.cards[cid].game in allowed)

    def resolve(self, name: str, games: Iterable[Game] | None = None, where: str = "",
                within: Collection[CardId] | None = None) -> Card:
        """`lookup`, forgiving as a player at the table expects: a unique prefix or a unique close spelling
        is enough; anything else is refused with the candidates. `within`: the cards that can be meant here (a
        game's deck): when any candidate is one of them, the others are not (a card outside it is still found by
        its name, for the referee to say why it does not belong)."""
        try:
            return self.lookup(name, games, where)
        except InputError:
            ranked = self._ranked(name, games)
            if within is not None and any(cid in within for _rank, cid in ranked):
                ranked = [(rank, cid) for rank, cid in ranked if cid in within]
            best = [cid for rank, cid in ranked if rank == ranked[0][0]] if ranked else []
            if len(best) == 1:
                return self.cards[best[0]]
            if len(ranked) > 1:
                raise Ambiguous(_("{name} could be {cards}: type more of the name").format(
                    name=repr(name), cards=", ".join(cid for _rank, cid in ranked[:6])), where=where) from None
            raise

    def resolve_all(self, text: str, games: Iterable[Game] | None, where: str,
                    within: Collection[CardId] | None = None) -> tuple[CardId, ...]:
        """A typed comma-separated list of cards, each resolved the forgiving way (empty items are skipped,
        so a trailing comma while typing the next card is fine)."""
        names = [n.strip() for n in text.split(",") if n.strip()]
        return tuple(self.resolve(n, games, f"{where}, card {i + 1}", within).id for i, n in enumerate(names))

    def in_games(self, games: Iterable[Game]) -> list[Card]:
        allowed = set(games)
        return [card for card in self.cards.values() if card.game in allowed]

    def with_entries(self, entries: Iterable[tuple[str, Mapping[str, Any]]], origin: str) -> Catalogue:
        """A new catalogue with values filled in or corrected (and new cards added) by `origin`."""
        raw = {cid: _as_raw(card) for cid, card in self.cards.items()}
        for where, entry in entries:
            _merge(raw, entry, where, origin, self)
        return build(raw.values(), self.families, self.family_size)


def parse_catalogue(texts: Iterable[tuple[str, str]]) -> Catalogue:
    """Parse the shipped catalogue files: (file name, TOML text) pairs."""
    raw: list[dict[str, Any]] = []
    families: dict[str, Game] = {}
    size = 18
    for name, text in texts:
        doc = load_toml(name, text)
        game = Game(doc["game"])
        size = int(doc.get("family_size", size))
        for family in doc["families"]:
            families[family] = game
        for i, entry in enumerate(doc.get("card", [])):
            raw.append(_validated(dict(entry, game=game.value), f"{name}: card {i + 1}", families))
    return build(raw, families, size)


def user_entries(name: str, text: str) -> list[tuple[str, dict[str, Any]]]:
    """The entries of a user's catalogue file (TOML, `[[card]]` tables, partial or whole)."""
    cards = card_tables(load_toml(name, text), name)
    return [(f"{name}: card {i + 1} ({c.get('name', '?')})", c) for i, c in enumerate(cards)]


def build(raw: Iterable[Mapping[str, Any]], families: Mapping[str, Game], size: int) -> Catalogue:
    cards: dict[CardId, Card] = {}
    index: dict[str, set[CardId]] = {}
    for entry in raw:
        card = _card(entry)
        cards[card.id] = card
        for alias in card.names:
            index.setdefault(fold(alias), set()).add(card.id)
    frozen = {key: frozenset(ids) for key, ids in index.items()}
    return Catalogue(cards=cards, families=dict(families), family_size=size, _index=frozen)


def _card_id(entry: Mapping[str, Any]) -> CardId:
    name = entry["name"]
    colour = entry.get("colour")
    return character_id(name, colour) if colour else CardId(name)


def _card(entry: Mapping[str, Any]) -> Card:
    cid = _card_id(entry)
    scoring = entry.get("scoring")
    steps = entry.get("steps")
    effect = entry.get("effect")
    names = [entry["name"], *(entry.get(k) for k in ("name_printed", "name_it", "name_de"))]
    aliases = [n for n in names if n]
    colour = entry.get("colour")
    if colour:
        # "Ninja" alone matches both colours, so the lookup asks which one is meant.
        aliases = aliases + [f"{n} ({word})" for n in aliases for word, c in COLOURS.items() if c == colour]
    do = entry.get("do")
    specs: tuple[StepSpec, ...] | None = None
    if do is not None:
        specs = do if isinstance(do, tuple) else parse_steps(do, f"{cid}.do")
        steps = [s.step for s in specs]
    if steps is None and (effect in ("scoring", "ongoing") or entry["kind"] == "rice_paper"):
        steps = ()  # no consequences at the table; None would mean "not known, allow any"
    if specs is None and steps is not None:
        specs = default_specs(frozenset(steps))
    return Card(
        id=cid, name=entry["name"], game=Game(entry["game"]), kind=Kind(entry["kind"]),
        family=entry.get("family"), colour=colour,
        **{k: entry.get(k) for k in INT_FIELDS + SIGNED_FIELDS},  # type: ignore[arg-type]
        effect=Effect(effect) if effect else None,
        text=entry.get("text", ""), text_it=entry.get("text_it"), text_de=entry.get("text_de"),
        steps=frozenset(steps) if steps is not None else None,
        do=specs,
        scoring=scoring if isinstance(scoring, ScoringRule) else (
            ScoringRule.parse(scoring, cid) if scoring else None),
        hand_modifier_per=CardId(entry["hand_modifier_per"]) if entry.get("hand_modifier_per") else None,
        **{k: bool(entry.get(k, False)) for k in FLAG_FIELDS},
        extra_action_costs=tuple(entry.get("extra_action_costs") or ()),  # null: none, as when left out
        name_printed=entry.get("name_printed"), name_it=entry.get("name_it"),
        name_de=entry.get("name_de"),
        unknown=frozenset(entry.get("unknown") or ()),
        source=tuple(sorted(dict(entry.get("source", {})).items())),
        evidence=entry.get("evidence", ""),
        names=tuple(dict.fromkeys([cid, *aliases])),
    )


def _as_raw(card: Card) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "name": card.name, "game": card.game.value, "kind": card.kind.value,
        **{k: getattr(card, k) for k in INT_FIELDS + SIGNED_FIELDS + TEXT_FIELDS + FLAG_FIELDS
           if getattr(card, k) not in (None, False, "")},
        "unknown": sorted(card.unknown), "source": dict(card.source),
    }
    if card.colour:
        raw["colour"] = card.colour
    if card.effect:
        raw["effect"] = card.effect.value
    if card.steps is not None:
        raw["steps"] = sorted(card.steps)
    if card.do is not None:
        raw["do"] = card.do
    if card.scoring:
        raw["scoring"] = card.scoring
    if card.extra_action_costs:
        raw["extra_action_costs"] = list(card.extra_action_costs)
    return raw


def _merge(raw: dict[CardId, dict[str, Any]], entry: Mapping[str, Any], where: str, origin: str,
           catalogue: Catalogue) -> None:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
        raise InputError(_('each card needs a "name"'), where=where)
    cid = _card_id(entry)
    if cid not in raw:
        try:
            existing = catalogue.lookup(cid, where=where).id
        except InputError:
            existing = None
        if existing is not None and "game" not in entry:
            cid = existing
    if cid in raw:
        base = raw[cid]
        if "text" in entry:  # the user's text stands in every language: the translations are of another text
            for key in ("text_it", "text_de"):
                base.pop(key, None)
        for key, value in entry.items():
            if key in ("name", "colour"):
                continue
            if key not in SETTABLE:
                raise InputError(_("{key} cannot be set; settable values: {fields}").format(
                    key=repr(key), fields=", ".join(sorted(SETTABLE))), where=f"{where}.{key}")
            base[key] = value
            if key in ("steps", "do"):  # one describes the other: the newer one stands
                base.pop("do" if key == "steps" else "steps", None)
            base["unknown"] = [u for u in base.get("unknown", ()) if u != key]
            base["source"] = dict(base.get("source", {}), **{key: origin})
        raw[cid] = _validated(base, where, catalogue.families)
        return
    if "game" not in entry or "kind" not in entry:
        raise InputError(_("{card} is not in the catalogue; a new card needs \"game\" and \"kind\" "
                           "(and \"family\" for an origami)").format(card=repr(cid)), where=where)
    unexpected = sorted(str(k) for k in entry if k not in SETTABLE + NEW_CARD_FIELDS)
    if unexpected:
        raise InputError(_("{keys} cannot be set; values of a new card: {fields}").format(
            keys=", ".join(map(repr, unexpected)), fields=", ".join(sorted(SETTABLE + NEW_CARD_FIELDS))),
            where=where)
    fresh = dict(entry, source={k: origin for k in entry if k not in ("name", "game", "kind")})
    raw[cid] = _validated(fresh, where, catalogue.families)


def _one_of(value: Any, allowed: Iterable[str]) -> bool:
    """`value` is one of the names `allowed` (a list or an object given instead is simply not one)."""
    return isinstance(value, str) and value in allowed


def _validated(entry: dict[str, Any], where: str, families: Mapping[str, Game]) -> dict[str, Any]:
    """Check every value's type and range; return the entry unchanged when it is good."""
    def bad(key: str, message: str, **values: str) -> InputError:
        """`message`, a whole sentence, is told the value refused as {value} (and any `values` named in it)."""
        return InputError(message.format(value=repr(entry[key]), **values), where=f"{where}.{key}")

    if not _one_of(entry.get("game"), {g.value for g in Game}):
        raise InputError(_('"game" must be "origami" or "legends"'), where=where)
    if not _one_of(entry.get("kind"), {k.value for k in Kind}):
        raise InputError(_('"kind" must be "origami", "character" or "rice_paper"'), where=where)
    for key in INT_FIELDS:
        value = entry.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise bad(key, _("must be a whole number of at least 0, not {value}"))
    for key in SIGNED_FIELDS:
        value = entry.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise bad(key, _("must be a whole number, not {value}"))
    for key in TEXT_FIELDS:
        if entry.get(key) is not None and not isinstance(entry[key], str):
            raise bad(key, _("must be text, not {value}"))
    for key in FLAG_FIELDS:
        if key in entry and not isinstance(entry[key], bool):
            raise bad(key, _("must be true or false, not {value}"))
    if entry.get("colour") is not None and not isinstance(entry["colour"], str):
        raise bad("colour", _('must be "red" or "yellow", not {value}'))
    if entry["kind"] == "origami" and not _one_of(entry.get("family"), families):
        raise InputError(_("an origami needs a family, one of {families}").format(families=", ".join(families)),
                         where=where)
    if entry["kind"] == "origami" and families[entry["family"]].value != entry["game"]:
        raise InputError(_("family {family} belongs to the other game").format(family=repr(entry["family"])),
                         where=where)
    if entry["kind"] == "character" and not _one_of(entry.get("colour"), {"red", "yellow"}):
        raise InputError(_('a Character needs "colour": "red" or "yellow"'), where=where)
    effect = entry.get("effect")
    if effect is not None and not _one_of(effect, {e.value for e in Effect}):
        raise bad("effect", _("must be one of {allowed}, not {value}"), allowed=", ".join(e.value for e in Effect))
    steps = entry.get("steps")
    if steps is not None and (not isinstance(steps, list) or not all(isinstance(x, str) for x in steps)
                              or not set(steps) <= STEP_KINDS):
        raise bad("steps", _("must be a list drawn from {allowed}, not {value}"), allowed=", ".join(sorted(STEP_KINDS)))
    do = entry.get("do")
    if do is not None and not isinstance(do, tuple):
        parse_steps(do, f"{where}.do")
    costs = entry.get("extra_action_costs")
    if costs is not None and (not isinstance(costs, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in costs)):
        raise bad("extra_action_costs", _("must be a list of whole numbers, not {value}"))
    scoring = entry.get("scoring")
    if scoring is not None:
        rule = scoring if isinstance(scoring, ScoringRule) else ScoringRule.parse(scoring, f"{where}.scoring")
        if entry["kind"] == "character" and rule.template != "none" and not rule.is_award:
            raise InputError(_("a Character's scoring goes to whichever players meet its condition: one of "
                               "{templates} (e.g. {example}), not {template}").format(
                templates=", ".join(AWARDS), example=TYPED_EXAMPLE, template=repr(rule.template)),
                where=f"{where}.scoring")
    return entry

