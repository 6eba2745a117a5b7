"""Keys to record a whole seeded 3-player Origami game at the table, typed into the real app through its pilot as a
person would: the new-game form, the deal, then every turn. Two ways, which must record the same game (the same
events, the same score sheet):

- as the help teaches: every name in full, every line typed out, `end` on every turn;
- the shortest the app offers: a numbered pick when the action is one the table offers (Enter alone takes the
  first; a pick ending in `refill` takes the cards turned up after its number), else each word cut to the fewest
  letters the line still reads the same with, the collection as one digit at the end.

Either way a turn the table ends by itself (nothing left to do) is not ended again.

Run with `python -m bench.table_keys` (entry: `main`)."""
from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.keys import _character_to_key
from textual.pilot import Pilot

from companion.origami.catalogue import shipped
from companion.origami.playout import Playout, filled
from scoring.errors import InputError
from scoring.origami import commands as c
from scoring.origami.catalog import Catalogue
from scoring.origami.notation import parse, split, verb_named, write
from scoring.origami.state import GameState, Phase
from scoring.origami.table import Variant

SEED = 2  # a 3-player Origami game with no lot at the deal
TARGET = 12  # the median keys per turn
# This game typed as the help teaches into the table before it offered picks and ended turns by itself (commit
# c5fee5a): keys per turn (median, mean) and the whole game. The run below types it into today's table.
BEFORE = (30.0, 34.1, 2965)
PATIENCE = 120.0  # seconds a loaded machine may take for one line; never reached when the app records it


@dataclass(slots=True)
class Scripted(Playout):
    """A random legal game (the engine's own offers, seeded) that keeps the state after every command."""

    states: list[GameState] = field(default_factory=list)

    def submit(self, command: c.Command) -> tuple[Any, ...]:
        out = Playout.submit(self, command)
        self.states.append(self.s)
        return out


def game(catalogue: Catalogue, seed: int = SEED) -> Scripted:
    played = Scripted(catalogue, random.Random(seed))
    played.play_game(Variant.ORIGAMI, 3)
    deal = played.script[1]
    assert isinstance(deal, c.Deal) and deal.lot is None, "a seed whose deal needs no lot (the app draws it)"
    return played


# --- the lines typed ------------------------------------------------------------------------------------------
def full_line(command: c.Command, state: GameState, catalogue: Catalogue) -> str:
    """The line as the help teaches it, with `to N` only when the line needs it."""
    line = write(command, state)
    if " to " in line and isinstance(command, c.PlayOrigami):
        short = line.replace(f" to {command.collection + 1}", "", 1)
        if reads(short, command, state, catalogue):
            return short
    return line


def reads(line: str, command: c.Command, state: GameState, catalogue: Catalogue) -> bool:
    try:
        return parse(line, state, catalogue) == command
    except InputError:
        return False


def shortest_line(command: c.Command, state: GameState, catalogue: Catalogue) -> str:
    """The line with the verb and every card name cut to the fewest letters it still reads the same with, lists
    without spaces."""
    line = full_line(command, state, catalogue)
    parts = split(line)
    verb = next(parts.verb[:n] for n in range(1, len(parts.verb) + 1) if _one_verb(parts.verb[:n]) == parts.verb)
    words = [[verb, parts.first], *([k, v] for k, v in parts.clauses)]

    def text() -> str:  # the collection alone at the end: `play fox pay cat 2`
        said = " ".join(f"{k} {v}".strip() for k, v in words if k != "to" or parts.verb != "play")
        said += "".join(f" {v}" for k, v in words if k == "to" and parts.verb == "play")
        return (f"{parts.player}:" if parts.player else "") + said

    for clause in words:
        if "," not in clause[1] and (not clause[1] or clause[1][0].isdigit()):
            continue  # a number or a place (`2`, `1.3`), or nothing
        names = [n.strip() for n in clause[1].split(",")]
        for i, name in enumerate(names):
            for n in range(1, len(name) + 1):
                clause[1] = ",".join([*names[:i], name[:n], *names[i + 1:]])
                if reads(text(), command, state, catalogue):
                    names[i] = name[:n]
                    break
            clause[1] = ",".join(names)
    assert reads(text(), command, state, catalogue), text()
    return text()


def _one_verb(word: str) -> str | None:
    try:
        return verb_named(word)
    except InputError:
        return None


