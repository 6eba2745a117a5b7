"""`companion export` and `companion import`: the companion's own JSON, BG Stats' export file, and CSV."""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db.errors import DamagedGame, UnknownRecord
from db.records import WholeGame
from db.store import Store
from scoring import jsontext
from scoring.errors import InputError
from scoring.i18n import _, listing, ngettext

from . import games as registry
from .bgstats import Reading, is_bgstats, read_bgstats, whole_game
from .bgstats_export import Export, bgstats_chunks
from .catalogue import read_text
from .exchange import from_json, to_json
from .games import KINDS
from .history_csv import history_csv
from .import_stream import WAIT, import_file

VERBS = ("export", "import")


def add_verbs(verb: Callable[[str, str], argparse.ArgumentParser]) -> None:
    p = verb("export", _("write games (every one, or those given with --game) to a file: the companion's own JSON "
                         "(players, full logs, results), BG Stats' export file, or CSV for spreadsheets"))
    p.add_argument("file", type=Path, help=_("the file to write"))
    p.add_argument("--game", type=int, action="append", metavar="ID", help=_("only this game (repeatable)"))
    p.add_argument("--all", action="store_true", help=_("every game (the default)"))
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--bgstats", action="store_true", help=_("BG Stats' export file (finished games)"))
    shape.add_argument("--csv", action="store_true", help=_("CSV: a row per player per finished game"))
    p = verb("import", _("add the games of a companion export, or the Origami and Origin Story plays of a BG Stats "
                         "export (- reads standard input); games already here are skipped, so importing twice adds "
                         "nothing, and a bad file changes nothing"))
    p.add_argument("file", type=Path, help=_("a file written by `companion export`, or BG Stats' export file; - "
                                             "reads standard input"))
    p.add_argument("--yes", action="store_true",
                   help=_("BG Stats: add the plays to the profiles with the same names without asking"))
    p.add_argument("--as", dest="aliases", action="append", default=[], metavar="BGNAME=PROFILE",
                   help=_("BG Stats: this BG Stats player is this profile (new or existing); repeatable"))


def run(args: argparse.Namespace) -> tuple[int, Any, str | None]:
    """A damaged game left out of an export is said and exits 2; an export to standard output says its summary on
    standard error (the export is the output)."""
    from db.location import default_url

    data, text = _run(args, args.db or default_url())
    code = 2 if data.get("left_out") else 0
    if args.verb == "export" and str(args.file) == "-":
        print(text, file=sys.stderr)
        return code, data, None
    return code, data, text


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off while a file is imported: an import makes hundreds of thousands of
    small objects (decoded games, rows, parameters) and next to no cycles, and the collector's passes over them took
    a fifth of its time. What the import drops is freed as it goes all the same (reference counting)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _run(args: argparse.Namespace, url: str) -> tuple[Any, str]:
    if args.verb == "import":
        with _collector_paused():
            return _import(args, url)
    return _export(args, url)


def _import(args: argparse.Namespace, url: str) -> tuple[Any, str]:
    if not args.aliases and str(args.file) != "-":  # an export file is read as it goes (twice); else whole
        streamed = import_file(args.file, url)
        if streamed is not None:
            return {"added": streamed[0], "skipped": streamed[1]}, _added(*streamed)
    data = _json_file(args.file)
    if is_bgstats(data):
        return _import_bgstats(args, url, read_bgstats(data, str(args.file)))
    if args.aliases:
        raise InputError(_("--as is for BG Stats files; a companion export keeps its own names"), where="import")
    games = from_json(data, str(args.file))  # everything checked before the database is touched
    added, skipped = _add(url, games)
    return {"added": added, "skipped": skipped}, _added(added, skipped)


