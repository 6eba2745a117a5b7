"""decide(state, command) -> Accepted(events) | Rejected(violation): every action checked before it is
recorded, in a fixed order. Setup and the turn's main actions live here; effect steps in steps.py; the checks
both share in turn_checks.py."""
from __future__ import annotations

from collections.abc import Sequence

from .. import counts
from ..decision import Accepted, Refused, Rejected, Violation
from ..errors import MissingValue
from ..i18n import N_, _, ngettext
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
        return Rejected(Violation(RuleId.TURN_ORDER, _("start a game first"), overridable=False))
    else:
        check = Checker(state, catalogue, override)
    if isinstance(command, c.Override) and not command.reason.strip():
        return Rejected(Violation(RuleId.TURN_ORDER, _("an override needs a reason, e.g. 'house rule'"),
                                  overridable=False))
    try:
        events = _handler(inner)(check, inner)
    except Refused as refused:
        return Rejected(refused.violation)
    if state is not None:
        events += extra_actions(state, events)
    if isinstance(command, c.Override):
        if not check.overridden:
            return Rejected(Violation(RuleId.TURN_ORDER, _("nothing to override: this is legal as it is"),
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
        raise Refused(Violation(RuleId.SETUP_FAMILIES, _("unknown game {game!r}: origami, legends or mixed").format(
            game=cmd.variant), overridable=False))
    variant = Variant(cmd.variant)
    names = [n.strip() for n in cmd.players]
    n = len(names)
    check.require(all(names) and len({x.casefold() for x in names}) == n, RuleId.SETUP_FAMILIES,
                  _("every player needs a name, and no two the same"), overridable=False)
    check.require(2 <= n, RuleId.SETUP_FAMILIES, _("a game needs at least 2 players"), overridable=False)
    catalogue = check.catalogue
    for family in cmd.families:
        game = catalogue.families.get(family)
        check.require(game is not None and game in variant.games, RuleId.SETUP_FAMILIES,
                      _("{family!r} is not a family of this game; choose from {families}").format(
                          family=family, families=", ".join(f for f, g in catalogue.families.items()
                                                            if g in variant.games)),
                      overridable=False)
    check.require(len(set(cmd.families)) == len(cmd.families), RuleId.SETUP_FAMILIES,
                  _("a family is listed twice"), overridable=False)
    check.require(len(cmd.families) == n, RuleId.SETUP_FAMILIES,
                  _("use as many families as players: {n}, not {given}").format(n=n, given=len(cmd.families)))
    known_pairs = {card.name for card in catalogue.cards.values() if card.is_character}
    for name in cmd.character_pairs:
        check.require(name in known_pairs, RuleId.SETUP_FAMILIES,
                      _("{name!r} is not a known Character; known: {known}").format(
                          name=name, known=", ".join(sorted(known_pairs))),
                      overridable=False)
    check.require(len(set(cmd.character_pairs)) == len(cmd.character_pairs), RuleId.CHAR_PAIR,
                  _("a Character pair is listed twice"), overridable=False)
    if variant is Variant.ORIGAMI:
        check.require(not cmd.character_pairs, RuleId.SETUP_FAMILIES,
                      _("Characters come with Origami Legends; this is an Origami game"), overridable=False)
    elif variant is Variant.LEGENDS or cmd.character_pairs:
        check.require(len(cmd.character_pairs) == n, RuleId.SETUP_FAMILIES,
                      _("use as many Character pairs as players: {n}, not {given}").format(
                          n=n, given=len(cmd.character_pairs)))
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
    check.require(state.phase is Phase.SETUP, RuleId.SETUP_DEAL, _("the cards have been dealt already"),
                  overridable=False)
    check.require(len(cmd.hands) == state.count, RuleId.SETUP_DEAL,
                  _("deal a hand to each of the {n} players").format(n=state.count), overridable=False)
    every = [cid for hand in cmd.hands for cid in hand] + list(cmd.line)
    check.in_game(every)
    check.revealed(every)
    check.require(len(every) <= state.deck, RuleId.SETUP_DEAL, _("more cards dealt than the deck holds"),
                  overridable=False)
    totals: list[int] = []
    for seat, hand in enumerate(cmd.hands):
        total = folds(hand, check.catalogue)
        before = total - folds(hand[-1:], check.catalogue)
        check.require(total >= DEAL_FOLDS and before < DEAL_FOLDS, RuleId.SETUP_DEAL,
                      ngettext("{player} was dealt {n} fold: the deal goes on until each player has at least "
                               "{least}, and stops there",
                               "{player} was dealt {n} folds: the deal goes on until each player has at least "
                               "{least}, and stops there", total).format(player=check.name(seat), n=total,
                                                                         least=DEAL_FOLDS))
        totals.append(total)
    check.require(len(cmd.line) == 4, RuleId.SETUP_DEAL, _("the draw line starts with 4 cards"))
    tied = fewest_folds(cmd.hands, check.catalogue)
    fewest = totals[tied[0]]
    dealt = e.CardsDealt(tuple(map(tuple, cmd.hands)), tuple(cmd.line))
    if len(tied) == 1:
        check.require(cmd.lot in (None, tied[0]), RuleId.SETUP_START,
                      _("{player} has the fewest folds and starts: there is no lot to draw").format(
                          player=check.name(tied[0])),
                      overridable=False)
        return [dealt, e.StartingPlayerChosen(tied[0], ())]
    names = check.name(tied[0])
    for seat in tied[1:]:
        names = _("{first} and {last}").format(first=names, last=check.name(seat))
    check.require(cmd.lot in tied, RuleId.SETUP_START,
                  _("{players} tie with {n} folds: the lot must pick one of them").format(players=names, n=fewest),
                  overridable=False)
    assert cmd.lot is not None
    return [dealt, e.StartingPlayerChosen(cmd.lot, tied)]


# --- the turn's main actions ----------------------------------------------------------------------

def main_action(check: Checker, seat: int, hint: str = "") -> None:
    """The turn's action: the player whose turn it is, with an action left (`hint`: how else it may be meant)."""
    in_play(check)
    check.seat(seat)
    state = check.state
    if seat != state.current:
        check.refuse(RuleId.TURN_ORDER, _("it is {current}'s turn, not {player}'s{hint}").format(
            current=check.name(state.current), player=check.name(seat), hint=hint))
    if state.actions_left <= 0:
        check.refuse(RuleId.TURN_ORDER,
                     _("{player} has taken this turn's action already: end the turn{hint}").format(
                         player=check.name(seat), hint=hint))


def pay_from_hand(check: Checker, seat: int, played: tuple[CardId, ...], payment: tuple[CardId, ...]) -> None:
    hand = check.state.player(seat).hand
    name = check.name(seat)
    if not hand.can_give(played):
        check.refuse(RuleId.CARD_ZONE, _("{player} has no {cards} in hand").format(
            player=name, cards=check.card_names(played)), overridable=False)
    check.in_game(payment)
    rice = payment.count(RICE_PAPER)
    if rice > hand.rice:
        check.refuse(RuleId.PAY_RICE, _("{player} holds {held} rice paper, not {rice}: rice paper has its own back, so "
                                        "a hand the table has not seen (given as a number) holds none; list the hand's "
                                        "cards, rice paper included").format(player=name, held=hand.rice, rice=rice),
                     overridable=False)
    if not hand.without(played).can_give(payment):
        why = (_("the card played cannot pay for itself") if hand.can_give(payment)
               else _("the hand holds {cards}").format(cards=check.card_names(hand.known) or _("nothing"))
               if not hand.unknown else _("the payment must come from the cards in hand"))
        check.refuse(RuleId.PAY_HAND, _("{player} cannot pay with {cards}: {why}").format(
            player=name, cards=check.card_names(payment), why=why), overridable=False)
    check.shown(seat, [*played, *payment])


def exact(check: Checker, card: CardId, payment: tuple[CardId, ...], due: int, why: str) -> None:
    paid = folds(payment, check.catalogue)
    if paid != due:
        cost = ngettext("{n} fold", "{n} folds", due).format(n=due)
        check.refuse(RuleId.PAY_EXACT, ngettext("{card} costs {cost}{why}; {payment} is worth {paid}",
                                                "{card} costs {cost}{why}; {payment} are worth {paid}",
                                                max(len(payment), 1)).format(
            card=check.card_name(card), cost=cost, why=why, payment=check.card_names(payment) or _("nothing"),
            paid=paid)
                     + (_(": paying more is not allowed") if paid > due else ""))


def _draw(check: Checker, cmd: c.DrawCards) -> list[e.Event]:
    main_action(check, cmd.player)
    state = check.state
    player = state.player(cmd.player)
    rest = check.line_without(cmd.cards)
    allowance = draw_allowance(player.collections, state.characters, check.catalogue, state.choices)
    taken = folds(cmd.cards, check.catalogue)
    if taken > allowance.value:
        check.refuse(RuleId.DRAW_LINE, ngettext(
            "{cards} is worth {taken} folds; {player} may draw at most {most}",
            "{cards} are worth {taken} folds; {player} may draw at most {most}", len(cmd.cards)).format(
            cards=check.card_names(cmd.cards), taken=taken, player=check.name(cmd.player), most=allowance.value))
    out: list[e.Event] = [e.LineDrawn(cmd.player, tuple(cmd.cards), True)]
    if cmd.rice_traded:
        wolf = any(check.catalogue.card(t).rice_trade for t in player.tops())
        check.require(wolf, RuleId.EFFECT_STEPS,
                      _("trading rice paper for deck cards needs a visible Arctic Wolf on your collections"))
        check.require(player.hand.rice >= cmd.rice_traded, RuleId.CARD_ZONE,
                      _("{player} holds only {rice} rice paper").format(player=check.name(cmd.player),
                                                                         rice=player.hand.rice), overridable=False)
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
                  _("rice paper is not an origami: it can only be used to pay"), overridable=False)
    if card.is_character:
        check.refuse(RuleId.CHAR_PAIR,
                     _("{card} is a Character: play it as a Character (it goes to the middle of the table)").format(
                         card=check.card_name(card.id)),
                     overridable=False)
    check.in_game([card.id])
    free_play = state.free_play is not None and cmd.source == "line" and cmd.via is None
    action = cmd.via is None and not free_play
    due_why = ""
    free = cmd.free
    if action:
        if cmd.source == "line":
            spent = [cid for cid in state.effects if check.catalogue.card(cid).is_character]
            if spent:
                check.refuse(RuleId.EFFECT_AMOUNT,
                             _("{characters}'s free play is used: one origami from the draw line, once").format(
                                 characters=check.card_names(spent)))
        main_action(check, cmd.player, _via_hint(check, cmd.player))
        check.require(not cmd.discount and not cmd.free, RuleId.PAY_EXACT,
                      _("nothing in play lets this origami be cheaper or free: name the effect that does"))
    elif free_play:
        if cmd.player != state.current:
            check.refuse(RuleId.CHAR_FREE, _("only {player}, who played {character}, has the free play").format(
                player=check.name(state.current), character=check.card_name(str(state.free_play))))
        due_why = _(" with {character}'s free play").format(character=check.card_name(str(state.free_play)))
    else:
        due_why = _(" with {card}").format(card=check.card_name(check.card(str(cmd.via)).id))
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
        check.refuse(RuleId.CARD_ZONE, _("the top discard may be played only while the yellow Geisha is in play"))
    how = (_("a play {card} grants is made as a normal play, from the hand").format(card=check.card_name(cmd.via))
           if cmd.via is not None else _("Play One Origami takes it from the hand"))
    pending = check.state.free_play
    hint = (_(" ({character}'s free play is recorded without `via`)").format(character=check.card_name(pending))
            if pending and cmd.via is not None else "")
    check.refuse(RuleId.CARD_ZONE, _("only a Character's free play takes an origami from the draw line: {how}{hint}")
                 .format(how=how, hint=hint))


def _via_hint(check: Checker, seat: int) -> str:
    """How to record a play an effect grants `seat` now, for a refusal that reads the play as the turn's action."""
    state = check.state
    sources = sorted({g.source for i, g in enumerate(state.grants)
                      if g.step == "play" and g.seat == seat and available(state, i)})
    # The card as the table types it (`via Fox`): its id, which every language's notation reads.
    return _(" (a play an effect grants names it: `via {card}`)").format(card=sources[0]) if sources else ""


def _via_use(check: Checker, cmd: c.PlayOrigami) -> tuple[list[e.Event], bool]:
    """A play through an effect uses that effect's play grant: its discount and whether it is free."""
    via = check.card(str(cmd.via))
    chosen: list[bool] = []

    def test(g: Grant) -> tuple[RuleId, str] | None:
        if cmd.discount > g.discount:
            return RuleId.PAY_EXACT, ngettext("{card} takes at most {n} fold off, not {discount}",
                                              "{card} takes at most {n} folds off, not {discount}",
                                              g.discount).format(card=check.card_name(via.id), n=g.discount,
                                                                 discount=cmd.discount)
        if cmd.free and not g.free:
            return RuleId.PAY_EXACT, _("{card} does not make the play free").format(card=check.card_name(via.id))
        if g.where == "not_taken" and not untaken(check.state, g, cmd.card, cmd.source):
            return RuleId.EFFECT_AMOUNT, _("{card}: not the {taken} just taken; another {taken} held besides it may "
                                           "be played, shown with it").format(card=check.card_name(via.id),
                                                                          taken=check.card_name(cmd.card))
        chosen.append(g.free)
        return None

    in_play(check)
    if via.id not in check.state.effects and not unknown_open(check):
        check.refuse(RuleId.EFFECT_STEPS, _("{card}'s effect has not been used this turn").format(
            card=check.card_name(via.id)))
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
            if card.id not in state.line:
                check.refuse(RuleId.CARD_ZONE, _("{card} is not in the draw line").format(
                    card=check.card_name(card.id)), overridable=False)
        else:
            check.require(source == "discard", RuleId.CARD_ZONE, _("unknown source {source!r}").format(source=source),
                          overridable=False)
            if not state.discard or state.discard[-1] != card.id:
                check.refuse(RuleId.CARD_ZONE, _("{card} is not the top card of the discard pile").format(
                    card=check.card_name(card.id)), overridable=False)
    due = price(card, state.characters, check.catalogue, discount=discount, free=free)
    exact(check, card.id, payment, due.value, why)
    if collection is None:
        return due
    columns = state.player(seat).collections
    check.require(collection in (0, 1), RuleId.COLL_TWO,
                  _("there are two collections: choose 1 or 2"), overridable=False)
    if under and not card.may_go_under:
        check.refuse(RuleId.COLL_UNDER, _("{card} goes on top of a collection; only a card that says so may go "
                                          "under").format(card=check.card_name(card.id)))
    check.require(any(p.collection == collection for p in placements(columns, card.may_go_under)),
                  RuleId.COLL_BALANCE,
                  _("collections of {first} and {second} cards: adding to collection {chosen} would make them "
                    "differ by 2; put it on collection {other}").format(
                      first=len(columns[0]), second=len(columns[1]), chosen=collection + 1, other=2 - collection))
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
    if not card.is_character:
        check.refuse(RuleId.CHAR_PAIR, _("{card} is not a Character").format(card=check.card_name(card.id)),
                     overridable=False)
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
                  RuleId.SPECIAL_TOP, _("special actions come with the Origami families; none is in this game"))
    check.require(cmd.collection in (0, 1), RuleId.COLL_TWO, _("choose collection 1 or 2"), overridable=False)
    column = state.player(cmd.player).collections[cmd.collection]
    check.require(bool(column), RuleId.SPECIAL_TOP, _("collection {n} is empty").format(n=cmd.collection + 1),
                  overridable=False)
    top = check.catalogue.card(column[-1])
    if top.effect is None:
        raise MissingValue(top.id, "effect", N_("knowing whether it has a special action"))
    if top.effect is not Effect.SPECIAL:
        check.refuse(RuleId.SPECIAL_TOP, _("{card} on top has no special action").format(card=check.card_name(top.id)))
    if state.played_this_turn(cmd.player, cmd.collection):
        check.refuse(RuleId.SPECIAL_TOP, _("{card} was played this turn: its special action is available from the "
                                           "next turn").format(card=check.card_name(top.id)))
    check.require(not state.special_used, RuleId.SPECIAL_TOP, _("a special action was used this turn already"))
    used = e.SpecialActionUsed(cmd.player, cmd.collection, top.id)
    using = evolve(state, used)
    blocked = unusable(using, check.catalogue, cmd.player, top.id)
    if blocked is not None:
        line = _(" (line: {cards})").format(cards=check.card_names(state.line)) if blocked.step == "take_line" else ""
        check.refuse(RuleId.SPECIAL_TOP, _("{card}'s action must {needed}{line}, and that cannot be done now: the "
                                           "action cannot be used").format(card=check.card_name(top.id),
                                                                           needed=needed(blocked),
                                                                           line=line))
    return [used, *open_effect(Checker(using, check.catalogue, check.override), cmd.player, top)]


