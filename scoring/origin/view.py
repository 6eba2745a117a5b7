"""What the Origin Story table shows, as a function of the game state (ORIGIN_STORY.md §2, §3.8, §9): the round
in play refereed, the seats in play order, who plays next and that seat's legal cards when its hand is wholly
known, the alignments as revealed, the solo surrender offer with its VP and rule, the Vancardians' moves in the
trick in play, the cards still charged and not used, the event in play. The app's table, the phones' view and the
playouts read these facts here; each front end only words them.

The Vancardians' moves are the one fact the tricks do not keep (her steps say why she chose her card): the state
carries them (`RoundState.moves`, kept by `evolve`), so the table is the same after a resume as before it and
needs no log. The log lines the table shows are the log's own: `recent_lines` takes the events in effect."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import _
from . import events as e
from .cards import Card
from .describe import describe
from .legal import legal_options
from .referee import referee, referee_last
from .round_input import Alignment, CardTrick
from .round_result import RoundResult
from .setup import TRICKS, Kind, Mode
from .state import GameState, Phase
from .vancardian_abilities import Surrender, surrender

MOVES_SHOWN = 4  # the Vancardians' latest moves the table shows


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What the table shows of `state`, worked out once for every front end."""

    state: GameState
    result: RoundResult | None  # the round whose tricks are played (or done, not yet scored), refereed
    order: tuple[str, ...]  # the seats in play order: from the trick's leader, the next leader or the dealer's left
    to_play: str | None  # who plays next, or leads the next trick (None outside the tricks)
    legal: tuple[Card, ...] | None  # that seat's legal cards when its hand is wholly known (a solo row, a sidekick)
    alignment: dict[str, Alignment]  # this round's, as revealed (the Vancardians always play hero)
    counted: int  # the round's tricks that count so far
    moves: tuple[e.VancardianChose, ...]  # solo: the Vancardians' moves since your last card in this trick
    surrender: Surrender | None  # solo: the surrender allowed now (to whom, its VP and rule); None when not
    unused: tuple[tuple[str, str], ...]  # (player, card) still charged that no ability of the round has named
    event: e.EventRevealed | None  # the event in play (round 3's, until it is scored)


def refereed(state: GameState) -> RoundResult | None:
    """The round whose tricks are being played or are done (not yet scored), refereed; None otherwise."""
    if state.round is None or state.phase not in (Phase.PLAY, Phase.END):
        return None
    return referee(state.round_input())


def next_seat(state: GameState, result: RoundResult | None = None) -> str | None:
    """Who plays next (or leads the next trick) while the round's tricks are played. `result`: the round refereed,
    when the caller has it already."""
    if state.round is None or state.phase is not Phase.PLAY:
        return None
    # The round's finished tricks as refereed before (the table's line asks on every key, a round of 40 plays in)
    return legal_options(result if result is not None else referee_last(state.round_input()))[0]


def seats_in_order(state: GameState, result: RoundResult | None) -> tuple[str, ...]:
    """The seats in play order: from the trick's leader (or the next leader, or the dealer's left)."""
    names = state.seating.names
    start = None
    if result is not None:
        start = result.in_play.leader if result.in_play is not None else result.next_leader
    if start is None and state.dealer is not None:
        start = names[(names.index(state.dealer) + 1) % len(names)]
    return state.seating.order_from(start) if start else names


def surrender_offer(state: GameState, result: RoundResult | None = None) -> Surrender | None:
    """Solo: the surrender offered at the start of your turn in a trick a Vancardian led (OS-SOLO-SURRENDER), when
    allowed; None otherwise."""
    r = state.round
    if state.phase is not Phase.PLAY or state.piles is None or r is None:
        return None
    res = result if result is not None else referee(state.round_input())
    if res.in_play is None or res.to_play != state.you:
        return None
    offer = surrender([p.play for p in res.in_play.plays], state.piles.row(res.in_play.leader), you=state.you,
                      alignment=str(dict(r.alignment or ())[state.you]), tricks_won=res.tricks_won.get(state.you, 0))
    return offer if offer.allowed else None


def unused_charges(state: GameState) -> list[tuple[str, str]]:
    """(player, card) for each card still charged that no ability of this round has named: an end-of-round
    ability the table may have forgotten to enter before the round is scored."""
    r = state.round
    used = {(a.player, a.source.casefold()) for a in r.abilities} if r is not None else set()
    used |= {(play.seat, play.by.casefold()) for entry in (r.entries if r is not None else ())
             if isinstance(entry, CardTrick) for play in entry.plays if play.by}  # `9br as 11 by Trance`
    return [(p, card) for p, card, n in state.charges if n and (p, card.casefold()) not in used]


def table_view(state: GameState) -> TableFacts:
    result = refereed(state)
    now = next_seat(state, result)
    legal = legal_options(result)[1] if result is not None and now is not None else None
    r = state.round
    alignment = dict(r.alignment or ()) if r is not None else {}
    alignment |= {s.name: Alignment.HERO for s in state.seating.seats if s.kind is Kind.VANCARDIAN}  # OS-SOLO-HERO
    solo = state.mode is Mode.SOLO
    return TableFacts(
        state, result, seats_in_order(state, result), now, legal, alignment,
        sum(1 for t in result.tricks if t.counts) if result is not None else 0,
        r.moves[-MOVES_SHOWN:] if solo and r is not None else (),
        surrender_offer(state, result) if solo else None,
        tuple(unused_charges(state)), state.event)


def _public(event: e.Event) -> bool:
    """A log line the table may show during the round: never a card of a trick (the trick in play has its own line,
    a finished one lies face down: ORIGIN_STORY.md §2), nor what a Vancardian drew (her move shows it)."""
    return not isinstance(event, e.CardPlayed | e.VancardianChose | e.CardsDrawn)


def _sentence(event: e.Event) -> str:
    if isinstance(event, e.TrickWon):  # without the reason: it names the winning card
        last = event.trick == TRICKS  # the round's last trick: nobody leads after it
        return (_("{winner} won trick {n}") if last else _("{winner} won trick {n}; {leader} leads next")).format(
            winner=event.winner, n=event.trick, leader=event.next_leader)
    return describe(event)


def recent_lines(events: Sequence[e.Event], count: int) -> tuple[str, ...]:
    """The latest `count` lines of the log (the events in effect) the table may show, oldest first."""
    return tuple(_sentence(x) for x in events[-3 * count:] if _public(x))[-count:]
