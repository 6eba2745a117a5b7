"""The table app (Textual). The first screen paints before the database is opened: SQLAlchemy and the store load in
a worker thread. The App composes: Home is its own, and each part of the companion is a controller it owns, made
when first used — one per game (from the registry: companion/games.py) and one for the players and their history.
Screens only show and ask; they reach the controllers by messages, routed here by the message's type. Every write
happens on the main thread, in order."""
from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import SystemCommand
from textual.events import Event
from textual.message import Message
from textual.screen import Screen
from textual.theme import Theme

from scoring.errors import InputError
from scoring.i18n import ENGLISH, LANGUAGES, _, language
from screens.home import SHARED, HomeScreen, Unfinished

from . import games, settings, warm
from .languages import use
from .shell import TABLE_LINK, NotOpen, Shell, said

if TYPE_CHECKING:
    from db.store import Store

    from .game import Controller, GameController
    from .players import PlayersController

OWN = HomeScreen.__module__  # the screen whose messages the app handles itself
FOLLOW = 1.0  # seconds between looks at the game on screen for actions recorded in another window


# High contrast (white on black, bright accents) for a dim room, a glaring one or weak eyes: chosen in the command
# palette ("Change theme") like Textual's own. Textual fades muted and disabled text to 60% and 38% of the
# foreground; here they stay readable (the completion shown as you type is muted text on a focused field's tint).
HIGH_CONTRAST = Theme(
    name="high-contrast", primary="#ffd700", secondary="#5fd7ff", accent="#00d7ff", warning="#ffaf00",
    error="#ff5f5f", success="#5fff5f", foreground="#ffffff", background="#000000", surface="#000000",
    panel="#262626", boost="#1c1c1c", dark=True, text_alpha=1.0,
    variables={"text-muted": "#d0d0d0", "text-disabled": "#bcbcbc", "foreground-muted": "#d0d0d0",
               "footer-key-foreground": "#ffd700", "input-selection-background": "#00d7ff 45%"})


