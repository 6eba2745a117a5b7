"""Origin Story quick score (ORIGIN_STORY.md §3.9): for a table that logged nothing, each player's five rounds as
`h3` (hero, 3 tricks), `v0` (villain, clean), `v2`, plus `+2 Monologuing` for VP from a card; the score sheet follows
as they type. Solo: you, then Automaton and Factoryon (always heroes: their tricks, and any `+5 surrender`). A table
that kept only the VP dials types each final dial alone; typed beside the rounds, a dial checks them."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.events import DescendantBlur
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, Select, Static

from scoring.errors import InputError
from scoring.origin.rules import Choices, RuleId
from scoring.origin.scoring import SURRENDER, GameScore, PlayerTotal, parse_cell, quick_game
from scoring.origin.setup import ROUNDS, TRICKS, VANCARDIANS, Mode, mode_for
from screens.ask import TextQuestion
from screens.completion import Completer, complete_word, word_list
from screens.form import Choice, Field, Verdict

from .sheet import OriginSheetView

SEATS = 5
SOLO, TABLE = "solo", "table"
DIFFICULTIES = tuple(range(6))
Row = tuple[str, tuple[str, ...]]  # the name and the five cells, as typed
DIALS_ONLY = ("Only the final dials: the history keeps each total and the winners; type the rounds too and the sheet "
              "shows where each point came from.")
HINT = ("Type each player's name, then a cell per round: h3 (hero, 3 tricks), v0 (villain, no trick), v2, and VP "
        "from a card as +2 Monologuing. Tab moves on.")


@dataclass(frozen=True, slots=True)
class QuickScore:
    """A quick-scored game ready for the history: the mode (table, duo, solo), the people who played (solo: the one
    player; the Vancardians are in the sheet), the sheet, and the rules kept with it (choices, solo difficulty)."""

    mode: Mode
    players: tuple[str, ...]
    game: GameScore
    rules: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the grid typed so far comes to: the sheet of the rounds complete for everyone (None before the first),
    how many those are, the first problem (nothing can be saved while there is one), and notes that do not block."""

    game: GameScore | None
    rounds: int
    players: tuple[str, ...]
    problem: str = ""
    notes: tuple[str, ...] = ()
    dials_only: bool = False  # no round typed: the game is the final dials

    @property
    def complete(self) -> bool:
        """A finished game: five rounds for everyone, or everyone's final dial."""
        return not self.problem and self.game is not None and (self.rounds == ROUNDS or self.dials_only)


def _cell(text: str, name: str, vancardian: bool) -> str:
    """A cell as the engine reads it: a Vancardian's may leave out the `h` (she is always a hero)."""
    t = text.strip()
    if vancardian:
        if re.match(r"^v", t, re.IGNORECASE):
            raise InputError(f"{name} always plays hero ({RuleId.SOLO_HERO}): type her tricks, e.g. 3 or h3")
        if re.match(r"^\d", t):
            t = "h" + t
    return t


def dial_game(dials: dict[str, int]) -> GameScore:
    """A game known only by its final dials (§3.9): totals, ranks (ties share) and winners, no rounds."""
    ordered = sorted(dials.values(), reverse=True)
    players = tuple(PlayerTotal(n, (), total, 1 + ordered.index(total)) for n, total in dials.items())
    return GameScore(players, tuple(n for n, total in dials.items() if total == ordered[0]))


def read_dials(named: Sequence[str], dials: Sequence[str]) -> tuple[dict[str, int], str]:
    """The dials typed (`17`, `-2`), by player; the first one that is not a whole number is the problem."""
    out: dict[str, int] = {}
    for name, text in zip(named, dials, strict=False):
        if text.strip():
            if not re.fullmatch(r"\s*[+-]?\d{1,3}\s*", text):
                return out, f"{name}'s dial: {text.strip()!r} is not a whole number of VP (e.g. 17)"
            out[name] = int(text)
    return out, ""


