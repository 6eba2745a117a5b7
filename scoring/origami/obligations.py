"""What this turn's effects still ask of the table: the steps a card requires (the Fox's discard of one of the
cards it drew), whether a step can be done at all, and the special actions that cannot be used because their
prerequisite step cannot (the Spider without exactly 6 folds in the draw line).
The referee (decide.py) and legal_actions read the same answers."""
from __future__ import annotations

from functools import reduce
from itertools import combinations

from .. import counts
from ..i18n import _
from .cards import CardId
from .catalog import Catalogue
from .checks import Checker, deck_can_give
from .effects import Grant
from .evolve import evolve
from .grants import STEP_WORDS, available, drawn, open_effect
from .options import folds
from .state import GameState
from .step_spec import StepSpec


def spec_of(grant: Grant, catalogue: Catalogue) -> StepSpec | None:
    """The step of its card's effect a grant was opened from (the grant keeps only what the table needs)."""
    for spec in catalogue.card(grant.source).do or ():
        if spec.step == grant.step and (spec.source or spec.to) == grant.where:
            return spec
    return None


def line_takes(state: GameState, grant: Grant, catalogue: Catalogue) -> list[tuple[CardId, ...]]:
    """Every set of draw-line cards a take_line grant allows, sorted."""
    line = state.line
    if grant.card_folds:
        every = tuple(sorted(x for x in line if folds((x,), catalogue) <= grant.card_folds))
        return [every] if every else []
    sizes = [min(grant.amount, len(line))] if grant.amount else range(1, len(line) + 1)
    found = {take for k in sizes for take in combinations(sorted(line), k)}
    return sorted(take for take in found if take and not (grant.folds and (
        (worth := folds(take, catalogue)) > grant.folds or grant.exact and worth != grant.folds)))


def possible(state: GameState, grant: Grant, catalogue: Catalogue) -> bool:
    """Whether a required step can be done now at all (an empty deck draws nothing, an empty hand discards
    nothing, a draw line without the folds asked for gives nothing)."""
    match grant.step:
        case "draw_deck":
            return deck_can_give(state) > 0
        case "take_line":
            return bool(line_takes(state, grant, catalogue))
        case "discard":
            shown, unseen = drawn(state, grant)
            return state.player(grant.seat).hand.size > 0 and (grant.where != "drawn" or bool(shown) or unseen > 0)
    return True


def owed(state: GameState, catalogue: Catalogue) -> list[Grant]:
    """The required steps of this turn's effects not done yet that can be done: the turn cannot end before them."""
    return [g for i, g in enumerate(state.grants) if available(state, i)
            and (spec := spec_of(g, catalogue)) is not None and spec.required and possible(state, g, catalogue)]


def unusable(state: GameState, catalogue: Catalogue, seat: int, card: CardId) -> Grant | None:
    """The prerequisite step of `card`'s special action, used now by `seat` (`state`: once it is used), when it
    cannot be done: then the action cannot be used (the Spider, when no set of draw-line cards makes exactly 6
    folds)."""
    if not any(spec.prerequisite for spec in catalogue.card(card).do or ()):
        return None
    batch = len(state.grants)
    opened = reduce(evolve, open_effect(Checker(state, catalogue), seat, catalogue.card(card)), state)
    for grant in opened.grants[batch:]:
        spec = spec_of(grant, catalogue)
        if spec is not None and spec.prerequisite and not possible(opened, grant, catalogue):
            return grant
    return None



def needed(grant: Grant) -> str:
    """What a required step asks, for a refusal: `take exactly 6 folds from the draw line`."""
    match grant.step:
        case "take_line" if grant.folds:
            return (_("take exactly {n} folds from the draw line") if grant.exact
                    else _("take up to {n} folds from the draw line")).format(n=grant.folds)
        case "take_line":
            return _("take {cards} from the draw line").format(cards=counts.cards(grant.amount))
        case "draw_deck":
            return _("draw {cards} from the deck").format(cards=counts.cards(grant.amount))
        case "discard":
            return (_("discard {n} of the cards it drew") if grant.where == "drawn"
                    else _("discard {n}")).format(n=grant.amount)
    return _(STEP_WORDS[grant.step])
