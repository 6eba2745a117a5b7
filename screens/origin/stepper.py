"""The round stepper: the round's setup in the book's order as a checklist, the step due open with one line to
answer it (ORIGIN_STORY.md §3.2). The app works out the steps from the game (`next_step`) and records each
answer; this screen only shows and asks. Alignments are typed masked, one player at a time, and recorded together
once all are in."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from scoring.i18n import N_, _
from screens.footer import translated_keys

from ..action_line import ActionLine, Sent, TypedLines
from ..completion import Completer, complete_word
from ..footer import Footer
from ..form import Tone, Verdict
from ..header import Header
from ..later import FillsLater

DONE, NOW, TODO, SKIPPED = "done", "now", "todo", "skipped"
MARKS = {DONE: ("✓", "green"), NOW: ("▶", "bold yellow"), TODO: ("·", "dim"), SKIPPED: ("–", "dim")}




@dataclass(frozen=True, slots=True)
class StepItem:
    label: str
    status: str  # done | now | todo | skipped
    detail: str = ""  # what was recorded, or what the step is


@dataclass(frozen=True, slots=True)
class StepperView:
    """What the app hands the stepper: the checklist and the question of the step due."""

    game_id: int
    title: str  # "Round 2 · Bob deals"
    items: tuple[StepItem, ...]
    prompt: str  # the question of the step due
    placeholder: str = ""
    masked: bool = False  # an alignment: hidden as typed
    info: str = ""  # e.g. stamina per player for the charge step
    words: tuple[str, ...] = ()  # completion for the line
    check: Callable[[str], tuple[str, Tone]] | None = None  # the line checked as typed: (✓/✗ sentence, style)


def checklist(view: StepperView) -> Text:
    out = Text()
    for item in view.items:
        mark, style = MARKS[item.status]
        out.append(f" {mark} ", style=style)
        out.append(item.label, style="bold" if item.status == NOW else "" if item.status == DONE else "dim")
        if item.detail:
            out.append(f"  {item.detail}", style="" if item.status == NOW else "dim")
        out.append("\n")
    return out


class StepperScreen(FillsLater[None]):
    DEFAULT_CSS = """
    StepperScreen #steps { height: 1fr; padding: 0 1; }
    StepperScreen #info { height: auto; padding: 0 1; color: $text-muted; }
    StepperScreen #prompt { height: auto; padding: 0 1; text-style: bold; }
    StepperScreen #answer { margin: 0 1; }
    StepperScreen #check { height: 2; padding: 0 1; }
    """
    BINDINGS = [Binding("ctrl+z", "undo", N_("Undo")), Binding("escape", "app.pop_screen", N_("Home"))]

    class Entered(Message):
        """The answer to the step due (may be empty: Enter alone confirms a step with nothing to type)."""

        def __init__(self, stepper: StepperScreen, text: str) -> None:
            super().__init__()
            self.stepper, self.text = stepper, text

    class Undo(Message):
        """Take back the latest step."""

    def __init__(self, view: StepperView) -> None:
        super().__init__()
        translated_keys(self)
        self.view = view
        self.lines = TypedLines(lambda: self.query_one("#answer", ActionLine), self.send, lambda: self.is_current)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="steps"):
            yield Static("", id="list")
        yield Static("", id="info", markup=False)
        yield Static("", id="prompt", markup=False)
        yield ActionLine(self.check, id="answer", suggester=Completer(self.rest))
        yield Verdict("check")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Origin Story"  # the frame's; the steps come after it (`fill`)
        self.sub_title = _("game {id} · {title}").format(id=self.view.game_id, title=self.view.title)

    async def fill(self) -> None:
        self.show(self.view)
        self.query_one("#answer", Input).focus()

    def show(self, view: StepperView) -> None:
        same = (view.prompt, view.items, view.info) == (self.view.prompt, self.view.items, self.view.info)
        self.view = view
        self.title = "Origin Story"
        self.sub_title = _("game {id} · {title}").format(id=view.game_id, title=view.title)

        self.query_one("#list", Static).update(checklist(view))
        self.query_one("#info", Static).update(view.info)
        self.query_one("#prompt", Static).update(view.prompt)
        answer = self.query_one("#answer", Input)
        answer.password = view.masked
        answer.placeholder = view.placeholder
        if not same:  # the next step (or the next player): what is typed already was typed ahead for it
            verdict = self.query_one("#check", Verdict)
            if answer.value and self.view.check is not None:
                verdict.say(*self.view.check(answer.value))
            else:
                verdict.say("")

    def rest(self, value: str) -> str | None:
        """The rest of a word offered: the whole line's (a card's name may have several words), else the last
        word's (a player's name in a charge)."""
        words = list(self.view.words)
        last = value.rpartition(" ")[2]
        return (complete_word(value, words) or complete_word(last, words)) if last and words else None

    def refused(self, text: str) -> None:
        self.query_one("#check", Verdict).say(text, "problem")

    def check(self, value: str) -> None:
        if self.view.check is not None:  # pure: the preview records nothing
            self.query_one("#check", Verdict).say(*self.view.check(value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.lines.entered(event.value)

    def send(self, line: str) -> Sent:
        self.post_message(self.Entered(self, line.strip()))
        return "sent"

    def answered(self, recorded: bool) -> None:
        """The app took the answer (the next step is shown already), or did not: it comes back to be mended."""
        self.lines.answered(recorded)

    def on_screen_resume(self) -> None:
        self.lines.go_on()

    def action_undo(self) -> None:
        self.post_message(self.Undo())
