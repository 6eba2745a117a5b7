"""An Origami game on the phones' read-only table: what everyone can see (collections, Characters, the draw line,
hand sizes, whose turn, the deck and the end trigger), the scores as the table stands, and the end banner, taken
from the stored log and nothing else. Hidden information stays hidden: hands are counts."""
from __future__ import annotations

import html
from dataclasses import dataclass

from db.records import GameRecord
from db.store import Store
from scoring.errors import MissingValue
from scoring.i18n import N_, _, ngettext
from scoring.origami.catalog import Catalogue
from scoring.origami.state import Phase
from screens.origami.table import status_text

from . import VARIANTS
from .advice import what_is_missing
from .session import GameSession

TITLE = N_("Origami table")


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    turn: bool
    hand: int
    rice: int
    collections: tuple[tuple[str, ...], ...]  # bottom to top
    score: int | None
    winner: bool


@dataclass(frozen=True, slots=True)
class Snapshot:
    game: int
    title: str
    status: str
    banner: str
    ending: bool
    seats: tuple[Seat, ...]
    line: tuple[str, ...]
    characters: tuple[str, ...]
    scores: str  # how the scores were reached, or why there are none


def snapshot(store: Store, game: GameRecord, catalogue: Catalogue) -> Snapshot:
    session = GameSession(store, game.id, catalogue)
    state = session.state
    totals: dict[str, int] = {}
    winners: set[str] = set()
    if game.finished:
        results = store.results.of(game.id)
        totals = {r["name"]: r["score"] for r in results}
        winners = {r["name"] for r in results if r["winner"]}
        scores = _("Final scores.")
    else:
        try:
            sheet = session.score()
            totals = {p.name: p.total for p in sheet.players}
            scores = _("Scores if the game ended now.")
        except MissingValue as missing:
            scores = _("Scores so far need a value the companion does not know yet ({missing}): the companion asks "
                       "for it at the next score.").format(missing=what_is_missing(missing, catalogue))
    names = game.players
    seats = tuple(Seat(names[i], i == state.current and state.phase is Phase.PLAY, p.hand.size, p.hand.rice,
                       tuple(tuple(c) for c in p.collections), totals.get(names[i]), names[i] in winners)
                  for i, p in enumerate(state.players))
    banner = ((_("Game over: {names} share the victory.") if len(winners) > 1 else _("Game over: {names} wins."))
              .format(names=", ".join(sorted(winners))) if game.finished else state.end_banner())
    title = _("{mode} · game {id}").format(mode=VARIANTS[game.variant], id=game.id)
    return Snapshot(game.id, title, status_text(state), banner,
                    game.finished or state.last_turn is not None or state.phase is Phase.OVER, seats,
                    tuple(state.line), tuple(state.characters), scores)


def fragment(snap: Snapshot) -> str:
    """The view's changing part, as HTML (every name escaped: players type them)."""
    e = html.escape
    out = [f'<h1>{e(snap.title)}</h1>', f'<p class="status">{e(snap.status)}</p>',
           f'<p class="banner{" ending" if snap.ending else ""}">{e(snap.banner)}</p>']
    for seat in snap.seats:
        marks = (" turn" if seat.turn else "") + (" winner" if seat.winner else "")
        score = "" if seat.score is None else f'<span class="score">{seat.score}</span>'
        rice = " (" + ngettext("{n} rice paper", "{n} rice paper", seat.rice).format(n=seat.rice) + ")" \
            if seat.rice else ""
        out.append(f'<section class="seat{marks}"><h2>{"▶ " if seat.turn else ""}{e(seat.name)} {score}</h2>'
                   f'<p class="hand">{in_hand(seat.hand)}{rice}</p><ol>')
        for number, column in enumerate(seat.collections, start=1):
            cards = "".join(f'<li{" class=top" if i == len(column) - 1 else ""}>{e(c)}</li>'
                            for i, c in enumerate(column)) or '<li class="quiet">—</li>'
            collection = _("Collection {n}:").format(n=number)
            out.append(f'<li>{collection} <ul class="cards">{cards}</ul></li>')
        out.append("</ol></section>")
    line = _("Draw line: {cards}").format(cards=e(", ".join(snap.line)) or "—")
    out.append(f'<p class="line">{line}</p>')
    if snap.characters:
        characters = _("Characters: {cards}").format(cards=e(", ".join(snap.characters)))
        out.append(f'<p class="characters">{characters}</p>')
    out.append(f'<p class="quiet">{e(snap.scores)}</p>')
    return "\n".join(out)


@dataclass(frozen=True, slots=True)
class View:
    snap: Snapshot
    title: str = TITLE
    style: str = ""

    def fragment(self) -> str:
        return fragment(self.snap)


def view(store: Store, game: GameRecord, catalogue: Catalogue) -> View:
    return View(snapshot(store, game, catalogue), title=_(TITLE))



def in_hand(n: int) -> str:
    return ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n)
