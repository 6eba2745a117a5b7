"""Origin Story quick score (ORIGIN_STORY.md §3.9): for a table that logged nothing, each player's five rounds as
`h3` (hero, 3 tricks), `v0` (villain, clean), `v2`, plus `+2 Monologuing` for VP from a card; the score sheet follows
as they type. Solo: you, then Automaton and Factoryon (always heroes: their tricks, and any `+5 surrender`). A table
that kept only the VP dials types each final dial alone; typed beside the rounds, a dial checks them. The grid is
read by the engine (scoring/origin/quick.py); this screen shows what it says."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.events import DescendantBlur
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from scoring.i18n import N_, _
from screens.ask import TextQuestion
from screens.completion import Completer, complete_word, word_list
from screens.form import Choice, Field, Verdict

from ..footer import Footer, translated_keys
from ..given import Given, both
from ..header import Header
from ..later import FillsLater

if TYPE_CHECKING:  # the engine's parts (the grid's reading, the sheet) are imported by the fill: the frame shows first
    from scoring.origin.quick import Reading, Row
    from scoring.origin.setup import Mode
    from scoring.origin.sheet import GameScore

SEATS = 5
SOLO, TABLE = "solo", "table"
DIFFICULTIES = tuple(range(6))


@dataclass(frozen=True, slots=True)
class QuickScore:
    """A quick-scored game ready for the history: the mode (table, duo, solo), the people who played (solo: the one
    player; the Vancardians are in the sheet), the sheet, and the rules kept with it (choices, solo difficulty)."""

    mode: Mode
    players: tuple[str, ...]
    game: GameScore
    rules: dict[str, str] = field(default_factory=dict)


def source_completion(sources: Iterable[str]) -> Completer:
    """Completes the card name after `+2 ` (or `-1 `) in a cell, from the catalogue's names and `surrender`."""
    from scoring.origin.sheet import SURRENDER

    words = sorted({*sources, SURRENDER})

    def rest(value: str) -> str | None:
        m = re.search(r"[+-]\s*\d+\s+([^+-]*)$", value)
        return complete_word(m.group(1), words) if m and m.group(1) else None

    return Completer(rest)


