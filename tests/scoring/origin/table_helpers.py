"""Shared builders for the Origin Story referee tests: a round from short strings."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from scoring.origin.cards import DECK, TRUMP, Card, Suit, parse_card
from scoring.origin.referee import referee
from scoring.origin.round_input import Ability, Alignment, CardTrick, RoundInput, TrickEntry, WinnerOnly, parse_effect
from scoring.origin.round_result import RoundResult
from scoring.origin.rules import Choices
from scoring.origin.setup import Kind, Mode, Seating, seating
from scoring.origin.trick import Play


def plays(*entries: str) -> CardTrick:
    """`plays("Ann 7br", "Bob 10br")`."""
    out = []
    for e in entries:
        seat, card = e.rsplit(" ", 1)
        out.append(Play(seat, parse_card(card)))
    return CardTrick(tuple(out))


def ability(player: str, source: str, *effects: str, trick: int | None = None, timing: str = "") -> Ability:
    return Ability(player, source, tuple(parse_effect(e) for e in effects), timing, trick)


def table_round(players: Sequence[str], dealer: str, tricks: Sequence[TrickEntry | Sequence[str]], *,
                mode: str = "table", alignment: dict[str, str] | None = None,
                abilities: Sequence[Ability] = (), hands: dict[str, list[str]] | None = None,
                show_tricks: str = "never") -> RoundResult:
    entries: list[TrickEntry] = []
    for t in tricks:
        entries.append(t if isinstance(t, (CardTrick, WinnerOnly)) else plays(*t))
    seats = seating(Mode(mode), list(players))
    return referee(RoundInput(
        seats, dealer, {k: Alignment(v) for k, v in (alignment or {}).items()}, tuple(entries), tuple(abilities),
        {k: tuple(parse_card(c) for c in v) for k, v in (hands or {}).items()}, Choices(show_tricks=show_tricks)))


# --- random legal rounds for the property tests ---------------------------------------------------------------





def oracle_winner(cards: Sequence[Card]) -> int:
    """The spec's formula, written apart from the engine: argmax of (love, lead suit, value, −order)."""
    lead = cards[0].suit
    return max(range(len(cards)), key=lambda i: (cards[i].suit is TRUMP, cards[i].suit is lead, cards[i].value, -i))


@dataclass(frozen=True)
class Dealt:
    seats: Seating
    dealer: str
    hands: dict[str, tuple[Card, ...]]  # the whole deal
    face_up: dict[str, tuple[Card, ...]]  # duo: each sidekick's first two
    tricks: tuple[CardTrick, ...]
    winners: tuple[str, ...]
    held_before: tuple[dict[str, tuple[Card, ...]], ...]  # each seat's cards before each trick


@st.composite
def legal_rounds(draw: st.DrawFn, mode: str = "table") -> Dealt:
    """Deal the 52 cards, then eight tricks of legal follows from the known hands (sidekicks: from their two
    face-up cards, turning the next one up after each play)."""
    if mode == "duo":
        seats = seating(Mode.DUO, ["A", "B"])
    else:
        n = draw(st.integers(3, 5))
        seats = seating(Mode.TABLE, ["Ann", "Bob", "Cat", "Dan", "Eve"][:n])
    deck = draw(st.permutations(DECK))
    hands = {name: list(deck[8 * i:8 * i + 8]) for i, name in enumerate(seats.names)}
    dealt = {k: tuple(v) for k, v in hands.items()}
    sidekicks = {s.name for s in seats.seats if s.kind is Kind.SIDEKICK}
    face_up = {k: tuple(hands[k][:2]) for k in sidekicks}
    up = {k: list(hands[k][:2]) for k in sidekicks}
    rest = {k: list(hands[k][2:]) for k in sidekicks}
    dealer = draw(st.sampled_from(seats.dealers))
    leader = seats.first_leader(dealer)
    tricks, winners, before = [], [], []
    for _ in range(8):
        before.append({k: tuple(v) for k, v in hands.items()})
        cards: list[Card] = []
        plays_: list[Play] = []
        turned: list[tuple[str, Card]] = []
        for seat in seats.order_from(leader):
            pool = up[seat] if seat in sidekicks else hands[seat]
            lead: Suit | None = cards[0].suit if cards else None
            options = [c for c in pool if c.suit is lead] or list(pool)
            c = draw(st.sampled_from(options))
            pool.remove(c)
            if seat in sidekicks:
                hands[seat].remove(c)
                if rest[seat]:
                    nxt = rest[seat].pop(0)
                    up[seat].append(nxt)
                    turned.append((seat, nxt))
            cards.append(c)
            plays_.append(Play(seat, c))
        w = plays_[oracle_winner(cards)].seat
        winners.append(w)
        tricks.append(CardTrick(tuple(plays_), tuple(turned)))
        leader = seats.leads_for(w)
    return Dealt(seats, dealer, dealt, face_up, tuple(tricks), tuple(winners), tuple(before))


def run(d: Dealt, *, known: bool, alignment: dict[str, str] | None = None,
        tricks: Sequence[TrickEntry] | None = None) -> RoundResult:
    hands = dict(d.hands) if known else {}
    hands.update(d.face_up)
    return referee(RoundInput(d.seats, d.dealer, {k: Alignment(v) for k, v in (alignment or {}).items()},
                              tuple(d.tricks if tricks is None else tricks), (), hands))