def read_grid(rows: Sequence[Row], *, solo: bool, vp_floor: str = "none", dials: Sequence[str] = ()) -> Reading:
    """The grid read row by row (a row is a player once named); rounds count once every player's cell is in.
    `dials` (by row): each player's final VP dial, for a game known only by its dials, or as a check of the
    rounds typed."""
    named: list[tuple[str, tuple[str, ...]]] = []
    typed_dials: list[str] = []
    for number, (name, typed) in enumerate(rows, start=1):
        dial = dials[number - 1] if number <= len(dials) else ""
        if not name.strip():
            if any(c.strip() for c in typed) or dial.strip():
                return Reading(None, 0, (), f"row {number} has scores but no name: type the player's name first")
            continue
        named.append((name.strip(), typed))
        typed_dials.append(dial)
    names = tuple(n for n, _ in named)
    folded = [n.casefold() for n in names]
    twice = next((n for n in names if folded.count(n.casefold()) > 1), None)
    if twice is not None:
        return Reading(None, 0, names, f"{twice} is named twice: each player once")
    people = names[:1] if solo else names
    if solo and any(n.casefold() in (v.casefold() for v in VANCARDIANS) for n in people):
        return Reading(None, 0, people, "your own name goes in the first row: the Vancardians have theirs")
    if len(people) < (1 if solo else 2):
        return Reading(None, 0, people, HINT)
    dial_of, dial_problem = read_dials(names, typed_dials)
    if dial_problem:
        return Reading(None, 0, people, dial_problem)
    if dial_of and not any(c.strip() for _, typed in named for c in typed):  # the final dials only
        missing = [n for n in names if n not in dial_of]
        if missing:
            return Reading(None, 0, people, f"{', '.join(missing)}: the final dial still to type (or type the "
                                            "rounds)")
        return Reading(dial_game(dial_of), 0, people, "", (DIALS_ONLY,), dials_only=True)
    cells: dict[tuple[str, int], tuple[str, int, int]] = {}  # (name, round) → (cell, tricks, surrender VP)
    bad = ""  # the first cell that cannot be read, round by round: it comes before anything still to type
    for k in range(ROUNDS):
        for n, typed in named:
            if k >= len(typed) or not typed[k].strip():
                continue
            try:
                vancardian = solo and n in VANCARDIANS
                cell = _cell(typed[k], n, vancardian)
                _alignment, won, _extras, surrender = parse_cell(cell)
                if surrender and not vancardian:
                    raise InputError(f"surrender VP go to the Vancardian who led ({RuleId.SOLO_SURRENDER}): "
                                     f"type them in her cell, e.g. h3 +5 surrender")
                cells[n, k] = (cell, won, surrender)
            except InputError as exc:
                bad = bad or f"{n}, round {k + 1}: {exc}"
    grid: list[dict[str, str]] = []
    notes: list[str] = []
    odd: list[tuple[int, int]] = []  # (round, tricks in all) where the tricks do not come to eight
    problem = ""
    for k in range(ROUNDS):
        typed_in = [n for n, typed in named if k < len(typed) and typed[k].strip()]
        if not typed_in:
            later = [n for n, typed in named if any(x.strip() for x in typed[k + 1:])]
            if later:
                problem = f"round {k + 1} is empty but {later[0]} has a later round: fill in the rounds in order"
            break
        missing = [n for n, _ in named if n not in typed_in]
        if missing:
            problem = f"round {k + 1}: {', '.join(missing)} still to type"
            break
        if any((n, k) not in cells for n, _ in named):
            break  # a cell of this round cannot be read (`bad` says which)
        grid.append({n: cells[n, k][0] for n, _ in named})
        tricks = sum(cells[n, k][1] for n, _ in named)
        surrendered = any(cells[n, k][2] for n, _ in named)
        duo = not solo and len(named) == 2  # sidekicks' tricks score for nobody (OS-SK-TRICK)
        if tricks > TRICKS or (tricks < TRICKS and not duo and not surrendered):
            odd.append((k + 1, tricks))
    if odd:  # one sentence, however many rounds: the status line has three lines
        rounds = ", ".join(str(r) for r, _ in odd)
        counts = ", ".join(str(t) for _, t in odd)
        notes.append(f"Round{'s' if len(odd) > 1 else ''} {rounds}: {counts} tricks in all, not {TRICKS} "
                     f"({RuleId.TRICKS_8}); check {'those' if len(odd) > 1 else 'its'} cells unless an ability "
                     f"changed the count.")
    game = _score(grid, vp_floor)
    if game is not None and len(grid) == ROUNDS and not (bad or problem):
        for p in game.players:
            if p.name in dial_of and dial_of[p.name] != p.total:
                problem = (f"{p.name}: the rounds come to {p.total} VP but the dial shows {dial_of[p.name]}: check "
                           "the cells (a card's VP?) or the dial")
                break
    return Reading(game, len(grid), people, bad or problem, tuple(notes))


def _score(grid: list[dict[str, str]], vp_floor: str) -> GameScore | None:
    return quick_game(grid, vp_floor=vp_floor) if grid else None


