"""decide(state, command) -> Accepted(events) | Rejected(violation): every action checked before it is
recorded, in a fixed order. Setup and the turn's main actions live here; effect steps in steps.py; the checks
both share in turn_checks.py."""
from __future__ import annotations

from collections.abc import Sequence

from .. import counts
from ..decision import Accepted, Refused, Rejected, Violation
from ..errors import MissingValue
from ..i18n import ngettext
from . import commands as c
from . import events as e
from .cards import RICE_PAPER, Card, CardId, Effect, Game, Kind
from .catalog import Catalogue
from .checks import Checker, deck_can_give, from_deck
from .effects import Grant
from .evolve import evolve, start
from .grants import available, extra_actions, open_effect, opens_on_play, unknown_open, untaken, use
from .obligations import needed, owed, unusable
from .options import Allowance, draw_allowance, folds, hand_limit, placements, play_sources, price
from .rules import RuleId
from .state import GameState, Phase
from .steps import HANDLERS as STEP_HANDLERS
from .table import Variant
from .turn_checks import Handler, after, in_play, refill
from .under_way import enter_position

DEAL_FOLDS = 10
RICE_DECK = 18


Decision = Accepted[e.Event] | Rejected


def decide(state: GameState | None, command: c.Command, catalogue: Catalogue) -> Decision:
    """Check a command against the rules. A value nobody knows raises errors.MissingValue."""
    override = isinstance(command, c.Override)
    inner = command.command if isinstance(command, c.Override) else command
    if isinstance(inner, c.StartGame):
        check = Checker(_blank(inner), catalogue, override)
    elif state is None:
        return Rejected(Violation(RuleId.TURN_ORDER, "start a game first", overridable=False))
    else:
        check = Checker(state, catalogue, override)
    if isinstance(command, c.Override) and not command.reason.strip():
        return Rejected(Violation(RuleId.TURN_ORDER, "an override needs a reason, e.g. 'house rule'",
                                  overridable=False))
    try:
        events = _handler(inner)(check, inner)
    except Refused as refused:
        return Rejected(refused.violation)
    if state is not None:
        events += extra_actions(state, events)
    if isinstance(command, c.Override):
        if not check.overridden:
            return Rejected(Violation(RuleId.TURN_ORDER, "nothing to override: this is legal as it is",
                                      overridable=False))
        events = [e.Overridden(tuple(check.overridden), command.reason.strip()), *events]
    return Accepted(tuple(events))


def _handler(command: c.Command) -> Handler:
    return _HANDLERS[type(command)]


def _blank(command: c.StartGame) -> GameState:
    return start(e.GameStarted(Variant.ORIGAMI.value, command.players, (), (), (), 0, 0))


# --- setup -------------------------------------------------------------------------------------