def _export(args: argparse.Namespace, url: str) -> tuple[Any, str]:
    """The games streamed to the file a page at a time (bounded memory at any size); a damaged game is left out and
    named, and the exit status says so. Games asked for by number are all written, or nothing."""
    if args.game and args.all:
        raise InputError(_("give --game or --all, not both"), where="export")
    now = datetime.now(UTC)
    damaged: list[DamagedGame] = []
    tally = {"games": 0, "finished": 0}
    store = Store.open(url, KINDS)
    try:
        found: Iterable[WholeGame | DamagedGame]
        if args.game:
            asked, damaged = store.exchange.whole_and_damaged(args.game)
            if damaged:  # the games asked for by number: all of them, or nothing
                raise damaged[0]
            found = asked
        else:
            found = store.exchange.iter_whole()

        def sound() -> Iterator[WholeGame]:
            for g in found:
                if isinstance(g, DamagedGame):
                    damaged.append(g)
                else:
                    tally["games"] += 1
                    tally["finished"] += g.finished_at is not None
                    yield g

        if args.csv:
            _write_chunks(args.file, _csv_chunks(sound()))
            count = tally["finished"]
        elif args.bgstats:
            export = Export(now, profiles=store.profiles.bgstats(), firsts=store.profiles.first_games())
            _write_chunks(args.file, bgstats_chunks(sound(), export))
            count = export.plays
        else:
            _write_chunks(args.file, _json_chunks(sound(), now))
            count = tally["games"]
    finally:
        store.close()
    damaged.sort(key=lambda d: d.game)
    written = (ngettext("{n} finished game written to {file}", "{n} finished games written to {file}", count)
               if args.csv or args.bgstats else ngettext("{n} game written to {file}", "{n} games written to {file}",
                                                         count))
    for d in damaged:  # every other game is written; these are named, and the exit status says one is missing
        print(f"companion {args.verb}: " + _("{game}: left out of {file}").format(game=d, file=args.file),
              file=sys.stderr)
    return {"exported": count, "file": str(args.file), "left_out": [{"game": d.game, "damaged": d.why}
                                                                   for d in damaged]}, \
        written.format(n=count, file=args.file)


def _json_chunks(games: Iterable[WholeGame], now: datetime) -> Iterator[str]:
    """The text `json.dumps(to_json(games, now), indent=1, ensure_ascii=False)` and a newline, a game at a time."""
    empty = json.dumps(to_json([], now), indent=1, ensure_ascii=False)
    head, tail = empty.rsplit("[]", 1)
    first = True
    for game in games:
        text = json.dumps(to_json([game], now)["games"][0], indent=1, ensure_ascii=False)
        yield (head + "[\n" if first else ",\n") + "\n".join("  " + line for line in text.split("\n"))
        first = False
    yield (head + "[]" if first else "\n ]") + tail + "\n"


def _csv_chunks(games: Iterable[WholeGame], batch: int = 500) -> Iterator[str]:
    """The text `history_csv(games)`, `batch` games at a time."""
    header = history_csv([])
    yield header
    chunk: list[WholeGame] = []
    for game in games:
        chunk.append(game)
        if len(chunk) == batch:
            yield history_csv(chunk)[len(header):]
            chunk = []
    if chunk:
        yield history_csv(chunk)[len(header):]


def _json_file(path: Path) -> Any:
    return jsontext.loads(read_text(path, "import"), str(path), invalid=_("not JSON"))


def _add(url: str, games: list[WholeGame], twins: bool = False,
         bgstats: dict[str, tuple[str, str]] | None = None) -> tuple[int, int]:
    store = Store.open(url, KINDS, timeout=WAIT)
    try:
        return store.exchange.add(games, twins=twins, bgstats=bgstats)
    finally:
        store.close()


def _added(added: int, skipped: int) -> str:
    return ngettext("{n} game added, {skipped} already here", "{n} games added, {skipped} already here",
                    added).format(n=added, skipped=skipped)


