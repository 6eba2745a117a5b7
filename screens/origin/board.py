"""What the Origin Story table shows, as text: the seats in play order with their tricks, alignment (villains
clean or caught), stamina, charges and VP; the trick in play with its lead suit and the card winning so far; the
known hands (a sidekick's face-up pair, the solo rows) with the cards that may not be played dimmed; the last
Vancardian move as numbered steps. Only public facts (ORIGIN_STORY.md §2): never a finished trick's cards during
the round, never a hidden hand, the deck and discard pile as sizes."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text

from scoring import counts
from scoring.i18n import N_, _
from scoring.origin import events as e
from scoring.origin.cards import Card
from scoring.origin.describe import describe
from scoring.origin.round_input import Alignment
from scoring.origin.setup import TRICKS, Kind, Mode
from scoring.origin.state import GameState, Phase
from scoring.origin.trick import Play
from scoring.origin.vancardian_abilities import Surrender
from scoring.origin.view import TableFacts

HERO_STYLE, VILLAIN_STYLE = "bold red", "bold magenta"
# The game's modes as the status line names them (the mode itself is an id, in files and the history).
MODES = {Mode.TABLE: N_("table"), Mode.DUO: N_("duo"), Mode.SOLO: N_("solo")}


@dataclass(frozen=True, slots=True)
class TableView:
    """What the app hands the table after every change: the game's facts as the engine works them out, and the
    shell's part (the game's number, the log's latest lines, the catalogue)."""

    game_id: int
    facts: TableFacts
    recent: tuple[str, ...] = ()  # the latest log lines, oldest first
    card_kind: Callable[[str], str | None] | None = None  # the catalogue's kind of a card, as the session asks it

    @property
    def state(self) -> GameState:
        return self.facts.state


def _cards(out: Text, cards: Sequence[Card], legal: Sequence[Card] | None) -> None:
    for i, card in enumerate(cards):
        out.append(" " if i else "")
        dim = legal is not None and card not in legal
        out.append(str(card), style="dim strike" if dim else "bold")


def seat_lines(view: TableView) -> Text:
    facts = view.facts
    state, res, legal = facts.state, facts.result, facts.legal
    out = Text()
    won = res.tricks_won if res is not None else {}
    totals = state.totals()
    width = max(len(n) for n in state.seating.names)
    for name in facts.order:
        seat = state.seating.seat(name)
        turn = name == facts.to_play
        out.append("▶ " if turn else "  ", style="bold yellow")
        out.append(f"{name:<{width}}", style="bold" if turn else "")
        # TRANSLATORS: a seat's tricks won so far this round, after its name on the table (a short column).
        out.append("  " + _("tricks {n}").format(n=won.get(name, 0)))
        if seat.kind is Kind.SIDEKICK:
            out.append("  " + _("sidekick of {player}").format(player=seat.of), style="dim")
        else:
            a = facts.alignment.get(name)
            if a is None:
                out.append("  " + _("alignment hidden"), style="dim")
            elif a is Alignment.HERO:
                out.append("  " + _("hero"), style=HERO_STYLE)
            else:
                caught = won.get(name, 0)
                status = _("clean") if caught == 0 else _("caught, {tricks}").format(tricks=counts.tricks(caught))
                out.append("  " + _("villain, {status}").format(status=status), style=VILLAIN_STYLE)
            if seat.kind is Kind.PLAYER:
                # TRANSLATORS: stamina charged on a card: "2 on Monologuing".
                charges = [_("{n} on {card}").format(n=n, card=s) for p, s, n in state.charges if p == name]
                out.append("  " + _("stamina {n}").format(n=state.held(name))
                           + (f" ({', '.join(charges)})" if charges else ""))
            out.append("  " + _("VP {n}").format(n=totals.get(name, 0)), style="bold")
        known = res.known.get(name) if res is not None else None
        if state.mode is Mode.SOLO and state.piles is not None:
            out.append("\n    ")
            _cards(out, state.piles.row(name), legal if turn and name == state.you else None)
        elif known is not None and seat.kind is Kind.SIDEKICK:
            cards, unknown = known
            out.append("\n    " + _("face up:") + " ")
            _cards(out, cards, legal if turn else None)
            out.append("  " + _("(+{n} turned up, not typed yet)").format(n=unknown) if unknown else "", style="dim")
        out.append("\n")
    return out