def _start(check: Checker, cmd: c.StartGame) -> list[e.Event]:
    if cmd.variant not in {v.value for v in Variant}:
        raise Refused(Violation(RuleId.SETUP_FAMILIES, f"unknown game {cmd.variant!r}: origami, legends or mixed",
                                overridable=False))
    variant = Variant(cmd.variant)
    names = [n.strip() for n in cmd.players]
    n = len(names)
    check.require(all(names) and len({x.casefold() for x in names}) == n, RuleId.SETUP_FAMILIES,
                  "every player needs a name, and no two the same", overridable=False)
    check.require(2 <= n, RuleId.SETUP_FAMILIES, "a game needs at least 2 players", overridable=False)
    catalogue = check.catalogue
    for family in cmd.families:
        game = catalogue.families.get(family)
        check.require(game is not None and game in variant.games, RuleId.SETUP_FAMILIES,
                      f"{family!r} is not a family of this game; choose from "
                      + ", ".join(f for f, g in catalogue.families.items() if g in variant.games),
                      overridable=False)
    check.require(len(set(cmd.families)) == len(cmd.families), RuleId.SETUP_FAMILIES,
                  "a family is listed twice", overridable=False)
    check.require(len(cmd.families) == n, RuleId.SETUP_FAMILIES,
                  f"use as many families as players: {n}, not {len(cmd.families)}")
    known_pairs = {card.name for card in catalogue.cards.values() if card.is_character}
    for name in cmd.character_pairs:
        check.require(name in known_pairs, RuleId.SETUP_FAMILIES,
                      f"{name!r} is not a known Character; known: {', '.join(sorted(known_pairs))}",
                      overridable=False)
    check.require(len(set(cmd.character_pairs)) == len(cmd.character_pairs), RuleId.CHAR_PAIR,
                  "a Character pair is listed twice", overridable=False)
    if variant is Variant.ORIGAMI:
        check.require(not cmd.character_pairs, RuleId.SETUP_FAMILIES,
                      "Characters come with Origami Legends; this is an Origami game", overridable=False)
    elif variant is Variant.LEGENDS or cmd.character_pairs:
        check.require(len(cmd.character_pairs) == n, RuleId.SETUP_FAMILIES,
                      f"use as many Character pairs as players: {n}, not {len(cmd.character_pairs)}")
    deck = catalogue.family_size * len(cmd.families) + 2 * len(cmd.character_pairs)
    rice = RICE_DECK if "polar" in cmd.families else 0
    return [e.GameStarted(variant.value, tuple(names), tuple(cmd.families), tuple(cmd.character_pairs),
                          tuple(sorted(cmd.choices.as_dict().items())), deck, rice)]


def fewest_folds(hands: Sequence[Sequence[CardId]], catalogue: Catalogue) -> tuple[int, ...]:
    """The seats dealt the fewest folds: one of them starts (by lot when there are several)."""
    totals = [folds(hand, catalogue) for hand in hands]
    return tuple(i for i, t in enumerate(totals) if t == min(totals))


def _deal(check: Checker, cmd: c.Deal) -> list[e.Event]:
    state = check.state
    check.require(state.phase is Phase.SETUP, RuleId.SETUP_DEAL, "the cards have been dealt already",
                  overridable=False)
    check.require(len(cmd.hands) == state.count, RuleId.SETUP_DEAL,
                  f"deal a hand to each of the {state.count} players", overridable=False)
    every = [cid for hand in cmd.hands for cid in hand] + list(cmd.line)
    check.in_game(every)
    check.revealed(every)
    check.require(len(every) <= state.deck, RuleId.SETUP_DEAL, "more cards dealt than the deck holds",
                  overridable=False)
    totals: list[int] = []
    for seat, hand in enumerate(cmd.hands):
        total = folds(hand, check.catalogue)
        before = total - folds(hand[-1:], check.catalogue)
        check.require(total >= DEAL_FOLDS and before < DEAL_FOLDS, RuleId.SETUP_DEAL,
                      f"{check.name(seat)} was dealt {total} folds: the deal goes on until each player has "
                      f"at least {DEAL_FOLDS}, and stops there")
        totals.append(total)
    check.require(len(cmd.line) == 4, RuleId.SETUP_DEAL, "the draw line starts with 4 cards")
    tied = fewest_folds(cmd.hands, check.catalogue)
    fewest = totals[tied[0]]
    dealt = e.CardsDealt(tuple(map(tuple, cmd.hands)), tuple(cmd.line))
    if len(tied) == 1:
        check.require(cmd.lot in (None, tied[0]), RuleId.SETUP_START,
                      f"{check.name(tied[0])} has the fewest folds and starts: there is no lot to draw",
                      overridable=False)
        return [dealt, e.StartingPlayerChosen(tied[0], ())]
    names = " and ".join(check.name(i) for i in tied)
    check.require(cmd.lot in tied, RuleId.SETUP_START,
                  f"{names} tie with {fewest} folds: the lot must pick one of them", overridable=False)
    assert cmd.lot is not None
    return [dealt, e.StartingPlayerChosen(cmd.lot, tied)]


# --- the turn's main actions ----------------------------------------------------------------------

