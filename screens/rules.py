"""The rules reference: every rule under its id, searchable as you type; refusals open it at their rule."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from scoring.rules import RULES, Rule


def matches(rule: Rule, query: str) -> bool:
    """Every word of the query appears in the rule's id, title or text (case does not matter)."""
    haystack = f"{rule.id} {rule.title} {rule.text}".casefold()
    return all(word in haystack for word in query.casefold().split())


class RuleEntry(Static):
    DEFAULT_CSS = """
    RuleEntry { padding: 0 1; margin-bottom: 1; }
    RuleEntry.-focused-rule { background: $boost; border-left: thick $accent; }
    """

    def __init__(self, rule: Rule) -> None:
        super().__init__(f"[b]{rule.id}[/b] — {rule.title}\n{rule.text}", id=f"rule-{rule.id}")
        self.rule = rule


class RulesScreen(Screen[None]):
    """Every rule, paraphrased, under its id; the search box filters by every word typed."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+f", "search", "Search")]

    def __init__(self, at: str | None = None) -> None:
        super().__init__()
        self.at = at  # the rule to open at (a refusal's rule id)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder="search the rules: words or a rule id", id="search")
        with VerticalScroll(id="rules"):
            for rule in RULES.values():
                yield RuleEntry(rule)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Rules reference"
        if self.at is not None:
            self.show(self.at)

    def show(self, rule_id: str) -> None:
        """Scroll to a rule and mark it."""
        for entry in self.query(RuleEntry):
            entry.set_class(str(entry.rule.id) == rule_id, "-focused-rule")
            if str(entry.rule.id) == rule_id:
                self.call_after_refresh(entry.scroll_visible, top=True, animate=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        shown = 0
        for entry in self.query(RuleEntry):
            entry.display = matches(entry.rule, event.value)
            shown += entry.display
        self.sub_title = f"{shown} rule{'s' if shown != 1 else ''}" if event.value else ""

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    @property
    def visible_ids(self) -> list[str]:
        return [str(e.rule.id) for e in self.query(RuleEntry) if e.display]
