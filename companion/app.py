"""The table app (Textual). The first screen paints before the database is opened: SQLAlchemy and the store
load in a worker thread. Screens only show and ask; every write happens here, on the main thread, in order."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import App

from scoring.catalog import Catalogue
from scoring.errors import InputError
from screens.home import HomeScreen, Unfinished
from screens.quick import QuickScoreScreen
from screens.rules import RulesScreen

if TYPE_CHECKING:
    from db.store import Store


class CompanionApp(App[None]):
    TITLE = "Origami companion"

    def __init__(self, db_url: str | None = None, catalogue: Catalogue | None = None) -> None:
        super().__init__()
        self.db_url = db_url
        self.base = catalogue  # shipped + the user's files; the database's card values go over it
        self.store: Store | None = None
        self.catalogue: Catalogue | None = None
        self.problem = ""  # why the database could not be opened
        self.home = HomeScreen()

    def on_mount(self) -> None:
        self.push_screen(self.home)

    def on_unmount(self) -> None:
        if self.store is not None:
            self.store.close()

    # --- the database, after the first paint ------------------------------------------------------
    def on_home_screen_ready(self) -> None:
        self.load_games()

    @work(thread=True, exit_on_error=False, group="reads")
    def load_games(self) -> None:
        try:
            if self.store is None:
                self.call_from_thread(self.opened, *self.open_store())
            games = [Unfinished(g.id, g.players, g.variant, f"{g.started_at:%Y-%m-%d %H:%M}", g.last_seq)
                     for g in self.reader().games(status="playing")]
        except InputError as exc:
            self.call_from_thread(self.home.show_games, [], str(exc))
            return
        self.call_from_thread(self.home.show_games, games)

    def open_store(self) -> tuple[Store, Catalogue]:
        from db.engine import default_url  # SQLAlchemy: imported here, in the worker
        from db.store import Store

        from .catalogue import shipped, with_values

        store = Store.open(self.db_url or default_url())
        return store, with_values(self.base or shipped(), store.card_values())

    def opened(self, store: Store, catalogue: Catalogue) -> None:
        self.store, self.catalogue = store, catalogue

    def reader(self) -> Store:
        return self.ready()[0]

    def ready(self) -> tuple[Store, Catalogue]:
        if self.store is None or self.catalogue is None:
            raise InputError("the database is not open yet")
        return self.store, self.catalogue

    # --- where Home leads -------------------------------------------------------------------------
    def on_home_screen_chosen(self, message: HomeScreen.Chosen) -> None:
        if message.choice == "rules":
            self.push_screen(RulesScreen())
            return
        if self.store is None or self.catalogue is None:
            self.notify("The database is still opening (or could not be opened: see Home).", severity="warning")
            return
        if message.choice == "quick":
            self.push_screen(QuickScoreScreen(self.catalogue, [p.name for p in self.store.players()]))

    # --- writes -----------------------------------------------------------------------------------
    def on_quick_score_screen_value_given(self, message: QuickScoreScreen.ValueGiven) -> None:
        catalogue = self.remember(message.card, message.field, message.value)
        if catalogue is not None and isinstance(self.screen, QuickScoreScreen):
            self.screen.use_catalogue(catalogue)

    def remember(self, card: str, field: str, value: int | str) -> Catalogue | None:
        """A value read off a card, checked, then kept in the user's catalogue (never the shipped one)."""
        from .catalogue import remember

        try:
            self.catalogue = remember(*self.ready(), card, field, value)
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return None
        self.notify(f"{card}: {field.replace('_', ' ')} = {value} saved in your catalogue.")
        return self.catalogue

    def on_quick_score_screen_save(self, message: QuickScoreScreen.Save) -> None:
        from .render import sheet_json

        table, sheet = message.scored.table, message.scored.sheet
        families = sorted({c.family for s in table.players for cid in s.cards()
                           if (c := table.catalogue.card(cid)).family})
        try:
            record = self.reader().record_scored(
                variant=table.variant.value, players=[s.name for s in table.players], families=families,
                characters=sorted({table.catalogue.card(c).name for c in table.characters}),
                rules=table.rules.as_dict(), sheet=sheet, sheets=sheet_json(sheet)["players"])
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        if isinstance(self.screen, QuickScoreScreen):
            self.screen.was_saved(record.id)


def make_app(db_url: str | None = None, catalogue: Catalogue | None = None) -> CompanionApp:
    """The app, for the command line and the tests alike."""
    return CompanionApp(db_url, catalogue)
