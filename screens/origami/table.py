"""The table: whose turn, every collection (top cards marked), Characters, the draw line, the deck, hands
against their limits, the end banner, the recent log, and one line to type the next action on.

The line is checked as you type (the referee is pure, so a preview costs nothing and records nothing);
Enter asks the app to record it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from scoring.errors import InputError, MissingValue
from scoring.i18n import N_, _, ngettext

from ..action_line import ActionLine, Sent, TypedLines
from ..completion import Completer, complete_word
from ..footer import Footer, translated_keys
from ..form import Verdict
from ..header import Header
from ..later import FillsLater
from .log import RecentLog

# The rules engine is imported where it is used, not here: the table's frame is painted before the game is read, and
# a game resumed the moment the companion starts would otherwise wait for the engine's import (~50 ms).
if TYPE_CHECKING:
    from scoring.decision import Rejected
    from scoring.origami import commands as c
    from scoring.origami.cards import CardId
    from scoring.origami.catalog import Catalogue
    from scoring.origami.state import GameState


@dataclass(frozen=True, slots=True)
class Reading:
    """What a typed line means in the view it was read in: a command, or why there is none; for a play
    typed without a payment, the payments from the cards known in hand, best first."""

    command: c.Command | None = None
    problem: InputError | MissingValue | None = None
    payments: tuple[tuple[CardId, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class TableView:
    """What the app hands down after every change."""

    game_id: int
    state: GameState
    catalogue: Catalogue
    recent: tuple[str, ...]  # the latest log lines, oldest first


def _same_play(offer: c.Command, typed: c.Command) -> bool:
    from scoring.origami import commands as c

    return (isinstance(offer, c.PlayOrigami) and isinstance(typed, c.PlayOrigami)
            and (offer.source, offer.via) == (typed.source, typed.via))


def limit_text(state: GameState, seat: int, catalogue: Catalogue) -> str:
    from scoring.origami.options import hand_limit

    try:
        return str(hand_limit(state.player(seat).collections, state.characters, catalogue).value)
    except MissingValue:
        return "?"  # asked for when the limit is checked, at the end of the turn


WIDE = 120  # from this many columns the players sit side by side, as around a table
TALL = 40  # from this many lines the log shows more of the game


def table_board(state: GameState, catalogue: Catalogue, width: int) -> RenderableType:
    """The players one under the other, or side by side (each with its collections) in a wide window."""
    if width < WIDE or len(state.players) < 2:
        return table_text(state, catalogue)
    grid = Table.grid(expand=True, padding=(0, 2))
    for _player in state.players:
        grid.add_column(ratio=1)
    grid.add_row(*(table_text(state, catalogue, seats=(seat,), line=False) for seat in range(len(state.players))))
    return Group(grid, table_text(state, catalogue, seats=(), line=True))


def table_text(state: GameState, catalogue: Catalogue, seats: tuple[int, ...] | None = None,
               line: bool = True) -> Text:
    from scoring.origami.card_names import shown_id
    from scoring.origami.state import Phase

    out = Text()
    for seat, player in enumerate(state.players):
        if seats is not None and seat not in seats:
            continue
        turn = seat == state.current and state.phase is Phase.PLAY
        out.append("▶ " if turn else "  ", style="bold yellow")
        out.append(f"{player.name:<10}", style="bold" if turn else "")
        limit = limit_text(state, seat, catalogue)
        # TRANSLATORS: a player's hand against its limit ("hand 5/6"), then how many of its cards are rice paper.
        hand = (_(" hand {size}/{limit} ({rice} rice)") if player.hand.rice else _(" hand {size}/{limit}")).format(
            size=player.hand.size, limit=limit, rice=player.hand.rice)
        out.append(hand, style="dim")
        out.append("\n")
        for number, column in enumerate(player.collections, start=1):
            out.append(f"    {number}: ")
            for i, card in enumerate(column):
                out.append(shown_id(card, catalogue), style="bold reverse" if i == len(column) - 1 else "")
                out.append(", " if i < len(column) - 1 else "")
            out.append("—\n" if not column else "\n", style="dim")
    if not line:
        return out
    names = ", ".join(shown_id(card, catalogue) for card in state.line) or "—"
    # TRANSLATORS: the draw line's cards, on one short line under the players.
    out.append(_("Line: {cards}").format(cards=names), style="cyan")
    if state.characters:
        characters = ", ".join(shown_id(card, catalogue) for card in state.characters)
        out.append("   " + _("Characters: {cards}").format(cards=characters), style="magenta")
    out.append("\n")
    return out


def status_text(state: GameState, catalogue: Catalogue | None = None) -> str:
    """The status line: whose turn, the deck (and how often it ran out), the discard pile's top card, rice paper."""
    from scoring.origami.card_names import shown_id
    from scoring.origami.state import Phase

    top = (shown_id(state.discard[-1], catalogue) if catalogue is not None else state.discard[-1]) \
        if state.discard else "—"
    who = state.players[state.current].name
    left = ngettext("{n} action left", "{n} actions left", state.actions_left).format(n=state.actions_left)
    turn = _("Turn {turn}: {player} ({left})").format(turn=state.turn, player=who, left=left) \
        if state.phase is Phase.PLAY else _("Setup") if state.phase is Phase.SETUP else _("Game over")
    # TRANSLATORS: the status line's deck: how many cards it holds, and whether it has run out (once, twice).
    deck = {0: _("deck {n}"), 1: _("deck {n}, ran out once")}.get(state.exhaustions, _("deck {n}, ran out twice"))
    parts = [turn, deck.format(n=state.deck), _("discard {card}").format(card=top)]
    if state.rice_deck or state.rice_total():
        parts.append(_("rice paper {n}").format(n=state.rice_deck))
    return " · ".join(parts)


