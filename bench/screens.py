"""Each screen opened as a person meets it: `companion` in a real pseudo-terminal, the screen's key typed the moment
the screen it opens from (Home, or the players screen for a score sheet) is back on screen, until the screen shows;
against a bare Textual app pushing a screen of one Static the same way, alternated run for run (bench/terminal.py).
Twice in each run: the first time right after the start (the database may still be opening, and the key waits for
it; the screen's modules load), then again (the screen's own cost); and the first time once more in a run of its
own, ON_HOME seconds after Home is back, as a person who reads the menu first (the modules imported meanwhile).
"Shown" is the screen's own frame on screen (its title, which no screen before it shows; Textual's Footer draws a
screen's keys a refresh after its first, so they come with the fill); "filled" is what it shows once its heavy part
is mounted and filled after that frame (screens/later.py). The tables open a game in progress (bench/preview.py's
long games). Run alone: `python -m bench.screens` (entry: `main`)."""
from __future__ import annotations

import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .entry import BARE_PUSHED, FIRST_PAINT, PLAYERS
from .terminal import BARE_KEY, BIN, screen_times

ROUNDS = 5
# A person reads Home's menu a moment before choosing: the screens' modules are imported meanwhile (companion/warm.py).
# The first time is measured both ways: the key typed as soon as Home is back, and this many seconds later.
ON_HOME = 2.0
HOME = "Origami: new game"  # Home's menu, back on screen
BARE_HOME = "Hello from a bare app"
DOWN, ENTER, ESCAPE, FIRST = b"\x1b[B", b"\r", b"\x1b", b"\x1b[H"
# Home keeps its menu's highlight when it comes back (the previous visit's entry stays highlighted), and sets it back
# to the first entry when it lists its games anew (the database changed): the menu's entries without a key of their
# own are chosen from the first entry (the Home key), a moment after Home is back (LISTED seconds, timed from the keys
# typed, not before), so a listing still under way cannot move the highlight between the keys.
LISTED = 0.5


@dataclass(frozen=True, slots=True)
class Route:
    """How a screen is opened and known: `key` typed on Home once `home` shows; `shown`: what only that screen
    shows, from its first frame (a regular expression); `filled`: what shows once it is filled; `db`: the database
    it needs ("" a new one); `pause`: seconds from `home` on screen to `key` typed (timed from the key)."""

    name: str
    key: bytes
    shown: str
    filled: str
    db: str = ""
    home: str = HOME
    pause: float = 0.0


def menu(down: int) -> bytes:
    """Home's menu entry `down` below the first, chosen (the entries without a key of their own)."""
    return FIRST + DOWN * down + ENTER


ROUTES = (
    Route("players", b"p", "— Players and history", "No players yet: they appear here"),
    Route("Origami: new game", b"n", "New game", "Families: "),
    Route("Origami: quick score", b"s", "— Quick score", "Type each player's name"),
    Route("Origami: catalogue", b"c", r"Card catalogue \(", "Brontosaurus · legends · Dinosaurs"),
    Route("Origami: rules", b"r", "Rules reference", "PAY-EXACT — Pay exactly"),
    Route("Origin Story: new game", b"o", "Origin Story — new game", r"How many play\?"),
    Route("Origin Story: solo", b"v", "Origin Story — new game", "type 1 name in seat order"),
    Route("Origin Story: quick score", menu(6), "Origin Story — quick score", "The score sheet appears here once",
          pause=LISTED),
    Route("Origin Story: rules", menu(7), "Origin Story rules", "OS-PLAYERS — Player counts", pause=LISTED),
    Route("Origin Story: catalogue", menu(8), "Origin Story — cards", "Monologuing · story card", pause=LISTED),
    Route("Origami: table (resumed)", ENTER, "— Game 1", r"Turn \d+: ", "origami"),
    Route("Origin Story: table (resumed)", ENTER, "Origin Story — game 1", "suits b l s t", "origin"),
)


def opened(argv: list[str], route: Route | None, env: dict[str, str] | None = None,
           wait: float = 0.0) -> tuple[float, ...]:
    """Seconds from the route's key typed on Home (back on it after a first visit to the players screen; `wait`
    seconds later the first time) until the screen is shown, then filled; the first time, then again after escape:
    (first shown, first filled, again shown, again filled). `route` None: the bare app, its screen pushed by `p`."""
    first, back = (FIRST_PAINT, route.home) if route else (BARE_HOME, BARE_HOME)
    key, done = (route.key, [route.shown, route.filled]) if route else (b"p", [BARE_PUSHED])
    marks = [first, PLAYERS if route else BARE_PUSHED, back, *done, back, *done]
    at, again = 2, 2 + len(done) + 1  # the marks at which the screen's key is typed
    pause = route.pause if route else 0.0
    times = screen_times(argv, marks, env=env, timeout=60,
                         keys={0: b"p", 1: ESCAPE, at: key, again - 1: ESCAPE, again: key},
                         pauses={at: max(pause, wait), again: pause})
    return tuple(times[start + n] - times[start] for start in (at, again) for n in (1, len(done)))


def databases(folder: Path) -> dict[str, str]:
    """A new database, and one each holding a long game in progress of each game."""
    from .preview import origami_game, origin_game

    return {"": f"sqlite:///{folder / 'bench.db'}", "origami": origami_game(folder).url,
            "origin": origin_game(folder).url}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        urls = databases(Path(folder))
        companion = [str(BIN / "companion")]
        screen_times(companion, [FIRST_PAINT], env={"COMPANION_DB": urls[""]})  # creates it, as a first run does
        print(f"screens opened in a terminal (median of {ROUNDS}, alternated with a bare Textual app pushing a "
              "screen of one Static; target ≤ 3× and ≤ 50 ms):")
        for route in ROUTES:
            bare: list[tuple[float, ...]] = []
            ours: list[tuple[float, ...]] = []
            later: list[tuple[float, ...]] = []
            for _ in range(ROUNDS):
                bare.append(opened([sys.executable, "-c", BARE_KEY], None))
                ours.append(opened(companion, route, {"COMPANION_DB": urls[route.db]}))
                later.append(opened(companion, route, {"COMPANION_DB": urls[route.db]}, wait=ON_HOME))
            b = statistics.median(t[2] for t in bare)  # the bare app's screen pushed again
            figures = [*(statistics.median(t[i] for t in ours) for i in range(4)),
                       *(statistics.median(t[i] for t in later) for i in range(2))]
            for figure, label in zip(figures, ("first time, shown", "first time, filled", "again, shown",
                                               "again, filled", f"first after {ON_HOME:.0f} s on Home, shown",
                                               f"first after {ON_HOME:.0f} s on Home, filled"), strict=True):
                print(f"  {route.name + ': ' + label:<62} {figure * 1000:9.1f} ms   {figure / b:6.2f}× a bare "
                      f"screen push ({b * 1000:.1f} ms)")

if __name__ == "__main__":
    main()
