"""Joining a game already under way: the table as it stands, checked, in place of the deal."""
from __future__ import annotations

from . import commands as c
from . import events as e
from .cards import RICE_PAPER, CardId
from .checks import Checker
from .rules import RuleId
from .state import Phase


def enter_position(check: Checker, cmd: c.EnterPosition) -> list[e.Event]:
    state = check.state
    n = state.count
    check.require(state.phase is Phase.SETUP, RuleId.SETUP_DEAL,
                  "this game is under way already: the table can be entered only instead of the deal",
                  overridable=False)
    rice = cmd.rice or (0,) * n
    for what, values in (("two collections", cmd.collections), ("a hand size", cmd.hands), ("rice paper", rice)):
        check.require(len(values) == n, RuleId.SETUP_DEAL, f"give {what} for each of the {n} players",
                      overridable=False)
    for seat, what in ((cmd.starting, "who started"), (cmd.current, "whose turn it is")):
        check.require(0 <= seat < n, RuleId.TURN_ORDER, f"{what}: there is no player {seat + 1}",
                      overridable=False)
    check.require(all(h >= 0 for h in cmd.hands) and all(r >= 0 for r in rice), RuleId.CARD_ZONE,
                  "a hand cannot hold fewer than 0 cards", overridable=False)

    _collections(check, cmd)
    line_size = _characters(check, cmd.characters)
    for zone, cards in (("the draw line", cmd.line), ("the discard pile", cmd.discard)):
        check.in_game(cards)
        check.require(RICE_PAPER not in cards, RuleId.PAY_RICE,
                      f"rice paper never lies in {zone}: spent, it goes back to its own deck", overridable=False)
    everything = [card for pair in cmd.collections for col in pair for card in col] + [
        *cmd.characters, *cmd.line, *cmd.discard]
    check.revealed(everything)

    on_table = len(everything) + sum(cmd.hands)
    deck = state.deck - on_table
    check.require(deck >= 0, RuleId.CARD_COUNT,
                  f"{on_table} cards on the table and in hands, but this game has only {state.deck}",
                  overridable=False)
    check.require(len(cmd.line) <= line_size, RuleId.LINE_REFILL,
                  f"the draw line holds at most {line_size} cards, not {len(cmd.line)}", overridable=False)
    short = line_size - len(cmd.line)
    check.require(short == 0 or deck + len(cmd.discard) == 0, RuleId.LINE_REFILL,
                  f"the draw line is refilled at the end of every turn: at the start of a turn it holds "
                  f"{line_size} cards while the deck lasts, not {len(cmd.line)}")
    polar = "polar" in state.families
    check.require(sum(rice) == 0 or polar, RuleId.PAY_RICE, "rice paper is used only with the polar animals",
                  overridable=False)
    check.require(sum(rice) <= state.rice_deck, RuleId.CARD_COUNT,
                  f"{sum(rice)} rice paper in hands, but the game has {state.rice_deck}", overridable=False)
    _end(check, cmd)
    return [e.PositionEntered(
        tuple(cmd.collections), tuple(cmd.hands), tuple(rice), tuple(cmd.characters), tuple(cmd.line), line_size,
        tuple(cmd.discard), deck, cmd.exhaustions, cmd.starting, cmd.current, cmd.turns_left)]


def _collections(check: Checker, cmd: c.EnterPosition) -> None:
    for seat, pair in enumerate(cmd.collections):
        check.require(len(pair) == 2, RuleId.COLL_TWO, f"{check.name(seat)} has exactly two collections",
                      overridable=False)
        cards = [card for col in pair for card in col]
        check.in_game(cards)
        for card in cards:
            check.require(check.card(card).is_origami, RuleId.CARD_ZONE,
                          f"{card} is not an origami: only origami lie in a collection", overridable=False)
        sizes = [len(col) for col in pair]
        check.require(abs(sizes[0] - sizes[1]) <= 1, RuleId.COLL_BALANCE,
                      f"{check.name(seat)}'s collections hold {sizes[0]} and {sizes[1]} cards: they never "
                      f"differ by more than one")


def _characters(check: Checker, characters: tuple[CardId, ...]) -> int:
    """Check the Characters in play; the draw line's size they make."""
    check.in_game(characters)
    names: set[str] = set()
    size = 4
    for cid in characters:
        card = check.card(cid)
        check.require(card.is_character, RuleId.CARD_ZONE, f"{cid} is not a Character", overridable=False)
        check.require(card.name not in names, RuleId.CHAR_PAIR,
                      f"both {card.name}s cannot be in play: the one played later replaced the other",
                      overridable=False)
        names.add(card.name)
        size = card.line_size or size
    return size


def _end(check: Checker, cmd: c.EnterPosition) -> None:
    n = check.state.count
    check.require(cmd.exhaustions in (0, 1, 2), RuleId.END_TRIGGER,
                  "the deck has run out 0, 1 or 2 times: the game ends after the second", overridable=False)
    if cmd.exhaustions < 2:
        check.require(cmd.turns_left is None, RuleId.END_TRIGGER,
                      "turns left count only once the deck has run out twice", overridable=False)
        return
    # The player to the starting player's right plays last, so only two counts can be: the final round
    # is under way, or this round is finished first.
    last = (cmd.starting - 1) % n
    final_round = (last - cmd.current) % n
    options = (final_round, final_round + n)
    check.require(cmd.turns_left in options, RuleId.END_TRIGGER,
                  f"the deck ran out twice and {check.name(last)} plays last: from {check.name(cmd.current)}'s "
                  f"turn that leaves {_turns(options[0])} after this one (the final round is under way) or "
                  f"{_turns(options[1])} (this round is finished first)", overridable=False)


def _turns(n: int) -> str:
    return f"{n} turn" + ("" if n == 1 else "s")
