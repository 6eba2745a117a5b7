"""An Origami game on the phones' read-only table: what everyone can see (collections, Characters, the draw line,
hand sizes, whose turn, the deck and the end trigger), the scores as the table stands, and the end banner, taken
from the stored log and nothing else. Hidden information stays hidden: hands are counts."""
from __future__ import annotations

import html
from dataclasses import dataclass

from db.records import GameRecord
from db.store import Store
from scoring.errors import MissingValue
from scoring.i18n import ngettext
from scoring.origami.catalog import Catalogue
from scoring.origami.state import Phase
from screens.origami.table import status_text

from . import VARIANTS
from .advice import what_is_missing
from .session import GameSession

TITLE = "Origami table"


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
        scores = "Final scores."
    else:
        try:
            sheet = session.score()
            totals = {p.name: p.total for p in sheet.players}
            scores = "Scores if the game ended now."
        except MissingValue as missing:
            scores = (f"Scores so far need a value the companion does not know yet ({what_is_missing(missing)}): "
                      "the companion asks for it at the next score.")
    names = game.players
    seats = tuple(Seat(names[i], i == state.current and state.phase is Phase.PLAY, p.hand.size, p.hand.rice,
                       tuple(tuple(c) for c in p.collections), totals.get(names[i]), names[i] in winners)
                  for i, p in enumerate(state.players))
    banner = ("Game over: " + ", ".join(sorted(winners)) + (" share the victory." if len(winners) > 1 else " wins.")
              if game.finished else state.end_banner())
    return Snapshot(game.id, f"{VARIANTS[game.variant]} · game {game.id}", status_text(state), banner,
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
        rice = f" ({seat.rice} rice paper)" if seat.rice else ""
        out.append(f'<section class="seat{marks}"><h2>{"▶ " if seat.turn else ""}{e(seat.name)} {score}</h2>'
                   f'<p class="hand">{in_hand(seat.hand)}{rice}</p><ol>')
        for number, column in enumerate(seat.collections, start=1):
            cards = "".join(f'<li{" class=top" if i == len(column) - 1 else ""}>{e(c)}</li>'
                            for i, c in enumerate(column)) or '<li class="quiet">—</li>'
            out.append(f'<li>Collection {number}: <ul class="cards">{cards}</ul></li>')
        out.append("</ol></section>")
    out.append(f'<p class="line">Draw line: {e(", ".join(snap.line)) or "—"}</p>')
    if snap.characters:
        out.append(f'<p class="characters">Characters: {e(", ".join(snap.characters))}</p>')
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
    return View(snapshot(store, game, catalogue))


def in_hand(n: int) -> str:
    return ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n)
