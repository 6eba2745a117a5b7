"""What every part of the app shares: the database, opened after the first paint in a worker thread, the
catalogue with the user's values, and keeping a value read off a card."""
from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from textual import work
from textual.screen import Screen

from db.errors import Unusable
from scoring.errors import InputError
from screens.home import HomeScreen, Unfinished

from . import games, settings
from .textual_leaks import cache_styles_by_colour, drop_closed_watchers
from .type_ahead import TypeAhead

if TYPE_CHECKING:  # the database, the catalogue and the other screens load when first used, not at start-up
    from db.store import Store
    from scoring.origami.catalog import Catalogue
    from screens.origami.question import ValueGiven

    from .origami.session import GameSession

S = TypeVar("S", bound=Screen[None])
RECENT = 200  # the latest games Home looks at for damage (`companion games` names every damaged one)
cache_styles_by_colour()  # before any widget renders a line


class AppBase(TypeAhead):
    def __init__(self, db_url: str | None = None, catalogue: Catalogue | None = None,
                 files: Sequence[Path] = ()) -> None:
        super().__init__()
        self.db_url = db_url
        self.files = tuple(files)  # the user's catalogue files
        self.base = catalogue  # shipped + the user's files; the database's card values go over it
        self.store: Store | None = None
        self.catalogue: Catalogue | None = None
        self.session: GameSession | None = None  # the game on the table
        self.home = HomeScreen([e for g in games.every() for e in g.entries])
        self.kept_theme = settings.theme()  # the colours chosen last time (a small file: read before the first paint)
        if self.kept_theme in self.available_themes:
            self.theme = self.kept_theme

    def watch_theme(self, name: str) -> None:
        """A theme chosen in the command palette is kept for the next start."""
        if name == self.kept_theme:
            return
        self.kept_theme = name
        try:
            settings.set_theme(name)
        except InputError as exc:
            self.notify(f"{exc} (the theme holds until the companion is closed)", severity="warning")

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, lambda _: drop_closed_watchers(self))

    def on_unmount(self) -> None:
        gc.unfreeze()
        if self.store is not None:
            self.store.close()

    # --- the database, after the first paint ------------------------------------------------------
    def on_home_screen_ready(self) -> None:
        self.load_games()

    @work(thread=True, exit_on_error=False, group="reads")
    def load_games(self) -> None:
        from db.errors import DamagedGame

        from .local_time import when

        try:
            if self.store is None and self.list_quickly():
                # SQLAlchemy's import holds the interpreter for ~0.1 s: only once the list is on the screen.
                painted = threading.Event()
                self.call_from_thread(self.call_after_refresh, painted.set)
                painted.wait(timeout=1.0)
                self.call_from_thread(self.opened, *self.open_store())
                return
            if self.store is None:
                self.call_from_thread(self.opened, *self.open_store())
            # The games in play, and a damaged game among the latest whatever its status: a few rows, not the history.
            playing, damaged = self.reader().games.all_and_damaged(status="playing")
            known = {d.game for d in damaged}
            damaged += [g for g in self.reader().games.iter(limit=RECENT)
                        if isinstance(g, DamagedGame) and g.game not in known]
            games, unlisted = _home_lines(playing, when)
            unlisted = [*map(str, damaged), *unlisted]
        except InputError as exc:
            elsewhere = " (start the companion with --db URL to use another)" if isinstance(exc, Unusable) else ""
            self.call_from_thread(self.home.show_games, [], f"{exc}{elsewhere}")
            return
        except Exception as exc:  # never "Opening your games…" for ever: say what happened (it is a bug)
            self.call_from_thread(self.home.show_games, [], f"internal error ({type(exc).__name__}: {exc}); "
                                                            "please report it")
            return
        self.call_from_thread(self.home.show_games, games, "", unlisted)

    def list_quickly(self) -> bool:
        """Home's list read with plain SQL before SQLAlchemy is even imported, when the database allows (a SQLite
        file at this schema, every row sound); False when the store must read it."""
        from db.location import default_url
        from db.quick import games_in_play

        from .local_time import when

        found = games_in_play(self.db_url or default_url())
        if found is None:
            return False
        games, unlisted = _home_lines(found, when)
        self.call_from_thread(self.home.show_games, games, "", unlisted)
        return True

    def open_store(self) -> tuple[Store, Catalogue]:
        from db.engine import default_url  # SQLAlchemy: imported here, in the worker
        from db.store import Store

        from .origami import KIND
        from .origami.catalogue import load, with_values

        store = Store.open(self.db_url or default_url(), games.KINDS)
        self.base = self.base or load(self.files)
        return store, with_values(self.base, store.catalogue.values(KIND))

    def opened(self, store: Store, catalogue: Catalogue) -> None:
        self.store, self.catalogue = store, catalogue
        # What is loaded by now (Textual, SQLAlchemy, the rules, Home: ~120k objects) lives as long as the app: the
        # collector's full passes, which stop the screen while they walk every object, leave it out (a pass ~110 →
        # ~30 ms here). Not collected first: that pass alone would stop the screen, for a few hundred objects.
        gc.freeze()

    def reader(self) -> Store:
        return self.ready()[0]

    def base_catalogue(self) -> Catalogue:
        """The shipped catalogue with the user's files (the session applies the database's values itself)."""
        if self.base is None:
            raise InputError("the catalogue is not loaded yet")
        return self.base

    def ready(self) -> tuple[Store, Catalogue]:
        if self.store is None or self.catalogue is None:
            raise InputError("the database is not open yet")
        return self.store, self.catalogue

    def screen_of(self, kind: type[S]) -> S:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, kind):
                return screen
        raise InputError(f"the {kind.__name__} is closed")
    # --- writes -----------------------------------------------------------------------------------
    def on_home_screen_abandon(self, message: HomeScreen.Abandon) -> None:
        try:
            self.reader().games.abandon(message.game_id)
        except InputError as exc:
            self.notify(str(exc), title="Not abandoned", severity="error")
            return
        self.notify(f"Game {message.game_id} is abandoned: its log is kept.")
        self.load_games()

    def on_value_given(self, message: ValueGiven) -> None:
        catalogue = self.remember(message.card, message.field, message.value)
        if catalogue is None:
            return
        if self.session is not None:
            self.session.catalogue = catalogue  # both are the base with every stored value over it
        use = getattr(self.screen, "use_catalogue", None)  # the screens that show card values
        if use is not None:
            use(catalogue)

    def remember(self, card: str, field: str, value: int | str) -> Catalogue | None:
        """A value read off a card, checked, then kept in the user's catalogue (never the shipped one)."""
        from .origami.catalogue import remember

        try:
            self.catalogue = remember(*self.ready(), card, field, value)
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return None
        self.notify(f"{card}: {field.replace('_', ' ')} = {value} saved in your catalogue.")
        return self.catalogue

    def show_code(self, link: str, caption: str, too_small: str) -> None:
        """`link` as a QR code on the whole window, drawn again when the window changes size; `too_small` ends the
        sentence said when it cannot fit."""
        from screens.share import QrScreen

        from . import qr

        modules = qr.matrix(link)
        side = qr.smallest(modules)
        self.push_screen(QrScreen(lambda width, height: qr.drawing(modules, width, height), caption,
                                  lambda: f"The QR code needs {side} columns and {side + 2} lines, this window has "
                                          f"{self.size.width}×{self.size.height}: {too_small}"))


def _home_lines(playing: Sequence[Any], when: Callable[[datetime], str]) -> tuple[list[Unfinished], list[str]]:
    """Home's line for each game in play (`GameRecord` or the plain-SQL row alike), and a sentence for each game of
    a kind this companion does not know."""
    return ([Unfinished(g.id, g.players, g.variant, when(g.started_at), g.last_seq, games.game(g.kind).name)
             for g in playing if games.known(g.kind)],
            [f"game {g.id} ({', '.join(g.players)}) is a game of {g.kind!r}, which this companion does not know"
             for g in playing if not games.known(g.kind)])