class CompanionApp(Shell):
    TITLE = "Origami companion"
    THEMES = (HIGH_CONTRAST,)

    def __init__(self, db_url: str | None = None, catalogues: Mapping[str, Any] | None = None,
                 files: Sequence[Path] = ()) -> None:
        super().__init__(db_url, catalogues, files)
        self.controllers: dict[str, GameController] = {}  # a game's kind -> its controller, once used
        self.players: PlayersController | None = None  # the players and their history, once visited
        self.routes: dict[type[Message], Callable[[Any], object]] = {}  # a screen's message -> what handles it
        self.unrouted: set[type[Message]] = set()  # messages of a game's screens that no controller handles
        self.owners = {e.choice: g.kind for g in games.every() for e in g.entries}  # Home's choice -> its game
        self.chosen_early: str | None = None  # a choice made before the database was open
        self.kinds: dict[int, str] = {}  # a game resumed -> its kind (a game's kind never changes)

    def controller(self, kind: str) -> GameController:
        """The controller of the game of `kind`, made when first asked for. Its handlers are asked for when one of its
        screens first posts a message (`route`): they import every screen of the game (~0.1 s before the warming),
        which a table resumed as the app starts would otherwise wait for before its frame."""
        found = self.controllers.get(kind)
        if found is None:
            found = self.controllers[kind] = games.game(kind).controller(self)
            self.unrouted.clear()  # it may handle one
        return found

    def history(self) -> PlayersController:
        if self.players is None:
            from .players import PlayersController

            self.players = PlayersController(self)
            self.routes.update(self.players.handlers())
        return self.players

    def parts(self) -> list[Controller]:
        return [*self.controllers.values(), *([self.players] if self.players is not None else [])]

    @on(Message)
    def route(self, message: Message) -> None:
        """A message from a screen, to the controller that handles its type (other messages pass on). A screen of a
        game whose controller is not made yet (a screen opened by another) has it made."""
        if isinstance(message, Event):
            return
        handler = self.routes.get(type(message))
        if handler is None:
            # Textual's messages and Home's (the app's own) are never a controller's: they do not make it import its
            # screens (a screen opened from Home would wait for them).
            if type(message) in self.unrouted or type(message).__module__.startswith(("textual.", OWN)):
                return
            module = type(message).__module__
            owner = next((g.kind for g in games.every()
                          if module == g.screens or module.startswith(f"{g.screens}.")), None)
            # The game whose screen posted it; a shared screen's (a value asked for): every controller made so far.
            for kind in [owner] if owner is not None else list(self.controllers):
                self.routes.update(self.controller(kind).handlers())
            handler = self.routes.get(type(message))
            if handler is None:
                self.unrouted.add(type(message))  # a screen's own message, which no controller handles
                return
        message.stop()
        if self.store is None and self.opening:  # a screen filled by plain reads while the database opens
            self.when_open(partial(self.call_later, self.handle, handler, message))  # once it is open, in turn
        else:
            self.handle(handler, message)

    def handle(self, handler: Callable[[Any], object], message: Message) -> None:
        try:
            handler(message)
        except NotOpen as exc:  # the database could not be opened (Home says why)
            self.notify(said(exc), severity="warning")

    def on_mount(self) -> None:
        self.set_interval(FOLLOW, self.follow_elsewhere)

    def follow_elsewhere(self) -> None:
        """A second window on the same game follows what the first records (one small read a second)."""
        if self.store is None or not self.screen_stack:  # the timer can tick once more while the app closes
            return
        try:
            for part in self.parts():
                part.follow()
        except InputError:  # the database went away or the game is gone: the next action says so
            return

    def get_default_screen(self) -> Screen[None]:
        # Home is the first screen itself: no blank default screen is drawn (and replaced) before it.
        return self.home

    # --- Home ---------------------------------------------------------------------------------------------
    def go(self, choice: str) -> None:
        self.home.post_message(HomeScreen.Chosen(choice))

    def on_home_screen_chosen(self, message: HomeScreen.Chosen) -> None:
        # Chosen while the database opens: a game's entry opens at once (its controller pushes the screen's frame and
        # gives it what it shows of the database once that is open: Shell.give_when_open); the players screen opens
        # from plain reads of the file; a game in progress shows its table's frame when the plain reads say its game;
        # otherwise the choice waits for the database, the keys kept too.
        if self.store is None and self.opening and message.choice not in self.owners:
            if message.choice in dict(SHARED) and self.history().open_early():
                self.give_held_keys()
            elif self.resume_early(message.choice):  # a game in progress: its table's frame at once
                self.give_held_keys()
            else:  # it waits, the keys kept too
                self.chosen_early = message.choice
            return
        try:
            self.open_chosen(message.choice)
        finally:  # Home began keeping the keys typed on when the choice was made
            self.give_held_keys()

    def listed(self, version: int | None, games_: list[Unfinished], unlisted: list[str], problem: str = "") -> None:
        # Home names each game in progress by its game: that is its kind (a name two games share says nothing), so a
        # game chosen on Home is opened without reading its record first (~4 ms on the way to its table's frame).
        named = Counter(g.name for g in games.every())
        kinds = {g.name: g.kind for g in games.every() if named[g.name] == 1}
        self.kinds.update((g.id, kinds[g.game]) for g in games_ if g.game in kinds)
        super().listed(version, games_, unlisted, problem)

    def opened(self, store: Store) -> None:
        super().opened(store)
        if not self.closing:
            self.go_on_choosing()
            warm.warm_up(self)  # the screens' modules, in idle time (companion/warm.py)

    def not_opened(self) -> None:
        super().not_opened()
        self.go_on_choosing()  # Home says why; the choice is told it cannot open

    def go_on_choosing(self) -> None:
        choice, self.chosen_early = self.chosen_early, None
        if choice is not None:
            self.on_home_screen_chosen(HomeScreen.Chosen(choice))

    def resume_early(self, choice: str) -> bool:
        """A game in progress chosen while the store opens: its table's frame pushed at once, the game read once the
        store is open (the frame waits for it: Shell.when_open). False when the choice is not a game in progress or
        only the store can say which game it is (then the choice waits for the store)."""
        if not choice.startswith("resume:"):
            return False
        from db.location import default_url
        from db.quick import kind_of

        game_id = int(choice.split(":")[1])
        kind = kind_of(self.db_url or default_url(), game_id)
        if kind is None or not games.known(kind):
            return False
        self.kinds[game_id] = kind
        self.controller(kind).resume(game_id)
        return True

    def open_chosen(self, choice: str) -> None:
        try:
            if choice.startswith("resume:"):
                game_id = int(choice.split(":")[1])
                kind = self.kinds.get(game_id) or self.reader().games.get(game_id).kind
                self.kinds[game_id] = kind
                self.controller(kind).resume(game_id)
            elif choice in self.owners:
                self.controller(self.owners[choice]).open(choice)
            else:
                self.history().open(choice)
        except NotOpen as exc:
            self.notify(said(exc), severity="warning")
        except InputError as exc:
            self.notify(str(exc), title=_("Cannot open"), severity="error")

    def on_home_screen_abandon(self, message: HomeScreen.Abandon) -> None:
        try:
            self.reader().games.abandon(message.game_id)
        except InputError as exc:
            self.notify(str(exc), title=_("Not abandoned"), severity="error")
            return
        self.notify(_("Game {id} is abandoned: its log is kept.").format(id=message.game_id))
        self.load_games()

    # --- the command palette ------------------------------------------------------------------------------
    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette reaches every part of the companion, and the table's actions while a game is open."""
        yield from super().get_system_commands(screen)
        for key, label in (*((e.choice, e.label) for g in games.every() for e in g.entries), *SHARED):
            shown = _(label)  # English lowers the place's name in the help; other languages keep their nouns' case
            yield SystemCommand(shown, _("Go to: {place}").format(place=shown.lower() if language() == ENGLISH
                                                                   else shown), partial(self.go, key))
        for part in self.parts():
            yield from part.commands(screen)
        yield SystemCommand(_("Table link for phones"), _("A QR code the other players scan to follow the game"),
                            self.show_table_link)
        for code, name in LANGUAGES.items():
            yield SystemCommand(_("Language: {name}").format(name=name),
                                _("Home and the command line in {name}, kept for the next start (l on Home goes to "
                                  "the next language)").format(name=name), partial(self.speak, code))

    def on_home_screen_language(self, message: HomeScreen.Language) -> None:
        self.call_later(self.speak, message.code)

    async def speak(self, code: str) -> None:
        """Speak `code` from now on, kept in the settings for the next start: Home at once."""
        use(code)
        try:
            settings.set_language(code)
        except InputError as exc:  # spoken until the app closes all the same
            self.notify(str(exc), title=_("Language not kept"), severity="warning")
        await self.home.speak()
        self.when_open(self.load_games)

    def show_table_link(self) -> None:
        link = os.environ.get(TABLE_LINK)
        if not link:
            self.notify(_("Start the companion with `companion serve --network`: the other players' phones can then "
                          "follow the game, and this shows the QR code to scan."), timeout=10)
            return
        local = "://127.0.0.1:" in link
        said = [_("The other players scan this to follow the game (read-only): {link}").format(link=link),
                *([_("Only this machine can open it now: restart with `companion serve --network`.")] if local else []),
                _("Esc closes.")]
        self.show_code(link, "\n".join(said), _("enlarge the window, or type the link: {link}").format(link=link))


def make_app(db_url: str | None = None, catalogues: Mapping[str, Any] | None = None,
             files: Sequence[Path] = ()) -> CompanionApp:
    """The app, for the command line and the tests alike (`catalogues`: a game's cards to use instead of the shipped
    ones with the user's `files` over them)."""
    return CompanionApp(db_url, catalogues, files)
