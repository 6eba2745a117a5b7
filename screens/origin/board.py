"""What the Origin Story table shows, as text: the seats in play order with their tricks, alignment (villains
clean or caught), stamina, charges and VP; the trick in play with its lead suit and the card winning so far; the
known hands (a sidekick's face-up pair, the solo rows) with the cards that may not be played dimmed; the last
Vancardian move as numbered steps. Only public facts (ORIGIN_STORY.md §2): never a finished trick's cards during
the round, never a hidden hand, the deck and discard pile as sizes."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text

from scoring.origin import events as e
from scoring.origin.cards import Card
from scoring.origin.round_input import Alignment, CardTrick
from scoring.origin.round_result import RoundResult, legal_options, villain_status
from scoring.origin.setup import Kind, Mode
from scoring.origin.state import GameState, Phase

HERO_STYLE, VILLAIN_STYLE = "bold red", "bold magenta"


@dataclass(frozen=True, slots=True)
class TableView:
    """What the app hands the table after every change."""

    game_id: int
    state: GameState
    result: RoundResult | None  # the round in play, refereed (None between rounds)
    recent: tuple[str, ...] = ()  # the latest log lines, oldest first
    moves: tuple[e.VancardianChose, ...] = ()  # solo: the Vancardians' moves in this trick (or the last one)
    surrender: str = ""  # solo: the surrender offer now, with its VP ("" when not allowed)
    card_kind: Callable[[str], str | None] | None = None  # the catalogue's kind of a card, as the session asks it


def seats_in_order(view: TableView) -> tuple[str, ...]:
    """The seats in play order: from the trick's leader (or the next leader, or the dealer's left)."""
    state, res = view.state, view.result
    names = state.seating.names
    start = None
    if res is not None:
        start = res.in_play.leader if res.in_play is not None else res.next_leader
    if start is None and state.dealer is not None:
        start = names[(names.index(state.dealer) + 1) % len(names)]
    return state.seating.order_from(start) if start else names


def to_play(view: TableView) -> str | None:
    if view.result is None or view.state.phase is not Phase.PLAY:
        return None
    return legal_options(view.result)[0]


def _cards(out: Text, cards: Sequence[Card], legal: Sequence[Card] | None) -> None:
    for i, card in enumerate(cards):
        out.append(" " if i else "")
        dim = legal is not None and card not in legal
        out.append(str(card), style="dim strike" if dim else "bold")


def seat_lines(view: TableView) -> Text:
    state, res = view.state, view.result
    out = Text()
    r = state.round
    align = dict(r.alignment or ()) if r is not None else {}
    won = res.tricks_won if res is not None else {}
    totals = state.totals()
    now = to_play(view)
    legal: tuple[Card, ...] | None = None
    if res is not None and now is not None:
        legal = legal_options(res)[1]
    width = max(len(n) for n in state.seating.names)
    for name in seats_in_order(view):
        seat = state.seating.seat(name)
        turn = name == now
        out.append("▶ " if turn else "  ", style="bold yellow")
        out.append(f"{name:<{width}}", style="bold" if turn else "")
        out.append(f"  tricks {won.get(name, 0)}")
        if seat.kind is Kind.SIDEKICK:
            out.append(f"  sidekick of {seat.of}", style="dim")
        else:
            a = align.get(name)
            if seat.kind is Kind.VANCARDIAN:
                out.append("  hero", style=HERO_STYLE)
            elif a is None:
                out.append("  alignment hidden", style="dim")
            elif a is Alignment.HERO:
                out.append("  hero", style=HERO_STYLE)
            else:
                out.append(f"  villain, {villain_status(a, won.get(name, 0))}", style=VILLAIN_STYLE)
            if seat.kind is Kind.PLAYER:
                charges = [f"{n} on {s}" for p, s, n in state.charges if p == name]
                out.append(f"  stamina {state.held(name)}" + (f" ({', '.join(charges)})" if charges else ""))
            out.append(f"  VP {totals.get(name, 0)}", style="bold")
        known = res.known.get(name) if res is not None else None
        if state.mode is Mode.SOLO and state.piles is not None:
            out.append("\n    ")
            _cards(out, state.piles.row(name), legal if turn and name == state.you else None)
        elif known is not None and seat.kind is Kind.SIDEKICK:
            cards, unknown = known
            out.append("\n    face up: ")
            _cards(out, cards, legal if turn else None)
            out.append(f"  (+{unknown} turned up, not typed yet)" if unknown else "", style="dim")
        out.append("\n")
    return out


def trick_line(view: TableView) -> Text:
    """The trick in play: its lead suit, each card in order, the card winning so far and who plays next; then each
    revoke this round has proven (played cards are public, so naming them hides nothing)."""
    out = _trick(view)
    if view.result is not None:
        for flag in view.result.flags:
            out.append(f"\n⚑ {flag.rule}: {flag.sentence}", style="bold red")
        if view.result.flags:  # the book sets no penalty: the table chooses
            out.append("\n  to replay the trick, ctrl+z takes its cards back; else play on with it noted")
    return out


def _trick(view: TableView) -> Text:
    state, res = view.state, view.result
    out = Text()
    r = state.round
    if r is None or res is None:
        return out
    in_play = res.in_play
    done = sum(1 for t in res.tricks if t.counts)
    if state.phase is Phase.END:
        out.append(f"Round {r.number} is over ({done} tricks): Enter scores it.", style="bold green")
        return out
    if in_play is None:
        out.append(f"Trick {done + 1}: ", style="bold")
        out.append(f"{res.next_leader or '?'} leads.")
        return out
    lead = in_play.lead_suit.word if in_play.lead_suit is not None else "?"
    out.append(f"Trick {in_play.n} · lead {lead}: ", style="bold")
    best = in_play.winning_card
    for i, p in enumerate(in_play.plays):
        out.append(", " if i else "")
        out.append(f"{p.seat} ")
        out.append(str(p.play), style="bold reverse" if best is not None and p.play == best else "bold")
    if best is not None:
        out.append(f"  winning {best}", style="green")
    who = to_play(view)
    if who:
        out.append(f" · {who} to play", style="yellow")
    if view.surrender:
        out.append(f"\nSurrender? {view.surrender}", style="yellow")
    return out


def status_line(view: TableView, level: str) -> str:
    state = view.state
    r = state.round
    parts = [f"Game {view.game_id}", state.mode.value]
    if state.mode is Mode.SOLO:
        parts[-1] += f" D{state.difficulty}, {state.deck} deck"
    if r is not None:
        parts.append(f"round {r.number}/5, {r.dealer} deals")
    if state.mode is Mode.SOLO and state.piles is not None:
        parts.append(f"deck {len(state.piles.deck)} · discard {len(state.piles.discard)}")
    else:
        parts.append(f"logging: {level}")
    return " · ".join(parts)


def unused_charges(state: GameState) -> list[tuple[str, str]]:
    """(player, card) for each card still charged that no ability of this round has named: an end-of-round
    ability the table may have forgotten to enter before the round is scored."""
    r = state.round
    used = {(a.player, a.source.casefold()) for a in r.abilities} if r is not None else set()
    used |= {(play.seat, play.by.casefold()) for entry in (r.entries if r is not None else ())
             if isinstance(entry, CardTrick) for play in entry.plays if play.by}  # `9br as 11 by Trance`
    return [(p, card) for p, card, n in state.charges if n and (p, card.casefold()) not in used]


def unused_reminder(state: GameState) -> str:
    """Said before the round is scored: the cards still charged and not used, and how to enter one that scores."""
    unused = unused_charges(state)
    if not unused:
        return ""
    who, card = unused[0]
    return (f" Still charged, not used this round: {', '.join(f'{p} {c}' for p, c in unused)}; an ability that "
            f"scores now is entered first, e.g. '{who.lower()} uses {card}: vp +2'.")


def banner(view: TableView) -> str:
    event = view.state.event
    return f"Event this round: {event.name}" if event is not None else ""


def moves_text(view: TableView) -> Text:
    """Each Vancardian move in the trick as numbered steps, each with its rule id (§3.8.8)."""
    out = Text()
    for move in view.moves:
        out.append(f"{move.seat} {'leads' if move.role == 'lead' else 'follows'}: plays {move.card}\n", style="bold")
        for n, (rule, sentence) in enumerate(move.steps, start=1):
            out.append(f" {n}. {sentence} ")
            out.append(f"({rule})\n", style="cyan")
    return out
