"""Home: resume an unfinished game, or go to another part of the companion."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from scoring.i18n import LANGUAGES, N_, NC_, _, language, ngettext

from .footer import Footer
from .header import Header

SHARED = (("players", N_("Players and history")),)  # after the games' own entries (translated where shown)


class Entry(Protocol):
    """A game's line on Home (companion/game.py's Entry): the choice it posts, its label, the key that opens it and
    that key's name in the footer (None: not in the footer)."""

    @property
    def choice(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def key(self) -> str | None: ...
    @property
    def footer(self) -> str | None: ...


@runtime_checkable
class KeepsKeys(Protocol):
    """An app that keeps the keys typed while the screen chosen opens (screens/type_ahead.py)."""

    def hold_keys(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Unfinished:
    """What Home shows of a game still being played (the app hands these down; Home reads no database)."""

    id: int
    players: tuple[str, ...]
    variant: str
    started: str  # e.g. "2026-11-21 20:15"
    events: int
    game: str  # the game's name, as Home says it ("Origin Story")


class HomeScreen(Screen[None]):
    # The descriptions are translated where the bindings are made (_bind), in the language in use then.
    # TRANSLATORS: Home's footer is full at 80 columns: no word longer than the English one (Players, Quit).
    BINDINGS = [Binding("p", "choose('players')", NC_("the players' profiles and history", "Players")),
                Binding("q", "app.quit", N_("Quit")),
                Binding("l", "language", N_("Language"), show=False),  # the footer has no room: in the palette
                Binding("delete,x", "abandon", N_("Abandon"), show=False)]  # said in the line above the games

    def __init__(self, entries: Sequence[Entry] = ()) -> None:
        super().__init__()
        self.game_entries = tuple(entries)
        self.kept: tuple[list[Unfinished], str, list[str] | None] | None = None  # games read while Home was covered
        self._bind()

    def _bind(self) -> None:
        """Home's entries and keys in the language in use."""
        self.entries = (*((e.choice, _(e.label)) for e in self.game_entries), *((k, _(label)) for k, label in SHARED))
        # The games' keys first, then Home's own: the footer shows them in this order.
        keys = [Binding(e.key, f"choose({e.choice!r})", _(e.footer or e.label), show=e.footer is not None)
                for e in self.game_entries if e.key]
        own = [replace(b, description=_(b.description)) for b in self.BINDINGS if isinstance(b, Binding)]
        self._bindings = BindingsMap([*keys, *own])

    class Ready(Message):
        """Home is on screen and can be told what is in progress."""

    class Abandon(Message):
        """Leave this game in progress for good (the player said yes)."""

        def __init__(self, game_id: int) -> None:
            super().__init__()
            self.game_id = game_id

    class Language(Message):
        """Speak this language from now on (a key of scoring/i18n.py's LANGUAGES)."""

        def __init__(self, code: str) -> None:
            super().__init__()
            self.code = code

    class Chosen(Message):
        """The player picked an entry: a game's entry, a shared one (SHARED), or "resume:ID" (a game of any kind)."""

        def __init__(self, choice: str) -> None:
            super().__init__()
            self.choice = choice

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(_("Opening your games…"), id="status")
        yield OptionList(id="menu")
        yield Footer()

    def show_games(self, games: list[Unfinished], problem: str = "", damaged: list[str] | None = None) -> None:
        """The games in progress, once the app has read them (or the reason it could not); `damaged` names the
        games that could not be read (the others are listed as usual). Under another screen they are kept for Home's
        return: Home is not laid out again while the screen over it opens."""
        if self.app.screen is not self:
            self.kept = (games, problem, damaged)
            return
        self.kept = None
        status = self.query_one("#status", Static)
        if problem:
            status.update(_("[b]The database could not be opened:[/b] {problem}").format(problem=escape(problem)))
        elif not games and not damaged:
            status.update(_("Welcome! No game is in progress. Start a new game to record it turn by turn, or quick "
                            "score one you played on paper."))
        else:
            text = (ngettext("{n} game in progress: pick one to resume (x abandons the one highlighted).",
                             "{n} games in progress: pick one to resume (x abandons the one highlighted).",
                             len(games)).format(n=len(games)) if games else _("No game can be resumed."))
            status.update(text + "".join("\n" + _("[b]Not listed:[/b] {game}").format(game=escape(d))
                                         for d in damaged or ()))
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.add_options([Option(_("Resume {game} game {id}: {players} ({variant}, started {started}, {events})")
                                 .format(game=g.game, id=g.id, players=", ".join(g.players), variant=g.variant,
                                         started=g.started,
                                         events=ngettext("{n} event", "{n} events", g.events).format(n=g.events)),
                                 id=f"resume:{g.id}")
                          for g in games])
        menu.add_options([Option(label, id=key) for key, label in self.entries])
        menu.highlighted = 0

    def on_mount(self) -> None:
        self.title = "Origami companion"
        menu = self.query_one("#menu", OptionList)
        menu.add_options([Option(label, id=key) for key, label in self.entries])
        menu.highlighted = 0
        menu.focus()

    def on_screen_resume(self) -> None:
        if self.kept is not None:  # read while Home was under another screen
            self.show_games(*self.kept)
        # On screen, first or again (back from a game or a quick score: what is in progress may differ).
        self.post_message(self.Ready())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.action_choose(event.option.id)

    def action_abandon(self) -> None:
        from .ask import Confirm

        menu = self.query_one("#menu", OptionList)
        option = menu.get_option_at_index(menu.highlighted) if menu.highlighted is not None else None
        if option is None or option.id is None or not option.id.startswith("resume:"):
            self.notify(_("Highlight a game in progress first (x abandons it)."))
            return
        game_id = int(option.id.split(":")[1])

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(self.Abandon(game_id))

        self.app.push_screen(Confirm(_("Abandon game {id}?").format(id=game_id),
                                     _("{game}. It leaves this list and counts in no statistics; its log is kept "
                                       "(`companion games` lists it as abandoned).").format(game=option.prompt)),
                             answered)

    def action_language(self) -> None:
        """The next language (l again goes on to the one after it, back to the first)."""
        codes = list(LANGUAGES)
        self.post_message(self.Language(codes[(codes.index(language()) + 1) % len(codes)]))

    async def speak(self) -> None:
        """Say everything again in the language now in use (the app then lists the games in progress anew)."""
        self._bind()
        await self.recompose()
        self.on_mount()
        self.refresh_bindings()

    def opens(self, key: str) -> bool:
        """`key` opens another screen: the keys typed after it are for that screen (screens/type_ahead.py)."""
        if key == "enter":
            menu = self.query_one("#menu", OptionList)
            return self.focused is menu and menu.highlighted is not None
        return any(b.action.startswith("choose(") for b in self._bindings.key_to_bindings.get(key, ()))

    def action_choose(self, choice: str) -> None:
        if isinstance(self.app, KeepsKeys):  # what is typed on goes to the screen chosen, not to Home's letters
            self.app.hold_keys()
        self.post_message(self.Chosen(choice))
