"""The Origin Story table (table, duo and solo): the seats in play order, the trick in play, the known hands with
the cards that may not be played dimmed, the Vancardians' moves step by step, and one line to type on.

The line is checked as it is typed (pure: a preview records nothing); Enter asks the app to record it."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.message import Message
from textual.widgets import Input, Static

from scoring.i18n import N_, _

from ..action_line import ActionLine, Sent, TypedLines
from ..completion import Completer, complete_word
from ..footer import Footer, translated_keys
from ..form import Verdict
from ..header import Header
from ..later import FillsLater
from .line import DUO_HELP, LINE_HELP, SOLO_HELP, SOLO_TABLE_HELP, WORDS, said

# The rules engine (and the board, drawn with it) is imported where it is used, not here: the table's frame is painted
# before the game is read, and a game resumed the moment the companion starts would otherwise wait for the engine's
# import (~60 ms).
if TYPE_CHECKING:
    from scoring.origin import commands as c
    from scoring.origin.notation import Reading

    from .board import TableView

WIDE = 120  # from this width the moves and the log stand beside the seats
CLEAR = N_("ctrl+u clears the line")  # a line not recorded stays to be mended (as at the Origami table)


class OriginTableScreen(FillsLater[None]):
    AUTO_FOCUS: ClassVar[str | None] = ""  # the frame focuses nothing (a focus restyles it): the fill focuses the line
    DEFAULT_CSS = """
    OriginTableScreen #status { height: auto; max-height: 2; background: $boost; padding: 0 1; }
    OriginTableScreen #banner { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    OriginTableScreen #main { height: 1fr; }
    OriginTableScreen #board { height: auto; max-height: 11; padding: 0 1; }
    OriginTableScreen #side { height: 1fr; }
    OriginTableScreen.-wide #main { layout: horizontal; }
    OriginTableScreen.-wide #board { height: 1fr; max-height: 100%; }
    OriginTableScreen.-wide #side { width: 1fr; height: 1fr; border-left: solid $primary; }
    OriginTableScreen #moves { height: auto; padding: 0 1; }
    OriginTableScreen #log { height: auto; padding: 0 1; color: $text-muted; }
    OriginTableScreen #trick { height: auto; padding: 0 1; }
    OriginTableScreen #last { height: auto; padding: 0 1; }
    OriginTableScreen #action { margin: 0 1; }
    OriginTableScreen #preview { height: auto; min-height: 2; max-height: 5; padding: 0 1; }
    OriginTableScreen #help { height: auto; padding: 0 1; color: $text-muted; }
    """
    # The descriptions are translated where the screen is made (translated_keys), in the language in use then.
    # TRANSLATORS: the Origin Story table's footer keys: five fit at 80 columns only if each word stays short.
    BINDINGS = [Binding("ctrl+z", "undo", N_("Undo")), Binding("f1", "explain", N_("Rule")),
                Binding("ctrl+o", "override", N_("Override")), Binding("f2", "level", N_("Logging level")),
                Binding("f3", "surrender", N_("Surrender")), Binding("escape", "app.pop_screen", N_("Home"))]

    class Submit(Message):
        """Record these commands, in order (a line of cards is one intent)."""

        def __init__(self, table: OriginTableScreen, commands: tuple[c.Command | c.Override, ...]) -> None:
            super().__init__()
            self.table, self.commands = table, commands

    class Word(Message):
        """`undo`, `go` (the Vancardian to play moves), `surrender`, `end` (score the round)."""

        def __init__(self, table: OriginTableScreen, word: str) -> None:
            super().__init__()
            self.table, self.word = table, word

    class Explain(Message):
        def __init__(self, rule: str) -> None:
            super().__init__()
            self.rule = rule

    def __init__(self, view: TableView | None = None, level: str = "winners", game_id: int = 0,
                 load: Callable[[], bool] | None = None,
                 after: Callable[[Callable[[], object]], object] | None = None) -> None:
        """The table of `view`; or, `view` None, the frame of game `game_id`, which `load` reads and shows here once
        the frame is on screen (False: not here; another screen took the frame's place, or the app said why not),
        and once `after` calls back (the app's `when_open`: the database open)."""
        super().__init__()
        translated_keys(self)
        if view is not None:
            self.view = view
        self.game_id = view.game_id if view is not None else game_id
        self.load, self.after = load, after
        self.level = level
        if view is not None:  # the engine is loaded: the view is its
            from scoring.origin.setup import Mode

            self.level = "cards" if view.state.mode is Mode.SOLO else level
        self.reading: Reading | None = None  # the line as last checked (`check_line`)
        self.lines = TypedLines(lambda: self.query_one("#action", ActionLine), self.send, lambda: self.is_current)

    def compose(self) -> ComposeResult:
        # The frame: the seats and the side (moves, log) are mounted in #main once it is painted, the trick, the line,
        # its preview and its help under it (`fill`; the line takes no key before: the keys typed meanwhile wait).
        yield Header()
        yield Static("", id="status", markup=False)
        yield Static("", id="banner", markup=False)
        yield Vertical(id="main")
        yield Footer()

    def on_mount(self) -> None:
        self.title, self.sub_title = "Origin Story", _("game {id}").format(id=self.game_id)  # the table: `fill`

    async def fill(self) -> None:
        board = VerticalScroll(Static("", id="seats"), id="board")
        # The tricks just won, for a moment: first, beside or under the seats.
        side = VerticalScroll(Static("", id="last"), Static("", id="moves"), Static("", id="log", markup=False),
                              id="side")
        main = self.query_one("#main", Vertical)
        await main.mount_all((board, side))
        # The help under the line, not its placeholder: whole, and kept as typed.
        line = ActionLine(self.changed, id="action", suggester=Completer(self.rest))
        await self.mount_all((Static("", id="trick"), line, Verdict("preview"), Static("", id="help", markup=False)),
                             after=main)
        if self.load is not None:  # a game resumed: read, replayed and shown now that its frame is on screen
            load, self.load = self.load, None
            if self.after is not None:
                await self.store_open(self.after)
            if not load():
                return
            self.refresh_bindings()  # the keys of the game's mode (check_action)
        else:
            self.show(self.view)
        self.query_one("#action", Input).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= WIDE, "-wide")

    # --- down: the state ----------------------------------------------------------------------------
    def show(self, view: TableView) -> None:
        from scoring.origin.setup import Mode

        from .board import banner, moves_text, seat_lines, status_line, trick_line

        self.view = view
        self.title = "Origin Story"
        self.sub_title = _("game {id}").format(id=view.game_id)
        self.query_one("#status", Static).update(status_line(view, self.level))
        text = banner(view)
        self.query_one("#banner", Static).update(text)
        self.query_one("#banner", Static).display = bool(text)
        self.query_one("#seats", Static).update(seat_lines(view))
        self.query_one("#moves", Static).update(moves_text(view))
        self.query_one("#log", Static).update("\n".join(view.recent))
        side = self.query_one("#side", VerticalScroll)
        if view.facts.moves:  # the Vancardians' moves first; else the latest of the log
            side.scroll_home(animate=False)
        else:
            self.call_after_refresh(side.scroll_end, animate=False)
        self.query_one("#trick", Static).update(trick_line(view))
        self.query_one("#last", Static).display = False  # the tricks just won are told after, for a moment
        solo = view.state.mode is Mode.SOLO
        solo_help = SOLO_HELP if view.state.deck == "app" else SOLO_TABLE_HELP
        help_text = solo_help if solo else LINE_HELP[self.level]
        if view.state.mode is Mode.DUO and self.level != "score only":
            help_text = DUO_HELP
        self.query_one("#help", Static).update(said(help_text, view.state.you if solo else ""))
        self.check_line()

    def tell(self, text: Text) -> None:
        """The tricks just won, at the top of the moves and log until the next key is typed (a toast covered the
        line and was gone in 3 s; above the line it pushed the seats away)."""
        last = self.query_one("#last", Static)
        last.update(text)
        last.display = bool(text.plain)
        self.call_after_refresh(self.query_one("#side", VerticalScroll).scroll_home, animate=False)

    def refused(self, text: str) -> None:
        self.query_one("#preview", Verdict).say(text, "problem")

    def answered(self, recorded: bool) -> None:
        """The app recorded what the line sent (the table is shown already), or did not: it comes back."""
        self.lines.answered(recorded)

    def on_screen_resume(self) -> None:
        self.lines.go_on()  # lines typed ahead wait while another screen is on top

    # --- the line -----------------------------------------------------------------------------------
    def rest(self, value: str) -> str | None:
        """Inline completion: a seat's name or a word, for the last word typed."""
        head, _, last = value.rpartition(" ")
        if not last:
            return None
        names = [n.lower() for n in self.view.state.seating.names]
        if not head:
            return complete_word(last, [*names, *(w.strip() for w in WORDS)])
        if head.casefold() in ("w", "winner") or head.endswith(","):
            return complete_word(last, names)
        return None

    def changed(self, value: str) -> None:
        if value:
            self.query_one("#last", Static).display = False  # the next card: the trick is gathered face down
        self.check_line()

    def check_line(self, line: str | None = None) -> None:
        from scoring.origin.notation import Reading, read
        from scoring.origin.state import Phase

        from .board import preview, unused_reminder

        verdict = self.query_one("#preview", Verdict)
        line = self.query_one("#action", Input).value if line is None else line
        self.reading = Reading()
        if not line.strip():
            end = self.view.state.phase in (Phase.END, Phase.OVER)
            verdict.say(_("Enter scores the round.") + unused_reminder(self.view) if end else "",
                        "ok" if end else "")
            return
        reading = read(self.view.state, line, self.level, self.view.card_kind)
        self.reading = reading
        if reading.problem:
            verdict.say(reading.problem, "problem")
        elif reading.refusal is not None:
            how = (_("ctrl+o records it anyway · f1 shows the rule · {clear}") if reading.refusal.overridable
                   else _("f1 shows the rule · {clear}")).format(clear=_(CLEAR))
            verdict.say(f"✗ {reading.refusal.rule}: {reading.refusal.message}\n  {how}", "problem")
        elif reading.word:
            # TRANSLATORS: {word} is a word typed at the table (undo, go, surrender, end), kept as typed.
            verdict.say(_("Enter: {word}").format(word=reading.word), "ok")
        elif reading.events:
            said = _("✓ Enter: {what}").format(what=preview(self.view, reading.events))
            verdict.say(said + "".join(f"\n  ⚠ {x}" for x in reading.notes), "ok")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.lines.entered(event.value)

    def send(self, line: str) -> Sent:
        """What Enter does with a line, read against the table as it is now."""
        from scoring.origin.setup import Mode
        from scoring.origin.state import Phase

        self.check_line(line)
        reading = self.reading
        assert reading is not None  # read by `check_line`
        if not line.strip():
            word = "end" if self.view.state.phase is Phase.END else "go" if self.view.state.mode is Mode.SOLO else ""
            if not word:
                return "done"
            self.post_message(self.Word(self, word))
        elif reading.word:
            self.post_message(self.Word(self, reading.word))
        elif reading.commands and reading.refusal is None:
            self.post_message(self.Submit(self, reading.commands))
        else:
            if reading.refusal is not None:
                self.notify(_("{rule}: {message} (f1: the rule; ctrl+o: record it anyway; {clear})").format(
                    rule=reading.refusal.rule, message=reading.refusal.message, clear=_(CLEAR)),
                    severity="error", title=_("Refused"))
            elif reading.problem:
                self.query_one("#preview", Verdict).say(f"{reading.problem}\n  {_(CLEAR)}", "problem")
            return "mend"
        return "sent"

    # --- keys ---------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if "view" not in vars(self):  # the frame of a game being resumed: its mode's keys once it is read
            return action not in ("surrender", "level")
        from scoring.origin.setup import Mode

        solo = self.view.state.mode is Mode.SOLO
        return {"surrender": solo, "level": not solo}.get(action, True)

    def action_undo(self) -> None:
        self.post_message(self.Word(self, "undo"))

    def action_surrender(self) -> None:
        """One key ends the round: asked first (typing `surrender` is asking already)."""
        from ..ask import Confirm
        from .board import surrender_text

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(self.Word(self, "surrender"))

        offer = surrender_text(self.view.facts.surrender) or _("not offered now: the companion will say why")
        self.app.push_screen(Confirm(_("Surrender this round?"),
                                     _("{offer}. The round ends at once; ctrl+z takes it back.").format(offer=offer)),
                             answered)

    def action_level(self) -> None:
        from scoring.origin.notation import LEVELS
        from scoring.origin.setup import Mode

        if self.view.state.mode is Mode.SOLO:
            self.notify(_("Solo is always logged card by card: the Vancardians need to see every card."))

            return
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.show(self.view)  # the status line names the level, the help under the line what to type (no toast over it)

    def action_explain(self) -> None:
        refusal = self.reading.refusal if self.reading is not None else None
        self.post_message(self.Explain(str(refusal.rule) if refusal else ""))

    def action_override(self) -> None:
        from scoring.origin import commands as c

        from ..ask import ask_override

        reading = self.reading

        def record(reason: str) -> None:
            assert reading is not None and reading.refused is not None
            self.lines.sent(self.query_one("#action", Input).value)
            self.post_message(self.Submit(self, (*reading.commands, c.Override(reading.refused, reason))))

        ask_override(self, reading.refusal if reading is not None else None, record)