def shortest_names(names: tuple[str, ...], accepts: Callable[[str], bool], between: str = ",") -> str:
    """A list of names with each cut to the fewest letters `accepts` still takes the list with, `between` them."""
    out = list(names)
    for i, name in enumerate(out):
        for n in range(1, len(name) + 1):
            try:
                if accepts(between.join([*out[:i], name[:n], *out[i + 1:]])):
                    out[i] = name[:n]
                    break
            except InputError:
                continue
    return between.join(out)


def picked(command: c.Command, state: GameState, catalogue: Catalogue, picks: tuple[str, ...]) -> Keys | None:
    """The keys of the table's pick that records `command` (its number, then any cards it turns up), if any."""
    refill = command.refill if isinstance(command, (c.DrawCards, c.EndTurn)) else ()
    for n, text in enumerate(picks, start=1):
        number = [] if n == 1 else [str(n)]
        if not text.endswith(" refill") and reads(text, command, state, catalogue):
            return [*number, "enter"]
        if text.endswith(" refill") and refill and reads(f"{text} {', '.join(refill)}", command, state, catalogue):
            def accepts(typed: str, text: str = text) -> bool:
                return reads(f"{text} {typed}", command, state, catalogue)

            cards = shortest_names(refill, accepts)
            return [str(n), " ", *cards, "enter"]
    return None


# --- typing into the app ----------------------------------------------------------------------------------------
Keys = list[str]


def keys_of(text: str, *then: str) -> Keys:
    return [*text, *then]


def burst(app: App[Any], keys: Keys) -> None:
    """The keys queued at once, as a fast typist sends them."""
    for key in keys:
        app.post_message(events.Key(key, None) if len(key) > 1 else events.Key(_character_to_key(key), key))


