"""The read-only table for the other phones at the table: what everyone can see (collections, Characters, the
draw line, hand sizes, whose turn, the deck and the end trigger), the scores as the table stands, and the end
banner, taken from the stored log and nothing else. Hidden information stays hidden: hands are counts."""
from __future__ import annotations

import html
from dataclasses import dataclass

from db.records import ORIGIN_STORY, GameRecord
from db.store import Store
from scoring.errors import InputError, MissingValue
from scoring.origami.catalog import Catalogue
from scoring.origami.state import Phase
from screens.origami.table import status_text

from .origami.advice import what_is_missing
from .origami.session import GameSession
from .origin import watch as origin_watch
from .share import GAME_NAMES


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


def version(game: GameRecord) -> str:
    """Changes whenever what the view shows may change: another event, or the game finished or reopened."""
    kind = "origin-" if game.kind == ORIGIN_STORY else ""  # `page` picks its title and style by it
    return f"{kind}{game.id}.{game.last_seq}.{game.status}"


def current_game(store: Store, pinned: int | None) -> GameRecord | None:
    """The game to show: the one asked for, else the latest game recorded turn by turn."""
    if pinned is not None:
        game = store.game(pinned)
        if game.source != "log":
            raise InputError(f"game {pinned} was scored at the end: there is no table to show")
        return game
    # The newest game recorded turn by turn, of either game, found by the database: one page, not the history.
    # An abandoned game is not on the table any more.
    latest = store.iter_games(source="log")
    try:
        return next((g for g in latest if isinstance(g, GameRecord) and g.status != "abandoned"), None)
    finally:
        latest.close()


def snapshot(store: Store, game: GameRecord, catalogue: Catalogue) -> Snapshot | origin_watch.Snapshot:
    if game.kind == ORIGIN_STORY:
        return origin_watch.snapshot(store, game)
    session = GameSession(store, game.id, catalogue)
    state = session.state
    totals: dict[str, int] = {}
    winners: set[str] = set()
    if game.finished:
        results = store.results(game.id)
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
    return Snapshot(game.id, f"{GAME_NAMES[game.variant]} · game {game.id}", status_text(state), banner,
                    game.finished or state.last_turn is not None or state.phase is Phase.OVER, seats,
                    tuple(state.line), tuple(state.characters), scores)


def fragment(snap: Snapshot | origin_watch.Snapshot | None) -> str:
    """The view's changing part, as HTML (every name escaped: players type them)."""
    if snap is None:
        return '<p class="quiet">No game recorded turn by turn yet: start one in the companion.</p>'
    if isinstance(snap, origin_watch.Snapshot):
        return origin_watch.fragment(snap)
    e = html.escape
    out = [f'<h1>{e(snap.title)}</h1>', f'<p class="status">{e(snap.status)}</p>',
           f'<p class="banner{" ending" if snap.ending else ""}">{e(snap.banner)}</p>']
    for seat in snap.seats:
        marks = (" turn" if seat.turn else "") + (" winner" if seat.winner else "")
        score = "" if seat.score is None else f'<span class="score">{seat.score}</span>'
        rice = f" ({seat.rice} rice paper)" if seat.rice else ""
        out.append(f'<section class="seat{marks}"><h2>{"▶ " if seat.turn else ""}{e(seat.name)} {score}</h2>'
                   f'<p class="hand">{seat.hand} card{"s" if seat.hand != 1 else ""} in hand{rice}</p><ol>')
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


POLL = 2.0  # seconds between a phone's asks for the latest table
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Origami table</title>
<style>
body { font: 16px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 40em; padding: .5em 1em; }
h1 { font-size: 1.2em; margin: .3em 0; } h2 { font-size: 1.05em; margin: .2em 0; }
.status { background: #eef; padding: .2em .4em; } .banner.ending { color: #a40; font-weight: bold; }
.seat { border: 1px solid #ccc; border-radius: .4em; padding: .2em .6em; margin: .5em 0; }
.seat.turn { border: 2px solid #c90; } .seat.winner { background: #efe; }
.score { float: right; } .hand, .quiet { color: #666; margin: 0; }
ol { padding-left: 0; list-style: none; margin: .2em 0; }
ul.cards { display: inline; padding: 0; } ul.cards li { display: inline; }
ul.cards li + li::before { content: ", "; font-weight: normal; } .top { font-weight: bold; }
</style></head><body>
<main id="table">{body}</main>
<noscript><p class="quiet">Reload the page to see the latest turn.</p></noscript>
<script>
let etag = "{etag}";
async function poll() {
  try {
    const answer = await fetch("{poll}" + location.search, {cache: "no-store", headers: {"If-None-Match": etag}});
    if (answer.status === 200) {
      etag = answer.headers.get("ETag") || "";
      document.getElementById("table").innerHTML = await answer.text();
    }
  } catch (e) { /* the laptop may be asleep: try again */ }
  setTimeout(poll, {every});
}
setTimeout(poll, {every});
</script></body></html>
"""


def page(body: str, etag: str, poll: str) -> str:
    if etag.startswith("origin-"):  # an Origin Story game (see `version`)
        return page_for(PAGE.replace("Origami table", origin_watch.TITLE)
                        .replace("</style>", origin_watch.STYLE + "</style>"), body, etag, poll)
    return page_for(PAGE, body, etag, poll)


def page_for(template: str, body: str, etag: str, poll: str) -> str:
    return (template.replace("{body}", body).replace("{etag}", html.escape(etag)).replace("{poll}", poll)
            .replace("{every}", str(round(POLL * 1000))))
