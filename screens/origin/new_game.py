"""New Origin Story game: the number of players (which sets the mode: solo, duo with sidekicks, table), the names
in seat order clockwise (duo: the sidekick seats shown), the first dealer or a lot the app draws; solo: the
difficulty, the deck (the table's cards or the app's) and the colour of the difficulty set. Checked as typed."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from scoring.i18n import N_, _, ngettext

from ..completion import word_list
from ..footer import Footer, translated_keys
from ..form import CheckedForm, Choice, Field, Verdict, names
from ..given import Given
from ..header import Header
from ..later import FillsLater

if TYPE_CHECKING:  # the engine is imported by the fill (`check`): the frame is on the terminal first
    from scoring.origin import commands as c

LOT = "lot"
# Each mode as the form says it (translated where shown).
MODES = {"solo": N_("Solo: you against Automaton and Factoryon"), "duo": N_("Duo: two players, each with a sidekick"),
         "table": N_("Table")}


class OriginNewGameScreen(CheckedForm, FillsLater[None]):
    DEFAULT_CSS = """
    OriginNewGameScreen Grid { grid-size: 2; grid-columns: 24 1fr; grid-rows: 1; grid-gutter: 1 1; height: auto;
                               margin: 1 2; }
    OriginNewGameScreen #check { margin: 0 2; }
    """
    BINDINGS = [Binding("ctrl+s", "submit", N_("Start the game")), Binding("escape", "app.pop_screen", N_("Back"))]
    LAST = ("dealer",)

    class Start(Message):
        """Start the game; `dealer` is the first dealer's name, or "" for a lot drawn by the app."""

        def __init__(self, command: c.StartGame, dealer: str) -> None:
            super().__init__()
            self.command = command
            self.dealer = dealer

    def __init__(self, profiles: Sequence[str] | Given[Sequence[str]], solo: bool = False) -> None:
        super().__init__()
        self.given = Given.of(profiles)  # the app reads them once the database is open
        self.profiles: list[str] = []
        self.solo = solo
        self.command: c.StartGame | None = None
        self.dealer = ""
        translated_keys(self)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Grid()  # its fields come after the first paint (`fill`)
        yield Verdict("check")
        yield Footer()

    def fields(self) -> Iterator[Widget]:
        unused = not self.solo  # the solo choices as `check` leaves them: built so, not restyled at once
        yield Label(_("Number of players"))
        yield Field(value="1" if self.solo else "", placeholder=_("1 solo · 2 duo with sidekicks · 3–5 table"),
                    id="count", restrict="[1-5]", max_length=1)
        yield Label(_("Names, in seat order"))
        yield Field(placeholder=_("clockwise, e.g. Ann, Bob, Cy"), id="players",
                    suggester=word_list(lambda: self.profiles))
        yield Label(_("Solo: difficulty"))
        yield Choice([(_("{n} (easiest)").format(n=d) if d == 0 else _("{n} (hardest)").format(n=d) if d == 5
                       else str(d), str(d)) for d in range(6)],
                     value="0", allow_blank=False, id="difficulty", disabled=unused)
        yield Label(_("Solo: deck"))
        yield Choice([(_("the app deals and draws the cards"), "app"), (_("the table's real cards"), "table")],
                     value="app", allow_blank=False, id="deck", disabled=unused)
        yield Label(_("Solo: difficulty colour"))
        yield Choice([(_("red lightning"), "red"), (_("green lightning"), "green")], value="red",
                     allow_blank=False, id="colour", disabled=unused)
        yield Label(_("First dealer"))
        yield Field(placeholder=_("a name, or '{lot}' for the app to draw").format(lot=LOT), id="dealer",
                    suggester=word_list(lambda: [*self.value("players"), LOT]))

    def on_mount(self) -> None:
        self.title = "Origin Story"
        self.sub_title = _("new game")

    async def fill(self) -> None:
        profiles = await self.given.taken(self)
        if profiles is None:  # the frame says why
            return
        self.profiles = list(profiles)
        await self.query_one(Grid).mount_all(self.fields())
        self.query_one("#players" if self.solo else "#count", Input).focus()
        self.check()

    def value(self, key: str) -> tuple[str, ...]:
        return names(self.query_one(f"#{key}", Input).value)

    def choice(self, key: str) -> str:
        return str(self.query_one(f"#{key}", Select).value)

    def check(self) -> None:
        from scoring.decision import Rejected
        from scoring.origin import commands as c
        from scoring.origin.decide import decide
        from scoring.origin.setup import Kind, mode_for, seating

        self.command = None
        verdict = self.query_one("#check", Verdict)
        typed = self.query_one("#count", Input).value
        if not typed:
            for key in ("difficulty", "deck", "colour"):
                self.query_one(f"#{key}", Select).disabled = True
            verdict.say(_("How many play? 1: solo against the two Vancardians; 2: duo, each with a sidekick; 3 to 5: "
                          "the table game."), "problem")
            return
        count = int(typed)
        mode = mode_for(count)
        for key in ("difficulty", "deck", "colour"):
            self.query_one(f"#{key}", Select).disabled = mode.value != "solo"
        players = self.value("players")
        if len(players) != count:
            wanted = ngettext("type {n} name in seat order", "type {n} names in seat order", count).format(n=count)
            # TRANSLATORS: {mode} is the mode ("Duo: two players, each with a sidekick"), {wanted} "type 2 names…".
            verdict.say(_("{mode}: {wanted}, {typed} so far.").format(mode=_(MODES[mode.value]), wanted=wanted,
                                                                      typed=len(players)), "problem")
            return
        solo = mode.value == "solo"
        command = c.StartGame(mode.value, players, deck=self.choice("deck") if solo else "table",
                              difficulty=int(self.choice("difficulty")) if solo else None,
                              difficulty_colour=self.choice("colour") if solo else None)
        decision = decide(None, command)
        if isinstance(decision, Rejected):
            verdict.say(_("{rule}: {message}").format(rule=decision.violation.rule, message=decision.violation.message),
                        "problem")
            return
        seats = seating(mode, players)
        dealers = [s.name for s in seats.seats if s.kind is not Kind.SIDEKICK]
        typed = " ".join(self.value("dealer")).strip()
        found = [d for d in dealers if d.casefold().startswith(typed.casefold())] if typed else []
        if typed.casefold() == LOT or not typed:
            self.dealer = ""
        elif len(found) == 1:
            self.dealer = found[0]
        else:
            verdict.say(_("{typed} cannot deal: the first dealer is one of {dealers}, or '{lot}'.").format(
                typed=repr(typed), dealers=", ".join(dealers), lot=LOT), "problem")
            return
        self.command = command
        order = " → ".join(s.name for s in seats.seats)
        first = self.dealer or _("drawn by lot and recorded")
        verdict.say(_("Seats clockwise: {order} → {first_seat}. First dealer: {dealer}.").format(
            order=order, first_seat=seats.seats[0].name, dealer=first) + "\n"
            + _("ctrl+s (or Enter on the dealer) starts the game; the round stepper comes next."), "ok")

    def action_submit(self) -> None:
        if self.command is None:
            self.not_yet()
            return
        self.post_message(self.Start(self.command, self.dealer))
