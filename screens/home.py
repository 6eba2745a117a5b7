"""Home: resume an unfinished game, or go to another part of the companion."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from .footer import Footer

SHARED = (("players", "Players and history"),)  # after the games' own entries


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
    """An app that keeps the keys typed while the screen chosen opens (companion/type_ahead.py)."""

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
    BINDINGS = [Binding("p", "choose('players')", "Players"), Binding("q", "app.quit", "Quit"),
                Binding("delete,x", "abandon", "Abandon", show=False)]  # said in the line above the games

    def __init__(self, entries: Sequence[Entry] = ()) -> None:
        super().__init__()
        self.entries = (*((e.choice, e.label) for e in entries), *SHARED)
        # The games' keys first, then Home's own: the footer shows them in this order.
        keys = [Binding(e.key, f"choose({e.choice!r})", e.footer or e.label, show=e.footer is not None)
                for e in entries if e.key]
        self._bindings = BindingsMap([*keys, *self.BINDINGS])

    class Ready(Message):
        """Home is on screen and can be told what is in progress."""

    class Abandon(Message):
        """Leave this game in progress for good (the player said yes)."""

        def __init__(self, game_id: int) -> None:
            super().__init__()
            self.game_id = game_id

    class Chosen(Message):
        """The player picked an entry: a game's entry, a shared one (SHARED), or "resume:ID" (a game of any kind)."""

        def __init__(self, choice: str) -> None:
            super().__init__()
            self.choice = choice

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Opening your games…", id="status")
        yield OptionList(id="menu")
        yield Footer()

    def show_games(self, games: list[Unfinished], problem: str = "", damaged: list[str] | None = None) -> None:
        """The games in progress, once the app has read them (or the reason it could not); `damaged` names the
        games that could not be read (the others are listed as usual)."""
        status = self.query_one("#status", Static)
        if problem:
            status.update(f"[b]The database could not be opened:[/b] {escape(problem)}")
        elif not games and not damaged:
            status.update("Welcome! No game is in progress. Start a new game to record it turn by turn, or "
                          "quick score one you played on paper.")
        else:
            text = (f"{len(games)} game{'s' if len(games) != 1 else ''} in progress: pick one to resume (x abandons "
                    "the one highlighted)." if games else "No game can be resumed.")
            status.update(text + "".join(f"\n[b]Not listed:[/b] {escape(d)}" for d in damaged or ()))
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.add_options([Option(f"Resume {g.game} game {g.id}: {', '.join(g.players)} "
                                 f"({g.variant}, started {g.started}, "
                                 f"{g.events} event{'s' if g.events != 1 else ''})", id=f"resume:{g.id}")
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
            self.notify("Highlight a game in progress first (x abandons it).")
            return
        game_id = int(option.id.split(":")[1])

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(self.Abandon(game_id))

        self.app.push_screen(Confirm(f"Abandon game {game_id}?", f"{option.prompt}. It leaves this list and counts "
                                     "in no statistics; its log is kept (`companion games` lists it as abandoned)."),
                             answered)

    def opens(self, key: str) -> bool:
        """`key` opens another screen: the keys typed after it are for that screen (companion/type_ahead.py)."""
        if key == "enter":
            menu = self.query_one("#menu", OptionList)
            return self.focused is menu and menu.highlighted is not None
        return any(b.action.startswith("choose(") for b in self._bindings.key_to_bindings.get(key, ()))

    def action_choose(self, choice: str) -> None:
        if isinstance(self.app, KeepsKeys):  # what is typed on goes to the screen chosen, not to Home's letters
            self.app.hold_keys()
        self.post_message(self.Chosen(choice))