def _import_bgstats(args: argparse.Namespace, url: str, reading: Reading) -> tuple[Any, str]:
    """Plays become finished games under the profiles of the same names (or those --as gives); when some of
    those profiles already exist, the players are asked first (or --yes said so). BG Stats' anonymous players
    become guests, one new profile per seat, never joined to another. A BG Stats player whose plays came before goes
    to the same profile, whatever it is called now (its uuid is kept with the profile)."""
    guests = reading.guests
    aliases = _aliases(args.aliases, {n.casefold() for p in reading.plays for n in p.players if n not in guests})
    store = Store.open(url, KINDS)
    try:
        here = store.exchange.known(p.uid for p in reading.plays)  # the file's plays only, a page per statement
        fresh = [p for p in reading.plays if p.uid not in here]
        before = {n: found.name for n, (uid, _) in reading.profiles.items()
                  if uid and (found := store.profiles.by_bgstats(uid)) is not None}
        targets = {n: n if n in guests else aliases.get(n.casefold(), before.get(n, n)) for p in fresh
                   for n in p.players}
        candidates = [whole_game(p, targets) for p in fresh]
        twins = _twins(store, candidates)
        kept = [p for p in fresh if p.uid not in twins]
        names = {n: targets[n] for p in kept for n in p.players}
        existing = {n: _profile(store, t) for n, t in names.items()}
    finally:
        store.close()
    games = [g for g in candidates if g.uid not in twins]
    already = len(reading.plays) - len(kept)
    plan = _plan(reading, len(kept), len(reading.plays) - len(fresh), twins, names, existing)
    plays_left_out = {"other_games": reading.other_games, "ignored": reading.ignored,
                "winners_only": len(reading.winners_only), "already_here": len(reading.plays) - len(fresh),
                "same_as_games_here": len(twins)}
    report = {"plays": len(kept), "other_games": reading.other_games, "ignored": reading.ignored,
              "winners_only": len(reading.winners_only), "plays_left_out": plays_left_out,
              "same_as": twins, "players": {n: {"profile": existing[n] or t, "existing": existing[n] is not None,
                                                "guest": n in guests}
                                            for n, t in names.items()}}
    joining = sorted(n for n in names if existing[n] is not None and n not in guests)
    if joining and not args.yes:
        if not sys.stdin.isatty() or args.json:  # nobody to ask: say what would happen and how to agree
            print(plan, file=sys.stderr)
            raise InputError(_("the plays of {players} would join the profiles already here of the same names: run "
                               "again with --yes to agree, or --as 'BG NAME=PROFILE' to send a player to another "
                               "profile (a new name makes a new one); nothing was imported")
                             .format(players=", ".join(joining)), where=str(args.file))
        print(plan)
        try:  # the answer is typed as in English (y or yes) in every language
            agreed = input(_("Add these games? [y/N] ")).strip().casefold() in ("y", "yes")
        except (EOFError, KeyboardInterrupt):
            agreed = False
        if not agreed:
            return {**report, "added": 0, "skipped": 0}, _("Nothing imported.")
        plan = ""
    known = {names[n]: reading.profiles[n] for n in names if n in reading.profiles}
    added, skipped = _add(url, games, twins=True, bgstats=known)  # checked again inside the write (another import)
    skipped += already
    return {**report, "added": added, "skipped": skipped}, (plan + "\n" if plan else "") + _added(added, skipped)