def trick_line(view: TableView) -> Text:
    """The trick in play: its lead suit, each card in order, the card winning so far and who plays next; then each
    revoke this round has proven (played cards are public, so naming them hides nothing)."""
    out = _trick(view)
    res = view.facts.result
    if res is None or not res.tricks:
        return out
    *before, new = res.tricks
    earlier = [f for t in before for f in t.flags]
    if earlier:  # said whole when raised (and in the log): one line from then on, however many
        where = ", ".join(_("{player} at trick {n}").format(player=f.seat, n=f.trick) for f in earlier)
        out.append("\n⚑ " + _("{rule} earlier this round: {where}").format(rule=earlier[0].rule, where=where),
                   style="red")
    for flag in new.flags:  # just raised: whole, with what the table can do (the book sets no penalty)
        out.append(f"\n⚑ {flag.rule}: {flag.sentence}", style="bold red")
    if new.flags:
        out.append("\n  " + _("to replay the trick, ctrl+z takes its cards back; else play on with it noted"))
    return out


def preview(view: TableView, events: Sequence[e.Event]) -> str:
    """What Enter records, as the table says it: each trick the line plays to whole from its leader's card on
    (the cards already on the table first) and who wins it, then a revoke it proves; any other fact in its own
    words."""
    res = view.facts.result
    in_play = res.in_play if res is not None else None
    parts: list[str] = []
    flags: list[str] = []
    trick, at = 0, -1  # the trick being worded and its part
    for event in events:
        if isinstance(event, e.CardPlayed) and event.trick == trick:
            parts[at] += f", {event.seat} {_played(event)}"
        elif isinstance(event, e.CardPlayed):
            trick, at = event.trick, len(parts)
            on_table = in_play.plays if in_play is not None and in_play.n == trick else ()
            plays = ", ".join([*(f"{p.seat} {p.play}" for p in on_table), f"{event.seat} {_played(event)}"])
            parts.append(_("trick {n}: {plays}").format(n=trick, plays=plays))
        elif isinstance(event, e.TrickWon) and event.trick == trick:
            how = _("{player} wins (named by the table)").format(player=event.winner) if event.named else event.reason
            parts[at] += f" → {how}" + ("" if trick == TRICKS else "; " + _("{player} leads next").format(
                player=event.next_leader))
        elif isinstance(event, e.RevokeFlagged):
            flags.append(f"⚑ {event.sentence}")
        elif text := describe(event):
            parts.append(text)
    return "; ".join(parts) + "".join(f"\n{f}" for f in flags)


def _played(event: e.CardPlayed) -> str:
    """`9br`, `9br as 11 sp`, with the ability that made it so, as the log words it."""
    # TRANSLATORS: after a card played as another value or suit: the ability that made it so ("by Trance").
    by = " " + _("by {ability}").format(ability=event.by) if event.by else ""
    free = " " + _("(ignoring the lead)") if event.ignore_follow else ""
    return f"{Play(event.seat, event.card, event.value, event.suit)}{by}{free}"


