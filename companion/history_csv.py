"""The history for spreadsheets: one CSV row per player per finished game."""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from datetime import UTC

from db.records import WholeGame

from . import games

COLUMNS = ("game", "finished", "variant", "source", "players", "seat", "player", "score", "rank", "winner",
           "hand", "tie_break", "families", "minutes")


def history_csv(finished: Iterable[WholeGame]) -> str:
    """Finished games only, oldest first as given; `hand` is empty when not known (a play from BG Stats),
    times are UTC, `seat` counts from 1 clockwise from the first player named at setup."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for g in finished:
        if g.finished_at is None:
            continue
        minutes = round((g.finished_at - g.started_at).total_seconds() / 60) if g.source == "log" else ""
        for seat, (name, r) in enumerate(zip(g.players, g.results, strict=True), start=1):
            writer.writerow((g.uid, f"{g.finished_at.astimezone(UTC):%Y-%m-%d %H:%M}",
                             games.game(g.kind).title(g.variant), g.source, len(g.players), seat, name, r["score"],
                             r["rank"], "yes" if r["winner"] else "no",
                             "" if r["hand"] is None else r["hand"], g.tie_break or "", " ".join(g.families),
                             minutes))
    return out.getvalue()
