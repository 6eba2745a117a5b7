"""The phones' read-only table for an Origin Story game: only what the whole table may see (ORIGIN_STORY.md §2,
§3.10). The trick in play comes from the referee's face-down-safe view (`public_view`): tricks won lie face down,
so a finished trick's cards appear only if the table chose to show them (`show_tricks`). Hands are never shown,
except where the game itself lays them face up: the three rows of a solo game and a sidekick's face-up cards."""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from db.records import GameRecord
from db.store import Store
from scoring import counts
from scoring.i18n import N_, _, ngettext
from scoring.origin.cards import Suit
from scoring.origin.round_input import Alignment
from scoring.origin.round_result import public_view, villain_status
from scoring.origin.setup import ROUNDS, Kind
from scoring.origin.state import GameState, Phase, rounds_left
from scoring.origin.view import table_view

from .bgstats import ALIGNMENTS
from .session import OriginSession

TITLE = N_("Origin Story table")
MODES = {"table": "Origin Story", "duo": N_("Origin Story (duo)"), "solo": N_("Origin Story (solo)")}


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: str  # player, sidekick or vancardian
    turn: bool  # plays next (or leads the next trick)
    tricks: int | None  # won this round (None outside the round's tricks)
    alignment: str | None  # None until the simultaneous reveal
    villain: str  # "clean" / "caught, 2 tricks" for a revealed villain
    vp: int | None  # sidekicks do not score
    stamina: int | None
    charges: tuple[tuple[str, int], ...]  # (ability, stamina on it)
    mats: tuple[str, ...]  # story cards by slot, then the superhero once revealed
    cards: tuple[str, ...] | None  # face-up cards only: a solo row, a sidekick's face-up cards
    winner: bool


@dataclass(frozen=True, slots=True)
class Trick:
    number: int
    lead: str | None  # the lead suit's word
    plays: tuple[tuple[str, str], ...]  # (seat, card) in play order
    winning: tuple[str, str] | None  # (seat, card) winning so far


@dataclass(frozen=True, slots=True)
class Snapshot:
    game: int
    title: str
    status: str
    banner: str
    ending: bool
    trick: Trick | None
    next_seat: str | None
    seats: tuple[Seat, ...]
    shown_tricks: tuple[tuple[int, str | None, tuple[tuple[str, str], ...]], ...]  # as `show_tricks` allows
    event: str
    piles: str  # solo: deck and discard as sizes
    scores: str


def _status(state: GameState, next_seat: str | None, trick: Trick | None) -> str:
    r = state.round
    number = 0 if r is None else r.number
    match state.phase:
        case Phase.DEALER:
            return _("The first dealer is being chosen.")
        case Phase.ROUND:
            return _("Round {n} of {rounds} is about to start.").format(n=number + 1, rounds=ROUNDS)
        case Phase.DEAL:
            return _("Round {n} of {rounds}: dealing.").format(n=number, rounds=ROUNDS)
        case Phase.ALIGN:
            step = state.next_step
            return (_("Round {n} of {rounds}: setting up ({step}). Alignments are revealed together.") if step else
                    _("Round {n} of {rounds}: setting up. Alignments are revealed together.")).format(
                n=number, rounds=ROUNDS, step=step.value if step else "")
        case Phase.PLAY:
            assert r is not None
            who = (_("{seat} plays next") if trick else _("{seat} leads") if next_seat else
                   _("the leader plays")).format(seat=next_seat)
            return _("Round {n} of {rounds}, trick {trick}: {who}.").format(
                n=number, rounds=ROUNDS, trick=trick.number if trick else r.tricks_done + 1, who=who)
        case Phase.END:
            return _("Round {n} of {rounds}: the tricks are done; the round is being scored.").format(
                n=number, rounds=ROUNDS)
        case _:
            return _("The game is over.")


