"""Keys to quick-score the rulebook's 41-point table, pressed through the real app by its pilot and checked
against the score saved: typed as the completion lets a player type it (a few letters until the card shows,
a comma or Tab takes it), against the same table typed as before (", " between cards) and spelled out in full.

Run with `python -m bench.quick_keys` (entry: `main`)."""
from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from companion.games import KINDS

KEY_LIMIT = 60  # the target for this table
# The rulebook's table as typed before completion: a few letters per card, ", " between cards, Tab between boxes.
TABLE_41 = [("Ann", "chick, chicke, mag, ant", "chick, rab, bee, ant", "3"),
            ("Bob", "chick, ant", "bee", "5"), ("Cy", "chicke", "rab", "2")]
FULL_NAMES = [("Ann", "Chick, Chicken, Magpie, Ant", "Chick, Rabbit, Bee, Ant", "3"),
              ("Bob", "Chick, Ant", "Bee", "5"), ("Cy", "Chicken", "Rabbit", "2")]
# The same table, each card typed until the suggestion shows it ("chi" shows Chick, "m" Magpie), commas only.
SHORT_41 = [("Ann", "chi,chicke,m,a", "chi,r,b,a", "3"), ("Bob", "chi,a", "b", "5"), ("Cy", "chicke", "r", "2")]
Rows = list[tuple[str, str, str, str]]


def keys_of(rows: Rows) -> list[str]:
    """Every key from Home to the saved game: `s`, each box's letters with Tab between boxes (none after the last
    one: ctrl+s saves from there), ctrl+s."""
    keys = ["s"]
    values = [value for row in rows for value in row]
    for n, value in enumerate(values):
        keys += list(value)
        if n < len(values) - 1:
            keys.append("tab")
    return [*keys, "ctrl+s"]


async def pressed(url: str, keys: list[str]) -> tuple[int, dict[str, int]]:
    """Press `keys` in the app from Home; the keys pressed and the totals of the game then in the history."""
    from companion.app import make_app
    from db.store import Store

    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
    store = Store.open(url, KINDS)
    try:
        games = store.games.all(status="finished")
        if len(games) != 1:
            raise SystemExit(f"the keys saved {len(games)} games, not one: the benchmark no longer matches the app")
        return len(keys), {r["name"]: r["score"] for r in store.results.of(games[0].id)}
    finally:
        store.close()


def main() -> None:
    expected = {"Ann": 41, "Bob": 11, "Cy": 9}
    with tempfile.TemporaryDirectory() as folder:
        figures: dict[str, int] = {}
        for label, rows in (("with what the completion shows", SHORT_41), ("as typed before (', ')", TABLE_41),
                            ("every name in full", FULL_NAMES)):
            keys, totals = asyncio.run(pressed(f"sqlite:///{Path(folder) / f'{len(figures)}.db'}", keys_of(rows)))
            if totals != expected:
                raise SystemExit(f"{label}: the saved totals are {totals}, not {expected}")
            figures[label] = keys
    ours = figures["with what the completion shows"]
    for label, keys in figures.items():
        print(f"{'keys to quick-score the 41-point table, ' + label:<64} {keys:4d} keys   "
              f"{keys / ours:5.2f}× the keys with completion (target ≤ {KEY_LIMIT})")


if __name__ == "__main__":
    main()
