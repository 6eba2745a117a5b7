"""The history for spreadsheets: one CSV row per player per finished game, of every game."""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from db.records import WholeGame

from . import games
from .local_time import when

COLUMNS = ("game", "finished", "variant", "source", "players", "seat", "player", "score", "rank", "winner",
           "hand", "tie_break", "families", "minutes", "game_name")
BOM = "\ufeff"  # what tells a spreadsheet (Excel) the file is UTF-8: without it, "Zoë" opens as "ZoÃ«"


def history_csv(finished: Iterable[WholeGame]) -> str:
    """Finished games only, oldest first as given; `finished` is the user's local time with its zone, as the screens
    show it; `hand` is empty when not known (a play from BG Stats); `hand`, `tie_break` and `families` are
    Origami's (empty for Origin Story); `seat` counts from 1 clockwise from the first player named at setup."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for g in finished:
        if g.finished_at is None:
            continue
        game = games.game(g.kind)
        minutes = round((g.finished_at - g.started_at).total_seconds() / 60) if g.source == "log" else ""
        for seat, (name, r) in enumerate(zip(g.players, g.results, strict=True), start=1):
            writer.writerow((g.uid, when(g.finished_at), game.title(g.variant), g.source, len(g.players), seat, name,
                             r["score"], r["rank"], "yes" if r["winner"] else "no",
                             "" if r["hand"] is None else r["hand"], g.tie_break or "", " ".join(g.families),
                             minutes, game.name))
    return out.getvalue()