def _aliases(given: list[str], names: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for text in given:
        bg, sep, profile = text.partition("=")
        if not sep or not bg.strip() or not profile.strip():
            raise InputError(_("--as {text!r}: write it as 'BG Stats name=profile name'").format(text=text),
                             where="import")
        if bg.strip().casefold() not in names:
            raise InputError(_("--as {text!r}: no player {name!r} in the file's plays of the companion's games")
                             .format(text=text, name=bg.strip()), where="import")
        out[" ".join(bg.split()).casefold()] = " ".join(profile.split())
    return out


def _profile(store: Store, name: str) -> str | None:
    try:
        return store.profiles.get(name).name
    except UnknownRecord:
        return None


def _twins(store: Store, games: list[WholeGame]) -> dict[str, int]:
    """Games already here under another id: the same players with the same points, within a day (a play sent to
    BG Stats from the companion, then exported from BG Stats, comes back with BG Stats' own id)."""
    return store.exchange.twins(games) if games else {}


def _plan(reading: Reading, adding: int, known: int, twins: dict[str, int], names: dict[str, str],
          existing: dict[str, str | None]) -> str:
    """What the import will do: the plays added, every play left out counted with its reason, and where each
    BG Stats player goes."""
    other = reading.other_games
    left = [ngettext("{n} play of other games", "{n} plays of other games", other).format(n=other)] if other else []
    left += [ngettext("{n} marked ignored", "{n} marked ignored", reading.ignored).format(n=reading.ignored)] \
        if reading.ignored else []
    for name in dict.fromkeys(registry.game(p.kind).name for p in reading.winners_only):
        count = sum(registry.game(p.kind).name == name for p in reading.winners_only)
        left.append(ngettext("{n} {game} play with winners only and no VP (an {game} game's history is its VP)",
                             "{n} {game} plays with winners only and no VP (an {game} game's history is its VP)",
                             count).format(n=count, game=name))
    left += [ngettext("{n} already here", "{n} already here", known).format(n=known)] if known else []
    same = sorted(set(twins.values()))
    left += [ngettext("{n} the same as game {games}", "{n} the same as games {games}", len(same)).format(
        n=len(twins), games=", ".join(map(str, same)))] if twins else []
    names_of = listing(list(dict.fromkeys(registry.game(p.kind).name for p in reading.plays))) or \
        registry.game(registry.UNMARKED).name
    to_add = ngettext("BG Stats file: {n} {game} play to add", "BG Stats file: {n} {game} plays to add", adding)
    out = [to_add.format(n=adding, game=names_of)
           + (" (" + _("{reasons} left out").format(reasons="; ".join(left)) + ")" if left else "")]
    unknown = sum(not p.points_known for p in reading.plays)
    if unknown:
        out.append("  " + ngettext(
            "{n} of the plays kept only who won: they join with their winners and ranks, points unknown (counted in "
            "games, wins, head-to-head and ratings, not in averages or best scores)",
            "{n} of the plays kept only who won: they join with their winners and ranks, points unknown (counted in "
            "games, wins, head-to-head and ratings, not in averages or best scores)", unknown).format(n=unknown))
    guests = reading.guests
    width = max((len(n) for n in names), default=0)
    for n, t in sorted(names.items(), key=lambda x: x[0].casefold()):
        out.append(f"  {n:<{width}} → " + (_("a guest (a new profile of their own)") if n in guests and not existing[n]
                                            else _("{profile} (a profile already here)").format(profile=existing[n])
                                            if existing[n] is not None
                                            else _("{profile} (a new profile)").format(profile=t)))
    return "\n".join(out)


def _write_chunks(path: Path, chunks: Iterable[str]) -> None:
    """Whole or not at all: a file appears only once it is completely written (the text comes a part at a time).
    `-` is standard output; a link is written through (the file it names is replaced, the link stays); a device or
    a pipe (`/dev/stdout`, a FIFO) is written straight into, never replaced; a folder is refused."""
    if str(path) == "-":
        for chunk in chunks:
            sys.stdout.write(chunk)
        sys.stdout.flush()
        return
    try:
        if path.is_symlink() and not path.exists():
            raise InputError(_("is a link to nothing: give a file name, or fix the link"), where=str(path))
        if path.is_dir():
            raise InputError(_("is a folder: give a file name"), where=str(path))
        if path.exists() and not path.is_file():  # a device or a pipe: nothing to replace
            with path.open("w", encoding="utf-8") as out:
                for chunk in chunks:
                    out.write(chunk)
            return
        path = path.resolve() if path.is_symlink() else path
    except OSError as exc:
        raise InputError(_("cannot write the export: {problem}").format(problem=exc.strerror),
                         where=str(path)) from None
    partial = path.with_name(f".{path.name}.partial")
    try:
        with partial.open("w", encoding="utf-8") as out:
            for chunk in chunks:
                out.write(chunk)
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise InputError(_("cannot write the export: {problem}").format(problem=exc.strerror),
                         where=str(path)) from None

    except BaseException:  # the games could not all be read: no half-written file
        partial.unlink(missing_ok=True)
        raise
