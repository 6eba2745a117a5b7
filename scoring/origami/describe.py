"""An event as a sentence for the table (the replay, the app's recent log and its previews), in the language in use
(shown, never stored: the log keeps the events and their cards' ids). Given the catalogue, the cards are named as
the edition of the language in use names them (card_names.py); without it, by their ids. Pure."""
from __future__ import annotations

from typing import assert_never

from .. import counts, i18n
from ..i18n import N_, _, listing, ngettext
from . import events as e
from .card_names import family_name, shown_id, shown_pair
from .catalog import Catalogue

# TRANSLATORS: which time the deck runs out, in "the deck runs out ({nth} time)".
_NTH = {1: N_("first"), 2: N_("second"), 3: N_("third"), 4: N_("fourth"), 5: N_("fifth")}


def _nth(n: int) -> str:
    """1 -> first, 3 -> third: the deck may run out again during the final turns."""
    # TRANSLATORS: an ordinal past the fifth, in "the deck runs out ({nth} time)".
    return _(_NTH[n]) if n in _NTH else _("{n}th").format(n=n)


_GRANT_WORDS = {
    "draw_deck": N_("draw from the deck"), "take_line": N_("take from the draw line"),
    "take_discard": N_("take from the discards"), "discard": N_("discard"), "pass": N_("pass"),
    "take_rice": N_("take rice paper"), "play": N_("play"), "move": N_("move"),
    "replace_line": N_("replace the draw line"), "extra_action": N_("take another action"), "swap_in": N_("swap in"),
}
_RAN_OUT = {0: N_("has not run out"), 1: N_("has run out once"), 2: N_("has run out twice")}
# Where an origami is played from, besides the hand (OrigamiPlayed.source).
_FROM = {"line": N_("from the line"), "discard": N_("from the discard")}


