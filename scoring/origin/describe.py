"""Each Origin Story event as a sentence for a person (the replay, the log screen)."""
from __future__ import annotations

from collections.abc import Iterable

from .. import counts
from . import events as e
from .cards import Card
from .trick import Play


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards) or "nothing"


def describe(event: e.Event) -> str:
    match event:
        case e.GameStarted():
            solo = f", difficulty {event.difficulty} ({event.difficulty_colour} set), {event.deck} deck" \
                if event.mode == "solo" else ""
            return f"a {event.mode} game started: {', '.join(event.players)}{solo}"
        case e.SoloDeckBuilt():
            return f"the Vancardian deck, top to bottom: {', '.join(event.colours)}"
        case e.DealerChosen():
            return f"{event.seat} deals first ({'drawn by lot' if event.how == 'lot' else 'latest superhero movie'})"
        case e.RoundStarted():
            return f"round {event.round} started; {event.dealer} deals"
        case e.HandDealt():
            face_up = f", face up: {_cards(event.cards)}" if event.cards else ""
            return f"{event.seat} was dealt {counts.cards(event.count)}{face_up}"
        case e.VancardianEffectResolved():
            return (f"{event.seat}: {event.line}: drew {_cards(event.drew)}, discarded {_cards(event.discarded)}"
                    + (f", added {_cards(event.added)}" if event.added else "") + f"; row {_cards(event.row_after)}")
        case e.EventRevealed():
            solo = f" (from the {event.colour} event deck" + (f", {event.vancardian})" if event.vancardian else ")") \
                if event.colour else ""
            return f"round {event.round}'s event: {event.name}{solo}"
        case e.StaminaChanged():
            why = "the round's stamina" if event.source == e.GAIN else event.source
            return f"{event.player} {'gains' if event.delta >= 0 else 'loses'} {abs(event.delta)} stamina ({why})"
        case e.StoryCardPlaced():
            return f"{event.player} placed {event.name} over slot {event.slot} (discarded {event.discards})"
        case e.SuperheroRevealed():
            return f"{event.player} revealed the superhero {event.name} (discarded {event.discards})"
        case e.AbilityCharged():
            others = " (involves others)" if event.involves_others else ""
            return f"{event.player} charged {event.source} with {event.stamina} stamina{others}"
        case e.StaminaRemoved():
            return f"{event.stamina} stamina came off {event.player}'s {event.source} ({event.why})"
        case e.AlignmentsRevealed():
            return "alignments revealed: " + ", ".join(f"{p} {a.value}" for p, a in event.alignment)
        case e.CardPlayed():
            played = Play(event.seat, event.card, event.value, event.suit)  # `9br`, or `9br as 11 sp`
            by = f" by {event.by}" if event.by else ""
            free = " (ignoring the lead)" if event.ignore_follow else ""
            return f"{event.seat} played {played}{by}{free} to trick {event.trick}"
        case e.SidekickCardTurned():
            return f"{event.sidekick} turned up {event.card}"
        case e.CardsDrawn():
            return f"{event.seat} drew {_cards(event.cards)} ({event.source})"
        case e.DeckReshuffled():
            return f"the discard pile ({counts.cards(len(event.cards))}) was shuffled into the deck"
        case e.VancardianChose():
            return f"{event.seat} {event.role}s {event.card}: " + " ".join(s for _r, s in event.steps)
        case e.TrickWon():
            how = "named by the table" if event.named else event.reason
            return f"{event.winner} won trick {event.trick} ({how}); {event.next_leader} leads next"
        case e.RevokeFlagged():
            return f"flag: {event.sentence}"
        case e.AbilityUsed():
            timing = f" ({event.timing})" if event.timing else ""
            return f"{event.player} used {event.source}{timing}: {', '.join(str(x) for x in event.effects)}"
        case e.CardsExchanged():
            return f"{event.player} took {event.took} from {event.seat} and gave her {event.gave}"
        case e.Surrendered():
            return f"surrendered in trick {event.trick}: {event.to} gains {event.vp} VP"
        case e.RoundScored():
            return f"round {event.round} scored: " + ", ".join(
                f"{x.player} {x.alignment.value} {counts.tricks(x.tricks)} {x.round_vp:+d} VP" for x in event.lines)
        case e.DealerPassed():
            return f"the dealer token passes to {event.to}"
        case e.GameEnded():
            share = " (shared)" if len(event.winners) > 1 else ""
            return "game over: " + ", ".join(f"{s} {vp} VP" for s, vp, _r in event.totals) + \
                f"; winner{'s' if share else ''}: {', '.join(event.winners)}{share}"
        case e.RuleOverridden():
            return f"override of {event.rule} ({event.sentence}): {event.reason}"
    raise AssertionError(f"not an Origin Story event: {event!r}")
