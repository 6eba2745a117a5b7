"""The players and their history in the app: a player's statistics and head-to-head read in workers, a finished
game's sheet (its game's controller shows it), renames and merges (writes on the main thread)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.message import Message
from textual.screen import Screen

from db.errors import DamagedGame
from scoring.errors import InputError
from scoring.i18n import _

from . import games

if TYPE_CHECKING:  # only named: `p` on Home imports this module on the players screen's way to its first frame
    from db.records import GameRecord
    from db.store import Store
    from screens.given import Given
    from screens.players import PlayersScreen

    from .shell import Shell

GAMES_SHOWN = 20  # a player's latest finished games on the players screen


class PlayersController:
    def __init__(self, app: Shell) -> None:
        self.app = app
        self.screen: PlayersScreen | None = None

    def handlers(self) -> Mapping[type[Message], Callable[[Any], object]]:
        from screens.players import PlayersScreen

        return {PlayersScreen.Chosen: lambda m: self.read(self.stats, m.name),
                PlayersScreen.Versus: lambda m: self.read(self.versus, m.a, m.b),
                PlayersScreen.ShowGame: self.show_game, PlayersScreen.Rename: self.rename,
                PlayersScreen.Merge: self.merge}

    def open(self, choice: str) -> None:
        from screens.given import Given

        profiles: Given[list[str]] = Given()
        self.show(profiles)
        self.app.give_when_open(lambda: profiles.give(self.app.profile_names()), profiles)

    def open_early(self) -> bool:
        """The screen while the database is still opening, its profiles' names read in plain SQL (neither SQLAlchemy
        nor the history's records needed); False when only the store can read them. What the screen asks next waits
        for the store (`when_open`)."""
        from .shell import OnlyStore

        try:
            names = self.app.profile_names()
        except OnlyStore:
            return False
        self.show(names)
        return True

    def show(self, profiles: list[str] | Given[list[str]]) -> None:
        from screens.players import PlayersScreen

        self.screen = PlayersScreen(profiles)
        self.app.push_screen(self.screen)

    def follow(self) -> None:
        return None

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return ()

    def read(self, reading: Callable[..., None], *args: str) -> None:
        """A slow read in a worker thread (the screen stays live); what it finds is shown on the main thread."""
        self.app.when_open(partial(self.app.run_worker, partial(reading, *args), thread=True, exit_on_error=False,
                                   group="reads"))

    def stats(self, name: str) -> None:
        from .figures import blocks, player_lines
        from .local_time import day

        try:
            visit = self.app.reader().stats.visit(name, GAMES_SHOWN)  # statistics, ratings and latest games: one read
        except InputError as exc:
            self.app.call_from_thread(self.app.notify, str(exc), severity="error")
            return
        first, others = blocks(visit.stats)
        ratings = player_lines(visit.ratings, visit.stats.player.id)
        lines = [(g.id, line_or_damage(g.id, day(g.finished_at) if g.finished_at else "", played(g), sheet))
                 for g, sheet in visit.latest]
        # Beside another game's block, each block is titled with its game's name, and the first game's is left out
        # when the player has none of its games, so that "0 games" above the other does not read as their whole
        # history.
        shown = [*([first] if first.games or not others else []), *others]
        if self.screen is not None:
            self.app.call_from_thread(self.screen.show_stats, name,
                                      "\n".join([*(s.titled if others else s.text for s in shown), *ratings]),
                                      list(first.trend), lines)

    def versus(self, a: str, b: str) -> None:
        from .figures import head_to_head

        try:
            v = self.app.reader().stats.versus(a, b)
            lines = head_to_head(v, f"{v.a.name} against {v.b.name}")[1]
        except InputError as exc:
            lines = [(str(exc), "")]
        if self.screen is not None:
            self.app.call_from_thread(self.screen.show_versus, lines)

    def show_game(self, message: PlayersScreen.ShowGame) -> None:
        self.app.when_open(partial(self.show_sheet, message.game_id))

    def show_sheet(self, game_id: int) -> None:
        try:
            store = self.app.reader()
            game = store.games.get(game_id)
            results = store.results.of(game.id)
        except InputError as exc:
            self.app.notify(str(exc), severity="error")
            return
        self.app.controller(game.kind).show_finished(game, results)

    def rename(self, message: PlayersScreen.Rename) -> None:
        self.change(lambda store: store.profiles.rename(message.old, message.new),
                    _("{old} is now {name}.").format(old=message.old, name=message.new))

    def merge(self, message: PlayersScreen.Merge) -> None:
        self.change(lambda store: store.profiles.merge(message.source, message.into),
                    _("{old} merged into {name}.").format(old=message.source, name=message.into))

    def change(self, change: Callable[[Store], object], done: str) -> None:
        self.app.when_open(partial(self.write, change, done))

    def write(self, change: Callable[[Store], object], done: str) -> None:
        try:
            store = self.app.reader()
            change(store)
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not changed"), severity="error")
            return
        self.app.notify(done)
        if self.screen is not None and self.screen in self.app.screen_stack:  # after a wait, it may be gone
            self.screen.current = None
            self.screen.show_profiles([p.name for p in store.profiles.all()])


def played(game: GameRecord) -> str:
    """The game a line is about: its variant, after its game's name but for the unmarked game's (the only one there
    was when these lines were first written)."""
    return game.variant if game.kind == games.UNMARKED else f"{games.game(game.kind).name} {game.variant}"


def line_or_damage(game_id: int, day: str, variant: str, results: list[dict[str, Any]] | DamagedGame) -> str:
    """The game's line, or what is wrong with it when its results are damaged (the other lines still show)."""
    if isinstance(results, DamagedGame):
        return f"game {game_id} · {day} · {results}"
    return game_line(game_id, day, variant, results)


def game_line(game_id: int, day: str, variant: str, results: list[dict[str, object]]) -> str:
    """The winners first, so that a line cut at the window's edge still says who won."""
    ordered = sorted(results, key=lambda r: not r["winner"])
    scores = ", ".join(f"{r['name']} {'?' if r['score'] is None else r['score']}{' (won)' if r['winner'] else ''}"
                       for r in ordered)
    return f"game {game_id} · {day} · {variant} · {scores}"