def describe(event: e.Event, names: tuple[str, ...], catalogue: Catalogue | None = None) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("seat {n}").format(n=seat + 1)

    def card_name(card: str) -> str:
        return card if catalogue is None else shown_id(card, catalogue)

    def family(family: str) -> str:
        # In English the ids as typed at the start ("farm, exotic"), as this line has always said them; in another
        # language the family's name in it (card_names.family_name: "Fattoria"), not an English id.
        return family if catalogue is None or i18n.language() == i18n.ENGLISH else family_name(family)

    def _cards(cards: tuple[str, ...]) -> str:
        return ", ".join(card_name(c) for c in cards) if cards else _("nothing")

    match event:
        case e.GameStarted():
            chars = _("; Characters {pairs}").format(pairs=", ".join(
                pair if catalogue is None else shown_pair(pair, catalogue) for pair in event.character_pairs)) \
                if event.character_pairs else ""
            # TRANSLATORS: {variant} is origami, legends or mixed, as typed; {characters} is empty or
            # "; Characters …".
            return _("{variant} game for {players}: families {families}{characters}; {cards} in the deck").format(
                variant=event.variant, players=", ".join(event.players),
                families=", ".join(map(family, event.families)), characters=chars, cards=counts.cards(event.deck))
        case e.CardsDealt(hands=hands, line=line):
            dealt = "; ".join(f"{who(i)} {_cards(h)}" for i, h in enumerate(hands))
            return _("dealt face up: {hands}; draw line {cards}").format(hands=dealt, cards=_cards(line))
        case e.StartingPlayerChosen(seat=seat, lot_among=among):
            if among:
                return _("{player} starts (lot drawn among {players})").format(
                    player=who(seat), players=", ".join(who(i) for i in among))
            return _("{player} starts (fewest folds)").format(player=who(seat))
        case e.PositionEntered():
            turns = event.turns_left
            left = "" if turns is None else ngettext(", {n} turn left after this one",
                                                     ", {n} turns left after this one", turns).format(n=turns)
            # TRANSLATORS: {ran_out} is "has not run out", "has run out once" or "has run out twice" (the deck);
            # {left} is empty or ", N turns left after this one".
            return _("joined under way: {current} to play, {starting} started; the deck holds {cards} and "
                     "{ran_out}{left}").format(current=who(event.current), starting=who(event.starting),
                                               cards=counts.cards(event.deck), ran_out=_(_RAN_OUT[event.exhaustions]),
                                               left=left)
        case e.LineDrawn(player=p, cards=cards):
            return _("{player} draws {cards} from the draw line").format(player=who(p), cards=_cards(cards))
        case e.LineRefilled(cards=cards):
            return _("the draw line is refilled with {cards}").format(cards=_cards(cards))
        case e.LineReplaced(discarded=cards):
            return _("the draw line is discarded ({cards})").format(cards=_cards(cards))
        case e.DeckRanOut(exhaustion=n, reshuffled=count):
            reshuffled = ngettext("{n} discard reshuffled", "{n} discards reshuffled", count).format(n=count)
            return _("the deck runs out ({nth} time); {reshuffled}").format(nth=_nth(n), reshuffled=reshuffled)
        case e.OrigamiPlayed():
            where = (_("under collection {n}") if event.under else _("on collection {n}")).format(
                n=event.collection + 1)
            said = {"player": who(event.player), "card": card_name(event.card), "where": where,
                    "cards": _cards(event.payment)}
            if event.source in _FROM:
                # TRANSLATORS: {source} is "from the line" or "from the discard"; {where} "on/under collection N".
                return _("{player} plays {card} {source} {where}, paying {cards}").format(
                    source=_(_FROM[event.source]), **said)
            return _("{player} plays {card} {where}, paying {cards}").format(**said)
        case e.CharacterPlayed(player=p, card=card, payment=payment, replaced=old):
            if old:
                return _("{player} plays the Character {card}, replacing {old}, paying {cards}").format(
                    player=who(p), card=card_name(card), old=card_name(old), cards=_cards(payment))
            return _("{player} plays the Character {card}, paying {cards}").format(
                player=who(p), card=card_name(card), cards=_cards(payment))
        case e.SpecialActionUsed(player=p, card=card):
            return _("{player} uses {card}'s special action").format(player=who(p), card=card_name(card))
        case e.DrawnFromDeck(player=p, count=count, revealed=shown):
            drawn = _("{player} draws {cards} from the deck").format(player=who(p), cards=counts.cards(count))
            return f"{drawn} ({_cards(shown)})" if shown else drawn
        case e.TakenFromDiscard(player=p, card=card):
            return _("{player} takes {card} from the discard pile").format(player=who(p), card=card_name(card))
        case e.Discarded(player=p, cards=cards):
            return _("{player} discards {cards}").format(player=who(p), cards=_cards(cards))
        case e.Passed(giver=g, receiver=r, cards=cards, hidden=hidden):
            unseen = ngettext("{n} unseen card", "{n} unseen cards", hidden).format(n=hidden) if hidden else ""
            what = listing([x for x in (_cards(cards) if cards else "", unseen) if x])
            return _("{player} passes {cards} to {receiver}").format(player=who(g), cards=what, receiver=who(r))
        case e.RiceTaken(player=p, count=count):
            return _("{player} takes {n} rice paper").format(player=who(p), n=count)
        case e.OrigamiMoved(owner=p, source=src, target=dst):
            # Whose card moves, not who moves it: the Sloth moves another player's origami.
            return _("{player}'s origami at {source} moves to {target}").format(
                player=who(p), source=f"{src[0] + 1}.{src[1] + 1}", target=f"{dst[0] + 1}.{dst[1] + 1}")
        case e.OrigamiSwapped(player=p, removed=old, card=card):
            return _("{player} swaps {card} in for {old}").format(player=who(p), card=card_name(card),
                                                                  old=card_name(old))
        case e.ExtraActionGranted(player=p, source=card):
            return _("{player} gets an extra action from {card}").format(player=who(p), card=card_name(card))
        case e.HandRevealed(player=p, cards=cards):
            return _("{player} reveals the hand: {cards}").format(player=who(p), cards=_cards(cards))
        case e.TurnEnded(player=p, discards=cards):
            if cards:
                return _("{player} ends the turn, discarding {cards} down to the hand limit").format(
                    player=who(p), cards=_cards(cards))
            return _("{player} ends the turn").format(player=who(p))
        case e.EffectOpened(player=p, card=card, grants=grants):
            if not grants:
                return _("{card}'s effect gives {player} nothing this time").format(card=card_name(card),
                                                                                    player=who(p))
            parts = dict.fromkeys(_("{player} may {step}").format(player=who(g.seat), step=_step(g.step))
                                  + (f" {g.amount}" if g.amount else "") for g in grants)
            return _("{card}'s effect: {grants}").format(card=card_name(card), grants="; ".join(parts))
        case e.GrantUsed(cards=cards):
            # What the turn's effects let a player do, one of them now done: the step itself is said just before.
            done = _("done as an effect played this turn allows")
            return f"{done} ({_cards(cards)})" if cards else done
        case e.Overridden(rules=rules, reason=reason):
            return _("override of {rules}: {reason}").format(rules=", ".join(rules), reason=reason)
        case _:
            assert_never(event)


def _step(step: str) -> str:
    """A grant's step in words (a step with no words: its id)."""
    return _(_GRANT_WORDS[step]) if step in _GRANT_WORDS else step
