"""The read-only table for the other phones at the table: the page, which game it shows, and when what it shows may
have changed. What a game's view shows (only what the whole table may see) is that game's: its `phone_view`."""
from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db.records import GameRecord
from db.store import Store
from scoring.errors import InputError

from . import games

POLL = 2.0  # seconds between a phone's asks for the latest table
EMPTY_TITLE = "Table"


@dataclass(frozen=True, slots=True)
class Shown:
    """What the table shows now: `version` changes whenever the rest may (the page's ETag)."""

    version: str
    html: str  # the changing part of the page
    title: str = EMPTY_TITLE
    style: str = ""  # the game's own rules of style, after the page's


def version(game: GameRecord) -> str:
    """Changes whenever what the view shows may change: another event, or the game finished or reopened."""
    return f"{game.kind}.{game.id}.{game.last_seq}.{game.status}"


def current_game(store: Store, pinned: int | None) -> GameRecord | None:
    """The game to show: the one asked for, else the latest game recorded turn by turn."""
    if pinned is not None:
        game = store.games.get(pinned)
        if game.source != "log":
            raise InputError(f"game {pinned} was scored at the end: there is no table to show")
        return game
    # The newest game recorded turn by turn, of any game, found by the database: one page, not the history.
    # An abandoned game is not on the table any more.
    latest = store.games.iter(source="log")
    try:
        return next((g for g in latest if isinstance(g, GameRecord) and g.status != "abandoned"), None)
    finally:
        latest.close()


class Catalogues:
    """Each game's catalogue for the phones' view: the one given (tests), else the game's own with the user's
    files over it, loaded once."""

    def __init__(self, given: Mapping[str, Any] | None = None, files: tuple[Path, ...] = ()) -> None:
        self.loaded = dict(given or {})
        self.files = files

    def __call__(self, kind: str) -> Any:
        if kind not in self.loaded:
            self.loaded[kind] = games.game(kind).catalogue(self.files)
        return self.loaded[kind]


def shown(store: Store, game: GameRecord | None, catalogues: Catalogues) -> Shown:
    if game is None:
        return Shown("none", '<p class="quiet">No game recorded turn by turn yet: start one in the companion.</p>')
    view = games.game(game.kind).phone_view(store, game, catalogues(game.kind))
    return Shown(version(game), view.fragment(), view.title, view.style)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
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
{style}</style></head><body>
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


def page(now: Shown, poll: str) -> str:
    filled = (PAGE.replace("{title}", html.escape(now.title)).replace("{style}", now.style)
              .replace("{etag}", html.escape(now.version)).replace("{poll}", poll)
              .replace("{every}", str(round(POLL * 1000))))
    return filled.replace("{body}", now.html)  # last: what players typed is never read as a placeholder
