"""Each Origin Story event as a sentence for a person (the replay, the log screen)."""
from __future__ import annotations

from collections.abc import Iterable

from .. import counts
from ..i18n import _
from . import events as e
from .cards import Card
from .round_input import ALIGNMENT_WORDS
from .trick import Play


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards) or _("nothing")


def describe(event: e.Event) -> str:
    match event:
        case e.GameStarted():
            players = ", ".join(event.players)
            if event.mode == "solo":
                return _("a solo game started: {players}, difficulty {difficulty} ({colour} set), {deck} deck").format(
                    players=players, difficulty=event.difficulty, colour=event.difficulty_colour, deck=event.deck)
            return _("a {mode} game started: {players}").format(mode=event.mode, players=players)
        case e.SoloDeckBuilt():
            return _("the Vancardian deck, top to bottom: {colours}").format(colours=", ".join(event.colours))
        case e.DealerChosen():
            return (_("{seat} deals first (drawn by lot)") if event.how == "lot" else
                    _("{seat} deals first (latest superhero movie)")).format(seat=event.seat)
        case e.RoundStarted():
            return _("round {n} started; {dealer} deals").format(n=event.round, dealer=event.dealer)
        case e.HandDealt():
            if event.cards:
                return _("{seat} was dealt {cards}, face up: {shown}").format(
                    seat=event.seat, cards=counts.cards(event.count), shown=_cards(event.cards))
            return _("{seat} was dealt {cards}").format(seat=event.seat, cards=counts.cards(event.count))
        case e.VancardianEffectResolved():
            if event.added:
                return _("{seat}: {line}: drew {drew}, discarded {discarded}, added {added}; row {row}").format(
                    seat=event.seat, line=event.line, drew=_cards(event.drew), discarded=_cards(event.discarded),
                    added=_cards(event.added), row=_cards(event.row_after))
            return _("{seat}: {line}: drew {drew}, discarded {discarded}; row {row}").format(
                seat=event.seat, line=event.line, drew=_cards(event.drew), discarded=_cards(event.discarded),
                row=_cards(event.row_after))
        case e.EventRevealed():
            if event.colour and event.vancardian:
                said = _("round {n}'s event: {name} (from the {colour} event deck, {vancardian})")
            elif event.colour:
                said = _("round {n}'s event: {name} (from the {colour} event deck)")
            else:
                said = _("round {n}'s event: {name}")
            return said.format(n=event.round, name=event.name, colour=event.colour, vancardian=event.vancardian)
        case e.StaminaChanged():
            why = _("the round's stamina") if event.source == e.GAIN else event.source
            return (_("{player} gains {n} stamina ({why})") if event.delta >= 0 else
                    _("{player} loses {n} stamina ({why})")).format(player=event.player, n=abs(event.delta), why=why)
        case e.StoryCardPlaced():
            return _("{player} placed {name} over slot {slot} (discarded {discards})").format(
                player=event.player, name=event.name, slot=event.slot, discards=event.discards)
        case e.SuperheroRevealed():
            return _("{player} revealed the superhero {name} (discarded {discards})").format(
                player=event.player, name=event.name, discards=event.discards)
        case e.AbilityCharged():
            return (_("{player} charged {card} with {n} stamina (involves others)") if event.involves_others else
                    _("{player} charged {card} with {n} stamina")).format(player=event.player, card=event.source,
                                                                          n=event.stamina)
        case e.StaminaRemoved():
            return _("{n} stamina came off {player}'s {card} ({why})").format(
                n=event.stamina, player=event.player, card=event.source, why=event.why)
        case e.AlignmentsRevealed():
            return _("alignments revealed: {alignments}").format(
                alignments=", ".join(f"{p} {_(ALIGNMENT_WORDS[a])}" for p, a in event.alignment))
        case e.CardPlayed():
            played = Play(event.seat, event.card, event.value, event.suit)  # `9br`, or `9br as 11 sp`
            if event.by and event.ignore_follow:
                said = _("{seat} played {card} by {source} (ignoring the lead) to trick {n}")
            elif event.by:
                said = _("{seat} played {card} by {source} to trick {n}")
            elif event.ignore_follow:
                said = _("{seat} played {card} (ignoring the lead) to trick {n}")
            else:
                said = _("{seat} played {card} to trick {n}")
            return said.format(seat=event.seat, card=played, source=event.by, n=event.trick)
        case e.SidekickCardTurned():
            return _("{sidekick} turned up {card}").format(sidekick=event.sidekick, card=event.card)
        case e.CardsDrawn():
            return _("{seat} drew {cards} ({source})").format(seat=event.seat, cards=_cards(event.cards),
                                                             source=event.source)
        case e.DeckReshuffled():
            return _("the discard pile ({cards}) was shuffled into the deck").format(
                cards=counts.cards(len(event.cards)))
        case e.VancardianChose():
            steps = " ".join(s for _r, s in event.steps)
            return (_("{seat} leads {card}: {steps}") if event.role == "lead" else  # or follow: nothing else
                    _("{seat} follows {card}: {steps}")).format(seat=event.seat, card=event.card, steps=steps)
        case e.TrickWon():
            how = _("named by the table") if event.named else event.reason
            return _("{winner} won trick {n} ({how}); {leader} leads next").format(
                winner=event.winner, n=event.trick, how=how, leader=event.next_leader)
        case e.RevokeFlagged():
            return _("flag: {sentence}").format(sentence=event.sentence)
        case e.AbilityUsed():
            effects = ", ".join(str(x) for x in event.effects)
            return (_("{player} used {card} ({timing}): {effects}") if event.timing else
                    _("{player} used {card}: {effects}")).format(player=event.player, card=event.source,
                                                                 timing=event.timing, effects=effects)
        case e.CardsExchanged():
            return _("{player} took {took} from {seat} and gave her {gave}").format(
                player=event.player, took=event.took, seat=event.seat, gave=event.gave)
        case e.Surrendered():
            return _("surrendered in trick {n}: {to} gains {vp} VP").format(n=event.trick, to=event.to, vp=event.vp)
        case e.RoundScored():
            return _("round {n} scored: {lines}").format(n=event.round, lines=", ".join(
                _("{player} {alignment} {tricks} {vp} VP").format(
                    player=x.player, alignment=_(ALIGNMENT_WORDS[x.alignment]), tricks=counts.tricks(x.tricks),
                    vp=f"{x.round_vp:+d}") for x in event.lines))
        case e.DealerPassed():
            return _("the dealer token passes to {seat}").format(seat=event.to)
        case e.GameEnded():
            totals = ", ".join(_("{seat} {vp} VP").format(seat=s, vp=vp) for s, vp, _r in event.totals)
            return (_("game over: {totals}; winners: {winners} (shared)") if len(event.winners) > 1 else
                    _("game over: {totals}; winner: {winners}")).format(totals=totals,
                                                                        winners=", ".join(event.winners))
        case e.RuleOverridden():
            return _("override of {rule} ({sentence}): {reason}").format(rule=event.rule, sentence=event.sentence,
                                                                        reason=event.reason)
    raise AssertionError(_("not an Origin Story event: {event}").format(event=repr(event)))
