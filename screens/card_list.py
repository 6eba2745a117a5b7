"""What both games' catalogue screens share: a filter line, a table of cards narrowed as it is typed, and the
card under the cursor shown whole below, all after the first paint. Each game says the table's headings, how a card
fills a row, its key and its details."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from scoring.i18n import N_, _

from .footer import Footer
from .given import Given
from .header import Header
from .later import FillsLater

if TYPE_CHECKING:  # the table's widget and the cards' words are imported by the fill: the frame shows first
    from rich.text import Text
    from textual.widgets import DataTable

C = TypeVar("C")  # a card
K = TypeVar("K")  # the catalogue


class CardListScreen(FillsLater[None], Generic[C, K]):
    PLACEHOLDER = N_("filter")  # the filter field's (translated where shown)
    rows: list[tuple[C, str]]  # each card in display order, with the (folded) words the filter searches

    def __init__(self, cards: Given[K]) -> None:
        """`cards`: the catalogue, given by the fill at the latest (`use`)."""
        super().__init__()
        self.cards = cards
        self.rows = []

    def use(self, catalogue: K) -> None:
        """Show `catalogue`'s cards (in the order and with the words the game's screen says)."""
        raise NotImplementedError

    def headings(self) -> tuple[str, ...]:
        raise NotImplementedError

    def row(self, card: C) -> tuple[object, ...]:
        raise NotImplementedError

    def key(self, card: C) -> str:
        raise NotImplementedError

    def lookup(self, key: str) -> C | None:
        raise NotImplementedError

    def details(self, card: C | None) -> Text | str:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        yield Header()
        yield Vertical()  # filled after the first paint (`fill`)
        yield Footer()

    async def fill(self) -> None:
        catalogue = await self.cards.taken(self)
        if catalogue is None:  # the frame says why
            return
        from textual.widgets import DataTable

        self.use(catalogue)
        table = DataTable[object](cursor_type="row", zebra_stripes=True)
        await self.query_one(Vertical).mount_all([Input(placeholder=_(self.PLACEHOLDER), id="filter"), table,
                                                  Static("", id="card")])
        table.add_columns(*self.headings())
        self.list_cards()
        table.focus()

    def list_cards(self, at: str | None = None) -> None:
        """The rows the filter keeps; the cursor stays on its row (or goes to the card keyed `at`)."""
        from scoring.catalogue_file import fold

        table = self.table()
        keep = table.cursor_row
        table.clear()
        query = fold(self.query_one("#filter", Input).value)
        for card, haystack in self.rows:
            if query in haystack:
                table.add_row(*self.row(card), key=self.key(card))
        if table.row_count:
            keys = [self.key(card) for card, haystack in self.rows if query in haystack]
            table.move_cursor(row=keys.index(at) if at in keys else min(keep, table.row_count - 1))
        self.show_card()

    def table(self) -> DataTable[object]:
        """The list of cards (mounted by the fill)."""
        from textual.widgets import DataTable

        return self.query_one(DataTable)

    def selected(self) -> C | None:
        table = self.table()
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.lookup(key) if key else None

    def show_card(self) -> None:
        self.query_one("#card", Static).update(self.details(self.selected()))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_card()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.list_cards()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.table().focus()

    def action_filter(self) -> None:
        self.query_one("#filter", Input).focus()
