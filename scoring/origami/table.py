"""The table file: a position at the table (final or not), as PRODUCT.md §3 defines it, validated."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .. import jsontext
from ..errors import InputError
from ..i18n import _, ngettext
from .cards import RICE_PAPER, CardId, Game
from .catalog import Catalogue
from .choices import RuleChoices

Collections = tuple[tuple[CardId, ...], tuple[CardId, ...]]


class Variant(StrEnum):
    ORIGAMI = "origami"
    LEGENDS = "legends"
    MIXED = "mixed"

    @property
    def games(self) -> frozenset[Game]:
        return _GAMES[self]

    @classmethod
    def parse(cls, value: Any, where: str) -> Variant:
        try:
            return cls(str(value).casefold())
        except ValueError:
            raise InputError(_('must be "origami", "legends" or "mixed", not {value}').format(value=repr(value)),
                             where=where) from None


_GAMES = {v: frozenset(Game) if v is Variant.MIXED else frozenset({Game(v.value)}) for v in Variant}


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    collections: Collections
    hand: int
    hand_cards: tuple[CardId, ...] | None = None

    def cards(self) -> tuple[CardId, ...]:
        return self.collections[0] + self.collections[1]

    def tops(self) -> tuple[CardId, ...]:
        return tuple(c[-1] for c in self.collections if c)


@dataclass(frozen=True, slots=True)
class Table:
    variant: Variant
    rules: RuleChoices
    players: tuple[Seat, ...]
    characters: tuple[CardId, ...]
    catalogue: Catalogue
    families: tuple[str, ...] | None = None  # as the file lists them; None: not said

    def game_families(self) -> tuple[str, ...] | None:
        """The game's families: as listed, or as the table shows them once it shows one per player (a
        game uses as many as it has players); None while that cannot be known."""
        if self.families is not None:
            return self.families
        seen = sorted({str(self.catalogue.card(c).family) for s in self.players for c in (*s.cards(), *(
            s.hand_cards or ())) if self.catalogue.card(c).is_origami})
        return tuple(seen) if len(seen) == len(self.players) else None

    def seat(self, name: str, where: str = "--player") -> int:
        for i, seat in enumerate(self.players):
            if seat.name.casefold() == name.casefold():
                return i
        names = ", ".join(s.name for s in self.players)
        raise InputError(_("no player called {name} at this table (players: {players})").format(
            name=repr(name), players=names), where=where)


def parse_table_text(text: str, catalogue: Catalogue, where: str) -> Table:
    return parse_table(jsontext.loads(text, where), catalogue, where)


def parse_table(data: Any, catalogue: Catalogue, where: str = "table") -> Table:
    if not isinstance(data, dict):
        raise InputError(_('must be a JSON object with "game" and "players"'), where=where)
    extra = set(data) - {"game", "rules", "cards", "characters", "players", "families"}
    if extra:
        # TRANSLATORS: the keys of a table file (game, rules, …) stay in English.
        raise InputError(_("unexpected keys {keys}; a table has game, rules, cards, characters, players and "
                           "families").format(keys=", ".join(sorted(map(str, extra)))), where=where)
    if "game" not in data:
        raise InputError(_('"game" is missing: "origami", "legends" or "mixed"'), where=where)
    variant = Variant.parse(data["game"], f"{where}: game")
    rules = RuleChoices.parse(data.get("rules"), f"{where}: rules")
    catalogue = with_table_values(data.get("cards"), catalogue, variant, f"{where}: cards")
    characters = _characters(data.get("characters", []), catalogue, variant, f"{where}: characters")
    players = _players(data.get("players"), catalogue, variant, where)
    families = _families(data.get("families"), catalogue, variant, len(players), f"{where}: families")
    table = Table(variant, rules, players, characters, catalogue, families)
    _check_possible(table, where)
    return table


def _families(value: Any, catalogue: Catalogue, variant: Variant, players: int, where: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    known = [f for f, g in catalogue.families.items() if g in variant.games]
    if not isinstance(value, list) or not all(isinstance(v, str) and v in known for v in value):
        raise InputError(_("must be a list of this game's families, from {families}").format(
            families=", ".join(known)), where=where)
    if len(set(value)) != players:
        raise InputError(ngettext("a game with {n} player uses {n} family, not {given}",
                                  "a game with {n} players uses {n} families, not {given}", players).format(
            n=players, given=len(set(value))), where=where)
    return tuple(value)


def with_table_values(cards: Any, catalogue: Catalogue, variant: Variant, where: str) -> Catalogue:
    if cards is None:
        return catalogue
    if not isinstance(cards, dict):
        raise InputError(_('must be an object of card name -> values, e.g. {example}').format(
            example='{"Sheep": {"points": 2}}'), where=where)
    entries: list[tuple[str, Mapping[str, Any]]] = []
    for name, values in cards.items():
        card = catalogue.lookup(str(name), variant.games, where=f"{where}.{name}")
        if not isinstance(values, dict) or not values:
            raise InputError(_("must be an object of values, e.g. {example}").format(example='{"points": 2}'),
                             where=f"{where}.{name}")
        entries.append((f"{where}.{name}", {**values, "name": card.name, **(
            {"colour": card.colour} if card.colour else {})}))
    return catalogue.with_entries(entries, origin="table")


def _characters(value: Any, catalogue: Catalogue, variant: Variant, where: str) -> tuple[CardId, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(_("must be a list of names such as {example}").format(example='["Ninja (red)"]'),
                         where=where)
    if value and Game.LEGENDS not in variant.games:
        raise InputError(_("Characters belong to Origami Legends; this table is an Origami game"), where=where)
    ids: list[CardId] = []
    for i, name in enumerate(value):
        card = catalogue.lookup(name, variant.games, where=f"{where}[{i + 1}]")
        if not card.is_character:
            raise InputError(_("{card} is not a Character").format(card=card.id), where=f"{where}[{i + 1}]")
        if card.id in ids:
            raise InputError(_("{card} is listed twice").format(card=card.id), where=f"{where}[{i + 1}]")
        if card.other_colour() in ids:
            raise InputError(_("{card} and {other} can never be in play together (CHAR-PAIR): keep the one played "
                               "last").format(card=card.id, other=card.other_colour()), where=where)
        ids.append(card.id)
    return tuple(ids)


def _players(value: Any, catalogue: Catalogue, variant: Variant, where: str) -> tuple[Seat, ...]:
    if not isinstance(value, list) or len(value) < 2:
        raise InputError(_("must list at least 2 players"), where=f"{where}: players")
    seats: list[Seat] = []
    for i, entry in enumerate(value):
        at = _("{where}: player {player}").format(where=where, player=i + 1)
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise InputError(_('needs a "name"'), where=at)
        name = entry["name"].strip()
        at = _("{where}: player {player}").format(where=where, player=repr(name))
        if any(s.name.casefold() == name.casefold() for s in seats):
            raise InputError(_("two players have this name; give each player a different name"), where=at)
        extra = set(entry) - {"name", "collections", "hand"}
        if extra:
            raise InputError(_("unexpected keys {keys}").format(keys=", ".join(sorted(extra))), where=at)
        seats.append(Seat(name, _collections(entry.get("collections"), catalogue, variant, at),
                          *_hand(entry.get("hand", 0), catalogue, variant, at)))
    return tuple(seats)


def _collections(value: Any, catalogue: Catalogue, variant: Variant, where: str) -> Collections:
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(c, list) for c in value):
        raise InputError(_("needs exactly two collections, each a list of cards from bottom to top (COLL-TWO), e.g. "
                           "{example}").format(example='[["Chick", "Ant"], []]'), where=f"{where}: collections")
    result: list[tuple[CardId, ...]] = []
    for n, column in enumerate(value):
        ids: list[CardId] = []
        for k, name in enumerate(column):
            at = _("{where}: collection {collection}, card {card}").format(where=where, collection=n + 1, card=k + 1)
            if not isinstance(name, str):
                raise InputError(_("must be a card name, not {value}").format(value=repr(name)), where=at)
            card = catalogue.lookup(name, variant.games, where=at)
            if not card.is_origami:
                raise InputError(_("{card} is not an origami and cannot be in a collection").format(card=card.id),
                                 where=at)
            ids.append(card.id)
        result.append(tuple(ids))
    if abs(len(result[0]) - len(result[1])) > 1:
        raise InputError(_("collections of {first} and {second} cards cannot happen: they may differ by one card at "
                           "most (COLL-BALANCE)").format(first=len(result[0]), second=len(result[1])),
                         where=f"{where}: collections")
    return result[0], result[1]


def _hand(value: Any, catalogue: Catalogue, variant: Variant,
          where: str) -> tuple[int, tuple[CardId, ...] | None]:
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise InputError(_("cannot be negative"), where=f"{where}: hand")
        return value, None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        ids = tuple(catalogue.lookup(v, variant.games, where=_("{where}: hand card {card}").format(
            where=where, card=i + 1)).id for i, v in enumerate(value))
        return len(ids), ids
    raise InputError(_("must be a number of cards or a list of card names"), where=f"{where}: hand")


def _check_possible(table: Table, where: str) -> None:
    """A table that cannot exist is bad input: more copies of a card, or more families, than a game has."""
    counts: Counter[CardId] = Counter()
    for seat in table.players:
        counts.update(seat.cards())
        counts.update(seat.hand_cards or ())
    counts.update(table.characters)
    for cid, n in sorted(counts.items()):
        quantity = table.catalogue.card(cid).quantity
        if quantity is not None and n > quantity:
            raise InputError(_('{n} × {card} on this table, but the game has only {quantity} (if your copy differs, '
                               'set its quantity in "cards")').format(n=n, card=cid, quantity=quantity), where=where)
    families = {table.catalogue.card(c).family for c in counts if table.catalogue.card(c).is_origami}
    players = len(table.players)
    if len(families) > players:
        raise InputError(ngettext("{families} families on the table ({names}) but a game with {n} player uses {n}",
                                  "{families} families on the table ({names}) but a game with {n} players uses {n}",
                                  players).format(families=len(families), names=", ".join(sorted(map(str, families))),
                                                  n=players), where=where)
    listed = table.families
    if listed is not None and not families <= set(listed):
        raise InputError(_("{families} cards are on the table, but this game's families are {listed}").format(
            families=", ".join(sorted(map(str, families - set(listed)))), listed=", ".join(listed)), where=where)
    pairs = {table.catalogue.card(c).name for c in table.characters}
    if len(pairs) > players:
        raise InputError(ngettext("{characters} Characters in play, but a game with {n} player uses {n} Character "
                                  "pair (one colour of each in play at most)",
                                  "{characters} Characters in play, but a game with {n} players uses {n} Character "
                                  "pairs (one colour of each in play at most)", players).format(
            characters=len(pairs), n=players), where=where)
    in_game = table.game_families()
    for seat in table.players:
        if RICE_PAPER in (seat.hand_cards or ()) and in_game is not None and "polar" not in in_game:
            raise InputError(_("rice paper in {player}'s hand, but rice paper is used only with the polar animals "
                               "and this game's families are {families}").format(
                player=seat.name, families=", ".join(in_game)), where=where)
