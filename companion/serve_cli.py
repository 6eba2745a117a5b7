"""`companion serve`: the verb, the addresses it prints and the QR code of the read-only table."""
from __future__ import annotations

import argparse
import errno
import os
import shlex
import shutil
import socket
import sys
from collections.abc import Callable

from db.store import Store
from scoring.errors import InputError
from scoring.i18n import N_, _

from . import qr
from .games import KINDS
from .watch import current_game

GAP = 4  # columns between the two QR codes
NETWORK_WARNING = N_(
    "On the network: anyone who can reach this machine and has a link gets in. The table link shows what the "
    "table sees (names, collections, Characters, hand sizes, scores); the companion link records and undoes "
    "actions and shows every player's history: keep it to yourself. Both keys change at the next start.")


def add_verb(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("serve", _("the companion in a browser, and a read-only table for the phones at the table (this "
                        "machine only, unless --network)"))
    p.add_argument("--port", type=int, default=8000, help=_("the port (default 8000)"))
    p.add_argument("--network", action="store_true",
                   help=_("let other devices in (binds every address of this machine; phones need this)"))
    p.add_argument("--host", help=_("bind this one address instead (e.g. this machine's address on the Wi-Fi)"))
    p.add_argument("--game", type=int, metavar="ID", help=_("show this game on the table (default: the latest)"))


def run(args: argparse.Namespace) -> tuple[int, None, None]:
    from db.location import default_url

    from .catalogue import catalogue_files
    from .serve import CompanionServer, Keys, TableView
    from .shell import SHARE_SECRET, TABLE_LINK
    from .watch import Catalogues

    url = args.db or default_url()
    if not 0 < args.port < 65536:
        raise InputError(_("--port {port}: a port from 1 to 65535").format(port=args.port))
    if args.network and args.host:
        raise InputError(_("give --network or --host, not both"))
    bind = args.host or ("0.0.0.0" if args.network else "127.0.0.1")
    exposed = bind not in ("127.0.0.1", "localhost", "::1")
    public = f"http://{_address() if bind == '0.0.0.0' else bind}:{args.port}"
    _check_port(bind, args.port)
    if args.game is not None:  # an unknown game, or one without a table, is said now rather than on the page
        store = Store.open(url, KINDS)
        try:
            current_game(store, args.game)
        finally:
            store.close()
    keys = Keys()
    own = [x for f in args.catalog for x in ("--catalog", str(f.resolve()))]
    command = " ".join(shlex.quote(part) for part in [sys.executable, "-m", "companion", "--db", url, *own])
    view = TableView(url, args.game, Catalogues(files=tuple(catalogue_files(args))))
    banner = _banner(public, keys.app, keys.watch, exposed)
    os.environ[TABLE_LINK] = f"{public}/table?key={keys.watch}"  # the app processes show it as a QR code
    os.environ[SHARE_SECRET] = keys.share  # and sign with it the links to a finished game's BG Stats page
    CompanionServer(command, host=bind, port=args.port, public=public, view=view, keys=keys,
                    banner=banner).serve()
    return 0, None, None


def _banner(public: str, app_key: str, watch_key: str, exposed: bool, columns: int = 0) -> str:
    """The links, and their QR codes side by side when the terminal is wide enough (else one under the other):
    the companion's for the host's own phone, the table's for everyone else's."""
    app, watch = f"{public}/?key={app_key}", f"{public}/table?key={watch_key}"
    codes = [(title, qr.lines(qr.matrix(link))) for title, link in
             ((_("The companion (only you):"), app), (_("The table, read-only (everyone):"), watch))]
    width = max(len(drawn[0]) for __, drawn in codes)
    serving = (_("Serving the companion on {address}") if exposed else
               _("Serving the companion on {address} (this machine only: --network lets phones in)."))
    # TRANSLATORS: the two links are printed one under the other: keep them lined up with spaces.
    links = [_("  The companion (records the game): {link}").format(link=app),
             _("  The table, read-only (phones):    {link}").format(link=watch)]
    out = [serving.format(address=public), *links, ""]
    if 2 * width + GAP <= (columns or shutil.get_terminal_size().columns):
        out.append("".join(title.ljust(width + GAP) for title, __ in codes).rstrip())
        height = max(len(drawn) for _, drawn in codes)  # the smaller code gets more white around it
        rows = zip(*([line.ljust(width) for line in drawn] + [" " * width] * (height - len(drawn))
                     for __, drawn in codes), strict=False)
        out += [(" " * GAP).join(qr.printed([part]) for part in row) for row in rows]
    else:
        for title, drawn in codes:
            out += [title, qr.printed(drawn)]
    out.append("")
    if exposed:
        out.append(_(NETWORK_WARNING))
    out.append(_("Press Ctrl+C to stop."))
    return "\n".join(out)


def _address() -> str:
    """This machine's address on its network (the one a phone on the same Wi-Fi reaches); no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _check_port(host: str, port: int) -> None:
    """A clear message now rather than a traceback from the server."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            fix = (_("give --host one of this machine's own addresses, or use --network")
                   if exc.errno == errno.EADDRNOTAVAIL else _("choose another --port, or stop what is using it"))
            raise InputError(_("cannot listen on {host}:{port} ({problem}): {fix}").format(
                host=host, port=port, problem=exc.strerror, fix=fix)) from None

