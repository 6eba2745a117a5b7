"""Quick score: type each player's two collections (bottom to top) and hand; the sheet follows as you type."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, Select, Static

from scoring.errors import InputError, MissingValue
from scoring.origami.catalog import Catalogue
from scoring.origami.sheet import ScoreSheet, score
from scoring.origami.table import Table, Variant, parse_table

from .completion import card_list, last_item, word_list
from .form import Choice, Field, Verdict
from .question import ask_value
from .sheet import ScoreSheetView

SEATS = 5
Row = tuple[str, str, str, str]  # name, collection 1, collection 2, hand (as typed)


def read_table(variant: Variant, rows: list[Row], characters: str, catalogue: Catalogue) -> Table:
    """The table typed in: every row with a name is a player; the rest is checked by `parse_table`."""
    def cards(text: str, where: str) -> list[str]:
        return list(catalogue.resolve_all(text, variant.games, where))

    players: list[dict[str, Any]] = []
    for number, (name, first, second, hand) in enumerate(rows, start=1):
        if not name.strip():
            if (first + second + hand).strip():
                raise InputError("has cards but no name: type the player's name first", where=f"row {number}")
            continue
        who = name.strip()
        hand_value: int | list[str] = 0
        if hand.strip().isdigit():
            hand_value = int(hand)
        elif hand.strip():
            hand_value = cards(hand, f"{who}'s hand")
        players.append({"name": who, "hand": hand_value, "collections": [
            cards(first, f"{who}'s collection 1"), cards(second, f"{who}'s collection 2")]})
    chars = cards(characters, "Characters")
    return parse_table({"game": variant.value, "players": players, "characters": chars}, catalogue, "the table")


@dataclass(frozen=True, slots=True)
class Scored:
    table: Table
    sheet: ScoreSheet


class QuickScoreScreen(Screen[None]):
    DEFAULT_CSS = """
    QuickScoreScreen #top { height: 1; margin: 0 1; }
    QuickScoreScreen #top Label { margin-right: 1; }
    QuickScoreScreen #variant { width: 24; }
    QuickScoreScreen #characters { width: 1fr; }
    QuickScoreScreen Grid { grid-size: 4; grid-columns: 12 1fr 1fr 8; grid-gutter: 0 1; height: auto;
                            margin: 0 1; grid-rows: 1; }
    QuickScoreScreen .heading { text-style: bold; }
    QuickScoreScreen #status { max-height: 3; margin: 0 1; }
    """
    BINDINGS = [Binding("ctrl+s", "save", "Save to history"), Binding("escape", "app.pop_screen", "Back"),
                Binding("ctrl+n", "ask_value", "Give a missing value", show=False)]

    class Save(Message):
        """The player wants this sheet in the history."""

        def __init__(self, scored: Scored) -> None:
            super().__init__()
            self.scored = scored

    def __init__(self, catalogue: Catalogue, profiles: list[str]) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.profiles = profiles
        self.scored: Scored | None = None
        self.missing: MissingValue | None = None
        self.saved = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="top"):
            yield Label("Game")
            yield Choice([("Origami", "origami"), ("Origami Legends", "legends"), ("Mixed", "mixed")],
                         value="origami", allow_blank=False, id="variant")
            cards = card_list(lambda: self.catalogue, lambda: self.variant.games)
            yield Field(placeholder="Characters in play, e.g. Ninja red, Geisha yellow", id="characters",
                        suggester=cards)
        names = word_list(lambda: self.profiles)
        with Grid():
            for heading in ("Player", "Collection 1 (bottom → top)", "Collection 2", "Hand"):
                yield Static(heading, classes="heading")
            for seat in range(SEATS):
                yield Field(placeholder=f"player {seat + 1}", id=f"name-{seat}", suggester=names)
                yield Field(id=f"c1-{seat}", suggester=cards)
                yield Field(id=f"c2-{seat}", suggester=cards)
                yield Field(placeholder="0", id=f"hand-{seat}", suggester=cards)
        yield Verdict("status")
        yield ScoreSheetView()
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Quick score"
        self.query_one("#name-0", Input).focus()
        self.refresh_sheet()

    @property
    def variant(self) -> Variant:
        return Variant(str(self.query_one("#variant", Choice).value))

    def rows(self) -> list[Row]:
        def value(key: str, seat: int) -> str:
            return self.query_one(f"#{key}-{seat}", Input).value
        return [(value("name", s), value("c1", s), value("c2", s), value("hand", s)) for s in range(SEATS)]

    def refresh_sheet(self) -> None:
        """Read the table typed so far and score it; say plainly what stops it."""
        self.scored, self.missing = None, None
        status = self.query_one("#status", Verdict)
        view = self.query_one(ScoreSheetView)
        rows = self.rows()
        if sum(1 for r in rows if r[0].strip()) < 2:
            status.say("Type each player's name, their two collections from the bottom card up "
                       "(commas between cards; a few letters are enough) and their cards left in hand.")
            view.show(None, "The score sheet appears here once two players are in.")
            return
        try:
            table = read_table(self.variant, rows, self.query_one("#characters", Input).value, self.catalogue)
            self.scored = Scored(table, score(table))
        except MissingValue as missing:
            self.missing = missing
            status.say(f"{missing.card}: a value is not known yet ({missing.field}). "
                       f"Press Enter (or ctrl+n) to type it from the card.", "problem")
            view.show(None, "Waiting for that value.")
            return
        except InputError as problem:
            status.say(str(problem), "problem")
            return
        status.say("Saved to history." if self.saved else "ctrl+s saves this game to the history.")
        view.show(self.scored.sheet)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.saved = False
        self.refresh_sheet()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.refresh_sheet()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: complete the item being typed, ask for a missing value, or move on."""
        event.stop()
        head, item = last_item(event.value)
        if item and event.input.id and not event.input.id.startswith("name"):
            try:
                event.input.value = head + self.catalogue.resolve(item, self.variant.games).id
            except InputError:
                pass
        if self.missing is not None:
            self.action_ask_value()
        else:
            self.focus_next()

    def action_ask_value(self) -> None:
        if self.missing is not None:
            ask_value(self, self.missing)

    def use_catalogue(self, catalogue: Catalogue) -> None:
        """The app stored a value: score again with it, and ask at once for the next one the sheet needs."""
        self.catalogue = catalogue
        self.refresh_sheet()
        self.action_ask_value()

    def action_save(self) -> None:
        if self.missing is not None:
            self.action_ask_value()
        elif self.scored is None:
            self.notify("Nothing to save yet: the table above is not complete.", severity="warning")
        elif self.saved:
            self.notify("This game is already in the history.")
        else:
            self.post_message(self.Save(self.scored))

    def was_saved(self, game_id: int) -> None:
        self.saved = True
        self.query_one("#status", Verdict).say(f"Saved to history as game {game_id}.")
        self.notify(f"Saved as game {game_id}.")
