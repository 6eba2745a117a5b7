"""Opening an effect (its grants for this turn) and using one grant per consequence, checked exactly."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..i18n import N_, _
from . import events as e
from .card_names import shown_id
from .cards import RICE_PAPER, Card, CardId, Effect
from .catalog import Catalogue
from .checks import Checker
from .effects import Grant, amount_of, receivers, seats
from .rules import RuleId
from .state import GameState, Hand

Problem = tuple[RuleId, str] | None
Test = Callable[[Grant], Problem]

STEP_WORDS = {  # marked here, translated where shown
    "draw_deck": N_("drawing from the deck"), "take_line": N_("taking cards from the draw line"),
    "take_discard": N_("taking a card from the discard pile"), "discard": N_("discarding"),
    "pass": N_("passing cards"), "take_rice": N_("taking rice paper"), "play": N_("playing an origami"),
    "move": N_("moving an origami"), "replace_line": N_("replacing the draw line"),
    "extra_action": N_("taking another action"), "swap_in": N_("swapping a card into a collection"),
    "copy": N_("copying an instant effect"),
}
# What `exactly` says for each consequence its callers name (steps.py): "Fox: discard 1, not 2".
_EXACTLY = {
    "draw": N_("{card}: draw {due}{short}, not {count}"), "discard": N_("{card}: discard {due}{short}, not {count}"),
    "pass": N_("{card}: pass {due}{short}, not {count}"),
    "take rice paper:": N_("{card}: take rice paper: {due}{short}, not {count}"),
}


def open_effect(check: Checker, seat: int, card: Card, payment: tuple[CardId, ...] = (),
                below: int = 0) -> list[e.Event]:
    """The grants of `card`'s effect, used now by `seat` (an instant effect on play, a special action).
    An amount nobody knows raises MissingValue."""
    if card.do is None:
        return []  # not known: any consequence may be recorded for it (see unknown_open)
    state = check.state
    batch = len(state.grants)
    grants: list[Grant] = []
    for spec in card.do:
        if spec.step == "refill_line":
            continue  # refilling the line is always how the table goes on
        if spec.condition == "rice_paid" and RICE_PAPER not in payment:
            continue
        amount = amount_of(spec, card.id, card.amount)
        if spec.per == "under":
            amount *= below
        if spec.plus_showing:
            amount += sum(cid == spec.plus_showing for cid, _ in showing(state))
        if amount == 0 and spec.step != "take_line":
            continue
        cards: tuple[CardId, ...] = ()
        if spec.source == "payment":
            cards = tuple(sorted(c for c in payment if c != RICE_PAPER))
        elif spec.card:
            cards = (CardId(spec.card),)
        for actor in seats(spec.who, seat, state.count):
            # With two players both neighbours are the opponent: one grant of both cards.
            to = Counter(receivers(spec.to, actor, state.count) if spec.step == "pass" else [-1])
            for receiver, times in to.items():
                grants.append(Grant(card.id, spec.step, actor, amount * times, spec.folds, spec.exact,
                                    spec.card_folds, cards, spec.source or spec.to, receiver, spec.discount,
                                    spec.free, spec.choice, batch, spec.after))
    return [e.EffectOpened(seat, card.id, tuple(grants))]


def showing(state: GameState) -> list[tuple[CardId, int]]:
    """The origami showing (each collection's top, the draw line), with the origami beneath each."""
    tops = [(col[-1], len(col) - 1) for p in state.players for col in p.collections if col]
    return tops + [(cid, 0) for cid in state.line]


def opens_on_play(card: Card) -> bool:
    """An instant effect opens when its card is played. So does one whose consequences are known but whose kind is
    not (the Dog, the Cricket): on play is when the table can record them without saying the kind; its use as a
    special action asks for the kind."""
    return card.effect is Effect.INSTANT or card.effect is None and bool(card.do)


def available(state: GameState, index: int) -> bool:
    """Not used yet, no alternative of the same choice used instead, and what comes first done."""
    grant = state.grants[index]
    for j, _cards in state.spent:
        other = state.grants[j]
        if j == index or (grant.choice and other.choice == grant.choice and other.batch == grant.batch):
            return False
    return waiting(state, index) is None


def waiting(state: GameState, index: int) -> Grant | None:
    """The step of the same effect this player does first and has not done yet (a discard before the draw;
    an empty hand discards nothing, so it does not wait)."""
    grant = state.grants[index]
    if not grant.after:
        return None
    spent = {j for j, _ in state.spent}
    for j, other in enumerate(state.grants):
        if (other.batch, other.seat, other.step) == (grant.batch, grant.seat, grant.after) and j not in spent:
            empty = (other.step in ("discard", "pass") and state.player(other.seat).hand.size == 0
                     or other.step == "draw_deck" and state.deck + len(state.discard) == 0)
            return None if empty else other
    return None


def unknown_open(check: Checker) -> bool:
    """An effect opened this turn that nobody knows: any consequence may be recorded for it."""
    return unknown_effect(check.state, check.catalogue)


def unknown_effect(state: GameState, catalogue: Catalogue) -> bool:
    """A card whose effect nobody knows (what it does) was played or used this turn."""
    return any(catalogue.card(cid).do is None for cid in state.effects)


def use(check: Checker, step: str, seat: int, test: Test, cards: tuple[CardId, ...] = (),
        source: CardId | None = None) -> list[e.Event]:
    """The grant this consequence uses (GrantUsed), or a refusal naming what the effects allow (only the
    grants of `source` when the consequence names the effect it comes from)."""
    if unknown_open(check):
        return []
    state = check.state
    what = _(STEP_WORDS[step])
    kind = [(i, g) for i, g in enumerate(state.grants) if g.step == step and source in (None, g.source)]
    free = [(i, g) for i, g in kind if available(state, i)]
    mine = [(i, g) for i, g in free if g.seat == seat]
    if not mine:
        first = next((w for i, g in kind if g.seat == seat and (w := waiting(state, i)) is not None), None)
        if first is not None:
            check.require(False, RuleId.EFFECT_STEPS, _("{what}: {card} says {player} does this after {first}: that "
                                                        "comes first").format(what=what,
                                                                              card=check.card_name(first.source),
                                                                              player=check.name(seat),
                                                                              first=_(STEP_WORDS[first.step])))
        elif any(g.seat == seat for _, g in kind):
            sources = check.card_names(sorted({g.source for _, g in kind if g.seat == seat}))
            check.require(False, RuleId.EFFECT_AMOUNT,
                          _("{what}: {cards} allowed it once for {player}, and it is used").format(
                              what=what, cards=sources, player=check.name(seat)))
        elif free:
            sources = check.card_names(sorted({g.source for _, g in free}))
            names = ", ".join(dict.fromkeys(check.name(g.seat) for _, g in free))
            check.require(False, RuleId.EFFECT_WHO,
                          _("{what}: {cards} lets {players} do that this turn, not {player}").format(
                              what=what, cards=sources, players=names, player=check.name(seat)))
        else:
            check.require(False, RuleId.EFFECT_STEPS, _("{what}: {because}; if a card allows it, record it as an "
                                                        "override").format(what=what, because=_because(check, step)))
        return []
    problems = []
    for index, grant in mine:
        problem = test(grant)
        if problem is None:
            return [e.GrantUsed(index, tuple(cards))]
        problems.append(problem)
    rule, message = problems[0]
    check.require(False, rule, message)
    return []


def _because(check: Checker, step: str) -> str:
    state = check.state
    if not state.effects:
        return _("no card's effect is open this turn")
    for cid in state.effects:
        card = check.catalogue.card(cid)
        for spec in card.do or ():
            if spec.step == step and spec.condition == "rice_paid":
                return _("{card} allows it only when paid with at least one rice paper").format(
                    card=check.card_name(cid))
    return _("it is not what {cards} does this turn").format(cards=check.card_names(dict.fromkeys(state.effects)))


def exactly(grant: Grant, count: int, can: int, what: str, catalogue: Catalogue) -> Problem:
    """`count` must be the granted amount, or all there is (`can`) when fewer are available; `what` is the
    consequence as _EXACTLY names it (its card as `catalogue` names it in the language in use)."""
    due = min(grant.amount, can)
    if count == due:
        return None
    short = _(" (only {can} available)").format(can=can) if can < grant.amount else ""
    return RuleId.EFFECT_AMOUNT, _(_EXACTLY[what]).format(card=shown_id(grant.source, catalogue), due=due,
                                                          short=short, count=count)


def drawn(state: GameState, grant: Grant) -> tuple[tuple[CardId, ...], int]:
    """The cards shown among those drawn from the deck under `grant`'s effect by its player, and how many more
    were drawn unseen (at most: a draw takes what it grants, or all the deck and discards hold)."""
    shown: list[CardId] = []
    unseen = 0
    for j, cards in state.spent:
        other = state.grants[j]
        if (other.batch, other.seat, other.step) == (grant.batch, grant.seat, "draw_deck"):
            shown += cards
            unseen += max(0, other.amount - len(cards))
    return tuple(shown), unseen


def untaken(state: GameState, grant: Grant, card: CardId, source: str = "hand") -> bool:
    """A play the effect grants that is not a card its player took under it (the Cricket): from the hand, that card
    only when another copy is held besides the ones taken; from elsewhere (the top discard, with the yellow Geisha)
    it is another card whatever its name."""
    if source != "hand":
        return True
    took = [x for j, xs in state.spent for x in xs if x == card and (
        state.grants[j].batch, state.grants[j].seat, state.grants[j].step) == (grant.batch, grant.seat, "take_line")]
    return not took or state.player(grant.seat).hand.without(took).can_give((card,))


def from_drawn(state: GameState, grant: Grant, cards: tuple[CardId, ...], catalogue: Catalogue) -> Problem:
    """A discard the effect takes from the cards it drew (the Fox: one of those three, never another card from the
    hand). Unseen drawn cards may be any card."""
    shown, unseen = drawn(state, grant)
    other = Hand(shown).unmatched(cards)
    if len(other) <= unseen:
        return None
    said = (_("{card}: discard from the cards just drawn ({drawn}), not {cards} from the hand") if shown
            else _("{card}: discard from the cards just drawn, not {cards} from the hand"))
    return RuleId.EFFECT_AMOUNT, said.format(card=shown_id(grant.source, catalogue),
                                             drawn=", ".join(shown_id(x, catalogue) for x in shown),
                                             cards=", ".join(shown_id(x, catalogue) for x in other))


def extra_actions(state: GameState, events: list[e.Event]) -> list[e.Event]:
    """The extra actions this command's events give: an effect's extra action comes with it, as the Caiman's comes
    with the play (one rule for both), when the step it follows is done (the Rhino's, once the new draw line is out)
    or, following none, when the effect opens. Only the player whose turn it is takes another action."""
    opened = [g for event in events if isinstance(event, e.EffectOpened) for g in event.grants]
    grants = state.grants + tuple(opened)
    if not any(g.step == "extra_action" for g in grants):
        return []
    done = {(grants[event.index].batch, grants[event.index].seat, grants[event.index].step)
            for event in events if isinstance(event, e.GrantUsed)}
    return [e.ExtraActionGranted(g.seat, g.source) for i, g in enumerate(grants)
            if g.step == "extra_action" and g.seat == state.current
            and ((g.batch, g.seat, g.after) in done if g.after else i >= len(state.grants))]
