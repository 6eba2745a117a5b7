"""`companion share GAME`: the BG Stats link of a finished game, its QR code drawn on the whole terminal
(`--qr`), or the play as a single-play file BG Stats opens (`--save FILE`, best named *.bgsplay). When the code
cannot fit the terminal, that is said, the status is not 0, and the file is offered instead.
`companion share --location NAME` names, once, the place the plays are sent from."""
from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db.store import Store
from scoring.errors import InputError

from . import qr, settings
from .bgstats_export import to_bgstats
from .catalogue import write_whole
from .games import KINDS
from .share import bgstats_link, shared_play, shorter

PROMPT = 1  # the line the shell's prompt takes under the code


def add_verb(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("share", "a finished game for BG Stats: the link that fills in the play, its QR code (--qr), or "
                      "the play as a file BG Stats opens (--save FILE); --location names where you play")
    p.add_argument("game", type=int, nargs="?", help="the game's number (see `companion games --finished`)")
    p.add_argument("--qr", action="store_true", help="draw the link as a QR code to scan with the phone")
    p.add_argument("--save", type=Path, metavar="FILE", help="write the play as a BG Stats play file (FILE.bgsplay)")
    p.add_argument("--location", metavar="NAME",
                   help="the place you play at, sent with every play from now on ('' forgets it)")


def run(args: argparse.Namespace) -> tuple[int, Any, str]:
    """(exit code, JSON data, text). A QR code that cannot fit this terminal is an InputError, after the link (and
    the file, if asked for) have been given."""
    from db.location import default_url

    said = []
    if args.location is not None:
        place = settings.set_location(args.location)
        said.append(f"Plays are sent to BG Stats from {place}." if place else
                    "No location is set: BG Stats will record the companion as the place.")
        if args.game is None:
            return 0, {"location": place}, said[0]
    if args.game is None:
        raise InputError("give the number of a finished game (see `companion games --finished`), or --location NAME",
                         where="share")
    store = Store.open(args.db or default_url(), KINDS)
    try:
        game = store.games.get(args.game)
        play = shared_play(store, game.id)
        whole = None
        if args.save is not None:
            wholes, damaged = store.exchange.whole_and_damaged([game.id])
            if damaged:
                raise damaged[0]
            whole = wholes[0]
            # what the store knows of the players, as an export writes it: BG Stats identities, first plays
            profiles, firsts = store.profiles.bgstats(), store.profiles.first_games()
    finally:
        store.close()
    link = bgstats_link(play)
    text = "\n".join([*said, link])
    data: dict[str, Any] = {"play": play, "link": link}
    if whole is not None:
        _save(args.save, to_bgstats([whole], datetime.now(UTC), about=True, profiles=profiles, firsts=firsts))
        text += f"\nThe play is saved in {args.save}: open it with BG Stats (share it to the phone, then Open in)."
        data["file"] = str(args.save)
    if args.qr:
        text = _with_code(args, play, text, json.dumps(data, indent=2, ensure_ascii=False) if args.json else text)
    return 0, data, text


def _with_code(args: argparse.Namespace, play: dict[str, Any], text: str, shown: str) -> str:
    """The text, then the code under it, so the code is what the terminal shows whole at the bottom: the whole play,
    else the fullest shorter one that fits (`share.shorter`, said under the link); `shown` is printed on its own
    when no code can be drawn (the link and the file are still given)."""
    size = shutil.get_terminal_size()
    codes = [(bgstats_link(p), left) for p, left in ((play, ""), *shorter(play))]
    try:
        whole = qr.matrix(codes[0][0])
    except ValueError as too_long:
        print(shown)
        raise InputError(f"{too_long}: open the play in BG Stats from a file instead "
                         f"(`companion share {args.game} --save play.bgsplay`)", where="--qr") from None
    for n, (link, left) in enumerate(codes):
        drawn = qr.drawing(whole if n == 0 else qr.matrix(link), size.columns, size.lines - PROMPT - (n > 0))
        if drawn is not None:
            keeps = f"{args.save} keeps" if args.save is not None else "`--save FILE` writes the whole play with"
            said = f"\nTo fit this terminal the code leaves out the {left} ({keeps} them)." if left else ""
            return text + said + "\n" + qr.printed(drawn)
    print(shown)
    side = qr.smallest(qr.matrix(codes[-1][0]))
    instead = (f"the play is saved in {args.save}: open that file with BG Stats" if args.save is not None else
               f"or open the play in BG Stats from a file: `companion share {args.game} --save play.bgsplay`")
    raise InputError(f"the QR code needs at least {side} columns and {side + PROMPT + 1} lines; this terminal has "
                     f"{size.columns}×{size.lines}: enlarge it (or make the font smaller), {instead}; or run "
                     "`companion serve --network` and press b on the game's score sheet there: a short code "
                     "opens the server's page for the game, which hands the play to BG Stats", where="--qr")


def _save(path: Path, data: dict[str, Any]) -> None:
    write_whole(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", "the play")
