"""The referee's tools: violations as values, ordered checks, and what the table can see."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..decision import Refused, Violation
from ..errors import InputError
from ..i18n import _
from . import events as e
from .card_names import shown_id
from .cards import RICE_PAPER, Card, CardId, Kind
from .catalog import Catalogue
from .rules import RuleId
from .state import GameState


def cards_in_game(state: GameState, catalogue: Catalogue) -> frozenset[CardId]:
    """The cards this game can hold (as `Checker.in_game` allows them): its families' origami, its Characters,
    rice paper with the polar animals."""
    games = set(state.variant.games)
    return frozenset(card.id for card in catalogue.cards.values() if card.game in games and (
        "polar" in state.families if card.kind is Kind.RICE_PAPER
        else card.name in state.character_pairs if card.is_character else card.family in state.families))


@dataclass(slots=True)
class Checker:
    """Runs checks in order: the first failure refuses, unless it is overridden (and overridable)."""

    state: GameState
    catalogue: Catalogue
    override: bool = False
    overridden: list[RuleId] = field(default_factory=list)

    def require(self, ok: bool, rule: RuleId, message: str, overridable: bool = True) -> None:
        if not ok:
            self.refuse(rule, message, overridable)

    def refuse(self, rule: RuleId, message: str, overridable: bool = True) -> None:
        """A check failed (the hot paths test first and build the message only then)."""
        if self.override and overridable:
            if rule not in self.overridden:
                self.overridden.append(rule)
            return
        raise Refused(Violation(rule, message, overridable))

    def card(self, card_id: str) -> Card:
        try:
            return self.catalogue.lookup(card_id, self.state.variant.games)
        except InputError as exc:
            raise Refused(Violation(RuleId.CARD_COUNT, str(exc), overridable=False)) from None

    def seat(self, seat: int) -> None:
        if not 0 <= seat < self.state.count:
            self.refuse(RuleId.TURN_ORDER, _("there is no player {seat}: seats are 1 to {count}").format(
                seat=seat + 1, count=self.state.count), overridable=False)

    def name(self, seat: int) -> str:
        return self.state.players[seat].name

    def card_name(self, card: str) -> str:
        """A card as a refusal names it: under its edition's name in the language in use (card_names.py); the
        English name is its id, so English refusals name cards as they are typed and kept."""
        return shown_id(card, self.catalogue)

    def card_names(self, cards: Iterable[str]) -> str:
        """Cards as a refusal lists them: "Drago, Foca"."""
        return ", ".join(shown_id(card, self.catalogue) for card in cards)

    def in_game(self, cards: Iterable[CardId]) -> None:
        """Only cards of the chosen families and Character pairs are in this game."""
        for cid in cards:
            card = self.card(cid)
            if card.kind is Kind.RICE_PAPER:
                if "polar" not in self.state.families:
                    self.refuse(RuleId.CARD_COUNT, _("rice paper is used only with the polar animals"),
                                overridable=False)
            elif card.is_character:
                if card.name not in self.state.character_pairs:
                    self.refuse(RuleId.CARD_COUNT, _("{card} is not one of this game's Characters").format(
                        card=self.card_name(card.id)), overridable=False)
            elif card.family not in self.state.families:
                self.refuse(RuleId.CARD_COUNT, _("{card} ({family}) is not in this game: the families are "
                                                 "{families}").format(
                    card=self.card_name(card.id), family=card.family, families=", ".join(self.state.families)),
                            overridable=False)

    def revealed(self, cards: Iterable[CardId], reshuffling: bool = False) -> None:
        """Cards coming into view must not exceed the copies the game has. When they come after a
        reshuffle, the discard pile has gone back into the deck and is no longer in view."""
        cards = tuple(cards)
        for cid in dict.fromkeys(cards):  # each card once, in order (a Counter costs more for one or two cards)
            quantity = self.card(cid).quantity
            if cid == RICE_PAPER or quantity is None:
                continue
            total = in_view(self.state, cid, reshuffling) + cards.count(cid)
            if total > quantity:
                self.refuse(RuleId.CARD_COUNT, _("that would make {total} × {card} in view, but the game has "
                                                 "{quantity}").format(total=total, card=self.card_name(cid),
                                                                       quantity=quantity))

    def hand_has(self, seat: int, cards: tuple[CardId, ...]) -> None:
        """The player holds these cards (unseen ones may stand in), they are in the game, and showing them
        does not make more copies than exist."""
        if not cards:  # nothing shown (most turns end without a discard): nothing to check
            return
        if not self.state.player(seat).hand.can_give(cards):
            self.refuse(RuleId.CARD_ZONE, _("{player} has no {cards} in hand").format(
                player=self.name(seat), cards=self.card_names(cards)), overridable=False)
        self.in_game(cards)
        self.shown(seat, cards)

    def line_without(self, cards: Iterable[CardId]) -> list[CardId]:
        """The draw line once these cards are taken from it; each must be there."""
        rest = list(self.state.line)
        for cid in cards:
            if cid not in rest:
                self.refuse(RuleId.CARD_ZONE, _("{card} is not in the draw line").format(card=self.card_name(cid)),
                            overridable=False)
            rest.remove(cid)
        return rest

    def shown(self, seat: int, cards: Iterable[CardId]) -> None:
        """Cards a player shows from hand: only those not already known to the table are new in view."""
        self.revealed(self.state.player(seat).hand.unmatched(cards))


def in_view(state: GameState, card: CardId, reshuffling: bool = False) -> int:
    """Copies of `card` in view: in the line, on the discard pile (unless it has just gone back into the deck),
    among the Characters in play, in the collections and among the cards known in hands."""
    seen = state.line.count(card) + state.characters.count(card) + (0 if reshuffling else state.discard.count(card))
    for p in state.players:
        first, second = p.collections
        seen += p.hand.known.count(card) + first.count(card) + second.count(card)
    return seen


def from_deck(check: Checker, count: int, make: type[e.LineRefilled] | None = None,
              player: int | None = None, revealed: tuple[CardId, ...] = ()) -> list[e.Event]:
    """Events for taking `count` cards off the deck, shuffling the discards in whenever it runs out.

    With `make` (LineRefilled) the cards are `revealed` face up; otherwise they go to `player`'s hand."""
    state = check.state
    deck, pile, exhaustions = state.deck, len(state.discard), state.exhaustions
    out: list[e.Event] = []
    shown = list(revealed)
    left = count
    while left:
        if deck == 0:
            check.require(pile > 0, RuleId.CARD_ZONE,
                          _("the deck and the discard pile are both empty: there is nothing to draw"),
                          overridable=False)
            out.append(e.DeckRanOut(exhaustions, pile))  # a late reshuffle, not a new exhaustion
            deck, pile = pile, 0
        k = min(left, deck)
        if make is not None:
            out.append(make(tuple(shown[:k])))
        else:
            assert player is not None
            out.append(e.DrawnFromDeck(player, k, tuple(shown[:k])))
        shown = shown[k:]
        deck -= k
        left -= k
        if deck == 0:
            exhaustions += 1
            out.append(e.DeckRanOut(exhaustions, pile))
            deck, pile = pile, 0
    return out


def deck_can_give(state: GameState) -> int:
    return state.deck + len(state.discard)