def main_action(check: Checker, seat: int, hint: str = "") -> None:
    """The turn's action: the player whose turn it is, with an action left (`hint`: how else it may be meant)."""
    in_play(check)
    check.seat(seat)
    state = check.state
    if seat != state.current:
        check.refuse(RuleId.TURN_ORDER, f"it is {check.name(state.current)}'s turn, not {check.name(seat)}'s{hint}")
    if state.actions_left <= 0:
        check.refuse(RuleId.TURN_ORDER,
                     f"{check.name(seat)} has taken this turn's action already: end the turn{hint}")


def pay_from_hand(check: Checker, seat: int, played: tuple[CardId, ...], payment: tuple[CardId, ...]) -> None:
    hand = check.state.player(seat).hand
    name = check.name(seat)
    if not hand.can_give(played):
        check.refuse(RuleId.CARD_ZONE, f"{name} has no {', '.join(played)} in hand", overridable=False)
    check.in_game(payment)
    rice = payment.count(RICE_PAPER)
    if rice > hand.rice:
        check.refuse(RuleId.PAY_RICE, f"{name} holds {hand.rice} rice paper, not {rice}: rice paper has its own "
                     "back, so a hand the table has not seen (given as a number) holds none; list the hand's cards, "
                     "rice paper included", overridable=False)
    if not hand.without(played).can_give(payment):
        why = ("the card played cannot pay for itself" if hand.can_give(payment)
               else f"the hand holds {', '.join(hand.known) or 'nothing'}" if not hand.unknown
               else "the payment must come from the cards in hand")
        check.refuse(RuleId.PAY_HAND, f"{name} cannot pay with {', '.join(payment)}: {why}", overridable=False)
    check.shown(seat, [*played, *payment])


def exact(check: Checker, card: CardId, payment: tuple[CardId, ...], due: int, why: str) -> None:
    paid = folds(payment, check.catalogue)
    if paid != due:
        check.refuse(RuleId.PAY_EXACT,
                     f"{card} costs {ngettext('{n} fold', '{n} folds', due).format(n=due)}{why}; "
                     f"{', '.join(payment) or 'nothing'} {'is' if len(payment) < 2 else 'are'} worth {paid}"
                     + (": paying more is not allowed" if paid > due else ""))


def _draw(check: Checker, cmd: c.DrawCards) -> list[e.Event]:
    main_action(check, cmd.player)
    state = check.state
    player = state.player(cmd.player)
    rest = check.line_without(cmd.cards)
    allowance = draw_allowance(player.collections, state.characters, check.catalogue, state.choices)
    taken = folds(cmd.cards, check.catalogue)
    if taken > allowance.value:
        check.refuse(RuleId.DRAW_LINE, f"{', '.join(cmd.cards)} {'is' if len(cmd.cards) == 1 else 'are'} worth "
                     f"{taken} folds; {check.name(cmd.player)} may draw at most {allowance.value}")
    out: list[e.Event] = [e.LineDrawn(cmd.player, tuple(cmd.cards), True)]
    if cmd.rice_traded:
        wolf = any(check.catalogue.card(t).rice_trade for t in player.tops())
        check.require(wolf, RuleId.EFFECT_STEPS,
                      "trading rice paper for deck cards needs a visible Arctic Wolf on your collections")
        check.require(player.hand.rice >= cmd.rice_traded, RuleId.CARD_ZONE,
                      f"{check.name(cmd.player)} holds only {player.hand.rice} rice paper", overridable=False)
        out.append(e.Discarded(cmd.player, (RICE_PAPER,) * cmd.rice_traded))
        out += from_deck(check, cmd.rice_traded, player=cmd.player)
    # Drawn cards only move from the line to a hand, face up: the deck, the discard pile and the copies in view
    # are as they were, so the refill is checked on this state unless rice paper was traded for deck cards.
    return out + refill(check if len(out) == 1 else after(check, out), cmd.refill, len(rest))