def snapshot(store: Store, game: GameRecord) -> Snapshot:
    state = OriginSession(store, game.id).state
    facts = table_view(state)
    result, next_seat = facts.result, facts.to_play
    view: dict[str, Any] | None = public_view(result) if result is not None else None
    r = state.round
    trick: Trick | None = None
    if result is not None and view is not None:
        in_play = result.in_play
        if in_play is not None:
            lead = in_play.lead_suit
            win = in_play.winning_card
            trick = Trick(in_play.n, Suit(lead).word if lead is not None else None,
                          tuple((str(s), str(c)) for s, c in view["in_play"]),
                          None if win is None else (win.seat, str(win.card)))
    won: dict[str, int] = dict(view["tricks_won"]) if view is not None else {}
    alignment: dict[str, Alignment] = {}
    if r is not None and r.alignment is not None and r.scored is None:  # revealed together, for this round
        alignment = dict(result.alignment) if result is not None else dict(r.alignment)
    totals: dict[str, int] = state.totals()
    winners: set[str] = set()
    if state.ended is not None:  # the game's own final word: every seat's VP and the winners (shared, too)
        totals |= {seat: vp for seat, vp, _rank in state.ended.totals}
        winners = set(state.ended.winners)
        scores = _("Final scores.")
    else:
        scores = _("VP as the dials stand: scored rounds, plus this round's abilities.")
    known = result.known if result is not None else {}
    seats = []
    for s in state.seating.seats:
        kind = s.kind
        player = kind is Kind.PLAYER
        a = alignment.get(s.name)
        cards: tuple[str, ...] | None = None
        if state.piles is not None and r is not None and r.scored is None:  # solo: every row is face up
            cards = tuple(str(c) for c in state.piles.row(s.name))
        elif kind is Kind.SIDEKICK and s.name in known and r is not None and r.scored is None:
            cards = tuple(str(c) for c in known[s.name][0])
        mats = tuple(name for _slot, name in sorted(state.story_cards(s.name).items()))
        hero = state.superhero(s.name)
        seats.append(Seat(
            s.name, kind.value, next_seat is not None and s.name.casefold() == next_seat.casefold(),
            won.get(s.name, 0) if view is not None else None,
            None if a is None else a.value, "" if a is None else villain_status(a, won.get(s.name, 0)),
            totals.get(s.name) if s.scores else None, state.held(s.name) if player else None,
            tuple((src, n) for p, src, n in state.charges if p == s.name), mats + ((hero,) if hero else ()),
            cards, s.name in winners))
    past = tuple((int(t["n"]), None if t["winner"] is None else str(t["winner"]),
                  tuple((str(x), str(y)) for x, y in t["cards"]))
                 for t in (view["past_tricks"] if view is not None else ()))
    if state.ended is not None:
        names = sorted(winners)
        banner = ((_("Game over: {names} share the victory.") if len(names) > 1 else _("Game over: {names} wins."))
                  .format(names=", ".join(names)) if names else _("Game over."))
    else:
        left = rounds_left(state)
        banner = ngettext("{n} round left to score.", "{n} rounds left to score.", left).format(n=left)
    ev = facts.event
    event = "" if ev is None else _("Event: {name}").format(name=ev.name) + (
        f" ({ev.colour})" if getattr(ev, "colour", None) else "")
    piles = ""
    if state.piles is not None and r is not None and r.scored is None:
        piles = _("Deck: {deck} · discard pile: {discard}").format(
            deck=counts.cards(len(state.piles.deck)), discard=counts.cards(len(state.piles.discard)))
    title = _("{mode} · game {id}").format(mode=_(MODES.get(game.variant, "Origin Story")), id=game.id)
    if state.difficulty is not None:
        title += " · " + _("difficulty {level}").format(level=state.difficulty)
    return Snapshot(game.id, title, _status(state, next_seat, trick), banner,
                    game.finished or state.phase is Phase.OVER, trick, next_seat, tuple(seats), past, event,
                    piles, scores)