def _end_turn(check: Checker, cmd: c.EndTurn) -> list[e.Event]:
    in_play(check)
    check.seat(cmd.player)
    state = check.state
    if cmd.player != state.current:
        check.refuse(RuleId.TURN_ORDER, _("it is {current}'s turn, not {player}'s{hint}").format(
            current=check.name(state.current), player=check.name(cmd.player), hint=""))
    if not state.acted:
        check.refuse(RuleId.TURN_ORDER, _("{player} must take an action first (drawing nothing is an action)").format(
            player=check.name(cmd.player)))
    for grant in owed(state, check.catalogue):
        check.refuse(RuleId.EFFECT_STEPS, _("{card}: {player} must still {needed} before the turn ends").format(
            card=check.card_name(grant.source), player=check.name(grant.seat), needed=needed(grant)))
    out = refill(check, cmd.refill, len(state.line))
    line_after = len(state.line) + len(cmd.refill)
    short = max(0, state.line_size - line_after)
    could = deck_can_give(state) - len(cmd.refill)
    if short and could > 0:
        check.refuse(RuleId.LINE_REFILL, _("refill the draw line first: {cards} from the deck").format(
            cards=counts.cards(min(short, could))))
    check.hand_has(cmd.player, cmd.discards)
    player = state.player(cmd.player)
    hand = player.hand
    limit = hand_limit(player.collections, state.characters, check.catalogue)
    size = hand.size - len(cmd.discards)
    over = hand.size - limit.value
    if size > limit.value:
        check.refuse(RuleId.HAND_LIMIT,
                     _("{player} holds {held} cards and the limit is {limit}: discard {over}").format(
                         player=check.name(cmd.player), held=hand.size, limit=limit.value, over=over))
    if len(cmd.discards) > max(0, over):
        check.refuse(RuleId.HAND_LIMIT, _("only cards over the limit of {limit} are discarded at the end of the "
                                          "turn").format(limit=limit.value))
    return out + [e.TurnEnded(cmd.player, tuple(cmd.discards))]


_HANDLERS: dict[type, Handler] = {
    c.StartGame: _start, c.Deal: _deal, c.EnterPosition: enter_position, c.DrawCards: _draw, c.PlayOrigami: _play,
    c.PlayCharacter: _character, c.UseSpecialAction: _special, c.EndTurn: _end_turn, **STEP_HANDLERS}
