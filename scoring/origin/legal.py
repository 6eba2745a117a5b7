"""Legal options, computed: who plays next and which of that seat's cards are legal (OS-FOLLOW, from the referee's
round result), so the table offers only what is legal and playouts can test the engine."""
from __future__ import annotations

from .cards import Card
from .round_result import RoundResult
from .trick import legal_follows


def legal_options(result: RoundResult) -> tuple[str | None, tuple[Card, ...] | None]:
    """Who plays next, and which of that seat's cards are legal when its hand is wholly known (a sidekick's
    face-up cards, a solo row); None when the hand is hidden or partly unknown (the table screen dims the
    others)."""
    seat = result.to_play if result.in_play is not None else result.next_leader
    if seat is None or seat not in result.known:
        return seat, None
    cards, unknown = result.known[seat]
    if unknown:
        return seat, None
    in_play = result.in_play
    lead = None if in_play is None else in_play.lead_suit
    return seat, tuple(legal_follows(cards, lead))
