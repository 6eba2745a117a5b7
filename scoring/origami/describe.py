"""An event as a sentence for the table (the replay, the app's recent log and its previews). Pure."""
from __future__ import annotations

from typing import assert_never

from .. import counts
from ..i18n import ngettext
from . import events as e


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(cards) if cards else "nothing"


def _nth(n: int) -> str:
    """1 -> first, 3 -> third: the deck may run out again during the final turns."""
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


_GRANT_WORDS = {
    "draw_deck": "draw from the deck", "take_line": "take from the draw line", "take_discard": "take from the discards",
    "discard": "discard", "pass": "pass", "take_rice": "take rice paper", "play": "play", "move": "move",
    "replace_line": "replace the draw line", "extra_action": "take another action", "swap_in": "swap in",
}


def describe(event: e.Event, names: tuple[str, ...]) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    match event:
        case e.GameStarted():
            chars = f"; Characters {', '.join(event.character_pairs)}" if event.character_pairs else ""
            return (f"{event.variant} game for {', '.join(event.players)}: families "
                    f"{', '.join(event.families)}{chars}; {counts.cards(event.deck)} in the deck")
        case e.CardsDealt(hands=hands, line=line):
            dealt = "; ".join(f"{who(i)} {_cards(h)}" for i, h in enumerate(hands))
            return f"dealt face up: {dealt}; draw line {_cards(line)}"
        case e.StartingPlayerChosen(seat=seat, lot_among=among):
            lot = f" (lot drawn among {', '.join(who(i) for i in among)})" if among else " (fewest folds)"
            return f"{who(seat)} starts{lot}"
        case e.PositionEntered():
            ran_out = {0: "has not run out", 1: "has run out once", 2: "has run out twice"}[event.exhaustions]
            turns = event.turns_left
            left = "" if turns is None else ngettext(", {n} turn left after this one",
                                                     ", {n} turns left after this one", turns).format(n=turns)
            return (f"joined under way: {who(event.current)} to play, {who(event.starting)} started; "
                    f"the deck holds {counts.cards(event.deck)} and {ran_out}{left}")
        case e.LineDrawn(player=p, cards=cards):
            return f"{who(p)} draws {_cards(cards)} from the draw line"
        case e.LineRefilled(cards=cards):
            return f"the draw line is refilled with {_cards(cards)}"
        case e.LineReplaced(discarded=cards):
            return f"the draw line is discarded ({_cards(cards)})"
        case e.DeckRanOut(exhaustion=n, reshuffled=count):
            reshuffled = ngettext("{n} discard reshuffled", "{n} discards reshuffled", count).format(n=count)
            return f"the deck runs out ({_nth(n)} time); {reshuffled}"
        case e.OrigamiPlayed():
            where = f"{'under' if event.under else 'on'} collection {event.collection + 1}"
            source = "" if event.source == "hand" else f" from the {event.source}"
            return f"{who(event.player)} plays {event.card}{source} {where}, paying {_cards(event.payment)}"
        case e.CharacterPlayed(player=p, card=card, payment=payment, replaced=old):
            instead = f", replacing {old}" if old else ""
            return f"{who(p)} plays the Character {card}{instead}, paying {_cards(payment)}"
        case e.SpecialActionUsed(player=p, card=card):
            return f"{who(p)} uses {card}'s special action"
        case e.DrawnFromDeck(player=p, count=count, revealed=shown):
            seen = f" ({_cards(shown)})" if shown else ""
            return f"{who(p)} draws {counts.cards(count)} from the deck{seen}"
        case e.TakenFromDiscard(player=p, card=card):
            return f"{who(p)} takes {card} from the discard pile"
        case e.Discarded(player=p, cards=cards):
            return f"{who(p)} discards {_cards(cards)}"
        case e.Passed(giver=g, receiver=r, cards=cards, hidden=hidden):
            unseen = ngettext("{n} unseen card", "{n} unseen cards", hidden).format(n=hidden) if hidden else ""
            what = ' and '.join(x for x in (_cards(cards) if cards else '', unseen) if x)
            return f"{who(g)} passes {what} to {who(r)}"
        case e.RiceTaken(player=p, count=count):
            return f"{who(p)} takes {count} rice paper"
        case e.OrigamiMoved(owner=p, source=src, target=dst):
            # Whose card moves, not who moves it: the Sloth moves another player's origami.
            return f"{who(p)}'s origami at {src[0] + 1}.{src[1] + 1} moves to {dst[0] + 1}.{dst[1] + 1}"
        case e.OrigamiSwapped(player=p, removed=old, card=card):
            return f"{who(p)} swaps {card} in for {old}"
        case e.ExtraActionGranted(player=p, source=card):
            return f"{who(p)} gets an extra action from {card}"
        case e.HandRevealed(player=p, cards=cards):
            return f"{who(p)} reveals the hand: {_cards(cards)}"
        case e.TurnEnded(player=p, discards=cards):
            extra = f", discarding {_cards(cards)} down to the hand limit" if cards else ""
            return f"{who(p)} ends the turn{extra}"
        case e.EffectOpened(player=p, card=card, grants=grants):
            if not grants:
                return f"{card}'s effect gives {who(p)} nothing this time"
            parts = dict.fromkeys(f"{who(g.seat)} may {_GRANT_WORDS.get(g.step, g.step)}"
                                  + (f" {g.amount}" if g.amount else "") for g in grants)
            return f"{card}'s effect: " + "; ".join(parts)
        case e.GrantUsed(cards=cards):
            # What the turn's effects let a player do, one of them now done: the step itself is said just before.
            return f"done as an effect played this turn allows{f' ({_cards(cards)})' if cards else ''}"
        case e.Overridden(rules=rules, reason=reason):
            return f"override of {', '.join(rules)}: {reason}"
        case _:
            assert_never(event)
