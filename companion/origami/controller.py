"""Origami in the app: a new game, the deal or the table as it stands, every action checked and recorded
(decide -> append -> evolve in GameSession), undo, the rules at a refusal, the final score; a game quick-scored or
counted on paper saved; the catalogue's values kept, unset, shared and imported; a finished game's sheet.

Screens only show and ask: they post messages (`handlers`) and this records, on the main thread, in order. The
screens it opened are remembered, so that what it records is shown on them (never a type test on the screen on top).
"""
from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import SystemCommand
from textual.message import Message
from textual.screen import Screen

from scoring.errors import InputError, MissingValue
from scoring.i18n import _, ngettext

from . import KIND

if TYPE_CHECKING:
    from textual.timer import Timer
    from textual.widget import AwaitMount

    from db.records import GameRecord
    from scoring.origami import commands as c
    from scoring.origami.cards import Card
    from scoring.origami.catalog import Catalogue
    from screens.given import Given
    from screens.origami.catalogue import CatalogueScreen
    from screens.origami.deal import DealScreen
    from screens.origami.new_game import NewGameScreen
    from screens.origami.quick import QuickScoreScreen, TotalsScreen
    from screens.origami.rules import RulesScreen
    from screens.origami.table import TableScreen, TableView
    from screens.origami.under_way import UnderWayScreen
    from screens.question import ValueGiven

    from ..shell import Shell
    from .session import GameSession

RECENT = 40  # log lines the table keeps (a tall window shows as many as fit)
SAY_SAVED = 3.0  # seconds without another value before the values kept are said, in one toast
SAID = 4  # values named in that toast


class TakesCatalogue(Protocol):
    """A screen that shows card values: told when the user's catalogue gains one."""

    @property
    def is_attached(self) -> bool: ...

    def use_catalogue(self, catalogue: Catalogue) -> None: ...


