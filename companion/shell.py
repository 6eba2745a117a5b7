"""The app as its controllers see it (`Shell`): the database, opened after the first paint in a worker thread,
each game's catalogue, Home's list of games in play, a QR code on the whole window. The App (companion/app.py)
composes the controllers over it; a controller reaches the app only through what is here and Textual's own App."""
from __future__ import annotations

import gc
import os
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from textual import work
from textual.theme import Theme

from db.errors import LogLost, Unusable
from scoring.errors import InputError
from scoring.i18n import N_, _
from screens.home import HomeScreen, Unfinished
from screens.later import FillsLater
from screens.textual_leaks import cache_styles_by_colour, drop_closed_watchers
from screens.type_ahead import WAIT_FRAMES, TypeAhead, filling

from . import games, settings

if TYPE_CHECKING:  # the database and the screens load when first used, not at start-up
    from textual.screen import Screen

    from db.changes import Changes
    from db.store import Store
    from screens.given import Given

    from .game import GameController

T = TypeVar("T")
STILL_OPENING = N_("the database is still opening (or could not be opened: see Home)")  # NotOpen's words
RECENT = 200  # the latest games Home looks at for damage (`companion games` names every damaged one)
TABLE_LINK = "COMPANION_TABLE_LINK"  # `companion serve` sets it for the app processes it starts
SHARE_SECRET = "COMPANION_SHARE_SECRET"  # and this, which signs a finished game's link to its BG Stats page
COLLECT_AFTER = 0.1  # seconds after a screen closes until its widgets are collected (once nothing is opening)
cache_styles_by_colour()  # before any widget renders a line


class NotOpen(InputError):
    """The database is not open yet (it opens after the first paint), or could not be opened."""


class OnlyStore(NotOpen):
    """The database is still opening, and what was asked can only be read through it (a plain read could not)."""


def said(problem: InputError) -> str:
    """A problem as a sentence of its own (NotOpen's words are said within one)."""
    text = str(problem)
    return f"{text[:1].upper()}{text[1:]}." if isinstance(problem, NotOpen) else text