async def wait(pilot: Pilot[Any], condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            said = [str(w.render()) for w in pilot.app.screen.query("#preview, #check")]
            raise SystemExit(f"the app did not get to {what} ({' '.join(said)}): the benchmark no longer matches "
                             "the app")
        await pilot.pause(0.01)


@dataclass(slots=True)
class Count:
    form: int = 0
    deal: int = 0
    turns: list[int] = field(default_factory=list)  # keys per turn, in turn order
    after: int = 0  # the hands revealed and the score, once the game is over
    log: list[Any] = field(default_factory=list)
    sheet: Any = None

    @property
    def total(self) -> int:
        return self.form + self.deal + sum(self.turns) + self.after


async def typed(url: str, played: Scripted, catalogue: Catalogue, short: bool) -> Count:
    """Type the game into the app from Home, one way or the other, counting every key."""
    from companion.app import make_app
    from companion.origami.controller import Controller
    from companion.session import in_effect
    from scoring.origami.checks import cards_in_game
    from screens.origami.deal import DealScreen, dealt
    from screens.origami.new_game import NewGameScreen
    from screens.origami.sheet import SheetScreen
    from screens.origami.table import TableScreen

    start, deal = played.script[0], played.script[1]
    assert isinstance(start, c.StartGame) and isinstance(deal, c.Deal)
    count = Count()
    app = make_app(url, {"origami": catalogue})
    async with app.run_test(size=(100, 32)) as pilot:
        await wait(pilot, lambda: getattr(app, "store", None) is not None, "Home")
        await app.workers.wait_for_complete()
        await pilot.pause()
        # The form: the game (the field before the players), the players, the families.
        form = ["n"]
        await pilot.press("n")
        await wait(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        choose = ["shift+tab", "enter", "down", "enter", "tab"]  # Origami Legends → Origami, back to the players
        await pilot.press(*choose)
        await wait(pilot, lambda: screen.variant is Variant.ORIGAMI, "the Origami game chosen")
        choices = screen.families()
        named = [f[:_prefix(f, choices)] for f in start.families] if short else list(start.families)
        rest = keys_of((", " if not short else ",").join(start.players), "tab",
                       *keys_of((", " if not short else ",").join(named)), "enter")
        await pilot.press(*rest)
        form += choose + rest
        count.form = len(form)
        await wait(pilot, lambda: isinstance(app.screen, DealScreen), "the deal")
        dealing = app.screen
        assert isinstance(dealing, DealScreen)
        keys: Keys = []
        fields = [*(f"hand-{seat}" for seat in range(len(deal.hands))), "line"]
        in_game = cards_in_game(dealing.state, catalogue)
        for n, cards in enumerate([*deal.hands, deal.line]):
            def read(text: str, cards: tuple[str, ...] = cards) -> bool:
                return dealt(text, catalogue, Variant.ORIGAMI.games, "deal", dealing.deck(), in_game) == cards

            # A space between the cards where the names allow it (the deal's help teaches it), else a comma.
            spaced = " ".join(cards)
            between = " " if _reads(read, spaced) else ","
            if short:
                value = shortest_names(cards, read, between)
            else:
                value = spaced if between == " " else ", ".join(cards)
            keys += keys_of(value, "tab" if n < len(fields) - 1 else "enter")
        burst(app, keys)
        count.deal = len(keys)
        await wait(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        await wait(pilot, lambda: app.focused is not None and app.focused.id == "action", "the table's line")
        controller = app.controller("origami")
        assert isinstance(controller, Controller) and controller.session is not None
        session = controller.session
        states = played.states
        i = 2
        while i < len(played.script):
            command, state = played.script[i], states[i - 1]
            assert session.state == state, f"the app's game left the script before {write(command, state)}"
            line = line_for(table, command, state, catalogue, short)
            burst(app, line)
            target = states[i]
            after_end = states[i + 1] if i + 1 < len(played.script) and _bare_end(played.script[i + 1]) else None

            def recorded(target: GameState = target, after_end: GameState | None = after_end) -> bool:
                return session.state in (target, after_end) and not table.lines.waiting and table.lines.sending is None

            await wait(pilot, recorded, f"recording {write(command, state)}")
            if state.phase is Phase.OVER or isinstance(command, c.RevealHand):
                count.after += len(line)
            else:
                while len(count.turns) < state.turn:
                    count.turns.append(0)
                count.turns[state.turn - 1] += len(line)
            i += 1
            if after_end is not None and session.state == after_end and session.state != target:
                i += 1  # the table ended the turn by itself
        burst(app, ["ctrl+s"])
        count.after += 1
        await wait(pilot, lambda: isinstance(app.screen, SheetScreen), "the score sheet")
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        count.sheet = sheet.sheet
        count.log = in_effect(session.log)
        await app.workers.wait_for_complete()
        await pilot.pause()
    return count


def _prefix(name: str, choices: list[str]) -> int:
    from scoring.origami.notation import matching

    return next(n for n in range(1, len(name) + 1) if matching(name[:n], choices) == [name])


def _reads(read: Callable[[str], bool], text: str) -> bool:
    try:
        return read(text)
    except InputError:
        return False


def _bare_end(command: c.Command) -> bool:
    return isinstance(command, c.EndTurn) and not command.discards and not command.refill


def line_for(table: Any, command: c.Command, state: GameState, catalogue: Catalogue, short: bool) -> Keys:
    """The keys for one action: the line in full, or the shortest the table offers (a pick, or the short line)."""
    if not short:
        return keys_of(full_line(command, state, catalogue), "enter")
    typed = keys_of(shortest_line(command, state, catalogue), "enter")
    pick = picked(command, state, catalogue, table.picks())
    return typed if pick is None or len(typed) <= len(pick) else pick


def figures(label: str, count: Count) -> str:
    turns = count.turns
    return (f"{label:<34} per turn median {statistics.median(turns):5.1f}  mean {statistics.mean(turns):5.1f}  "
            f"({len(turns)} turns, {sum(turns)} keys)  form {count.form}  deal {count.deal}  "
            f"end of game {count.after}  whole game {count.total}")


def main() -> None:
    catalogue = filled(shipped())  # a made-up value for every unknown one: the game needs every cost and fold
    played = game(catalogue)
    with tempfile.TemporaryDirectory() as folder:
        full = asyncio.run(typed(f"sqlite:///{Path(folder) / 'full.db'}", played, catalogue, short=False))
        short = asyncio.run(typed(f"sqlite:///{Path(folder) / 'short.db'}", played, catalogue, short=True))
    if full.sheet != short.sheet or full.log != short.log:
        raise SystemExit("the two ways recorded different games: the benchmark no longer matches the app")
    print(f"{'Origami keys, before picks (c5fee5a)':<34} per turn median {BEFORE[0]:5.1f}  mean {BEFORE[1]:5.1f}  "
          f"whole game {BEFORE[2]}")
    print(figures("Origami keys, as the help teaches", full))
    print(figures("Origami keys, the shortest way", short))
    print(f"{'':<34} the shortest way takes {short.total / full.total:4.2f}× the keys; "
          f"median turn {statistics.median(short.turns):.0f} keys (target ≤ {TARGET})")


if __name__ == "__main__":
    main()