class Controller:
    def __init__(self, app: Shell) -> None:
        self.app = app
        self.session: GameSession | None = None  # the game on the table
        self.values: Catalogue | None = None  # the catalogue with the user's values over it
        self.table: TableScreen | None = None
        self.setup: DealScreen | UnderWayScreen | None = None
        self.takers: list[TakesCatalogue] = []  # the screens opened here that show card values
        self.saved: list[str] = []  # values kept in the user's catalogue, not said yet
        self.saying: Timer | None = None

    def handlers(self) -> Mapping[type[Message], Callable[[Any], object]]:
        from screens.origami.catalogue import CatalogueScreen
        from screens.origami.deal import DealScreen
        from screens.origami.new_game import NewGameScreen
        from screens.origami.quick import QuickScoreScreen, TotalsScreen
        from screens.origami.sheet import SheetScreen
        from screens.origami.table import TableScreen
        from screens.origami.under_way import UnderWayScreen
        from screens.question import ValueGiven

        return {NewGameScreen.Start: self.started, DealScreen.OtherStart: self.other_start,
                UnderWayScreen.Entered: self.entered, DealScreen.Dealt: self.dealt, TableScreen.Submit: self.submit,
                TableScreen.Undo: self.undo, TableScreen.Explain: self.explain, TableScreen.Finish: self.finish,
                QuickScoreScreen.Save: self.quick_saved, TotalsScreen.Save: self.totals_saved,
                CatalogueScreen.FillIn: self.fill_in, CatalogueScreen.Forget: self.forget,
                CatalogueScreen.Import: self.import_values,
                CatalogueScreen.Export: self.export_values, SheetScreen.Share: lambda m: self.app.show_play(m.game_id),
                ValueGiven: self.value_given}

    # --- Home ---------------------------------------------------------------------------------------------
    def open(self, choice: str) -> None:
        """The screen's frame at once, the database open or not; what it shows of the database (the profiles, the
        user's card values) given to it once the database is open, for its fill (screens/given.py)."""
        from screens.given import Given

        cards: Given[Catalogue] = Given()
        profiles: Given[list[str]] = Given()
        if choice == "rules":
            listed: Given[Iterable[Card]] = Given()
            self.app.push_screen(self.rules_screen(cards=listed))
            # The cards as the table's reference has them (the user's values when read): the shipped catalogue is read
            # in the worker that opens the database, so a database that cannot be opened still has its rules.
            self.app.give_when_open(lambda: listed.give(list(
                (self.values if self.values is not None else self.app.catalogue(KIND)).cards.values())), listed)
            return
        screen: NewGameScreen | QuickScoreScreen | CatalogueScreen
        if choice == "new":
            from screens.origami.new_game import NewGameScreen

            screen = NewGameScreen(cards, profiles)
        elif choice == "quick":
            from screens.origami.quick import QuickScoreScreen

            screen = QuickScoreScreen(cards, profiles)
        else:
            from screens.origami.catalogue import CatalogueScreen

            screen = CatalogueScreen(cards)
        self.taking(screen)
        self.app.push_screen(screen)

        def read() -> None:
            profiles.give(self.app.profile_names())
            cards.give(self.catalogue())

        self.app.give_when_open(read, cards, profiles)

    def catalogue(self) -> Catalogue:
        """The cards with the user's values over them (read once; kept up to date as values are given)."""
        if self.values is None:
            from .catalogue import with_values

            self.values = with_values(self.app.catalogue(KIND), self.app.card_values(KIND))
        return self.values

    def resume(self, game_id: int) -> None:
        """The table's frame at once; the game read and replayed once the frame is on screen and the database open
        (`resumed`; chosen on Home as the database opens, the frame waits for it)."""
        from screens.origami.table import TableScreen

        self.session = None  # the game shown before is not this one: nothing follows it meanwhile
        self.table = TableScreen(game_id=game_id, load=lambda: self.resumed(game_id), after=self.app.when_open)
        self.taking(self.table)
        self.app.push_screen(self.table)

    def resumed(self, game_id: int) -> TableView | None:
        """The table of game `game_id`, read and replayed; None when it is not at the table: it could not be read (the
        frame is closed, the reason said) or it is still being set up (its set-up form takes the frame's place)."""
        from scoring.origami.state import Phase

        from .session import GameSession

        frame = self.table
        try:
            self.session = GameSession(self.app.reader(), game_id, self.app.catalogue(KIND))
        except InputError as exc:
            self.app.notify(str(exc), title=_("Cannot resume"), severity="error")
            if frame is not None and self.app.screen is frame:
                self.app.pop_screen()
            return None
        if self.session.problems:  # resumed as stored, but said: a deleted or duplicated event shows here
            self.app.notify(_("Game {id}'s log is not sound: {problems}. `{command}` shows where; restore a backup "
                              "copy of the database to repair it.").format(
                id=game_id, problems="; ".join(self.session.problems), command=f"companion replay {game_id}"),
                title=_("Damaged log"), severity="warning", timeout=30)
        if self.session.state.phase is Phase.SETUP:
            if frame is not None and self.app.screen is frame:
                self.app.switch_screen(self.game_screen())
            return None
        return self.table_view()

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if self.table is not None and screen is self.table:
            yield SystemCommand(_("Undo the last action"), _("Take back the latest action (kept in the log)"),
                                self.table.action_undo)
            yield SystemCommand(_("Score the game"), _("Final scoring, once the game is over"),
                                self.table.action_finish)

    # --- the game on the table ------------------------------------------------------------------------------
    def game(self) -> GameSession:
        if self.session is None:
            raise InputError(_("no game is open"))
        return self.session

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
            self.setup = setup(session.game_id, session.state, session.catalogue)
            self.taking(self.setup)
            return self.setup
        self.table = TableScreen(self.table_view())
        self.taking(self.table)
        return self.table

    def table_view(self) -> TableView:
        from screens.origami.table import TableView

        from ..session import undone_actions
        from .replay import sentence

        session = self.game()
        names = tuple(p.name for p in session.state.players)
        undone = undone_actions(session.log)
        said = [sentence(entry.event, names, session.log, session.catalogue) for entry in session.log[-RECENT:]]
        # TRANSLATORS: a line of the table's log for an action taken back with ctrl+z.
        recent = tuple(_("(undone) {line}").format(line=line) if entry.action in undone else line
                       for entry, line in zip(session.log[-RECENT:], said, strict=True))
        return TableView(session.game_id, session.state, session.catalogue, recent)

    def on_table(self) -> bool:
        return self.table is not None and self.app.screen is self.table

    def started(self, message: NewGameScreen.Start) -> None:
        from .session import GameSession

        started = GameSession.start(self.app.reader(), message.command, self.app.catalogue(KIND),
                                    key=uuid.uuid4().hex)
        if not isinstance(started, GameSession):
            self.app.notify(str(started), title=_("Refused"), severity="error")
            return
        self.session = started
        self.app.switch_screen(self.game_screen(message.under_way))

    def other_start(self, message: DealScreen.OtherStart) -> None:
        from screens.origami.deal import DealScreen

        self.app.switch_screen(self.game_screen(under_way=isinstance(self.setup, DealScreen)))

    def entered(self, message: UnderWayScreen.Entered) -> None:
        if self.record(message.command):
            self.app.switch_screen(self.game_screen())

    def dealt(self, message: DealScreen.Dealt) -> None:
        from scoring.origami import commands as c

        lot = random.SystemRandom().choice(message.tied) if len(message.tied) > 1 else None
        if self.record(c.Deal(message.hands, message.line, lot)):
            if lot is not None:
                who = self.game().state.players[lot].name
                self.app.notify(_("The lot picks {player} to start.").format(player=who))
            self.app.switch_screen(self.game_screen())

    def submit(self, message: TableScreen.Submit) -> None:
        recorded = self.record(message.command)
        if self.table is None:
            return
        if recorded and self.on_table():
            self.table.ended_by_itself, self.table.news = False, ""
            self.end_by_itself(self.table)
            self.table.show(self.table_view())
        self.table.answered(recorded)  # the next line typed ahead goes, or this one comes back to be mended

    def end_by_itself(self, table: TableScreen) -> None:
        """The turn ends once nothing is left to do but end it (and nothing comes off the deck): recorded as its own
        action, so ctrl+z takes it back; it is not ended again until another action is recorded."""
        from scoring.origami.picks import ends_by_itself

        session = self.game()
        end = ends_by_itself(session.state, session.catalogue)
        if end is not None and self.record(end):
            table.ended_by_itself = True  # an `end` typed for it (typed ahead, or by habit) is not needed
            who = session.state.players[end.player].name
            # Said above the next player's picks, not in a toast over them.
            table.news = _("{player}'s turn ended by itself: nothing was left to do (ctrl+z takes it back).").format(
                player=who)

    def record(self, command: c.Command) -> bool:
        """Check and record one action (one idempotency key per intent); True when it is on disk."""
        from db.errors import StaleGame
        from screens.origami.question import ask_value

        from ..session import stale_said

        session = self.game()
        try:
            submitted = session.submit(command, uuid.uuid4().hex)
        except StaleGame as stale:
            self.app.notify(stale_said(stale), severity="warning")
            self.refresh_table()
            return False
        except MissingValue as missing:
            if self.table is not None and self.on_table():
                self.table.ask(missing, "line")  # the action goes on once the value is given
            else:
                ask_value(self.app.screen, missing, catalogue=self.catalogue())
            return False
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not recorded"), severity="error")
            return False
        if not submitted.accepted:
            shown = self.table if self.on_table() else self.setup if self.app.screen is self.setup else None
            if shown is not None:
                shown.refused(str(submitted.decision))
            return False
        return True

    def follow(self) -> None:
        """Another window (or machine) recorded on the game on this table: show it (what is typed stays)."""
        session = self.session
        if session is None or not self.on_table():
            return
        if self.app.reader().log.last_seq(session.game_id) != session.seq:
            session.follow(self.app.typing())
            self.refresh_table()

    def refresh_table(self) -> None:
        if self.table is not None and self.on_table():
            self.table.show(self.table_view())

    def undo(self, message: TableScreen.Undo) -> None:
        from scoring.origami.events import PositionEntered
        from scoring.origami.state import Phase

        from .replay import sentence

        session = self.game()
        try:
            target = session.undo("undone at the table", uuid.uuid4().hex)
        except InputError as exc:
            self.app.notify(str(exc), severity="warning")
            return
        self.app.notify(_("Undone: {action}").format(
            action=sentence(target.event, tuple(p.name for p in session.state.players), catalogue=session.catalogue)))
        if self.table is not None:
            self.table.ended_by_itself, self.table.news = False, ""
        if session.state.phase is Phase.SETUP:  # the deal (or the table entered) taken back: enter it again
            entered = any(isinstance(entry.event, PositionEntered) for entry in session.log
                          if entry.action == target.action)
            self.app.switch_screen(self.game_screen(under_way=entered))
        else:
            self.refresh_table()

    def explain(self, message: TableScreen.Explain) -> None:
        self.app.push_screen(self.rules_screen(at=message.rule or None))

    def rules_screen(self, at: str | None = None, cards: Given[Iterable[Card]] | None = None) -> RulesScreen:
        """The reference for the game on the table (its number of players), with every card's clarification
        (`cards`: given later, once the database is open)."""
        from screens.origami.rules import RulesScreen

        players = self.session.state.count if self.session is not None else None
        if cards is None:
            known = self.values if self.values is not None else self.app.catalogue(KIND)
            return RulesScreen(at, players, known.cards.values())
        return RulesScreen(at, players, cards)

    def finish(self, message: TableScreen.Finish) -> None:
        from screens.origami.question import ask_value
        from screens.origami.sheet import SheetScreen

        session = self.game()
        try:
            sheet = session.finish()
        except MissingValue as missing:
            if self.table is not None and self.on_table():
                self.table.ask(missing, "finish")  # every unknown value asked in a chain, then the sheet
            else:
                ask_value(self.app.screen, missing, catalogue=self.catalogue())
            return
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not yet"), severity="warning")
            return
        title = _("Game {id}: final score").format(id=session.game_id)
        self.app.push_screen(SheetScreen(sheet, title, session.game_id, catalogue=self.catalogue()))
        self.say_saved()  # the values the score asked for, said once over the sheet

    # --- a finished game --------------------------------------------------------------------------------------
    def show_finished(self, game: GameRecord, results: list[dict[str, Any]]) -> None:
        from screens.origami.sheet import SheetScreen

        from ..local_time import when
        from .render import stored_sheet

        try:
            sheet = None if any(r["score"] is None for r in results) else stored_sheet(results, game.tie_break)
        except InputError as exc:
            self.app.notify(str(exc), severity="error")
            return
        at = when(game.finished_at) if game.finished_at else ""
        ranked = sorted(results, key=lambda r: r["rank"])
        lines = [(_("{rank}. {name}  won") if r["winner"] else "{rank}. {name}").format(rank=r["rank"], name=r["name"])
                 for r in ranked]
        unknown = "\n".join([_("Points unknown: this play came from BG Stats, which kept only who won."), *lines])
        title = _("Game {id} · {at} · {variant}").format(id=game.id, at=at, variant=game.variant)
        self.app.push_screen(SheetScreen(sheet, title, game.id, unknown, catalogue=self.catalogue()))

    def quick_saved(self, message: QuickScoreScreen.Save) -> None:
        from .render import sheet_json

        table, sheet = message.scored.table, message.scored.sheet
        families = sorted({c.family for s in table.players for cid in s.cards()
                           if (c := table.catalogue.card(cid)).family})
        try:
            record = self.app.reader().results.record(
                variant=table.variant.value, players=[s.name for s in table.players], families=families,
                characters=sorted({table.catalogue.card(c).name for c in table.characters}),
                rules=table.rules.as_dict(), sheet=sheet, sheets=sheet_json(sheet)["players"], kind=KIND)
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not saved"), severity="error")
            return
        message.screen.was_saved(record.id)

    def totals_saved(self, message: TotalsScreen.Save) -> None:
        """Totals counted on paper join the history as a quick-scored game marked totals only (its rules say so):
        no cards, so no families or characters, and each player's sheet has their total and hand but no lines."""
        from screens.origami.quick import TOTALS_ONLY

        from .render import sheet_json

        sheet = message.sheet
        try:
            record = self.app.reader().results.record(
                variant=message.variant.value, players=[p.name for p in sheet.players], families=[], characters=[],
                rules=dict(TOTALS_ONLY), sheet=sheet, sheets=sheet_json(sheet)["players"], kind=KIND)
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not saved"), severity="error")
            return
        message.screen.was_saved(record.id)

    # --- the user's catalogue ----------------------------------------------------------------------------------
    def value_given(self, message: ValueGiven) -> None:
        """A value read off a card, checked, then kept in the user's catalogue (never the shipped one); every screen
        showing values, and the game on the table, use it from now on."""
        from .catalogue import remember

        try:
            catalogue = remember(self.app.reader(), self.catalogue(), message.card, message.field, message.value)
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not saved"), severity="error")
            return
        self.saved.append(f"{message.card} {message.field.replace('_', ' ')} = {message.value}")
        if self.saying is None:
            self.saying = self.app.set_timer(SAY_SAVED, self.say_saved)
        else:
            self.saying.reset()  # values given one after the other are said once, together
        self.use(catalogue)

    def say_saved(self) -> None:
        from screens.question import ValueQuestion

        if self.saying is not None:
            self.saying.stop()
        self.saying = None
        if self.saved and isinstance(self.app.screen, ValueQuestion):  # the next value of a chain is asked
            self.saying = self.app.set_timer(SAY_SAVED, self.say_saved)  # said once the chain is done
            return
        saved, self.saved = self.saved, []
        if not saved:
            return
        values = "; ".join(saved[:SAID])
        if len(saved) > SAID:
            said = ngettext("{n} values saved in your catalogue: {values} and {more} more.",
                            "{n} values saved in your catalogue: {values} and {more} more.", len(saved) - SAID)
        else:
            said = ngettext("{n} value saved in your catalogue: {values}.",
                            "{n} values saved in your catalogue: {values}.", len(saved))
        self.app.notify(said.format(n=len(saved), values=values, more=len(saved) - SAID))

    def use(self, catalogue: Catalogue) -> None:
        self.values = catalogue
        if self.session is not None:
            self.session.catalogue = catalogue  # both are the base with every stored value over it
        self.takers = [s for s in self.takers if s.is_attached]  # the screens still open
        for screen in self.takers:
            screen.use_catalogue(catalogue)

    def taking(self, screen: TakesCatalogue) -> None:
        """`screen`, about to open, is told of every value given while it is open; those closed are let go."""
        self.takers = [s for s in self.takers if s.is_attached]
        self.takers.append(screen)

    def fill_in(self, message: CatalogueScreen.FillIn) -> AwaitMount:
        from screens.origami.fill_in import FillInScreen

        screen = FillInScreen(self.catalogue(), message.groups)
        self.taking(screen)
        return self.app.push_screen(screen)

    def forget(self, message: CatalogueScreen.Forget) -> None:
        from . import catalog_share

        self.catalogue_changed(lambda: catalog_share.unset(self.app.reader(), self.catalogue(), message.card,
                                                           message.field)[1], _("Not unset"))

    def import_values(self, message: CatalogueScreen.Import) -> None:
        from . import catalog_share

        self.catalogue_changed(lambda: catalog_share.import_file(self.app.reader(), self.catalogue(), message.path,
                                                                 message.replace)[1], _("Not imported"))

    def export_values(self, message: CatalogueScreen.Export) -> None:
        from .. import qr
        from . import catalog_share

        try:
            said = catalog_share.export(self.app.reader(), message.path, message.by)[1]
            carried = catalog_share.code_text(message.path.read_text(encoding="utf-8"))
        except (InputError, OSError) as problem:
            self.app.notify(str(problem), title=_("Not shared"), severity="error", timeout=10)
            return
        try:
            qr.matrix(carried)
        except ValueError:
            self.app.notify("\n".join((said, _("Too many values for a QR code: pass the file itself on."))), timeout=12)
            return
        self.app.show_code(carried, "\n".join((said, _("A phone scans this as text, to save as a .toml file and pass "
                                                       "on. Esc closes."))),
                           _("enlarge the window, or pass the file itself on"))

    def catalogue_changed(self, change: Callable[[], str], failed: str) -> None:
        """Run `change` on the user's catalogue, then show every screen the catalogue it leaves."""
        from .catalogue import with_values

        try:
            said = change()
        except InputError as problem:
            self.app.notify(str(problem), title=failed, severity="error", timeout=10)
            return
        self.use(with_values(self.app.catalogue(KIND), self.app.reader().catalogue.values(KIND)))
        self.app.notify(said, timeout=12)
