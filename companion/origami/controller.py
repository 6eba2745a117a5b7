"""A game on the table in the app: new game, the deal or the table as it stands, every action checked and
recorded (decide -> append -> evolve in GameSession), undo, the rules at a refusal, the final score."""
from __future__ import annotations

import random
import uuid
from typing import TYPE_CHECKING

from scoring.errors import InputError

from ..app_base import AppBase

if TYPE_CHECKING:
    from scoring.origami import commands as c
    from screens.origami.deal import DealScreen
    from screens.origami.new_game import NewGameScreen
    from screens.origami.rules import RulesScreen
    from screens.origami.table import TableScreen, TableView
    from screens.origami.under_way import UnderWayScreen

    from .session import GameSession

RECENT = 40  # log lines the table keeps (a tall window shows as many as fit)


class GameFlow(AppBase):
    def origin_resume(self, game_id: int) -> None:
        raise NotImplementedError  # OriginFlow's, in the app
    def resume(self, game_id: int) -> None:
        from ..origin import KIND as ORIGIN_STORY
        from .session import GameSession

        try:
            if self.reader().games.get(game_id).kind == ORIGIN_STORY:  # the other game's screens
                self.origin_resume(game_id)
                return
            self.session = GameSession(self.reader(), game_id, self.base_catalogue())
        except InputError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error")
            return
        if self.session.problems:  # resumed as stored, but said: a deleted or duplicated event shows here
            self.notify(f"Game {game_id}'s log is not sound: {'; '.join(self.session.problems)}. `companion replay "
                        f"{game_id}` shows where; restore a backup copy of the database to repair it.",
                        title="Damaged log", severity="warning", timeout=30)
        self.push_screen(self.game_screen())

    def game_screen(self, under_way: bool | None = None) -> DealScreen | UnderWayScreen | TableScreen:
        """The table, or before it the deal (or the table as it stands, for a game joined under way); None: the
        form the set-up was last being entered on (a game resumed)."""
        from scoring.origami.state import Phase
        from screens.origami.deal import DealScreen
        from screens.origami.table import TableScreen
        from screens.origami.under_way import UnderWayScreen

        from .. import settings

        session = self.game()
        if session.state.phase is Phase.SETUP:
            if under_way is None:
                under_way = settings.setup_under_way(session.record.uid)
            else:
                settings.keep_setup_form(session.record.uid, under_way)
            setup = UnderWayScreen if under_way else DealScreen
            return setup(session.game_id, session.state, session.catalogue)
        return TableScreen(self.table_view())

    def game(self) -> GameSession:
        if self.session is None:
            raise InputError("no game is open")
        return self.session

    def table_view(self) -> TableView:
        from screens.origami.table import TableView

        from ..log_session import undone_actions
        from .replay import sentence

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
        from screens.origami.deal import DealScreen

        self.switch_screen(self.game_screen(under_way=isinstance(self.screen, DealScreen)))

    def on_under_way_screen_entered(self, message: UnderWayScreen.Entered) -> None:
        from screens.origami.table import TableScreen

        if self.record(message.command):
            self.switch_screen(TableScreen(self.table_view()))

    def on_deal_screen_dealt(self, message: DealScreen.Dealt) -> None:
        from scoring.origami import commands as c
        from screens.origami.table import TableScreen

        lot = random.SystemRandom().choice(message.tied) if len(message.tied) > 1 else None
        if self.record(c.Deal(message.hands, message.line, lot)):
            if lot is not None:
                self.notify(f"The lot picks {self.game().state.players[lot].name} to start.")
            self.switch_screen(TableScreen(self.table_view()))

    def on_table_screen_submit(self, message: TableScreen.Submit) -> None:
        from screens.origami.table import TableScreen

        if self.record(message.command) and isinstance(self.screen, TableScreen):
            self.screen.recorded(self.table_view())

    def record(self, command: c.Command) -> bool:
        """Check and record one action (one idempotency key per intent); True when it is on disk."""
        from db.errors import StaleGame
        from scoring.errors import MissingValue
        from screens.origami.deal import DealScreen
        from screens.origami.question import ask_value
        from screens.origami.table import TableScreen
        from screens.origami.under_way import UnderWayScreen

        session = self.game()
        try:
            submitted = session.submit(command, uuid.uuid4().hex)
        except StaleGame:
            self.notify("This game changed in another window: the table now shows what was recorded there.",
                        severity="warning")
            self.refresh_table()
            return False
        except MissingValue as missing:
            if isinstance(self.screen, TableScreen):
                self.screen.ask(missing, "line")  # the action goes on once the value is given
            else:
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

    def follow_origami(self) -> None:
        """Another window (or machine) recorded on the game on this table: show it (what is typed stays)."""
        from screens.origami.table import TableScreen

        session = self.session
        if session is None or not isinstance(self.screen, TableScreen):
            return
        if self.reader().log.last_seq(session.game_id) != session.seq:
            session.reload()
            self.refresh_table()

    def refresh_table(self) -> None:
        from screens.origami.table import TableScreen

        if isinstance(self.screen, TableScreen):
            self.screen.show(self.table_view())

    def on_table_screen_undo(self) -> None:
        from scoring.origami.events import PositionEntered
        from scoring.origami.state import Phase

        from .replay import sentence

        session = self.game()
        try:
            target = session.undo("undone at the table", uuid.uuid4().hex)
        except InputError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.notify(f"Undone: {sentence(target.event, tuple(p.name for p in session.state.players))}")
        if session.state.phase is Phase.SETUP:  # the deal (or the table entered) taken back: enter it again
            entered = any(isinstance(entry.event, PositionEntered) for entry in session.log
                          if entry.action == target.action)
            self.switch_screen(self.game_screen(under_way=entered))
        else:
            self.refresh_table()

    def on_table_screen_explain(self, message: TableScreen.Explain) -> None:
        self.push_screen(self.rules_screen(at=message.rule or None))

    def rules_screen(self, at: str | None = None) -> RulesScreen:
        """The reference for the game on the table (its number of players), with every card's clarification."""
        from screens.origami.rules import RulesScreen

        from .catalogue import shipped

        players = self.session.state.count if self.session is not None else None
        return RulesScreen(at, players, (self.catalogue or shipped()).cards.values())

    def on_table_screen_finish(self) -> None:
        from scoring.errors import MissingValue
        from screens.origami.question import ask_value
        from screens.origami.sheet import SheetScreen
        from screens.origami.table import TableScreen

        session = self.game()
        try:
            sheet = session.finish()
        except MissingValue as missing:
            if isinstance(self.screen, TableScreen):
                self.screen.ask(missing, "finish")  # every unknown value asked in a chain, then the sheet
            else:
                ask_value(self.screen, missing)
            return
        except InputError as exc:
            self.notify(str(exc), title="Not yet", severity="warning")
            return
        self.push_screen(SheetScreen(sheet, f"Game {session.game_id}: final score", session.game_id))
