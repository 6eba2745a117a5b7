"""Origin Story's rules reference (ORIGIN_STORY.md §5, §3.10): every rule id paraphrased, searchable as you type,
filtered by 1 / 2 / 3–5 players like the official reference; a refusal's `f1` opens it at its rule."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Key, Resize
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from scoring.i18n import N_, NC_, _, ngettext

from ..footer import Footer, translated_keys
from ..form import Choice
from ..header import Header
from ..later import FillsLater

if TYPE_CHECKING:  # the rules are imported by the fill (or to open at a rule): the frame shows first
    from scoring.origin.rules import RuleId

ANY = "any"
# The player counts and what the companion does with a rule (translated where shown).
COUNTS = {"1": N_("1 player (solo)"), "2": N_("2 players (duo)"), "3-5": N_("3–5 players")}
KINDS = {"R": N_("refused when broken (an override with a reason records it anyway)"),
         "F": N_("flagged when broken"), "C": N_("worked out by the companion"), "S": N_("a step of the round setup"),
         "–": N_("a freedom: nothing to check")}


def kind_text(kind: str) -> str:
    """`S/R` → "a step of the round setup; refused when broken (…)"."""
    return "; ".join(_(KINDS[k]) if k in KINDS else k for k in kind.split("/"))


def capital(text: str) -> str:
    """The first letter a capital, the rest as written (German nouns keep theirs)."""
    return text[:1].upper() + text[1:]


def scope_text(players: tuple[str, ...]) -> str:
    from scoring.origin.rules import ALL

    return _("all player counts") if players == ALL else ", ".join(_(COUNTS[p]) for p in players)


class RuleEntry(Static):
    """One rule: its id and title, the paraphrase, then what the companion does with it and for whom."""

    DEFAULT_CSS = """
    RuleEntry { padding: 0 1; margin-bottom: 1; }
    RuleEntry.-focused-rule { background: $boost; border-left: thick $accent; }
    """

    def __init__(self, rule_id: RuleId) -> None:
        from scoring.origin.rules import RULES, SCOPES, translated

        super().__init__(id="rule-" + re.sub(r"[^A-Za-z0-9_-]", "-", str(rule_id)))
        self.rule_id = rule_id
        english, scope = RULES[rule_id], SCOPES[rule_id]
        rule = translated(english)
        self.words = f"{rule_id} {rule.title} {rule.text} {english.title} {english.text} {kind_text(scope.kind)}" \
            .casefold()
        self.update(Text.assemble((str(rule_id), "bold"), f" — {rule.title}\n{rule.text}\n",
                                  (f"{capital(kind_text(scope.kind))} · {scope_text(scope.players)}.",
                                   "italic dim")))

    def matches(self, query: str, players: str) -> bool:
        """Every word of the query is in the id, title or text; the rule applies at that player count."""
        from scoring.origin.rules import SCOPES

        if players != ANY and players not in SCOPES[self.rule_id].players:
            return False
        return all(word in self.words for word in query.casefold().split())


def find_rule(rule_id: str) -> RuleId | None:
    """The rule an id names (`os-follow`, ` OS-FOLLOW `), or None."""
    from scoring.origin.rules import RULES

    wanted = rule_id.strip().upper()
    return next((r for r in RULES if str(r) == wanted), None)


class OriginRulesScreen(FillsLater[None]):
    """Every Origin Story rule, paraphrased. `OriginRulesScreen(rule_id=None, players=None)`: `rule_id` is the rule
    to open at (a refusal's, marked and scrolled to); `players` the filter to start with ("1", "2", "3-5"; None: any
    count; the filter widens to any count when it would hide `rule_id`). Search: every word typed must appear."""

    DEFAULT_CSS = """
    OriginRulesScreen #top { height: 1; }
    OriginRulesScreen #search { width: 1fr; border: none; height: 1; padding: 0 1; background: $boost; }
    OriginRulesScreen #players { width: 22; }
    OriginRulesScreen #none { padding: 0 1; color: $warning; }
    OriginRulesScreen #index { width: 44; height: 1fr; display: none; border: none; border-right: solid $primary; }
    OriginRulesScreen.-wide #index { display: block; }
    """
    INDEX_FROM = 120  # a terminal this wide also shows the index of the rules found, beside them
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back")), Binding("ctrl+f", "search", N_("Search")),
                Binding("f2", "next_count", NC_("the player count filter", "Players"))]

    def __init__(self, rule_id: str | None = None, players: str | None = None) -> None:
        super().__init__()
        translated_keys(self)
        self.at = find_rule(rule_id) if rule_id else None
        self.unknown = rule_id if rule_id and self.at is None else None
        start = players if players in COUNTS else ANY
        if self.at is not None and start != ANY:
            from scoring.origin.rules import SCOPES

            start = start if start in SCOPES[self.at].players else ANY
        self.players = start

    def compose(self) -> ComposeResult:
        yield Header()
        yield Horizontal(id="top")  # the search, the index and the rules come after the first paint (`fill`)
        yield Horizontal(id="body")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Origin Story rules")
        if self.unknown is not None:
            self.notify(_("No Origin Story rule is called {id}: every rule is listed.").format(id=repr(self.unknown)),
                        severity="warning")

    async def fill(self) -> None:
        """The search, the index and every rule, mounted once the screen has painted (a widget each: the most of
        the screen's cost), then filtered by the player count, at the rule asked for."""
        from scoring.origin.rules import RULES

        await self.query_one("#top", Horizontal).mount_all([
            Input(placeholder=_("search: type words or a rule id"), id="search"),
            Choice([(_("any player count"), ANY), *((_(label), key) for key, label in COUNTS.items())],
                   value=self.players, allow_blank=False, id="players")])
        rules = VerticalScroll(Static("", id="none"), *(RuleEntry(rule_id) for rule_id in RULES), id="rules")
        await self.query_one("#body", Horizontal).mount_all([OptionList(id="index"), rules])
        if self.at is None:
            rules.focus()
        self.filled = True  # what follows works on every entry (said again once `fill` returns)
        self.apply()
        if self.at is not None:
            self.show(self.at)

    def show(self, rule_id: RuleId, focus: bool = True) -> None:
        """Scroll to a rule and mark it."""
        for entry in self.query(RuleEntry):
            entry.set_class(entry.rule_id == rule_id, "-focused-rule")
            if entry.rule_id == rule_id:
                self.call_after_refresh(entry.scroll_visible, top=True, animate=False)
        index = self.query_one("#index", OptionList)
        try:
            index.highlighted = index.get_option_index(str(rule_id))
        except OptionDoesNotExist:  # filtered out of the index
            pass
        if focus:
            self.query_one("#rules", VerticalScroll).focus()

    def apply(self) -> None:
        """Show the rules that match the search at the chosen player count; say so when none does."""
        if not self.filled:  # `fill` applies what was typed meanwhile
            return
        from scoring.origin.rules import RULES, translated

        query = self.query_one("#search", Input).value
        shown = 0
        for entry in self.query(RuleEntry):
            entry.display = entry.matches(query, self.players)
            shown += entry.display
        none = self.query_one("#none", Static)
        none.display = shown == 0
        if self.players == ANY:
            nothing = _("No rule matches {query}: fewer words, or another player count (f2).")
            found = ngettext("{n} rule", "{n} rules", shown)
        else:
            nothing = _("No rule matches {query} for {players}: fewer words, or another player count (f2).")
            found = ngettext("{n} rule for {players}", "{n} rules for {players}", shown)
        players = _(COUNTS[self.players]) if self.players != ANY else ""
        none.update(nothing.format(query=repr(query), players=players) if shown == 0 else "")
        self.sub_title = found.format(n=shown, players=players)
        index = self.query_one("#index", OptionList)
        index.clear_options()
        index.add_options([Option(f"{e.rule_id}  {translated(RULES[e.rule_id]).title}", id=str(e.rule_id))
                           for e in self.query(RuleEntry) if e.display])

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width >= self.INDEX_FROM, "-wide")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A rule picked in the index: read it (the index keeps the focus, to pick another)."""
        found = find_rule(event.option.id or "")
        if found is not None:
            self.show(found, focus=False)

    def on_select_changed(self, event: Select.Changed) -> None:
        self.players = str(event.value)
        self.apply()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.apply()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the search: go and read the rules found (the first is marked)."""
        first = next((e for e in self.query(RuleEntry) if e.display), None)
        if first is not None:
            self.show(first.rule_id)

    def on_key(self, event: Key) -> None:
        """Typing searches wherever the focus is (the rules, the index): each key goes to the search, in order, even
        before the focus has moved there (keys typed ahead are not lost)."""
        if not event.is_printable or event.character is None or isinstance(self.focused, Input | Select):
            return
        event.stop()
        event.prevent_default()
        search = self.query_one("#search", Input)
        search.insert_text_at_cursor(event.character)
        search.focus()

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_next_count(self) -> None:
        keys = [ANY, *COUNTS]
        self.query_one("#players", Choice).value = keys[(keys.index(self.players) + 1) % len(keys)]

    @property
    def visible_ids(self) -> list[str]:
        return [str(e.rule_id) for e in self.query(RuleEntry) if e.display]
