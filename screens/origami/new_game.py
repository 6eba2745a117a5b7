"""New game: the variant, the players in seat order, the families shuffled into the deck (as many as players: the
game's set-up, no player owns one), and for Legends one Character pair per player. The referee checks the setup as
it is typed."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label

from scoring.errors import InputError, MissingValue
from scoring.i18n import N_, _

from ..completion import word_list
from ..footer import Footer
from ..form import Choice, Field, Verdict, names
from ..given import Given, both
from ..header import Header
from ..later import FillsLater
from .form import CatalogueForm

if TYPE_CHECKING:  # the engine is imported by the fill (`check`): the frame is on the terminal first
    from scoring.origami import commands as c
    from scoring.origami.catalog import Catalogue
    from scoring.origami.table import Variant


def pick(typed: tuple[str, ...], choices: list[str], refusal: str) -> tuple[str, ...]:
    """Each typed name as one of `choices` (case-insensitive, a unique prefix is enough); `refusal` (translated,
    with {name} and {choices}) says a name that is not one of them."""
    from scoring.origami.notation import matching

    out: list[str] = []
    for name in typed:
        found = matching(name, choices)
        if len(found) != 1:
            raise InputError(refusal.format(name=repr(name), choices=", ".join(choices)))
        out.append(found[0])
    return tuple(out)


class NewGameScreen(CatalogueForm, FillsLater[None]):
    DEFAULT_CSS = """
    NewGameScreen Grid { grid-size: 2; grid-columns: 22 1fr; grid-rows: 1; grid-gutter: 1 1; height: auto;
                         margin: 1 2; }
    NewGameScreen #check { margin: 0 2; }
    """
    BINDINGS = [Binding("ctrl+s", "submit", N_("Start the game")), Binding("escape", "app.pop_screen", N_("Back"))]

    class Start(Message):
        """Start the game; `under_way`: the table is entered as it stands instead of the deal."""

        def __init__(self, command: c.StartGame, under_way: bool) -> None:
            super().__init__()
            self.command = command
            self.under_way = under_way

    catalogue: Catalogue  # given before the fill (the app reads the user's values once the database is open)

    def __init__(self, catalogue: Catalogue | Given[Catalogue], profiles: list[str] | Given[list[str]]) -> None:
        super().__init__()
        self.given = Given.of(catalogue), Given.of(profiles)
        self.profiles: list[str] = []
        self.command: c.StartGame | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Grid()  # its fields come after the first paint (`fill`)
        yield Verdict("check")
        yield Footer()

    def fields(self) -> Iterator[Widget]:
        yield Label(_("Game"))
        yield Choice([("Origami Legends", "legends"), ("Origami", "origami"), (_("Mixed"), "mixed")],
                     value="legends", allow_blank=False, id="variant")
        yield Label(_("Players, in seat order"))
        yield Field(placeholder=_("clockwise, e.g. Ann, Bob, Cy"), id="players",
                    suggester=word_list(lambda: self.profiles))
        yield Label(_("Families in the deck"))
        yield Field(placeholder=_("as many as players, shuffled together"), id="families",
                    suggester=word_list(self.families))
        yield Label(_("Character pairs"), id="pairs-label")
        yield Field(placeholder=_("Legends: one pair per player"), id="pairs", suggester=word_list(self.pairs))
        yield Label(_("Begin with"))
        yield Choice([(_("The deal"), "deal"), (_("A game already under way"), "under way")], value="deal",
                     allow_blank=False, id="begin")

    def on_mount(self) -> None:
        self.sub_title = _("New game")

    async def fill(self) -> None:
        if (found := await both(self, *self.given)) is None:  # the frame says why
            return
        self.catalogue, self.profiles = found
        await self.query_one(Grid).mount_all(self.fields())
        self.query_one("#players", Input).focus()
        self.check()

    @property
    def variant(self) -> Variant:
        from scoring.origami.table import Variant

        return Variant(str(self.query_one("#variant", Choice).value))

    def families(self) -> list[str]:
        return sorted(f for f, g in self.catalogue.families.items() if g in self.variant.games)

    def pairs(self) -> list[str]:
        return sorted({card.name for card in self.catalogue.in_games(self.variant.games) if card.is_character})

    def value(self, key: str) -> tuple[str, ...]:
        return names(self.query_one(f"#{key}", Input).value)

    def check(self) -> None:
        from scoring.decision import Rejected
        from scoring.origami import commands as c
        from scoring.origami.decide import decide

        self.command = None
        verdict = self.query_one("#check", Verdict)
        families, pairs = self.families(), self.pairs()
        # Character pairs are Legends' alone: the field shows only when the deck can hold a Character.
        for field in self.query("#pairs, #pairs-label"):
            field.display = bool(pairs)
        choices = "\n" + _("Families: {families}").format(families=", ".join(families)) + (
            "\n" + _("Character pairs: {pairs}").format(pairs=", ".join(pairs)) if pairs else "")
        try:
            command = c.StartGame(self.variant.value, self.value("players"),
                                  pick(self.value("families"), families,
                                       _("{name} is not one family: choose from {choices}")),
                                  pick(self.value("pairs"), pairs,
                                       _("{name} is not one Character pair: choose from {choices}"))
                                  if pairs else ())
            decision = decide(None, command, self.catalogue)
        except (InputError, MissingValue) as problem:
            verdict.say(str(problem) + choices, "problem")
            return
        if isinstance(decision, Rejected):
            verdict.say(f"{decision.violation.rule}: {decision.violation.message}{choices}", "problem")
            return
        self.command = command
        if self.under_way:
            ready = _("Ready: {players}; the deck: {families}. ctrl+s starts the game; entering the table as it "
                      "stands comes next.")
        else:
            ready = _("Ready: {players}; the deck: {families}. ctrl+s starts the game; the deal comes next.")
        verdict.say(ready.format(players=", ".join(command.players), families=", ".join(command.families)) + choices)

    @property
    def under_way(self) -> bool:
        return self.query_one("#begin", Choice).value == "under way"

    def last_fields(self) -> tuple[str, ...]:
        return ("pairs",) if self.pairs() else ("families", "pairs")

    def action_submit(self) -> None:
        if self.command is None:  # check() has run on every change: its verdict says why
            self.not_yet()
            return
        self.post_message(self.Start(self.command, self.under_way))
