"""Every action a player can type at the table, each on its own line with an example (F2 on the table)."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from scoring.i18n import N_, _
from scoring.origami.notation import VERBS

from ..footer import Footer, translated_keys

# One example per verb, with real card names (what the line reads back as is checked in the tests).
EXAMPLES = {
    "draw": "draw fox, cat",
    "play": "play fox pay cat, dog",
    "special": "special 1",
    "deck": "deck 2",
    "take": "take penguin",
    "refill": "refill seal, walrus",
    "replace": "replace fox, cat, dog, pig",
    "pick": "pick fox",
    "discard": "discard cat",
    "pass": "pass cat to bob",
    "rice": "rice 2",
    "move": "move 1.2 to 2.1",
    "swap": "swap 1 owl",
    "extra": "extra",
    "copy": "copy owl",
    "reveal": "reveal fox, cat",
    "end": "end discard cat",
}
GENERAL = N_("Any line may start with a player's name and a colon (`bob: draw fox`) to act for that player. Card "
           "names may be cut short, in English, Italian or German; lists are comma-separated; collections are 1 "
           "and 2. Tab takes the completion shown in grey.")
# after the verbs: the examples come first on a small screen
PICKS = N_("On an empty line the likely actions are listed: Enter takes the first, a number and Enter another; "
         "one ending in `refill` takes the cards turned up after its number (`2 seal, walrus`), or Enter puts it on "
         "the line to finish. A turn with nothing left to do but end it ends by itself (ctrl+z takes it back). `play "
         "fox pay cat 2` says the collection in one key; a keyword may be cut short (`ref`).")


def verb_table() -> Table:
    """One row a verb: its name, what it does and how it is written, an example."""
    table = Table(box=None, expand=True, show_header=True, header_style="bold", padding=(0, 1))
    table.add_column(_("action"), style="bold cyan", no_wrap=True)
    table.add_column(_("what it does · how to write it"), ratio=1)
    table.add_column(_("example"), style="green", no_wrap=True, min_width=max(map(len, EXAMPLES.values())))
    for name, verb in VERBS.items():
        how, _colon, what = verb.usage.partition(": ")
        what = what or _("play an origami or a Character")
        table.add_row(name, Text(f"{what} · {how}"), EXAMPLES[name])
    return table


class VerbHelp(ModalScreen[None]):
    """The table's actions explained; Escape or F2 goes back to the line as it was."""

    DEFAULT_CSS = """
    VerbHelp { align: center middle; }
    VerbHelp > VerticalScroll { width: 95%; height: 90%; border: thick $accent; background: $surface;
                                padding: 0 1; }
    VerbHelp #general { margin-bottom: 1; color: $text-muted; }
    VerbHelp #picks { margin-top: 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "dismiss", N_("Back")), Binding("f2", "dismiss", N_("Back"))]

    def __init__(self) -> None:
        super().__init__()
        translated_keys(self)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(_(GENERAL), id="general", markup=False)
            yield Static(verb_table(), id="verbs")
            yield Static(_(PICKS), id="picks", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # the arrows, Page Down and End scroll through the verbs

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
