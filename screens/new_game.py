"""New game: the variant, the players in seat order, one family per player, and for Legends one Character
pair per player. The referee checks the setup as it is typed."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, Select, Static

from scoring import commands as c
from scoring.catalog import Catalogue
from scoring.errors import InputError, MissingValue
from scoring.referee import Rejected, decide
from scoring.table import Variant

from .completion import Completer, complete_word, last_item


def names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def pick(typed: tuple[str, ...], choices: list[str], what: str) -> tuple[str, ...]:
    """Each typed name as one of `choices` (case-insensitive, a unique prefix is enough)."""
    out: list[str] = []
    for name in typed:
        found = [x for x in choices if x.casefold() == name.casefold()] or \
                [x for x in choices if x.casefold().startswith(name.casefold())]
        if len(found) != 1:
            raise InputError(f"{name!r} is not one {what}: choose from {', '.join(choices)}")
        out.append(found[0])
    return tuple(out)


class NewGameScreen(Screen[None]):
    DEFAULT_CSS = """
    NewGameScreen Grid { grid-size: 2; grid-columns: 22 1fr; grid-rows: 1; grid-gutter: 1 1; height: auto;
                         margin: 1 2; }
    NewGameScreen Input { border: none; height: 1; padding: 0 1; background: $boost; }
    NewGameScreen Input:focus { background: $accent 30%; border: none; }
    NewGameScreen #variant { height: 1; }
    NewGameScreen #variant > SelectCurrent { border: none; height: 1; padding: 0 1; }
    NewGameScreen #check { margin: 0 2; height: auto; }
    NewGameScreen #check.-refused { color: $error; }
    """
    BINDINGS = [Binding("ctrl+s", "start", "Start the game"), Binding("escape", "app.pop_screen", "Back")]

    class Start(Message):
        def __init__(self, command: c.StartGame) -> None:
            super().__init__()
            self.command = command

    def __init__(self, catalogue: Catalogue, profiles: list[str]) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.profiles = profiles
        self.command: c.StartGame | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Grid():
            yield Label("Game")
            yield Select([("Origami Legends", "legends"), ("Origami", "origami"), ("Mixed", "mixed")],
                         value="legends", allow_blank=False, id="variant")
            yield Label("Players, in seat order")
            yield Input(placeholder="clockwise, e.g. Ann, Bob, Cy", id="players",
                        suggester=Completer(lambda v: complete_word(last_item(v)[1], self.profiles)))
            yield Label("Families (one each)")
            yield Input(id="families", suggester=Completer(lambda v: complete_word(last_item(v)[1],
                                                                                   self.families())))
            yield Label("Character pairs")
            yield Input(placeholder="Legends: one pair per player", id="pairs",
                        suggester=Completer(lambda v: complete_word(last_item(v)[1], self.pairs())))
        yield Static("", id="check", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "New game"
        self.query_one("#players", Input).focus()
        self.check()

    @property
    def variant(self) -> Variant:
        return Variant(str(self.query_one("#variant", Select).value))

    def families(self) -> list[str]:
        return sorted(f for f, g in self.catalogue.families.items() if g in self.variant.games)

    def pairs(self) -> list[str]:
        return sorted({card.name for card in self.catalogue.in_games(self.variant.games) if card.is_character})

    def value(self, key: str) -> tuple[str, ...]:
        return names(self.query_one(f"#{key}", Input).value)

    def check(self) -> None:
        self.command = None
        widget = self.query_one("#check", Static)
        choices = f"\nFamilies: {', '.join(self.families())}" + (
            f"\nCharacter pairs: {', '.join(self.pairs())}" if self.pairs() else "")
        try:
            command = c.StartGame(self.variant.value, self.value("players"),
                                  pick(self.value("families"), self.families(), "family"),
                                  pick(self.value("pairs"), self.pairs(), "Character pair"))
            decision = decide(None, command, self.catalogue)
        except (InputError, MissingValue) as problem:
            widget.update(str(problem) + choices)
            widget.set_class(True, "-refused")
            return
        if isinstance(decision, Rejected):
            widget.update(f"{decision.violation.rule}: {decision.violation.message}{choices}")
            widget.set_class(True, "-refused")
            return
        self.command = command
        widget.set_class(False, "-refused")
        widget.update(f"Ready: {', '.join(command.players)} with {', '.join(command.families)}. "
                      f"ctrl+s starts the game; the deal comes next.{choices}")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.check()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.check()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "pairs" or (event.input.id == "families" and not self.pairs()):
            self.action_start()
        else:
            self.focus_next()

    def action_start(self) -> None:
        self.check()
        if self.command is None:
            self.notify(str(self.query_one("#check", Static).render()), title="Not yet", severity="warning")
            return
        self.post_message(self.Start(self.command))