class OriginQuickScreen(FillsLater[None]):
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
    # TRANSLATORS: the quick score's footer keys: short words (the footer is one line of 80 columns).
    BINDINGS = [Binding("ctrl+s", "save", N_("Save to history")), Binding("ctrl+t", "toggle_solo", N_("Solo / table")),
                Binding("escape", "app.pop_screen", N_("Back"))]

    class Save(Message):
        """The player wants this game in the history (`screen` is told the game's number once it is saved)."""

        def __init__(self, scored: QuickScore, screen: OriginQuickScreen) -> None:
            super().__init__()
            self.scored = scored
            self.screen = screen

    def __init__(self, profiles: Sequence[str] | Given[Sequence[str]],
                 sources: Iterable[str] | Given[Iterable[str]] = ()) -> None:
        super().__init__()
        self.given = Given.of(profiles), Given.of(sources)  # the app reads them once the database is open
        self.profiles: list[str] = []
        self.sources: tuple[str, ...] = ()
        self.reading: Reading | None = None
        self.saved = False
        self.names_kept: dict[int, str] = {}  # rows 2 and 3's names while the Vancardians have them
        translated_keys(self)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Horizontal(id="top")  # the fields come after the first paint (`fill`)
        yield Grid()
        yield Footer()  # the status line and the sheet come above it with the fields (`fill`)

    def on_mount(self) -> None:
        self.title, self.sub_title = "Origin Story", _("quick score")

    async def fill(self) -> None:
        if (found := await both(self, *self.given)) is None:  # the frame says why
            return
        profiles, sources = found
        from .sheet import OriginSheetView

        self.profiles, self.sources = list(profiles), tuple(sources)
        await self.query_one("#top", Horizontal).mount_all([
            Choice([(_("Table or duo (2–5)"), TABLE), (_("Solo (you + Vancardians)"), SOLO)], value=TABLE,
                   allow_blank=False, id="mode"),
            Label(_("Difficulty")),
            Choice([(str(d), str(d)) for d in DIFFICULTIES], prompt="?", id="difficulty", disabled=True),
            Choice([(_("VP below 0: yes"), "none"), (_("VP below 0: no"), "zero")], value="none", allow_blank=False,
                   id="floor")])
        await self.query_one(Grid).mount_all(self.grid_fields())
        await self.mount_all([Verdict("status"), OriginSheetView()], before=self.query_one(Footer))
        self.query_one("#name-0", Input).focus()
        self.refresh_sheet()

    def grid_fields(self) -> Iterator[Widget]:
        from scoring.origin.setup import ROUNDS

        names = word_list(lambda: self.profiles)
        cells = source_completion(self.sources)
        yield Static(_("Player"), classes="heading")
        for k in range(ROUNDS):
            yield Static(_("Round {n}").format(n=k + 1), classes="heading")
        # TRANSLATORS: the quick score's last column: each player's final VP as the score dial shows it.
        yield Static(_("Dial"), classes="heading")
        for seat in range(SEATS):
            yield Field(placeholder=_("player {n}").format(n=seat + 1), id=f"name-{seat}", suggester=names)
            for k in range(ROUNDS):
                yield Field(placeholder="h3 / v0" if seat == 0 else "", id=f"r{k}-{seat}", suggester=cells)
            yield Field(placeholder=_("VP") if seat == 0 else "", id=f"dial-{seat}")

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
        from scoring.origin.setup import ROUNDS

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
        from scoring.origin.quick import HINT, read_grid
        from scoring.origin.setup import ROUNDS

        from .sheet import OriginSheetView

        status = self.query_one("#status", Verdict)
        view = self.query_one(OriginSheetView)
        self.reading = reading = read_grid(self.rows(), solo=self.solo, vp_floor=self.vp_floor, dials=self.dials())
        floor = {"vp_floor": self.vp_floor} if self.vp_floor != "none" else None
        if reading.game is None:
            view.show(None, _("The score sheet appears here once the first round is in for everyone."))
        else:
            view.show(reading.game, notes=floor)
        if reading.problem:
            status.say(reading.problem, "" if reading.problem == _(HINT) else "problem")
        elif not reading.complete:
            status.say(" ".join((_("{n} of {rounds} rounds in (or type only each final dial).").format(
                n=reading.rounds, rounds=ROUNDS), *reading.notes)))
        elif self.saved:
            status.say(_("Saved to history."), "ok")
        else:
            status.say(" ".join((_("ctrl+s saves this game to the history."), *reading.notes)), "ok")

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
        from scoring.origin.setup import ROUNDS, VANCARDIANS

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
        from scoring.origin.setup import ROUNDS

        reading = self.reading
        if reading is None or reading.problem:
            self.notify(reading.problem if reading else _("Nothing to save yet."), title=_("Not saved"),
                        severity="warning")
        elif not reading.complete or reading.game is None:
            self.notify(_("{n} of {rounds} rounds are in: a finished game has all five (or only each player's final "
                          "dial).").format(n=reading.rounds, rounds=ROUNDS), title=_("Not saved"), severity="warning")
        elif self.saved:
            self.notify(_("This game is already in the history."))
        elif self.solo and self.difficulty is None:
            self.ask_difficulty()
        else:
            self.post_message(self.Save(self.scored(reading.game, reading.players), self))

    def ask_difficulty(self, problem: str = "") -> None:
        """The one thing a solo game needs that the grid does not say; once answered, the game is saved."""
        from scoring.origin.rules import RuleId

        def answered(answer: str | None) -> None:
            if answer is None:
                return
            if answer.strip() not in {str(d) for d in DIFFICULTIES}:
                self.ask_difficulty(_("{answer} is not a difficulty: a whole number from 0 to 5. ").format(
                    answer=repr(answer)))
                return
            self.query_one("#difficulty", Choice).value = answer.strip()
            self.action_save()

        self.app.push_screen(TextQuestion(
            _("Which difficulty did you play? (0 easiest to 5 hardest)"),
            problem + _("The history keeps solo results by difficulty ({rule}).").format(rule=RuleId.SOLO_SETUP),
            "0–5"), answered)

    def scored(self, game: GameScore, players: tuple[str, ...]) -> QuickScore:
        from scoring.origin.rules import Choices
        from scoring.origin.setup import mode_for

        choices = Choices(vp_floor=self.vp_floor)
        rules = {f.name: str(getattr(choices, f.name)) for f in fields(choices)}
        if self.solo:
            rules["difficulty"] = str(self.difficulty)
        return QuickScore(mode_for(1 if self.solo else len(players)), players, game, rules)

    def was_saved(self, game_id: int) -> None:
        self.saved = True
        self.query_one("#status", Verdict).say(_("Saved to history as game {id}.").format(id=game_id), "ok")
        self.notify(_("Saved as game {id}.").format(id=game_id))