def _play(check: Checker, cmd: c.PlayOrigami) -> list[e.Event]:
    in_play(check)
    check.seat(cmd.player)
    state = check.state
    card = check.card(cmd.card)
    check.require(card.kind is not Kind.RICE_PAPER, RuleId.PAY_RICE,
                  "rice paper is not an origami: it can only be used to pay", overridable=False)
    if card.is_character:
        check.refuse(RuleId.CHAR_PAIR,
                     f"{card.id} is a Character: play it as a Character (it goes to the middle of the table)",
                     overridable=False)
    check.in_game([card.id])
    free_play = state.free_play is not None and cmd.source == "line" and cmd.via is None
    action = cmd.via is None and not free_play
    due_why = ""
    free = cmd.free
    if action:
        if cmd.source == "line":
            spent = [cid for cid in state.effects if check.catalogue.card(cid).is_character]
            check.require(not spent, RuleId.EFFECT_AMOUNT,
                          f"{', '.join(spent)}'s free play is used: one origami from the draw line, once")
        main_action(check, cmd.player, _via_hint(check, cmd.player))
        check.require(not cmd.discount and not cmd.free, RuleId.PAY_EXACT,
                      "nothing in play lets this origami be cheaper or free: name the effect that does")
    elif free_play:
        check.require(cmd.player == state.current, RuleId.CHAR_FREE,
                      f"only {check.name(state.current)}, who played {state.free_play}, has the free play")
        due_why = f" with {state.free_play}'s free play"
    else:
        due_why = f" with {check.card(str(cmd.via)).id}"
    used: list[e.Event] = []
    if cmd.via is not None:
        used, free = _via_use(check, cmd)
    _source(check, cmd, free_play)
    play_checks(check, cmd.player, card, cmd.payment, cmd.source, cmd.collection, cmd.under,
                discount=cmd.discount, free=free or free_play, why=due_why)
    played = e.OrigamiPlayed(cmd.player, card.id, cmd.source, tuple(cmd.payment), cmd.collection, cmd.under,
                             action)
    opened: list[e.Event] = []
    if opens_on_play(card):
        below = 0 if cmd.under else len(state.player(cmd.player).collections[cmd.collection])
        opened = open_effect(Checker(evolve(state, played), check.catalogue, check.override), cmd.player, card,
                             tuple(cmd.payment), below)
    return [*used, played, *_extra_action(check, played, card.cost), *opened]


def _source(check: Checker, cmd: c.PlayOrigami, free_play: bool) -> None:
    """The one check of where a play takes its origami from (options.play_sources), for every kind of play."""
    sources = play_sources(check.state.characters, check.catalogue, free_play)
    if cmd.source in sources or cmd.source not in ("line", "discard"):
        return  # an unknown source is named as such by play_checks
    if cmd.via is not None and check.card(cmd.via).do is None:
        return  # an effect nobody knows may say otherwise: the play is recorded as said
    if cmd.source == "discard":
        check.refuse(RuleId.CARD_ZONE, "the top discard may be played only while the yellow Geisha is in play")
    how = (f"a play {cmd.via} grants is made as a normal play, from the hand" if cmd.via is not None
           else "Play One Origami takes it from the hand")
    pending = check.state.free_play
    hint = f" ({pending}'s free play is recorded without `via`)" if pending and cmd.via is not None else ""
    check.refuse(RuleId.CARD_ZONE, f"only a Character's free play takes an origami from the draw line: {how}{hint}")


def _via_hint(check: Checker, seat: int) -> str:
    """How to record a play an effect grants `seat` now, for a refusal that reads the play as the turn's action."""
    state = check.state
    sources = sorted({g.source for i, g in enumerate(state.grants)
                      if g.step == "play" and g.seat == seat and available(state, i)})
    return f" (a play an effect grants names it: `via {sources[0]}`)" if sources else ""


