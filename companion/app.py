"""The table app (Textual). The first screen paints before the database is opened: SQLAlchemy and the store
load in a worker thread. Screens only show and ask; every write happens in the app, on the main thread, in
order: a game on the table in game_flow, players and history in history_flow, what they share in app_base."""
from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

from scoring.errors import InputError
from screens.home import SHARED, HomeScreen

from . import games
from .history_flow import HistoryFlow
from .origami.catalogue_flow import CatalogueFlow
from .origami.controller import GameFlow
from .origin.controller import OriginFlow

if TYPE_CHECKING:  # the catalogue loads with the database, after the first paint
    from scoring.origami.catalog import Catalogue

FOLLOW = 1.0  # seconds between looks at the game on screen for actions recorded in another window
TABLE_LINK = "COMPANION_TABLE_LINK"  # `companion serve` sets it for the app processes it starts
SHARE_SECRET = "COMPANION_SHARE_SECRET"  # and this, which signs a finished game's link to its BG Stats page


class CompanionApp(OriginFlow, GameFlow, HistoryFlow, CatalogueFlow):
    TITLE = "Origami companion"

    def on_mount(self) -> None:
        self.set_interval(FOLLOW, self.follow_elsewhere)

    def follow_elsewhere(self) -> None:
        """A second window on the same game follows what the first records (one small read a second)."""
        if self.store is None:
            return
        try:
            self.follow_origami()
            self.follow_origin()
        except InputError:  # the database went away or the game is gone: the next action says so
            return

    def get_default_screen(self) -> Screen[None]:
        # Home is the first screen itself: no blank default screen is drawn (and replaced) before it.
        return self.home

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette reaches every part of the companion, and the table's actions while a game is open."""
        from screens.origami.table import TableScreen

        yield from super().get_system_commands(screen)
        for key, label in (*((e.choice, e.label) for g in games.every() for e in g.entries), *SHARED):
            yield SystemCommand(label, f"Go to: {label.lower()}", partial(self.go, key))
        if isinstance(screen, TableScreen):
            yield SystemCommand("Undo the last action", "Take back the latest action (kept in the log)",
                                screen.action_undo)
            yield SystemCommand("Score the game", "Final scoring, once the game is over", screen.action_finish)
        yield SystemCommand("Table link for phones", "A QR code the other players scan to follow the game",
                            self.show_table_link)

    def show_table_link(self) -> None:
        link = os.environ.get(TABLE_LINK)
        if not link:
            self.notify("Start the companion with `companion serve --network`: the other players' phones can then "
                        "follow the game, and this shows the QR code to scan.", timeout=10)
            return
        local = "://127.0.0.1:" in link
        self.show_code(link, f"The other players scan this to follow the game (read-only): {link}"
                       + ("\nOnly this machine can open it now: restart with `companion serve --network`."
                          if local else "") + "\nEsc closes.",
                       f"enlarge the window, or type the link: {link}")

    def go(self, choice: str) -> None:
        self.home.post_message(HomeScreen.Chosen(choice))

    def on_home_screen_chosen(self, message: HomeScreen.Chosen) -> None:
        try:
            self.open_chosen(message.choice)
        finally:  # Home began keeping the keys typed on when the choice was made
            self.give_held_keys()

    def open_chosen(self, choice: str) -> None:
        from screens.origami.catalogue import CatalogueScreen
        from screens.origami.new_game import NewGameScreen
        from screens.origami.quick import QuickScoreScreen
        from screens.players import PlayersScreen

        if choice == "rules":
            self.push_screen(self.rules_screen())
            return
        if choice == "origin-rules":
            from screens.origin.rules import OriginRulesScreen

            self.push_screen(OriginRulesScreen())
            return
        if self.store is None or self.catalogue is None:
            self.notify("The database is still opening (or could not be opened: see Home).", severity="warning")
            return
        profiles = [p.name for p in self.store.profiles.all()]
        if choice == "quick":
            self.push_screen(QuickScoreScreen(self.catalogue, profiles))
        elif choice == "new":
            self.push_screen(NewGameScreen(self.catalogue, profiles))
        elif choice == "catalogue":
            self.push_screen(CatalogueScreen(self.catalogue))
        elif choice == "players":
            self.push_screen(PlayersScreen(profiles))
        elif choice in ("origin-new", "origin-solo"):
            self.origin_new(solo=choice == "origin-solo")
        elif choice == "origin-quick":
            from screens.origin.quick import OriginQuickScreen

            self.push_screen(OriginQuickScreen(profiles, [c.name for c in self.origin_cards().cards.values()]))
        elif choice == "origin-catalogue":
            from screens.origin.catalogue import OriginCatalogueScreen

            self.push_screen(OriginCatalogueScreen(self.origin_cards()))
        elif choice.startswith("resume:"):
            self.resume(int(choice.split(":")[1]))


def make_app(db_url: str | None = None, catalogue: Catalogue | None = None, files: Sequence[Path] = ()
             ) -> CompanionApp:
    """The app, for the command line and the tests alike."""
    return CompanionApp(db_url, catalogue, files)