# Rows of picks: 5 at 80×24 (the board keeps its top cards and the draw line in sight), one more for every two
# lines more, up to one a pick.
FEWEST_PICKS, MOST_PICKS = 5, 9


def label(n: int) -> str:
    return _("Enter") if n == 1 else str(n)


def laid_out(picks: list[str], width: int, rows: int) -> tuple[tuple[str, ...], int]:
    """The picks that fit `rows` lines of `width` cells whole, in 1 to 3 columns filled top to bottom, and the
    number of columns: as many picks as fit, then as few lines as they need."""
    best: tuple[tuple[str, ...], int] = (tuple(picks[:1]), 1)
    for columns in (1, 2, 3) if picks else ():
        tall = min(rows, -(-len(picks) // columns))
        shown = picks[:tall * columns]
        cells = [f"{label(n)} {p}" for n, p in enumerate(shown, start=1)]
        needed = sum(max(len(x) for x in cells[i:i + tall]) for i in range(0, len(cells), tall)) + 2 * (columns - 1)
        if (needed <= width or columns == 1) and len(shown) >= len(best[0]):
            best = tuple(shown), columns
    return best


def picks_grid(picks: tuple[str, ...], columns: int) -> Table:
    """The picks in columns filled top to bottom: the number to type (Enter: the first), then the line."""
    tall = -(-len(picks) // columns)
    grid = Table.grid(padding=(0, 2))
    for _column in range(columns):
        grid.add_column(no_wrap=True, overflow="ellipsis")
    for row in range(tall):
        cells = []
        for n in range(row + 1, len(picks) + 1, tall):
            cells.append(Text.assemble((label(n), "bold"), f" {picks[n - 1]}"))
        grid.add_row(*cells)
    return grid


class TableScreen(FillsLater[None]):
    AUTO_FOCUS: ClassVar[str | None] = ""  # the frame focuses nothing (a focus restyles it): the fill focuses the line
    DEFAULT_CSS = """
    TableScreen #status { height: 1; background: $boost; padding: 0 1; }
    TableScreen #room { height: 1fr; }
    TableScreen #banner { height: auto; padding: 0 1; color: $text-muted; }
    TableScreen #banner.-ending { color: $warning; text-style: bold; }
    TableScreen #board { height: 1fr; padding: 0 1; }
    TableScreen #log { height: 4; padding: 0 1; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
    TableScreen.tall #board { height: auto; max-height: 60%; }
    TableScreen.tall #log { height: 1fr; min-height: 10; }
    TableScreen #action { margin: 0 1; }
    TableScreen #preview { height: 3; padding: 0 1; }
    """
    BINDINGS = [Binding("ctrl+z", "undo", N_("Undo")), Binding("ctrl+o", "override", N_("Override")),
                Binding("f1", "explain", N_("Rule")), Binding("f2", "verbs", N_("Help")),
                Binding("ctrl+s", "finish", N_("Score the game")),
                Binding("escape", "app.pop_screen", N_("Home"))]

    class Submit(Message):
        def __init__(self, command: c.Command) -> None:
            super().__init__()
            self.command = command

    class Undo(Message):
        """Take back the latest action."""

    class Finish(Message):
        """Score the ended game and put it in the history."""

    class Explain(Message):
        def __init__(self, rule: str) -> None:
            super().__init__()
            self.rule = rule

    def __init__(self, view: TableView | None = None, game_id: int = 0,
                 load: Callable[[], TableView | None] | None = None,
                 after: Callable[[Callable[[], object]], object] | None = None) -> None:
        """The table of `view`; or, `view` None, the frame of game `game_id`, its table read by `load` once the frame
        is on screen (None: it could not be, and the app has said why and shown another screen), and once `after`
        calls back (the app's `when_open`: the database open)."""
        super().__init__()
        translated_keys(self)
        if view is not None:
            self.view = view
        self.game_id = view.game_id if view is not None else game_id
        self.load, self.after = load, after
        self.command: c.Command | None = None  # what the line means now
        self.refusal: Rejected | None = None
        self.missing: MissingValue | None = None
        self.owing = 0  # the line ends in `refill` with none of the cards the draw line needs after it
        self.lines = TypedLines(lambda: self.query_one("#action", ActionLine), self.send,
                                lambda: self.is_current and self.pending is None)
        # What the lines typed against this view read as, and the card names they end in complete to: the check, the
        # completion and Enter each ask for the same few lines (a name's close spellings cost ~1 ms each time).
        self.known: tuple[TableView | None, dict[str, Reading], dict[str, str | None]] = view, {}, {}
        self.picks_for: tuple[TableView, int, int] | None = None  # the view and room `offered` was laid out for
        self.offered: tuple[str, ...] = ()
        self.columns = 1  # the picks' columns on the preview
        self.pending: Literal["line", "finish"] | None = None  # what goes on once an asked value is given
        self.ended_by_itself = False  # the app ended the turn (nothing being left to do) and nothing since
        self.news = ""  # said above the picks until the next action: the turn that ended by itself

    def compose(self) -> ComposeResult:
        # The frame: the banner, the board, the log, the line and its preview are mounted in the room kept for them
        # once it is painted (the line takes no key before: the keys typed meanwhile wait for the fill).
        yield Header()
        yield Static("", id="status", markup=False)
        yield Static("", id="room")
        yield Footer()

    def on_mount(self) -> None:
        # The frame's title; the table comes after it (`fill`).
        self.sub_title = _("Game {id}").format(id=self.game_id)

    async def fill(self) -> None:
        board = VerticalScroll(Static("", id="players"), id="board")
        line = ActionLine(self.check_line, id="action", suggester=Completer(self.rest),
                          placeholder=_("an action: draw fox, cat · play fox pay cat · 1-9 a pick · f2 every action"))
        await self.mount_all((Static("", id="banner", markup=False), board, RecentLog(), line, Verdict("preview")),
                             before="#room")
        await self.query_one("#room").remove()
        if self.load is not None:  # a game resumed: read and replayed now that its frame is on screen
            if self.after is not None:
                await self.store_open(self.after)
            view, self.load = self.load(), None
            if view is None:
                return
            self.view = view
        self.show(self.view)
        self.query_one("#action", Input).focus()

    # --- down: the state ----------------------------------------------------------------------------
    def show(self, view: TableView) -> None:
        from scoring.origami.state import Phase

        self.view = view
        state = view.state
        self.sub_title = _("Game {id}").format(id=view.game_id)
        self.query_one("#status", Static).update(status_text(state, view.catalogue))
        banner = self.query_one("#banner", Static)
        banner.update(state.end_banner())
        banner.set_class(state.last_turn is not None or state.phase is Phase.OVER, "-ending")
        self.query_one("#players", Static).update(table_board(state, view.catalogue, self.size.width))
        # A tall window gives the log the room the board leaves (the latest lines, as many as fit).
        tall = self.size.height >= TALL
        self.set_class(tall, "tall")
        self.query_one(RecentLog).show(view.recent, tall)
        self.check_line()

    def on_resize(self) -> None:
        if not self.filled:  # the first layout: `fill` shows the table once the frame is painted
            return
        self.show(self.view)  # side by side, or one under the other, for the window's new size

    def answered(self, recorded: bool) -> None:
        """The app recorded the line sent (the table is shown already), or did not: it comes back to be mended."""
        self.lines.answered(recorded)

    def on_screen_resume(self) -> None:
        self.lines.go_on()  # lines typed ahead wait while a question is on top

    def refused(self, text: str) -> None:
        self.query_one("#preview", Verdict).say(text, "problem")

    # --- the line -----------------------------------------------------------------------------------
    def memo(self) -> tuple[dict[str, Reading], dict[str, str | None]]:
        """The lines read and the card names completed against the view on screen (dropped for a new one)."""
        view, readings, rests = self.known
        if view is not self.view or len(readings) + len(rests) > 200:  # a few dozen lines a turn
            self.known = view, readings, rests = self.view, {}, {}
        return readings, rests

    def read(self, line: str) -> Reading:
        """The line read against the state on screen (kept while the view is)."""
        readings = self.memo()[0]
        if line in readings:
            return readings[line]
        from scoring.origami import commands as c
        from scoring.origami.notation import parse

        state, catalogue = self.view.state, self.view.catalogue
        try:
            command = parse(line, state, catalogue)
            unpaid = isinstance(command, (c.PlayOrigami, c.PlayCharacter)) and not command.payment
            reading = Reading(command, payments=tuple(self.payments(command)) if unpaid else ())  # type: ignore[arg-type]
        except (InputError, MissingValue) as problem:
            reading = Reading(problem=problem)
        readings[line] = reading
        return reading

    def rest(self, value: str) -> str | None:
        """Inline completion: the verb, then card names, then the best payment for a play."""
        if " " not in value and ":" not in value:
            from scoring.origami.notation import VERBS

            return complete_word(value, VERBS)
        card = self.card_rest(value)
        best = self.read(value).payments
        if card or not best or not best[0] or " pay" in value:
            return card
        return f" pay {', '.join(best[0])}"

    def card_rest(self, value: str) -> str | None:
        """The rest of the card name at the end of the line, as completion shows it: first the card the name would
        be narrowed to (the notation's `narrowing`), so the card shown is the card read."""
        rests = self.memo()[1]
        if value not in rests:
            from scoring.origami.notation import narrowing_at_end

            from .completion import complete_card

            item = value.replace(":", ",").split(",")[-1].split(" ")[-1]
            state, catalogue = self.view.state, self.view.catalogue
            rests[value] = complete_card(item, catalogue, state.variant.games,
                                         narrowing_at_end(value, state, catalogue)) if item else None
        return rests[value]

    def payments(self, command: c.PlayOrigami | c.PlayCharacter) -> list[tuple[CardId, ...]]:
        """The payments the engine offers for this play (legal_actions) from the cards the table knows are in
        that hand, best first: a Character's free play or a Lion's is offered paying nothing."""
        from scoring.origami import commands as c
        from scoring.origami.cards import RICE_PAPER
        from scoring.origami.legal import legal_actions

        state, catalogue = self.view.state, self.view.catalogue
        hand = list(state.player(command.player).hand.known)
        from_hand = isinstance(command, c.PlayCharacter) or command.source == "hand"
        if from_hand and command.card not in hand and state.player(command.player).hand.unknown:
            hand.append(command.card)  # played from the unseen part of the hand
        found = {offer.payment for offer in legal_actions(state, command.player, catalogue, hand)
                 if type(offer) is type(command) and offer.card == command.card
                 and (isinstance(offer, c.PlayCharacter) or _same_play(offer, command))}
        return sorted(found, key=lambda p: (len(p), -p.count(RICE_PAPER), p))

    def picks(self) -> tuple[str, ...]:
        """The likely actions as the lines that record them (numbered from 1; Enter alone takes the first), as many
        as the preview shows whole: one that turns up cards from the deck ends in `refill`, for the cards to be
        typed after its number."""
        rows = min(MOST_PICKS, FEWEST_PICKS + max(0, self.size.height - 24) // 2) - bool(self.news)
        room = (self.view, max(1, self.size.width - 2), rows)
        if self.picks_for != room:
            from scoring.origami.notation import write
            from scoring.origami.picks import likely_actions, refill_owed

            state = self.view.state
            lines = [write(x, state) + (" refill" if refill_owed(x, state) else "")
                     for x in likely_actions(state, self.view.catalogue)]
            self.offered, self.columns = laid_out(lines, room[1], rows)
            self.picks_for = room
        return self.offered

    def owed(self, line: str, command: c.Command | None) -> int:
        """The cards still to be named for a line that ends in `refill` with none after it (a pick taken by its
        number alone): the draw line's refill belongs to the action that empties it."""
        from scoring.origami import commands as c
        from scoring.origami.notation import split
        from scoring.origami.picks import refill_owed

        if not isinstance(command, (c.DrawCards, c.EndTurn)) or command.refill:
            return 0
        try:
            clauses = dict(split(line).clauses)
        except InputError:
            return 0
        return refill_owed(command, self.view.state) if "refill" in clauses else 0

    def meant(self, line: str) -> str:
        """The line a pick stands for (`2`, or `2 fox, cat`: the pick with what follows it), else the line (with
        the card shown after it, see `as_shown`)."""
        number, _, rest = line.strip().partition(" ")
        picks = self.picks()
        if not number and picks:
            return picks[0]
        if number.isdigit() and 1 <= int(number) <= len(picks):
            return f"{picks[int(number) - 1]} {rest.strip()}".strip()
        return self.as_shown(line)

    def as_shown(self, line: str) -> str:
        """A line that does not read as typed (its last card name fits several cards) but does with the card its
        completion shows (`chi` shows Chick: as the quick score takes the card shown, Enter takes it); else the
        line as typed."""
        if not isinstance(self.read(line).problem, InputError):
            return line
        card = self.card_rest(line) if " " in line.strip() else None
        return line + card if card and self.read(line + card).problem is None else line

    def check_line(self, line: str | None = None) -> None:
        """Check the line as it stands (or one entered); say what Enter would do, or why it would be refused.
        An empty line lists the picks; a pick's number is checked as the line it stands for."""
        from scoring import counts
        from scoring.decision import Rejected
        from scoring.origami.card_names import shown_id
        from scoring.origami.decide import decide
        from scoring.origami.describe import describe
        from scoring.origami.events import GrantUsed
        from scoring.origami.rules import RuleId

        self.command, self.refusal, self.missing, self.owing = None, None, None, 0
        verdict = self.query_one("#preview", Verdict)
        typed = self.query_one("#action", Input).value if line is None else line
        if not typed.strip():
            picks = self.picks()
            verdict.say("")
            news = [Text(self.news, style="bold")] if self.news else []
            verdict.update(Group(*news, picks_grid(picks, self.columns) if picks else
                                 Text(_("Type the action (f2 shows every action with an example)"))))
            # As tall as the picks: kept while a line is typed (the field stays where it is under the fingers).
            verdict.styles.height = max(3, len(news) + -(-len(picks) // self.columns))
            return
        if typed.strip() == "help":
            verdict.say(_("Enter (or f2) shows every action with an example"))
            return
        line = self.meant(typed)
        said = f"{line} — " if line != typed else ""  # what the pick stands for
        reading = self.read(line)
        state, catalogue = self.view.state, self.view.catalogue
        try:
            if reading.problem is not None:
                raise reading.problem
            assert reading.command is not None
            self.command = reading.command
            decision = decide(state, self.command, catalogue)
        except MissingValue as missing:
            self.missing = missing
            verdict.say(said + _("{card}: {field} not known yet — Enter asks for it").format(
                card=shown_id(missing.card, catalogue), field=_(missing.field.replace("_", " "))), "problem")
            return
        except InputError as problem:
            verdict.say(f"{said}{problem}")
            return
        refused = decision.violation.rule if isinstance(decision, Rejected) else None
        self.owing = self.owed(line, self.command) if refused in (None, RuleId.LINE_REFILL) else 0
        if self.owing:
            verdict.say(said + _("then the {cards} turned up from the deck to refill the draw line, after `refill`: "
                                 "Enter puts the line here to finish").format(cards=counts.cards(self.owing)))
            return
        if isinstance(decision, Rejected) and reading.payments and reading.payments[0]:
            verdict.say(said + _("payments from the cards known in hand (→ takes the first): {payments}").format(
                payments=" | ".join(", ".join(p) for p in reading.payments[:4])))
            return
        if isinstance(decision, Rejected):
            self.refusal = decision
            how = _("ctrl+o records it anyway, with a reason · f1 shows the rule") if decision.violation.overridable \
                else _("f1 shows the rule")
            verdict.say(f"✗ {said}{decision.violation.rule}: {decision.violation.message}\n  {how}", "problem")
            return
        names = tuple(p.name for p in state.players)
        events = (describe(event, names, catalogue) for event in decision.events if not isinstance(event, GrantUsed))
        verdict.say("✓ " + _("Enter: {what}").format(what=said + "; ".join(events)), "ok")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.lines.entered(event.value)

    def send(self, line: str) -> Sent:
        """What Enter does with a line, checked against the table as it is now: ask a missing value, send the
        action, or say the refusal. A pick's number (Enter alone: the first pick) sends the line it stands for."""
        from scoring.origami import commands as c

        if line.strip() == "help":
            self.action_verbs()
            return "done"
        line = self.meant(line)
        self.check_line(line)
        if self.ended_by_itself and self.refusal is not None and self.command == c.EndTurn(self.view.state.current):
            self.ended_by_itself = False
            self.news = " ".join((self.news, _("That `end` was not needed."))).strip()
            self.call_later(self.check_line)  # said on the preview, over the field Enter left empty
            self.call_later(self.answered, True)  # taken as done: the lines typed after it go on
            return "sent"
        if self.owing:
            self.call_later(self.complete, f"{line} ")  # once the line is back: the cards turned up go after it
            return "mend"
        if self.missing is not None:
            self.ask(self.missing, "line")
        elif self.command is not None and self.refusal is None:
            self.post_message(self.Submit(self.command))
            return "sent"
        elif self.refusal is not None:
            self.notify(f"{self.refusal.violation.rule}: {self.refusal.violation.message}", severity="error",
                        title=_("Refused"))
        return "mend" if line.strip() else "done"

    def complete(self, line: str) -> None:
        """Put a line on the field to be finished (a pick that takes the cards turned up from the deck)."""
        field = self.query_one("#action", Input)
        field.value = line
        field.cursor_position = len(line)

    def ask(self, missing: MissingValue, then: Literal["line", "finish"]) -> None:
        """Ask for a value; once given, go on with what needed it (the action on the line, or the final
        score) without another key, so a chain of unknown values is answered one after the other."""
        from .question import ask_value

        self.pending = then

        def cancelled() -> None:
            self.pending = None

        ask_value(self, missing, cancelled, self.view.catalogue)

    def use_catalogue(self, catalogue: Catalogue) -> None:
        self.view = TableView(self.view.game_id, self.view.state, catalogue, self.view.recent)
        self.check_line()
        pending, self.pending = self.pending, None
        if pending == "line":  # the line came back to the field while the value was asked
            line = self.query_one("#action", Input)
            typed, line.value = line.value, ""
            self.lines.again(typed)
        elif pending == "finish":
            self.post_message(self.Finish())

    # --- keys ---------------------------------------------------------------------------------------
    def action_undo(self) -> None:
        self.post_message(self.Undo())

    def action_verbs(self) -> None:
        from .verb_help import VerbHelp

        self.app.push_screen(VerbHelp())

    def action_finish(self) -> None:
        self.post_message(self.Finish())

    def action_explain(self) -> None:
        self.post_message(self.Explain(str(self.refusal.violation.rule) if self.refusal else ""))

    def action_override(self) -> None:
        from scoring.origami import commands as c

        from ..ask import ask_override

        command = self.command
        line = self.query_one("#action", Input).value

        def record(reason: str) -> None:
            assert command is not None
            self.lines.sent(line)
            self.post_message(self.Submit(c.Override(command, reason)))

        ask_override(self, self.refusal.violation if self.refusal else None, record)  # set only with a command