def _trick(view: TableView) -> Text:
    facts = view.facts
    state, res = facts.state, facts.result
    out = Text()
    r = state.round
    if r is None or res is None:
        return out
    in_play = res.in_play
    done = facts.counted
    if state.phase is Phase.END:
        out.append(_("Round {n} is over ({tricks}): Enter scores it.").format(n=r.number, tricks=counts.tricks(done)),
                   style="bold green")
        return out
    if in_play is None:
        out.append(_("Trick {n}:").format(n=done + 1) + " ", style="bold")
        out.append(_("{player} leads.").format(player=res.next_leader or "?"))
        return out
    lead = in_play.lead_suit.word if in_play.lead_suit is not None else "?"
    # TRANSLATORS: {suit} is the suit led, as typed (brains, love, speed, strength).
    out.append(_("Trick {n} · lead {suit}:").format(n=in_play.n, suit=lead) + " ", style="bold")
    best = in_play.winning_card
    for i, p in enumerate(in_play.plays):
        out.append(", " if i else "")
        out.append(f"{p.seat} ")
        out.append(str(p.play), style="bold reverse" if best is not None and p.play == best else "bold")
    if best is not None:
        out.append("  " + _("winning {card}").format(card=best), style="green")
    if facts.to_play:
        out.append(" · " + _("{player} to play").format(player=facts.to_play), style="yellow")
    offer = surrender_text(facts.surrender)
    if offer:
        out.append("\n" + _("Surrender? {offer}").format(offer=offer), style="yellow")
    return out


def surrender_text(offer: Surrender | None) -> str:
    """Solo: the surrender offered now, with its VP ("" when not allowed)."""
    if offer is None:
        return ""
    # TRANSLATORS: 'surrender' is the word typed on the line: it stays in English.
    return _("{to} +{vp} VP ({rule}): f3 or 'surrender'").format(to=offer.to, vp=offer.vp, rule=offer.rule)


def status_line(view: TableView, level: str) -> str:
    state = view.state
    r = state.round
    parts = [_("Game {id}").format(id=view.game_id), _(MODES[state.mode])]
    if state.mode is Mode.SOLO:
        # TRANSLATORS: the solo game's difficulty (D3) and whose deck is used: {deck} is app or table, as typed.
        parts[-1] += " " + _("D{level}, {deck} deck").format(level=state.difficulty, deck=state.deck)
    if r is not None:
        parts.append(_("round {n}/5, {dealer} deals").format(n=r.number, dealer=r.dealer))
    if state.mode is Mode.SOLO and state.piles is not None:
        parts.append(_("deck {deck} · discard {discard}").format(deck=len(state.piles.deck),
                                                                 discard=len(state.piles.discard)))
    else:
        # TRANSLATORS: {level} is the logging level as typed and kept (winners, cards, score only).
        parts.append(_("logging: {level}").format(level=level))
    return " · ".join(parts)


def unused_reminder(view: TableView) -> str:
    """Said before the round is scored: the cards still charged and not used, and how to enter one that scores."""
    unused = view.facts.unused
    if not unused:
        return ""
    who, card = unused[0]
    # TRANSLATORS: {example} is a line as typed at the table ("ann uses Trance: vp +2"): it stays in English.
    return " " + _("Still charged, not used this round: {cards}; an ability that scores now is entered first, e.g. "
                   "'{example}'.").format(cards=", ".join(f"{p} {c}" for p, c in unused),
                                          example=f"{who.lower()} uses {card}: vp +2")


def banner(view: TableView) -> str:
    event = view.facts.event
    return _("Event this round: {event}").format(event=event.name) if event is not None else ""


def moves_text(view: TableView) -> Text:
    """Each Vancardian move in the trick as numbered steps, each with its rule id (§3.8.8)."""
    return steps_text(view.facts.moves)


def just_won(results: Sequence[str], moves: Sequence[e.VancardianChose]) -> Text:
    """The tricks just won, for a moment (as at the table, before they are gathered face down): each one's cards
    and winner, then the Vancardians' moves in the last one since your card (the follow that ended it)."""
    out = Text()
    out.append("\n".join(results), style="bold green")
    if moves:
        out.append("\n")
        out.append_text(steps_text(moves))
    out.rstrip()
    return out


def steps_text(moves: Sequence[e.VancardianChose]) -> Text:
    out = Text()
    for move in moves:
        said = _("{seat} leads: plays {card}") if move.role == "lead" else _("{seat} follows: plays {card}")
        out.append(said.format(seat=move.seat, card=move.card) + "\n", style="bold")

        for n, (rule, sentence) in enumerate(move.steps, start=1):
            out.append(f" {n}. {sentence} ")
            out.append(f"({rule})\n", style="cyan")
    return out