def source_completion(sources: Iterable[str]) -> Completer:
    """Completes the card name after `+2 ` (or `-1 `) in a cell, from the catalogue's names and `surrender`."""
    words = sorted({*sources, SURRENDER})

    def rest(value: str) -> str | None:
        m = re.search(r"[+-]\s*\d+\s+([^+-]*)$", value)
        return complete_word(m.group(1), words) if m and m.group(1) else None

    return Completer(rest)


class OriginQuickScreen(Screen[None]):
    """Quick score for Origin Story. `OriginQuickScreen(profiles, sources=())`: `profiles` are the known players'
    names (completed as you type), `sources` the card names completed after `+N` in a cell (the Origin Story
    catalogue's names). ctrl+t switches between a table (or duo) and solo. ctrl+s posts `OriginQuickScreen.Save`
    with a `QuickScore`; the app records it and calls `was_saved(game_id)`. Solo without a difficulty chosen asks
    for it, then saves (one ctrl+s is enough)."""

    DEFAULT_CSS = """
    OriginQuickScreen #top { height: 1; margin: 0 1; }
    OriginQuickScreen #top Label { margin: 0 1; }
    OriginQuickScreen #mode { width: 30; }
    OriginQuickScreen #difficulty { width: 12; }
    OriginQuickScreen #floor { width: 21; }
    OriginQuickScreen Grid { grid-size: 7; grid-columns: 12 1fr 1fr 1fr 1fr 1fr 6; grid-gutter: 0 1; height: auto;
                             margin: 0 1; grid-rows: 1; }
    OriginQuickScreen .heading { text-style: bold; }
    OriginQuickScreen #status { max-height: 3; margin: 0 1; }
    """
    BINDINGS = [Binding("ctrl+s", "save", "Save to history"), Binding("ctrl+t", "toggle_solo", "Solo / table"),
                Binding("escape", "app.pop_screen", "Back")]

    class Save(Message):
        """The player wants this game in the history."""

        def __init__(self, scored: QuickScore) -> None:
            super().__init__()
            self.scored = scored

    def __init__(self, profiles: Sequence[str], sources: Iterable[str] = ()) -> None:
        super().__init__()
        self.profiles = list(profiles)
        self.sources = tuple(sources)
        self.reading: Reading | None = None
        self.saved = False
        self.names_kept: dict[int, str] = {}  # rows 2 and 3's names while the Vancardians have them

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="top"):
            yield Choice([("Table or duo (2–5)", TABLE), ("Solo (you + Vancardians)", SOLO)],
                         value=TABLE, allow_blank=False, id="mode")
            yield Label("Difficulty")
            yield Choice([(str(d), str(d)) for d in DIFFICULTIES], prompt="?", id="difficulty", disabled=True)
            yield Choice([("VP below 0: yes", "none"), ("VP below 0: no", "zero")], value="none",
                         allow_blank=False, id="floor")
        names = word_list(lambda: self.profiles)
        cells = source_completion(self.sources)
        with Grid():
            yield Static("Player", classes="heading")
            for k in range(ROUNDS):
                yield Static(f"Round {k + 1}", classes="heading")
            yield Static("Dial", classes="heading")
            for seat in range(SEATS):
                yield Field(placeholder=f"player {seat + 1}", id=f"name-{seat}", suggester=names)
                for k in range(ROUNDS):
                    yield Field(placeholder="h3 / v0" if seat == 0 else "", id=f"r{k}-{seat}", suggester=cells)
                yield Field(placeholder="VP" if seat == 0 else "", id=f"dial-{seat}")
        yield Verdict("status")
        yield OriginSheetView()
        yield Footer()

    def on_mount(self) -> None:
        self.title, self.sub_title = "Origin Story", "quick score"
        self.query_one("#name-0", Input).focus()
        self.refresh_sheet()

    # --- reading the grid -------------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return self.query_one("#mode", Choice).value == SOLO

    @property
    def difficulty(self) -> int | None:
        value = self.query_one("#difficulty", Choice).value
        return int(str(value)) if isinstance(value, str) else None

    @property
    def vp_floor(self) -> str:
        return str(self.query_one("#floor", Choice).value)

    def rows(self) -> list[Row]:
        def value(key: str) -> str:
            return self.query_one(f"#{key}", Input).value

        return [(value(f"name-{s}"), tuple(value(f"r{k}-{s}") for k in range(ROUNDS))) for s in range(self.seats)]

    @property
    def seats(self) -> int:
        return 3 if self.solo else SEATS

    def dials(self) -> list[str]:
        return [self.query_one(f"#dial-{s}", Input).value for s in range(self.seats)]

    def refresh_sheet(self) -> None:
        """Read the grid typed so far and score the rounds complete; say plainly what stops it."""
        status = self.query_one("#status", Verdict)
        view = self.query_one(OriginSheetView)
        self.reading = reading = read_grid(self.rows(), solo=self.solo, vp_floor=self.vp_floor, dials=self.dials())
        floor = {"vp_floor": self.vp_floor} if self.vp_floor != "none" else None
        if reading.game is None:
            view.show(None, "The score sheet appears here once the first round is in for everyone.")
        else:
            view.show(reading.game, notes=floor)
        if reading.problem:
            status.say(reading.problem, "" if reading.problem == HINT else "problem")
        elif not reading.complete:
            status.say(f"{reading.rounds} of {ROUNDS} rounds in (or type only each final dial). "
                       + " ".join(reading.notes))
        elif self.saved:
            status.say("Saved to history.", "ok")
        else:
            status.say(" ".join(("ctrl+s saves this game to the history.", *reading.notes)), "ok")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.saved = False
        self.refresh_sheet()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "mode":
            self.set_mode(event.value == SOLO)
        self.saved = False
        self.refresh_sheet()

    def action_toggle_solo(self) -> None:
        self.query_one("#mode", Choice).value = TABLE if self.solo else SOLO

    def set_mode(self, solo: bool) -> None:
        """Solo: the Vancardians take rows 2 and 3 (named for you); rows 4 and 5 go."""
        self.query_one("#difficulty", Choice).disabled = not solo
        for seat, name in ((1, VANCARDIANS[0]), (2, VANCARDIANS[1])):
            box = self.query_one(f"#name-{seat}", Input)
            if solo and not box.disabled:
                self.names_kept[seat] = box.value  # back to the table, the names typed come back
                box.value = name
            elif not solo and box.disabled:
                box.value = self.names_kept.pop(seat, "")
            box.disabled = solo
        for seat in (3, 4):
            for key in ("name", *(f"r{k}" for k in range(ROUNDS)), "dial"):
                self.query_one(f"#{key}-{seat}", Input).display = not solo

    def on_descendant_blur(self, event: DescendantBlur) -> None:
        """A cell left shows its start (`h3 +2 Mono…`), not its end."""
        if isinstance(event.widget, Input):
            event.widget.action_home()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter takes the completion offered and moves on."""
        event.stop()
        event.input.action_cursor_right()  # at the end of the line: takes the completion shown
        self.focus_next()

    # --- saving -----------------------------------------------------------------------------------
    def action_save(self) -> None:
        reading = self.reading
        if reading is None or reading.problem:
            self.notify(reading.problem if reading else "Nothing to save yet.", title="Not saved",
                        severity="warning")
        elif not reading.complete or reading.game is None:
            self.notify(f"{reading.rounds} of {ROUNDS} rounds are in: a finished game has all five (or only each "
                        "player's final dial).", title="Not saved", severity="warning")
        elif self.saved:
            self.notify("This game is already in the history.")
        elif self.solo and self.difficulty is None:
            self.ask_difficulty()
        else:
            self.post_message(self.Save(self.scored(reading.game, reading.players)))

    def ask_difficulty(self, problem: str = "") -> None:
        """The one thing a solo game needs that the grid does not say; once answered, the game is saved."""
        def answered(answer: str | None) -> None:
            if answer is None:
                return
            if answer.strip() not in {str(d) for d in DIFFICULTIES}:
                self.ask_difficulty(f"{answer!r} is not a difficulty: a whole number from 0 to 5. ")
                return
            self.query_one("#difficulty", Choice).value = answer.strip()
            self.action_save()

        self.app.push_screen(TextQuestion(
            "Which difficulty did you play? (0 easiest to 5 hardest)",
            f"{problem}The history keeps solo results by difficulty ({RuleId.SOLO_SETUP}).", "0–5"), answered)

    def scored(self, game: GameScore, players: tuple[str, ...]) -> QuickScore:
        choices = Choices(vp_floor=self.vp_floor)
        rules = {f.name: str(getattr(choices, f.name)) for f in fields(choices)}
        if self.solo:
            rules["difficulty"] = str(self.difficulty)
        return QuickScore(mode_for(1 if self.solo else len(players)), players, game, rules)

    def was_saved(self, game_id: int) -> None:
        self.saved = True
        self.query_one("#status", Verdict).say(f"Saved to history as game {game_id}.", "ok")
        self.notify(f"Saved as game {game_id}.")