class Shell(TypeAhead):
    THEMES: tuple[Theme, ...] = ()  # the app's own themes, beside Textual's (registered before the kept one is set)

    def __init__(self, db_url: str | None = None, catalogues: Mapping[str, Any] | None = None,
                 files: Sequence[Path] = ()) -> None:
        super().__init__()
        self.db_url = db_url
        self.files = tuple(files)  # the user's catalogue files
        self.catalogues = dict(catalogues or {})  # each game's: shipped + the user's files (the tests give theirs)
        self.store: Store | None = None
        self.opening = True  # until the database is open, or Home says why it could not be
        self.closing = False  # the window is closing: a store opened now is closed at once
        self.waiting: list[Callable[[], object]] = []  # what a screen opened meanwhile asked of the database
        self.frames_waiting = False  # a screen's frame waits for the database to fill (`give_when_open`)
        self.opening_held: list[Callable[[], object]] = []  # what waits for a screen to open (`after_opening`)
        self.looks: Changes | None = None  # whether the database changed since Home's list was read (`changes`)
        self.stack_seen: list[weakref.ref[Screen[Any]]] = []  # the screens open: one gone is collected (`collect`)
        self.closed: list[weakref.ref[Screen[Any]]] = []  # the screens closed, until torn down
        self.collect_on: weakref.ref[Screen[Any]] | None = None  # the screen they uncovered, until collected
        self.asking, self.store_asked = threading.Lock(), False  # a worker is opening the store (`first_to_open`)
        self.home = HomeScreen([e for g in games.every() for e in g.entries])
        for theme in self.THEMES:
            self.register_theme(theme)
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
            self.notify(_("{problem} (the theme holds until the companion is closed)").format(problem=exc),
                        severity="warning")

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self.screen_changed)

    def screen_changed(self, _: object) -> None:
        drop_closed_watchers(self)
        stack = self.screen_stack
        closed = [ref for ref in self.stack_seen if (screen := ref()) is not None and screen not in stack]
        self.stack_seen = [weakref.ref(screen) for screen in stack]  # not kept alive by this
        if closed and stack:  # collected once they are torn down, on the screen they uncovered
            if self.collect_on is None:
                self.set_timer(COLLECT_AFTER, self.collect)
            self.collect_on, self.closed = weakref.ref(stack[-1]), self.closed + closed

    def collect(self) -> None:
        """The widgets of a screen closed refer to one another: only the collector's full pass frees them (thousands
        of objects a screen). Left to Python, that pass comes at a later burst of allocations, the next screen's fill or
        a key at the table (10–30 ms); here it comes on the screen below while it waits for keys, once the closed
        screens are torn down (a pass in the midst of it left a screen half torn down and alive, its refresh timer
        still set). A screen opened meanwhile is not held up: the pass is left to the next screen closed (or to
        Python)."""
        self.closed = [ref for ref in self.closed if (screen := ref()) is not None and not screen._closed]
        if not self.screen_stack or self.collect_on is None or self.screen is not self.collect_on():
            self.collect_on, self.closed = None, []
        elif self.closed or self.held is not None or filling(self.screen) is not None:
            self.set_timer(COLLECT_AFTER, self.collect)
        else:
            self.collect_on = None
            gc.collect()

    def on_unmount(self) -> None:
        self.closing = True
        gc.unfreeze()
        if self.looks is not None:
            self.looks.close()
        if self.store is not None:
            try:
                self.store.close()
            except LogLost as exc:  # found as it closed: said once the window is gone
                self.error_console.soft_wrap = True  # as one line, as the command line says its errors
                # 2: how the command line ends on the store's errors (EXIT_BAD_INPUT, which imports this module)
                self.exit(return_code=2, message=f"companion: {exc}")

    # --- the database, after the first paint ------------------------------------------------------
    def on_home_screen_ready(self) -> None:
        if self.opening:
            # Home is on the screen: what is loaded by now (Textual, Home, ~100k objects) lives as long as the app,
            # and the collector's full passes leave it out (one walked it in ~20–30 ms as the first screen opened
            # over Home). Again once the store is open (`opened`).
            gc.freeze()
        self.load_games(always=False)

    @work(thread=True, exit_on_error=False, group="reads")
    def load_games(self, always: bool = True) -> None:
        """Home's list of the games in play, read again unless `always` is False and nothing was written to the
        database since the list shown was read (Home's return: its menu, highlight included, stays as it is)."""
        from db.errors import DamagedGame

        from .local_time import shown

        changes = self.changes()
        seen = changes.version()  # before the read: a write meanwhile is read again at Home's next return
        if not always and seen is not None and seen == changes.listed:
            return
        if self.store is None and not self.first_to_open():  # Home lists again once the store is open
            self.call_from_thread(self.when_open, self.load_games)
            return
        try:
            if self.store is None and (quick := self.list_quickly()) is not None:
                self.call_from_thread(self.listed, seen, *quick)
                # SQLAlchemy's import holds the interpreter for ~0.2 s: only once the list is on the screen, and a
                # screen opened meanwhile (a key pressed as Home showed) is on it too.
                painted = threading.Event()
                self.call_from_thread(self.after_opening, painted.set)
                painted.wait(timeout=1.0)
                self.hand_over(self.open_store())
                return
            if self.store is None and not self.hand_over(self.open_store()):
                return
            # The games in play, and a damaged game among the latest whatever its status: a few rows, not the history.
            playing, damaged = self.reader().games.all_and_damaged(status="playing")
            known = {d.game for d in damaged}
            damaged += [g for g in self.reader().games.iter(limit=RECENT)
                        if isinstance(g, DamagedGame) and g.game not in known]
            games, unlisted = _home_lines(playing, shown)
            unlisted = [*map(str, damaged), *unlisted]
        except InputError as exc:
            problem = (_("{problem} (start the companion with --db URL to use another)").format(problem=exc)
                       if isinstance(exc, Unusable) else str(exc))
            self.call_from_thread(self.listed, None, [], [], problem)
            self.call_from_thread(self.not_opened)
            return
        except Exception as exc:  # never "Opening your games…" for ever: say what happened (it is a bug)
            self.call_from_thread(self.listed, None, [], [], _("internal error ({kind}: {problem}); please report it")
                                  .format(kind=type(exc).__name__, problem=exc))
            self.call_from_thread(self.not_opened)
            return
        self.call_from_thread(self.listed, seen, games, unlisted)

    def first_to_open(self) -> bool:
        """Whether this worker is the one to open the store (Home back on the screen while it opens reads again once
        it is open, and opens no second store)."""
        with self.asking:
            first, self.store_asked = not self.store_asked, True
        return first

    def changes(self) -> Changes:
        """Home's look at whether the database changed (made in a worker: its connection opens there)."""
        if self.looks is None:
            from db.changes import Changes

            self.looks = Changes(self.url())
        return self.looks

    def listed(self, version: int | None, games: list[Unfinished], unlisted: list[str], problem: str = "") -> None:
        """Home shows the games read at the database's `version` (None: read them again on Home's return)."""
        self.changes().listed = version
        self.home.show_games(games, problem, unlisted)

    def after_opening(self, then: Callable[[], object], frames: int = WAIT_FRAMES) -> None:
        """`then` after the next refresh once no screen is being opened: none was pushed with the keys typed on held
        for it, none is filling in (screens/type_ahead.py); at most `frames` refreshes on. At once when the screen on
        top has painted its frame and its fill waits for the store, or comes to (`let_opening_go_on`)."""
        self.opening_held.append(then)
        self.opening_step(then, frames)

    def opening_step(self, then: Callable[[], object], frames: int) -> None:
        if then not in self.opening_held:  # let go on already
            return
        opening = self.held is not None and self.screen is not self.held_on
        if self.awaits_store():  # its callbacks after a refresh would wait behind its fill, which waits for the store
            self.opening_held.remove(then)
            then()
        elif frames and (opening or filling(self.screen) is not None):
            self.call_after_refresh(self.opening_step, then, frames - 1)
        else:
            self.call_after_refresh(self.opening_done, then)

    def opening_done(self, then: Callable[[], object]) -> None:
        if then in self.opening_held:  # not let go on already
            self.opening_held.remove(then)
            then()

    def let_opening_go_on(self) -> None:
        """A screen's fill waits for the store from now on: what `after_opening` holds goes on at once (the refreshes
        it waits for would come only after that fill)."""
        held, self.opening_held = self.opening_held, []
        for then in held:
            then()

    def awaits_store(self) -> bool:
        """The screen on top has painted its frame and its fill waits for the store (a table resumed, a menu screen's
        frame: `give_when_open`, chosen as the store opens)."""
        top = self.screen
        return isinstance(top, FillsLater) and top.framed and (top.awaits_store or self.frames_waiting)

    def list_quickly(self) -> tuple[list[Unfinished], list[str]] | None:
        """Home's list read with plain SQL before SQLAlchemy is even imported, when the database allows (a SQLite
        file at this schema, every row sound); None when the store must read it."""
        from db.quick import games_in_play

        from .local_time import shown

        found = games_in_play(self.url())
        return None if found is None else _home_lines(found, shown)

    def open_store(self) -> Store:
        """The store, and each game's catalogue read meanwhile (in the worker: the first screen of a game opens at
        once)."""
        from db.engine import default_url  # SQLAlchemy: imported here, in the worker
        from db.store import Store

        store = Store.open(self.db_url or default_url(), games.KINDS)
        for game in games.every():
            self.catalogue(game.kind)
        return store

    def hand_over(self, store: Store) -> bool:
        """The store the worker opened, to the app (in its thread); False when the app had stopped meanwhile."""
        try:
            self.call_from_thread(self.opened, store)
        except RuntimeError:  # not running any more: nobody else would close it
            store.close()
            return False
        return self.store is store

    def opened(self, store: Store) -> None:
        if self.closing:  # the window closed while the database opened: nobody else would close it
            store.close()
            return
        self.store, self.opening = store, False
        # What is loaded by now (Textual, SQLAlchemy, the rules, Home: ~120k objects) lives as long as the app: the
        # collector's full passes, which stop the screen while they walk every object, leave it out (a pass ~110 →
        # ~30 ms here). Not collected first: that pass alone would stop the screen, for a few hundred objects.
        gc.freeze()
        self.go_on_waiting()

    def not_opened(self) -> None:
        """The database could not be opened (Home says why; Home's next listing tries again)."""
        self.opening = False
        with self.asking:
            self.store_asked = False
        self.go_on_waiting()

    def when_open(self, then: Callable[[], object]) -> None:
        """`then` now, or once the database is open (or said to be unusable: `then` meets NotOpen and says so)."""
        if self.opening:
            self.waiting.append(then)
        else:
            then()

    def give_when_open(self, read: Callable[[], object], *given: Given[Any]) -> None:
        """`read` gives a screen's frame what it shows of the database (its `given`), as the screen's fill asks: after
        its frame is painted. While the database opens, by plain SQL where that can (`profile_names`, `card_values`),
        else once it is open; when the database cannot be read, that is said (as Home says it) and the frame
        closes."""
        def then() -> None:
            try:
                read()
            except OnlyStore:  # the store still opening, and only it can say: once it is open
                self.frames_waiting = True
                self.waiting.append(then)
                self.let_opening_go_on()
            except InputError as exc:
                if isinstance(exc, NotOpen):
                    self.notify(said(exc), severity="warning")
                else:
                    self.notify(str(exc), title=_("Cannot open"), severity="error")
                for waiting in given:
                    if waiting.found is None:
                        waiting.fail(said(exc))

        self.frames_waiting = False
        for waiting in given:
            waiting.read = then

    def go_on_waiting(self) -> None:
        waiting, self.waiting, self.frames_waiting = self.waiting, [], False
        for then in waiting:  # in the order asked
            then()

    def typing(self) -> bool:
        """A line is part-typed in the field in focus: typed against the screen as it was before any redraw."""
        from textual.widgets import Input

        focused = self.focused
        return isinstance(focused, Input) and bool(focused.value.strip())

    def profile_names(self) -> list[str]:
        """The profiles' names: through the store, or while it opens by plain SQL (OnlyStore when that cannot)."""
        if self.store is None and self.opening:
            from db.quick import profile_names

            return self.plainly(profile_names(self.url()))
        return [p.name for p in self.reader().profiles.all()]

    def card_values(self, kind: str) -> list[tuple[str, str, Any]]:
        """The user's values of `kind`'s cards: through the store, or while it opens by plain SQL (OnlyStore when
        that cannot)."""
        if self.store is None and self.opening:
            from db.quick import card_values

            return self.plainly(card_values(self.url(), kind))
        return self.reader().catalogue.values(kind)

    def plainly(self, found: T | None) -> T:
        if found is None:
            raise OnlyStore(_(STILL_OPENING))
        return found

    def url(self) -> str:
        """The database's URL: --db's, else the default file's."""
        from db.location import default_url

        return self.db_url or default_url()

    def reader(self) -> Store:
        if self.store is None:
            raise NotOpen(_(STILL_OPENING))
        return self.store

    def controller(self, kind: str) -> GameController:
        """The app's part for the game of `kind` (the App composes them: companion/app.py)."""
        raise NotImplementedError

    def catalogue(self, kind: str) -> Any:
        """A game's cards: shipped, with the user's files over them (the database's values go over it where used)."""
        if kind not in self.catalogues:
            self.catalogues[kind] = games.game(kind).catalogue(self.files)
        return self.catalogues[kind]

    def show_code(self, link: str, caption: str, too_small: str, shorter: Sequence[tuple[str, str]] = ()) -> None:
        """`link` as a QR code on the whole window, drawn again when the window changes size; `too_small` ends the
        sentence said when it cannot fit. `shorter`: links saying less, each with what it leaves out, drawn
        instead (the first that fits) when the whole one does not."""
        from screens.share import QrScreen

        from . import qr

        codes = [(qr.matrix(text), left) for text, left in ((link, ""), *shorter)]
        side = qr.smallest(codes[-1][0])

        def draw(modules: qr.Matrix) -> Callable[[int, int], list[str] | None]:
            return lambda width, height: qr.drawing(modules, width, height)

        self.push_screen(QrScreen(draw(codes[0][0]), caption,
                                  lambda: _("The QR code needs {columns} columns and {lines} lines, this window has "
                                            "{width}×{height}: {what_to_do}").format(
                                      columns=side, lines=side + 2, width=self.size.width, height=self.size.height,
                                      what_to_do=too_small),
                                  [(draw(m), left) for m, left in codes[1:]]))


    def show_play(self, game_id: int) -> None:
        """A finished game's BG Stats link as a QR code, drawn to fit this terminal (or said why it cannot be)."""
        from screens.share import CAPTION

        from . import qr
        from .bgstats_page import relay_link
        from .share import bgstats_link, shared_play, shorter

        try:
            play = shared_play(self.reader(), game_id)
            link = bgstats_link(play)
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        table, secret = os.environ.get(TABLE_LINK), os.environ.get(SHARE_SECRET)
        # Served: the phones reach the server, whose page for this game hands them the whole link.
        if table and secret and qr.drawing(qr.matrix(link), self.size.width, self.size.height - CAPTION) is None:
            relay = relay_link(table, secret, game_id)
            self.show_code(relay, _("Scan it with the phone: the companion's page for this game opens BG Stats with "
                                    "the play filled in (the whole play is too long for a code this size). Esc "
                                    "closes."),
                           _("enlarge the window, or open {link} on the phone").format(link=relay))
            return
        save = f"`companion share {game_id} --save play.bgsplay`"
        self.show_code(link, _("Scan it with the phone: BG Stats opens with this play filled in. Esc closes."),
                       _("enlarge the terminal (or make the font smaller) and press b, or open the play in BG Stats "
                         "from a file: {save}; or run `companion serve --network` and press b there: a short code "
                         "opens its page for the game.").format(save=save),
                       # TRANSLATORS: {left} names what a shorter QR code leaves out (e.g. "scores by category").
                       [(bgstats_link(p), _("To fit this window it leaves out the {left} ({save} keeps them).")
                         .format(left=left, save=save)) for p, left in shorter(play)])


def _home_lines(playing: Sequence[Any], when: Callable[[datetime], str]) -> tuple[list[Unfinished], list[str]]:
    """Home's line for each game in play (`GameRecord` or the plain-SQL row alike), and a sentence for each game of
    a kind this companion does not know."""
    return ([Unfinished(g.id, g.players, g.variant, when(g.started_at), g.last_seq, games.game(g.kind).name)
             for g in playing if games.known(g.kind)],
            [_("game {id} ({players}) is a game of {kind}, which this companion does not know").format(
                id=g.id, players=", ".join(g.players), kind=repr(g.kind)) for g in playing if not games.known(g.kind)])
