"""The table app (Textual). The first screen paints before the database is opened: SQLAlchemy and the store
load in a worker thread. Screens only show and ask; every write happens here, on the main thread, in order."""
from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from textual import work
from textual.app import App, SystemCommand
from textual.screen import Screen

from scoring.catalog import Catalogue
from scoring.errors import InputError
from screens.home import ENTRIES, HomeScreen, Unfinished

if TYPE_CHECKING:  # the other screens, the engine and the database load when first used, not at start-up
    from db.store import Store
    from scoring import commands as c
    from screens.deal import DealScreen
    from screens.new_game import NewGameScreen
    from screens.players import PlayersScreen
    from screens.question import ValueGiven
    from screens.quick import QuickScoreScreen
    from screens.rules import RulesScreen
    from screens.table import TableScreen, TableView
    from screens.under_way import UnderWayScreen

    from .session import GameSession

RECENT = 6  # log lines the table shows
GAMES_SHOWN = 20  # a player's latest finished games on the players screen
S = TypeVar("S", bound=Screen[None])


class CompanionApp(App[None]):
    TITLE = "Origami companion"

    def __init__(self, db_url: str | None = None, catalogue: Catalogue | None = None) -> None:
        super().__init__()
        self.db_url = db_url
        self.base = catalogue  # shipped + the user's files; the database's card values go over it
        self.store: Store | None = None
        self.catalogue: Catalogue | None = None
        self.session: GameSession | None = None  # the game on the table
        self.home = HomeScreen()

    def on_mount(self) -> None:
        self.push_screen(self.home)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette reaches every part of the companion, and the table's actions while a game is open."""
        from screens.table import TableScreen

        yield from super().get_system_commands(screen)
        for key, label in ENTRIES:
            yield SystemCommand(label, f"Go to: {label.lower()}", partial(self.go, key))
        if isinstance(screen, TableScreen):
            yield SystemCommand("Undo the last action", "Take back the latest action (kept in the log)",
                                screen.action_undo)
            yield SystemCommand("Score the game", "Final scoring, once the game is over", screen.action_finish)

    def go(self, choice: str) -> None:
        self.home.post_message(HomeScreen.Chosen(choice))

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
        self.base = self.base or shipped()
        return store, with_values(self.base, store.card_values())

    def opened(self, store: Store, catalogue: Catalogue) -> None:
        self.store, self.catalogue = store, catalogue

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

    # --- where Home leads -------------------------------------------------------------------------
    def on_home_screen_chosen(self, message: HomeScreen.Chosen) -> None:
        from screens.catalogue import CatalogueScreen
        from screens.new_game import NewGameScreen
        from screens.players import PlayersScreen
        from screens.quick import QuickScoreScreen

        if message.choice == "rules":
            self.push_screen(self.rules_screen())
            return
        if self.store is None or self.catalogue is None:
            self.notify("The database is still opening (or could not be opened: see Home).", severity="warning")
            return
        profiles = [p.name for p in self.store.players()]
        if message.choice == "quick":
            self.push_screen(QuickScoreScreen(self.catalogue, profiles))
        elif message.choice == "new":
            self.push_screen(NewGameScreen(self.catalogue, profiles))
        elif message.choice == "catalogue":
            self.push_screen(CatalogueScreen(self.catalogue))
        elif message.choice == "players":
            self.push_screen(PlayersScreen(profiles))
        elif message.choice.startswith("resume:"):
            self.resume(int(message.choice.split(":")[1]))

    # --- players and history (reads in workers; renames and merges on the main thread) -------------
    def on_players_screen_chosen(self, message: PlayersScreen.Chosen) -> None:
        self.load_stats(message.name)

    @work(thread=True, exit_on_error=False, group="reads")
    def load_stats(self, name: str) -> None:
        from screens.players import PlayersScreen
        from .history import stats_text

        store = self.reader()
        try:
            stats = store.player_stats(name)
            games = store.games(status="finished", player=name)[:GAMES_SHOWN]
            lines = [(g.id, self.game_line(g.id, f"{g.finished_at:%Y-%m-%d}", g.variant, store.results(g.id)))
                     for g in games]
        except InputError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.call_from_thread(self.screen_of(PlayersScreen).show_stats, name, stats_text(stats),
                              [score for _, _, score in stats.trend], lines)

    def on_players_screen_show_game(self, message: PlayersScreen.ShowGame) -> None:
        from screens.sheet import SheetScreen
        from .render import stored_sheet

        store = self.reader()
        try:
            game = store.game(message.game_id)
            sheet = stored_sheet(store.results(game.id), game.tie_break)
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        day = f"{game.finished_at:%Y-%m-%d}" if game.finished_at else ""
        self.push_screen(SheetScreen(sheet, f"Game {game.id} · {day} · {game.variant}"))

    @staticmethod
    def game_line(game_id: int, day: str, variant: str, results: list[dict[str, object]]) -> str:
        scores = ", ".join(f"{r['name']} {r['score']}{' (won)' if r['winner'] else ''}" for r in results)
        return f"game {game_id} · {day} · {variant} · {scores}"

    def screen_of(self, kind: type[S]) -> S:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, kind):
                return screen
        raise InputError(f"the {kind.__name__} is closed")

    def on_players_screen_versus(self, message: PlayersScreen.Versus) -> None:
        self.load_versus(message.a, message.b)

    @work(thread=True, exit_on_error=False, group="reads")
    def load_versus(self, a: str, b: str) -> None:
        from screens.players import PlayersScreen

        try:
            h = self.reader().head_to_head(a, b)
            text = (f"{h.a.name} against {h.b.name}: {h.games} games together; {h.a.name} ahead {h.a_ahead}, "
                    f"{h.b.name} ahead {h.b_ahead}, level {h.level}.")
        except InputError as exc:
            text = str(exc)
        self.call_from_thread(self.screen_of(PlayersScreen).show_versus, text)

    def on_players_screen_rename(self, message: PlayersScreen.Rename) -> None:
        self.change_profiles(lambda store: store.rename_player(message.old, message.new),
                             f"{message.old} is now {message.new}.")

    def on_players_screen_merge(self, message: PlayersScreen.Merge) -> None:
        self.change_profiles(lambda store: store.merge_players(message.source, message.into),
                             f"{message.source} merged into {message.into}.")

    def change_profiles(self, change: Callable[[Store], object], done: str) -> None:
        from screens.players import PlayersScreen

        store = self.reader()
        try:
            change(store)
        except InputError as exc:
            self.notify(str(exc), title="Not changed", severity="error")
            return
        self.notify(done)
        screen = self.screen_of(PlayersScreen)
        screen.current = None
        screen.show_profiles([p.name for p in store.players()])

    # --- a game on the table ----------------------------------------------------------------------
    def resume(self, game_id: int) -> None:
        from .session import GameSession

        try:
            self.session = GameSession(self.reader(), game_id, self.base_catalogue())
        except InputError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error")
            return
        self.push_screen(self.game_screen())

    def game_screen(self, under_way: bool = False) -> DealScreen | UnderWayScreen | TableScreen:
        """The table, or before it the deal (or the table as it stands, for a game joined under way)."""
        from scoring.state import Phase
        from screens.deal import DealScreen
        from screens.table import TableScreen
        from screens.under_way import UnderWayScreen

        session = self.game()
        if session.state.phase is Phase.SETUP:
            setup = UnderWayScreen if under_way else DealScreen
            return setup(session.game_id, session.state, session.catalogue)
        return TableScreen(self.table_view())

    def game(self) -> GameSession:
        if self.session is None:
            raise InputError("no game is open")
        return self.session

    def table_view(self) -> TableView:
        from screens.table import TableView
        from .replay import sentence
        from .session import undone_actions

        session = self.game()
        names = tuple(p.name for p in session.state.players)
        undone = undone_actions(session.log)
        recent = tuple(("(undone) " if entry.action in undone and entry.seq == entry.action else "")
                       + sentence(entry.event, names) for entry in session.log[-RECENT:])
        return TableView(session.game_id, session.state, session.catalogue, recent)

    def on_new_game_screen_start(self, message: NewGameScreen.Start) -> None:
        from .session import GameSession

        store, _ = self.ready()
        started = GameSession.start(store, message.command, self.base_catalogue(), key=uuid.uuid4().hex)
        if not isinstance(started, GameSession):
            self.notify(str(started), title="Refused", severity="error")
            return
        self.session = started
        self.switch_screen(self.game_screen(message.under_way))

    def on_deal_screen_other_start(self) -> None:
        from screens.deal import DealScreen

        self.switch_screen(self.game_screen(under_way=isinstance(self.screen, DealScreen)))

    def on_under_way_screen_entered(self, message: UnderWayScreen.Entered) -> None:
        from screens.table import TableScreen

        if self.record(message.command):
            self.switch_screen(TableScreen(self.table_view()))

    def on_deal_screen_dealt(self, message: DealScreen.Dealt) -> None:
        from scoring import commands as c
        from screens.table import TableScreen

        lot = random.SystemRandom().choice(message.tied) if len(message.tied) > 1 else None
        if self.record(c.Deal(message.hands, message.line, lot)):
            if lot is not None:
                self.notify(f"The lot picks {self.game().state.players[lot].name} to start.")
            self.switch_screen(TableScreen(self.table_view()))

    def on_table_screen_submit(self, message: TableScreen.Submit) -> None:
        from screens.table import TableScreen

        if self.record(message.command) and isinstance(self.screen, TableScreen):
            self.screen.recorded(self.table_view())

    def record(self, command: c.Command) -> bool:
        """Check and record one action (one idempotency key per intent); True when it is on disk."""
        from scoring.errors import MissingValue
        from screens.deal import DealScreen
        from screens.question import ask_value
        from screens.table import TableScreen
        from screens.under_way import UnderWayScreen
        from db.errors import StaleGame

        session = self.game()
        try:
            submitted = session.submit(command, uuid.uuid4().hex)
        except StaleGame:
            self.notify("This game changed in another window: the table now shows what was recorded there.",
                        severity="warning")
            self.refresh_table()
            return False
        except MissingValue as missing:
            ask_value(self.screen, missing)
            return False
        except InputError as exc:
            self.notify(str(exc), title="Not recorded", severity="error")
            return False
        if not submitted.accepted:
            if isinstance(self.screen, (TableScreen, DealScreen, UnderWayScreen)):
                self.screen.refused(str(submitted.decision))
            return False
        return True

    def refresh_table(self) -> None:
        from screens.table import TableScreen

        if isinstance(self.screen, TableScreen):
            self.screen.show(self.table_view())

    def on_table_screen_undo(self) -> None:
        from .replay import sentence

        session = self.game()
        try:
            target = session.undo("undone at the table", uuid.uuid4().hex)
        except InputError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.notify(f"Undone: {sentence(target.event, tuple(p.name for p in session.state.players))}")
        self.refresh_table()

    def on_table_screen_explain(self, message: TableScreen.Explain) -> None:
        self.push_screen(self.rules_screen(at=message.rule or None))

    def rules_screen(self, at: str | None = None) -> RulesScreen:
        """The reference for the game on the table (its number of players), with every card's clarification."""
        from screens.rules import RulesScreen

        from .catalogue import shipped

        players = self.session.state.count if self.session is not None else None
        return RulesScreen(at, players, (self.catalogue or shipped()).cards.values())

    def on_table_screen_finish(self) -> None:
        from scoring.errors import MissingValue
        from screens.question import ask_value
        from screens.sheet import SheetScreen

        session = self.game()
        try:
            sheet = session.finish()
        except MissingValue as missing:
            ask_value(self.screen, missing)
            return
        except InputError as exc:
            self.notify(str(exc), title="Not yet", severity="warning")
            return
        self.push_screen(SheetScreen(sheet, f"Game {session.game_id}: final score"))

    # --- writes -----------------------------------------------------------------------------------
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
        from .catalogue import remember

        try:
            self.catalogue = remember(*self.ready(), card, field, value)
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return None
        self.notify(f"{card}: {field.replace('_', ' ')} = {value} saved in your catalogue.")
        return self.catalogue

    def on_quick_score_screen_save(self, message: QuickScoreScreen.Save) -> None:
        from screens.quick import QuickScoreScreen
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
