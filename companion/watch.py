"""The read-only table for the other phones at the table: the page, which game it shows, and when what it shows may
have changed. What a game's view shows (only what the whole table may see) is that game's: its `phone_view`."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader
from markupsafe import Markup

from db.records import GameRecord
from db.store import Store
from scoring.errors import InputError
from scoring.i18n import N_, _

from . import games

POLL = 2.0  # seconds between a phone's asks for the latest table
EMPTY_TITLE = N_("Table")  # the page's title with no game on it (translated where the page is made)


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
            raise InputError(_("game {id} was scored at the end: there is no table to show").format(id=pinned))
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
        return Shown("none", '<p class="quiet">' + _("No game recorded turn by turn yet: start one in the companion.")
                     + "</p>")
    view = games.game(game.kind).phone_view(store, game, catalogues(game.kind))
    return Shown(version(game), view.fragment(), view.title, view.style)


# Autoescaped: what reaches the page as text (the title, the ETag) is escaped once, and nothing a player typed is
# ever read as part of the template. The body is HTML its game's view built, escaping every name itself.
TEMPLATES = Environment(loader=PackageLoader("companion", "templates"), autoescape=True, trim_blocks=True)


def page(now: Shown, poll: str) -> str:
    return TEMPLATES.get_template("table.html").render(
        title=_(EMPTY_TITLE) if now.title == EMPTY_TITLE else now.title, style=Markup(now.style),
        body=Markup(now.html), etag=now.version, poll=poll,

        every=round(POLL * 1000))