def _via_use(check: Checker, cmd: c.PlayOrigami) -> tuple[list[e.Event], bool]:
    """A play through an effect uses that effect's play grant: its discount and whether it is free."""
    via = check.card(str(cmd.via))
    chosen: list[bool] = []

    def test(g: Grant) -> tuple[RuleId, str] | None:
        if cmd.discount > g.discount:
            off = ngettext("takes at most {n} fold off", "takes at most {n} folds off", g.discount).format(n=g.discount)
            return RuleId.PAY_EXACT, f"{via.id} {off}, not {cmd.discount}"
        if cmd.free and not g.free:
            return RuleId.PAY_EXACT, f"{via.id} does not make the play free"
        if g.where == "not_taken" and not untaken(check.state, g, cmd.card):
            return RuleId.EFFECT_AMOUNT, (f"{via.id}: not the {cmd.card} just taken; another {cmd.card} held "
                                          f"besides it may be played, shown with it")
        chosen.append(g.free)
        return None

    in_play(check)
    check.require(via.id in check.state.effects or unknown_open(check), RuleId.EFFECT_STEPS,
                  f"{via.id}'s effect has not been used this turn")
    if check.catalogue.card(via.id).do is None:
        return [], cmd.free  # an effect nobody knows: the play is recorded as said
    used = use(check, "play", cmd.player, test, source=via.id)
    return used, cmd.free or (chosen[-1] if chosen else False)


def play_checks(check: Checker, seat: int, card: Card, payment: tuple[CardId, ...], source: str,
                collection: int | None, under: bool, *, discount: int = 0, free: bool = False,
                why: str = "") -> Allowance:
    """Where the card comes from, the payment, the price and the placement of one origami; the price."""
    state = check.state
    if source == "hand":
        pay_from_hand(check, seat, (card.id,), payment)
    else:
        pay_from_hand(check, seat, (), payment)
        if source == "line":
            check.require(card.id in state.line, RuleId.CARD_ZONE, f"{card.id} is not in the draw line",
                          overridable=False)
        else:
            check.require(source == "discard", RuleId.CARD_ZONE, f"unknown source {source!r}",
                          overridable=False)
            check.require(bool(state.discard) and state.discard[-1] == card.id, RuleId.CARD_ZONE,
                          f"{card.id} is not the top card of the discard pile", overridable=False)
    due = price(card, state.characters, check.catalogue, discount=discount, free=free)
    exact(check, card.id, payment, due.value, why)
    if collection is None:
        return due
    columns = state.player(seat).collections
    check.require(collection in (0, 1), RuleId.COLL_TWO,
                  "there are two collections: choose 1 or 2", overridable=False)
    check.require(not under or card.may_go_under, RuleId.COLL_UNDER,
                  f"{card.id} goes on top of a collection; only a card that says so may go under")
    check.require(any(p.collection == collection for p in placements(columns, card.may_go_under)),
                  RuleId.COLL_BALANCE,
                  f"collections of {len(columns[0])} and {len(columns[1])} cards: adding to collection "
                  f"{collection + 1} would make them differ by 2; put it on collection {2 - collection}")
    return due


def _extra_action(check: Checker, played: e.OrigamiPlayed, cost: int | None) -> list[e.Event]:
    """An ongoing 'another action when you play a card costing N' (Caiman) still on top after the play."""
    for top in evolve(check.state, played).player(played.player).tops():
        if cost in check.catalogue.card(top).extra_action_costs:
            return [e.ExtraActionGranted(played.player, top)]
    return []


def _character(check: Checker, cmd: c.PlayCharacter) -> list[e.Event]:
    main_action(check, cmd.player)
    state = check.state
    card = check.card(cmd.card)
    check.require(card.is_character, RuleId.CHAR_PAIR, f"{card.id} is not a Character", overridable=False)
    check.in_game([card.id])
    play_checks(check, cmd.player, card, cmd.payment, "hand", None, False)
    other = card.other_colour()
    replaced = other if other in state.characters else None
    size = card.line_size or (4 if replaced and check.catalogue.card(replaced).line_size else state.line_size)
    return [e.CharacterPlayed(cmd.player, card.id, tuple(cmd.payment), replaced, size)]