def fragment(snap: Snapshot) -> str:
    """The view's changing part, as HTML (every name and card escaped: players type names)."""
    e = html.escape
    out = [f'<h1>{e(snap.title)}</h1>', f'<p class="status">{e(snap.status)}</p>',
           f'<p class="banner{" ending" if snap.ending else ""}">{e(snap.banner)}</p>']
    if snap.event:
        out.append(f'<p class="event">{e(snap.event)}</p>')
    if snap.trick is not None:
        t = snap.trick
        lead = _("lead: {suit}").format(suit=e(t.lead)) if t.lead else _("no lead yet")
        winning = " <b>" + e(_("winning")) + "</b>"
        plays = "".join(f'<li><span class="who">{e(s)}</span> {e(c)}'
                        f'{winning if t.winning == (s, c) else ""}</li>' for s, c in t.plays)
        nxt = ('<p class="next">▶ ' + _("{seat} plays next").format(seat=e(snap.next_seat)) + "</p>"
               if snap.next_seat else "")
        heading = _("Trick {n} ({lead})").format(n=t.number, lead=lead)
        out.append(f'<section class="trick"><h2>{heading}</h2><ol class="plays">{plays}</ol>{nxt}</section>')
    elif snap.next_seat:
        leads = _("{seat} leads the next trick").format(seat=e(snap.next_seat))
        out.append(f'<section class="trick"><p class="next">▶ {leads}</p></section>')
    for seat in snap.seats:
        marks = (" turn" if seat.turn else "") + (" winner" if seat.winner else "") + f" {seat.kind}"
        vp = "" if seat.vp is None else '<span class="score">' + _("{n} VP").format(n=seat.vp) + "</span>"
        facts = []
        if seat.kind == "sidekick":
            facts.append(_("sidekick"))
        if seat.tricks is not None:
            facts.append(ngettext("{n} trick this round", "{n} tricks this round", seat.tricks).format(n=seat.tricks))
        if seat.alignment is not None:
            word = _(ALIGNMENTS[seat.alignment]) if seat.alignment in ALIGNMENTS else seat.alignment
            facts.append(f'<span class="{seat.alignment}">{word}</span>'
                         + (f" ({e(seat.villain)})" if seat.villain else ""))
        if seat.stamina is not None:
            facts.append(ngettext("{n} stamina", "{n} stamina", seat.stamina).format(n=seat.stamina))
        out.append(f'<section class="seat{marks}"><h2>{"▶ " if seat.turn else ""}{e(seat.name)} {vp}</h2>'
                   f'<p class="facts">{" · ".join(facts)}</p>')
        if seat.charges:
            charged = ", ".join(f"{e(src)} ({n})" for src, n in seat.charges)
            out.append('<p class="charges">' + _("Charged: {abilities}").format(abilities=charged) + "</p>")
        if seat.mats:
            out.append('<p class="mats">' + _("Mat: {cards}").format(cards=e(", ".join(seat.mats))) + "</p>")
        if seat.cards is not None:
            label = _("Row") if seat.kind != "sidekick" else _("Face up")
            cards = "".join(f"<li>{e(c)}</li>" for c in seat.cards) or '<li class="quiet">—</li>'
            out.append(f'<div class="row">{label}: <ul class="cards">{cards}</ul></div>')
        out.append("</section>")
    for n, winner, shown in snap.shown_tricks:  # only if the table chose to show tricks (`show_tricks`)
        past = _("Trick {n} ({winner}): {cards}").format(n=n, winner=e(winner or "?"),
                                                          cards=e(", ".join(f"{s} {c}" for s, c in shown)))
        out.append(f'<p class="past">{past}</p>')
    if snap.piles:
        out.append(f'<p class="quiet">{e(snap.piles)}</p>')
    out.append(f'<p class="quiet">{e(snap.scores)}</p>')
    return "\n".join(out)


STYLE = """
.trick { border: 2px solid #c90; border-radius: .4em; padding: .2em .6em; margin: .5em 0; }
ol.plays { padding-left: 1.2em; list-style: decimal; } .next { font-weight: bold; margin: .2em 0; }
.hero { color: #b00; } .villain { color: #708; } .facts, .charges, .mats { margin: .1em 0; }
.seat.sidekick { border-style: dashed; } .past { color: #444; }
"""


@dataclass(frozen=True, slots=True)
class View:
    snap: Snapshot
    title: str = TITLE
    style: str = STYLE

    def fragment(self) -> str:
        return fragment(self.snap)


def view(store: Store, game: GameRecord, catalogue: object = None) -> View:
    """The game on the phones' table (Origin Story's view needs no catalogue: its cards are their notation)."""
    return View(snapshot(store, game), title=_(TITLE))

