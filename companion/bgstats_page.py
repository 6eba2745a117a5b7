"""The page a phone opens to hand the game on the table to BG Stats. BG Stats' createPlay link carries the whole
play (~700 characters for two players), too much for a QR code in an 80×24 terminal; the table's own link is
short, so the app's code can carry `/table/bgstats?game=N&sig=…` instead (signed by the server's secret, which
`companion serve` hands its app processes: the table's key alone opens the game on the table, never the history),
and this page gives the phone the full link. The phones following the table find it there once it is finished."""
from __future__ import annotations

import hashlib
import hmac
import html
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from scoring.i18n import _, language

PATH = "/table/bgstats"
STYLE = ("body { font: 18px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 30em; padding: .5em 1em; } "
         "a.open { display: block; text-align: center; padding: .8em; margin: 1em 0; border-radius: .5em; "
         "background: #174; color: #fff; font-weight: bold; text-decoration: none; } "
         "li.winner { font-weight: bold; } .quiet { color: #666; }")


def relay_link(table_link: str, secret: str, game_id: int) -> str:
    """The page's address for game `game_id`, from the table's link (same server, same read-only key), signed with
    the server's `secret` so that it opens this one game."""
    parts = urlsplit(table_link)
    key = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p).get("key", "")
    query = urlencode({"game": game_id, "sig": signature(secret, game_id), "key": key})
    return urlunsplit((parts.scheme, parts.netloc, PATH, query, ""))


def signature(secret: str, game_id: int) -> str:
    """What proves a link to game `game_id`'s page was made by the companion (16 hex digits: short, for the code)."""
    return hmac.new(secret.encode(), f"bgstats {game_id}".encode(), hashlib.sha256).hexdigest()[:16]


PAGE = ('<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" '
        'content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">'
        "<title>{title}</title><style>{style}</style></head><body>{body}</body></html>")
BUTTON = '<a class="open" href="{link}">{text}</a>'


def page(title: str, body: str) -> str:
    return PAGE.format(lang=language(), title=html.escape(title), style=STYLE, body=body)


def share_page(game_id: int, results: list[dict[str, Any]], link: str) -> str:
    """Game `game_id`'s results and the button that opens BG Stats with the play filled in."""
    e = html.escape
    won, unknown = " (" + _("won") + ")", _("points unknown")
    rows = "".join(f'<li{" class=winner" if r["winner"] else ""}>{e(str(r["name"]))}: '
                   f'{unknown if r["score"] is None else r["score"]}{won if r["winner"] else ""}</li>'
                   for r in results)
    title, button = _("Game {id} for BG Stats").format(id=game_id), _("Open in BG Stats")
    note = _("BG Stats opens with this play filled in, for you to check and save. Nothing is sent anywhere else.")
    return page(title, f"<h1>{title}</h1><ol>{rows}</ol>{BUTTON.format(link=e(link), text=button)}"
                f'<p class="quiet">{note}</p>')



def refusal(text: str) -> str:
    return page("BG Stats", f'<p class="quiet">{html.escape(text)}</p>')