def _special(check: Checker, cmd: c.UseSpecialAction) -> list[e.Event]:
    main_action(check, cmd.player)
    state = check.state
    check.require(any(check.catalogue.family_game(f) is Game.ORIGAMI for f in state.families),
                  RuleId.SPECIAL_TOP, "special actions come with the Origami families; none is in this game")
    check.require(cmd.collection in (0, 1), RuleId.COLL_TWO, "choose collection 1 or 2", overridable=False)
    column = state.player(cmd.player).collections[cmd.collection]
    check.require(bool(column), RuleId.SPECIAL_TOP, f"collection {cmd.collection + 1} is empty",
                  overridable=False)
    top = check.catalogue.card(column[-1])
    if top.effect is None:
        raise MissingValue(top.id, "effect", "knowing whether it has a special action")
    check.require(top.effect is Effect.SPECIAL, RuleId.SPECIAL_TOP, f"{top.id} on top has no special action")
    check.require(not state.played_this_turn(cmd.player, cmd.collection), RuleId.SPECIAL_TOP,
                  f"{top.id} was played this turn: its special action is available from the next turn")
    check.require(not state.special_used, RuleId.SPECIAL_TOP, "a special action was used this turn already")
    used = e.SpecialActionUsed(cmd.player, cmd.collection, top.id)
    using = evolve(state, used)
    blocked = unusable(using, check.catalogue, cmd.player, top.id)
    if blocked is not None:
        check.refuse(RuleId.SPECIAL_TOP, f"{top.id}'s action must {needed(blocked)}"
                     f"{' (line: ' + ', '.join(state.line) + ')' if blocked.step == 'take_line' else ''}, and "
                     "that cannot be done now: the action cannot be used")
    return [used, *open_effect(Checker(using, check.catalogue, check.override), cmd.player, top)]


def _end_turn(check: Checker, cmd: c.EndTurn) -> list[e.Event]:
    in_play(check)
    check.seat(cmd.player)
    state = check.state
    if cmd.player != state.current:
        check.refuse(RuleId.TURN_ORDER, f"it is {check.name(state.current)}'s turn, not {check.name(cmd.player)}'s")
    if not state.acted:
        check.refuse(RuleId.TURN_ORDER,
                     f"{check.name(cmd.player)} must take an action first (drawing nothing is an action)")
    for grant in owed(state, check.catalogue):
        check.refuse(RuleId.EFFECT_STEPS, f"{grant.source}: {check.name(grant.seat)} must still {needed(grant)} "
                     "before the turn ends")
    out = refill(check, cmd.refill, len(state.line))
    line_after = len(state.line) + len(cmd.refill)
    short = max(0, state.line_size - line_after)
    could = deck_can_give(state) - len(cmd.refill)
    if short and could > 0:
        check.refuse(RuleId.LINE_REFILL, f"refill the draw line first: {counts.cards(min(short, could))} from the deck")
    check.hand_has(cmd.player, cmd.discards)
    player = state.player(cmd.player)
    hand = player.hand
    limit = hand_limit(player.collections, state.characters, check.catalogue)
    size = hand.size - len(cmd.discards)
    over = hand.size - limit.value
    if size > limit.value:
        check.refuse(RuleId.HAND_LIMIT,
                     f"{check.name(cmd.player)} holds {hand.size} cards and the limit is {limit.value}: discard {over}")
    if len(cmd.discards) > max(0, over):
        check.refuse(RuleId.HAND_LIMIT, f"only cards over the limit of {limit.value} are discarded at the end of the "
                     "turn")
    return out + [e.TurnEnded(cmd.player, tuple(cmd.discards))]


_HANDLERS: dict[type, Handler] = {
    c.StartGame: _start, c.Deal: _deal, c.EnterPosition: enter_position, c.DrawCards: _draw, c.PlayOrigami: _play,
    c.PlayCharacter: _character, c.UseSpecialAction: _special, c.EndTurn: _end_turn, **STEP_HANDLERS}
