"""The table app (Textual). The first screen paints before the database is opened: SQLAlchemy and the
store load in a worker thread, then Home is told what is in progress."""
from __future__ import annotations

from textual import work
from textual.app import App

from screens.home import HomeScreen, Unfinished
from screens.rules import RulesScreen


class CompanionApp(App[None]):
    TITLE = "Origami companion"

    def __init__(self, db_url: str | None = None) -> None:
        super().__init__()
        self.db_url = db_url
        self.home = HomeScreen()

    def on_mount(self) -> None:
        self.push_screen(self.home)

    def on_home_screen_ready(self) -> None:
        self.load_games()

    @work(thread=True, exit_on_error=False, group="reads")
    def load_games(self) -> None:
        from scoring.errors import InputError  # the store and SQLAlchemy: after the first paint

        try:
            from db.engine import default_url
            from db.store import Store

            store = Store.open(self.db_url or default_url())
            try:
                games = [Unfinished(g.id, g.players, g.variant, f"{g.started_at:%Y-%m-%d %H:%M}", g.last_seq)
                         for g in store.games(status="playing")]
            finally:
                store.close()
        except InputError as exc:
            self.call_from_thread(self.home.show_games, [], str(exc))
            return
        self.call_from_thread(self.home.show_games, games)

    def on_home_screen_chosen(self, message: HomeScreen.Chosen) -> None:
        if message.choice == "rules":
            self.push_screen(RulesScreen())


def make_app(db_url: str | None = None) -> CompanionApp:
    """The app, for the command line and the tests alike."""
    return CompanionApp(db_url)
