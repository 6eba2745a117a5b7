"""Joining a game already under way: the table as it stands, checked, in place of the deal."""
from __future__ import annotations

from ..i18n import N_, _, ngettext
from . import commands as c
from . import events as e
from .card_names import shown_pair
from .cards import RICE_PAPER, CardId
from .checks import Checker
from .rules import RuleId
from .state import Phase


def enter_position(check: Checker, cmd: c.EnterPosition) -> list[e.Event]:
    state = check.state
    n = state.count
    check.require(state.phase is Phase.SETUP, RuleId.SETUP_DEAL,
                  _("this game is under way already: the table can be entered only instead of the deal"),
                  overridable=False)
    rice = cmd.rice or (0,) * n
    for what, values in ((N_("two collections"), cmd.collections), (N_("a hand size"), cmd.hands),
                         (N_("rice paper"), rice)):
        if len(values) != n:
            check.refuse(RuleId.SETUP_DEAL, _("give {what} for each of the {n} players").format(what=_(what), n=n),
                         overridable=False)
    for seat, what in ((cmd.starting, N_("who started")), (cmd.current, N_("whose turn it is"))):
        if not 0 <= seat < n:
            check.refuse(RuleId.TURN_ORDER, _("{what}: there is no player {n}").format(what=_(what), n=seat + 1),
                         overridable=False)
    check.require(all(h >= 0 for h in cmd.hands) and all(r >= 0 for r in rice), RuleId.CARD_ZONE,
                  _("a hand cannot hold fewer than 0 cards"), overridable=False)

    _collections(check, cmd)
    line_size = _characters(check, cmd.characters)
    for never, cards in ((N_("rice paper never lies in the draw line: spent, it goes back to its own deck"), cmd.line),
                         (N_("rice paper never lies in the discard pile: spent, it goes back to its own deck"),
                          cmd.discard)):
        check.in_game(cards)
        check.require(RICE_PAPER not in cards, RuleId.PAY_RICE, _(never), overridable=False)
    everything = [card for pair in cmd.collections for col in pair for card in col] + [
        *cmd.characters, *cmd.line, *cmd.discard]
    check.revealed(everything)

    on_table = len(everything) + sum(cmd.hands)
    deck = state.deck - on_table
    check.require(deck >= 0, RuleId.CARD_COUNT,
                  _("{n} cards on the table and in hands, but this game has only {deck}").format(
                      n=on_table, deck=state.deck), overridable=False)
    check.require(len(cmd.line) <= line_size, RuleId.LINE_REFILL,
                  _("the draw line holds at most {n} cards, not {given}").format(n=line_size, given=len(cmd.line)),
                  overridable=False)
    short = line_size - len(cmd.line)
    check.require(short == 0 or deck + len(cmd.discard) == 0, RuleId.LINE_REFILL,
                  _("the draw line is refilled at the end of every turn: at the start of a turn it holds {n} cards "
                    "while the deck lasts, not {given}").format(n=line_size, given=len(cmd.line)))
    polar = "polar" in state.families
    check.require(sum(rice) == 0 or polar, RuleId.PAY_RICE, _("rice paper is used only with the polar animals"),
                  overridable=False)
    check.require(sum(rice) <= state.rice_deck, RuleId.CARD_COUNT,
                  _("{n} rice paper in hands, but the game has {deck}").format(n=sum(rice), deck=state.rice_deck),
                  overridable=False)
    _end(check, cmd)
    return [e.PositionEntered(
        tuple(cmd.collections), tuple(cmd.hands), tuple(rice), tuple(cmd.characters), tuple(cmd.line), line_size,
        tuple(cmd.discard), deck, cmd.exhaustions, cmd.starting, cmd.current, cmd.turns_left)]


def _collections(check: Checker, cmd: c.EnterPosition) -> None:
    for seat, pair in enumerate(cmd.collections):
        if len(pair) != 2:
            check.refuse(RuleId.COLL_TWO, _("{player} has exactly two collections").format(player=check.name(seat)),
                         overridable=False)
        cards = [card for col in pair for card in col]
        check.in_game(cards)
        for card in cards:
            if not check.card(card).is_origami:
                check.refuse(RuleId.CARD_ZONE, _("{card} is not an origami: only origami lie in a collection").format(
                    card=check.card_name(card)), overridable=False)
        sizes = [len(col) for col in pair]
        if abs(sizes[0] - sizes[1]) > 1:
            check.refuse(RuleId.COLL_BALANCE, _("{player}'s collections hold {first} and {second} cards: they never "
                                                "differ by more than one").format(
                player=check.name(seat), first=sizes[0], second=sizes[1]))


def _characters(check: Checker, characters: tuple[CardId, ...]) -> int:
    """Check the Characters in play; the draw line's size they make."""
    check.in_game(characters)
    names: set[str] = set()
    size = 4
    for cid in characters:
        card = check.card(cid)
        if not card.is_character:
            check.refuse(RuleId.CARD_ZONE, _("{card} is not a Character").format(card=check.card_name(cid)),
                         overridable=False)
        if card.name in names:
            check.refuse(RuleId.CHAR_PAIR, _("both {card}s cannot be in play: the one played later replaced the "
                                             "other").format(card=shown_pair(card.name, check.catalogue)),
                         overridable=False)
        names.add(card.name)
        size = card.line_size or size
    return size


def _end(check: Checker, cmd: c.EnterPosition) -> None:
    n = check.state.count
    check.require(cmd.exhaustions in (0, 1, 2), RuleId.END_TRIGGER,
                  _("the deck has run out 0, 1 or 2 times: the game ends after the second"), overridable=False)
    if cmd.exhaustions < 2:
        check.require(cmd.turns_left is None, RuleId.END_TRIGGER,
                      _("turns left count only once the deck has run out twice"), overridable=False)
        return
    # The player to the starting player's right plays last, so only two counts can be: the final round
    # is under way, or this round is finished first.
    last = (cmd.starting - 1) % n
    final_round = (last - cmd.current) % n
    options = (final_round, final_round + n)
    if cmd.turns_left not in options:
        check.refuse(RuleId.END_TRIGGER, _(
            "the deck ran out twice and {last} plays last: from {current}'s turn that leaves {final} after this one "
            "(the final round is under way) or {more} (this round is finished first)").format(
            last=check.name(last), current=check.name(cmd.current), final=_turns(options[0]),
            more=_turns(options[1])), overridable=False)


def _turns(n: int) -> str:
    return ngettext("{n} turn", "{n} turns", n).format(n=n)
