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
from scoring.i18n import _

from . import qr, settings
from .bgstats_export import to_bgstats
from .catalogue import write_whole
from .games import KINDS
from .share import bgstats_link, shared_play, shorter

PROMPT = 1  # the line the shell's prompt takes under the code


def add_verb(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("share", _("a finished game for BG Stats: the link that fills in the play, its QR code (--qr), or the "
                        "play as a file BG Stats opens (--save FILE); --location names where you play"))
    p.add_argument("game", type=int, nargs="?", help=_("the game's number (see `companion games --finished`)"))
    p.add_argument("--qr", action="store_true", help=_("draw the link as a QR code to scan with the phone"))
    p.add_argument("--save", type=Path, metavar="FILE",
                   help=_("write the play as a BG Stats play file (FILE.bgsplay)"))
    p.add_argument("--location", metavar="NAME",
                   help=_("the place you play at, sent with every play from now on ('' forgets it)"))


def run(args: argparse.Namespace) -> tuple[int, Any, str]:
    """(exit code, JSON data, text). A QR code that cannot fit this terminal is an InputError, after the link (and
    the file, if asked for) have been given."""
    from db.location import default_url

    said = []
    if args.location is not None:
        place = settings.set_location(args.location)
        said.append(_("Plays are sent to BG Stats from {place}.").format(place=place) if place else
                    _("No location is set: BG Stats will record the companion as the place."))
        if args.game is None:
            return 0, {"location": place}, said[0]
    if args.game is None:
        raise InputError(_("give the number of a finished game (see `companion games --finished`), or --location "
                           "NAME"), where="share")
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
        text += "\n" + _("The play is saved in {file}: open it with BG Stats (share it to the phone, then Open in).") \
            .format(file=args.save)
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
        raise InputError(_("{problem}: open the play in BG Stats from a file instead (`companion share {game} --save "
                           "play.bgsplay`)").format(problem=too_long, game=args.game), where="--qr") from None
    for n, (link, left) in enumerate(codes):
        drawn = qr.drawing(whole if n == 0 else qr.matrix(link), size.columns, size.lines - PROMPT - (n > 0))
        if drawn is not None:
            said = "" if not left else "\n" + (
                _("To fit this terminal the code leaves out the {left} ({file} keeps them).").format(
                    left=left, file=args.save) if args.save is not None else
                _("To fit this terminal the code leaves out the {left} (`--save FILE` writes the whole play with "
                  "them).").format(left=left))
            return text + said + "\n" + qr.printed(drawn)
    print(shown)
    side = qr.smallest(qr.matrix(codes[-1][0]))
    instead = (_("the play is saved in {file}: open that file with BG Stats").format(file=args.save)
               if args.save is not None else
               _("or open the play in BG Stats from a file: `companion share {game} --save play.bgsplay`")
               .format(game=args.game))
    raise InputError(_("the QR code needs at least {columns} columns and {lines} lines; this terminal has "
                       "{width}×{height}: enlarge it (or make the font smaller), {instead}; or run `companion serve "
                       "--network` and press b on the game's score sheet there: a short code opens the server's page "
                       "for the game, which hands the play to BG Stats")
                     .format(columns=side, lines=side + PROMPT + 1, width=size.columns, height=size.lines,
                             instead=instead), where="--qr")


def _save(path: Path, data: dict[str, Any]) -> None:
    write_whole(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", _("the play"))

