"""A table file as a position of the referee (for `check`, `payments`, `limit`), and a finished game
as a table file (for scoring). Pure."""
from __future__ import annotations

from dataclasses import dataclass

from ..decision import Refused, Violation
from ..errors import InputError
from ..i18n import _
from .cards import Card, CardId, Kind
from .catalog import Catalogue
from .checks import Checker
from .decide import play_checks
from .options import Allowance, Placement, draw_allowance, hand_limit, legal_payments, placements, price
from .rules import RuleId
from .state import GameState, Hand, Phase, PlayerState
from .table import Seat, Table


def position(table: Table, seat: int) -> GameState:
    """The table as the referee sees it, with `seat` to act."""
    families = table.game_families() or tuple(
        f for f, g in table.catalogue.families.items() if g in table.variant.games)
    pairs = tuple(sorted({c.name for c in table.catalogue.cards.values() if c.is_character}))
    players = tuple(
        PlayerState(s.name, s.collections,
                    Hand(tuple(sorted(s.hand_cards))) if s.hand_cards is not None else Hand((), s.hand))
        for s in table.players)
    return GameState(table.variant, table.rules, families, pairs, players, phase=Phase.PLAY,
                     characters=table.characters, current=seat, turn=1, actions_left=1)


def final_table(state: GameState, catalogue: Catalogue) -> Table:
    """A game's final position as a table file, for scoring (hands as cards when all are known)."""
    seats = tuple(
        Seat(p.name, p.collections, p.hand.size, p.hand.known if p.hand.unknown == 0 else None)
        for p in state.players)
    return Table(state.variant, state.choices, seats, state.characters, catalogue)


@dataclass(frozen=True, slots=True)
class PlayCheck:
    card: CardId
    violation: Violation | None
    price: Allowance | None
    placements: tuple[Placement, ...]
    replaces: CardId | None = None

    @property
    def legal(self) -> bool:
        return self.violation is None


def check_play(table: Table, seat: int, card: Card, payment: tuple[CardId, ...], collection: int | None,
               under: bool = False, discount: int = 0, free: bool = False) -> PlayCheck:
    """Is playing `card` with `payment` legal from this position (turn order aside)?"""
    if card.kind is Kind.RICE_PAPER:
        return PlayCheck(card.id, Violation(RuleId.PAY_RICE, _("rice paper is not an origami: it can only pay"),
                                            overridable=False), None, ())
    state = position(table, seat)
    check = Checker(state, table.catalogue)
    spots: tuple[Placement, ...] = ()
    try:
        check.in_game([card.id])
        due = play_checks(check, seat, card, payment, "hand", None if card.is_character else collection,
                          under, discount=discount, free=free)
    except Refused as refused:
        return PlayCheck(card.id, refused.violation, None, ())
    if card.is_origami:
        # With a collection named, play_checks has accepted exactly that spot; otherwise every legal one.
        spots = ((Placement(collection, under),) if collection is not None
                 else tuple(placements(state.player(seat).collections, card.may_go_under)))
    other = card.other_colour()
    return PlayCheck(card.id, None, due, spots, other if other in table.characters else None)


def payments(table: Table, card: Card, hand: tuple[CardId, ...]) -> tuple[Allowance, list[tuple[CardId, ...]]]:
    """Every exact payment for `card` from `hand` (one copy of the card itself is the one played). Cards that
    cannot be in this game (another family, rice paper without the polar animals) are bad input."""
    check = Checker(position(table, 0), table.catalogue)
    for where, cards in (("--play", (card.id,)), ("--hand", hand)):
        try:
            check.in_game(cards)
        except Refused as refused:
            raise InputError(f"{refused.violation.message} ({refused.violation.rule})", where=where) from None
    rest = list(hand)
    if card.id in rest:
        rest.remove(card.id)
    due = price(card, table.characters, table.catalogue)
    return due, legal_payments(rest, due.value, table.catalogue)


def limits(table: Table, seat: int) -> tuple[Allowance, Allowance]:
    player = table.players[seat]
    return (hand_limit(player.collections, table.characters, table.catalogue),
            draw_allowance(player.collections, table.characters, table.catalogue, table.rules))

