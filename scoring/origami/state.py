"""What the table can see of a game: frozen state, changed only by evolve()."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TypeVar

from ..i18n import _, ngettext
from .cards import RICE_PAPER, CardId
from .choices import RuleChoices
from .effects import Grant
from .table import Collections, Variant

_T = TypeVar("_T", "GameState", "PlayerState")


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand as the table knows it: cards it has seen go in (and not leave), plus unseen cards.

    Rice paper has its own deck and back, so it is always among the known cards."""

    known: tuple[CardId, ...] = ()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown

    @property
    def rice(self) -> int:
        return self.known.count(RICE_PAPER)

    def unmatched(self, cards: Iterable[CardId]) -> list[CardId]:
        """The cards left once each known copy has matched one of them: those the hand can give only from its
        unseen cards. A list, not Counters: a hand and the cards asked for are a few, and the referee asks on
        most actions."""
        rest = list(self.known)
        out = []
        for card in cards:
            if card in rest:
                rest.remove(card)
            else:
                out.append(card)
        return out

    def can_give(self, cards: Iterable[CardId]) -> bool:
        """Each card a known copy, or else an unseen card (never rice paper: its back is seen)."""
        unmatched = self.unmatched(cards)
        return RICE_PAPER not in unmatched and len(unmatched) <= self.unknown

    def without(self, cards: Iterable[CardId]) -> Hand:
        """Remove shown cards: known copies first, then unseen cards (assumes can_give)."""
        known = list(self.known)
        unknown = self.unknown
        for card in cards:
            if card in known:
                known.remove(card)
            else:
                unknown -= 1
        return Hand(tuple(known), unknown)

    def plus(self, cards: Iterable[CardId] = (), unseen: int = 0) -> Hand:
        return Hand(tuple(sorted((*self.known, *cards))), self.unknown + unseen)

    def hide(self, count: int) -> Hand:
        """After `count` unseen cards leave, which of the known ones remain is no longer known."""
        rice = [c for c in self.known if c == RICE_PAPER]
        others = len(self.known) - len(rice)
        return Hand(tuple(rice), others + self.unknown - count)


@dataclass(frozen=True)  # no slots: `replace` copies the instance's dict in one step
class PlayerState:
    name: str
    collections: Collections = ((), ())
    hand: Hand = Hand()

    def tops(self) -> tuple[CardId, ...]:
        return tuple(c[-1] for c in self.collections if c)


class Phase(StrEnum):
    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)  # no slots: `replace` copies the instance's dict in one step
class GameState:
    variant: Variant
    choices: RuleChoices
    families: tuple[str, ...]
    character_pairs: tuple[str, ...]
    players: tuple[PlayerState, ...]
    phase: Phase = Phase.SETUP
    deck: int = 0
    discard: tuple[CardId, ...] = ()  # bottom to top
    line: tuple[CardId, ...] = ()
    line_size: int = 4
    rice_deck: int = 0
    characters: tuple[CardId, ...] = ()  # in play
    exhaustions: int = 0
    starting: int = 0
    current: int = 0
    turn: int = 0  # turns started so far; the first turn is 1
    actions_left: int = 0
    acted: bool = False
    effects: tuple[CardId, ...] = ()  # cards whose effect was opened this turn
    fresh: tuple[tuple[int, int, int], ...] = ()  # (player, collection, position) of cards played this turn
    special_used: bool = False
    free_play: CardId | None = None  # the Character whose free draw-line play is pending
    last_turn: int | None = None  # set when the deck runs out the second time
    overrides: int = 0
    grants: tuple[Grant, ...] = ()  # what this turn's opened effects let players do (effects.py)
    spent: tuple[tuple[int, tuple[CardId, ...]], ...] = ()  # grants used: (index, the cards named)

    def played_this_turn(self, seat: int, collection: int) -> bool:
        """The top of that collection is the origami played this turn (its special action waits a turn)."""
        column = self.players[seat].collections[collection]
        return bool(column) and (seat, collection, len(column) - 1) in self.fresh

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, seat: int, **changes: object) -> GameState:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))

    @property
    def count(self) -> int:
        return len(self.players)

    def seat_of(self, name: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.name.casefold() == name.casefold():
                return i
        return None

    def last_player(self) -> int:
        """The player to the starting player's right plays the very last turn."""
        return (self.starting - 1) % self.count

    def turns_left(self) -> int | None:
        return None if self.last_turn is None else max(0, self.last_turn - self.turn)

    def end_banner(self) -> str:
        """What the end trigger means right now, in a sentence for the table."""
        last = self.players[self.last_player()].name
        if self.phase is Phase.OVER:
            return _("The game is over: reveal the hands and score.")
        if self.last_turn is None:
            if self.exhaustions == 0:
                return _("The deck has not run out yet: the game ends after it runs out a second time.")
            return _("The deck has run out once: the game ends after it runs out a second time.")
        left = self.turns_left() or 0
        final_round_start = self.last_turn - self.count + 1
        if self.turn < final_round_start:
            return _("The deck ran out twice: finish this round, then one final turn each — {player} plays last."
                     ).format(player=last)
        return ngettext("Final turns: {n} more after this one — {player} plays last.",
                        "Final turns: {n} more after this one — {player} plays last.", left).format(n=left, player=last)

    def total_cards(self) -> int:
        """Every deck card in the game, wherever it is (rice paper excluded)."""
        in_hands = sum(p.hand.size - p.hand.rice for p in self.players)
        in_collections = sum(len(c) for p in self.players for c in p.collections)
        return self.deck + len(self.discard) + len(self.line) + len(self.characters) + in_hands + in_collections

    def rice_total(self) -> int:
        return self.rice_deck + sum(p.hand.rice for p in self.players)


def replace(obj: _T, **changes: object) -> _T:
    """dataclasses.replace for the frozen state classes, without re-running __init__: evolve does this several
    times per event, and a recorded action waits on it. The new object's fields are the old one's dict with
    `changes` over it (a frozen class refuses setattr, not its dict), about a third of a slotted copy's cost."""
    cls = type(obj)
    if not changes.keys() <= _NAMES[cls]:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(changes.keys() - _NAMES[cls]))}")
    new = object.__new__(cls)
    fields_of = new.__dict__
    fields_of.update(obj.__dict__)
    fields_of.update(changes)
    return new


_NAMES = {cls: frozenset(f.name for f in fields(cls)) for cls in (GameState, PlayerState)}
