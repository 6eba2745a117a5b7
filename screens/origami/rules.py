"""The rules reference: every rule under its id and every card's clarification, searchable as you type, for the
number of players at the table; refusals open it at their rule."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Select, Static

from scoring.i18n import N_, _, ngettext

from ..footer import Footer, translated_keys
from ..form import Choice
from ..given import Given
from ..header import Header
from ..later import FillsLater

if TYPE_CHECKING:  # the rules and the cards' names are imported by the fill: the frame shows first
    from scoring.origami.cards import Card

ANY = "any"


@dataclass(frozen=True, slots=True)
class Topic:
    """One entry of the reference: a rule (under its id) or a card's clarification (under its name)."""

    key: str  # the rule id, or the card's id
    title: str
    text: str
    count_key: str  # what `at_count` knows it by: the rule id, or the card's name
    words: str = ""  # what the search looks in besides what is shown (a rule's English words), folded once

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", f"{self.key} {self.title} {self.text} {self.words}".casefold())


def topics(cards: Iterable[Card] = ()) -> list[Topic]:
    """Every rule, then every card whose effect is described, by game and name."""
    from scoring.origami.card_names import family_name, shown, shown_text
    from scoring.origami.rules import RULES, scoring_rule_of

    out = [Topic(str(rule.id), _(rule.title), _(rule.text), str(rule.id), f"{rule.title} {rule.text}")
           for rule in RULES.values()]
    for card in sorted(cards, key=lambda c: (c.game.value, c.id)):
        if not card.text:
            continue
        rule = scoring_rule_of(card.name)
        where = f"{card.game.value}, {card.family or card.kind.value}"
        shown_where = f"{card.game.value}, {family_name(card.family) if card.family else card.kind.value}"
        if rule:
            # TRANSLATORS: a card's entry in the rules reference: "Crane (Origami, Bird, scored under R-12)".
            title = _("{card} ({where}, scored under {rule})").format(card=shown(card), where=shown_where, rule=rule)
        else:
            title = _("{card} ({where})").format(card=shown(card), where=shown_where)
        english = f"{card.id} ({where}" + (f", scored under {rule})" if rule else ")")
        out.append(Topic(card.id, title, shown_text(card), card.name, f"{english} {card.text}"))
    return out


def matches(topic: Topic, query: str) -> bool:
    """Every word of the query appears in the entry's id, title or text (case does not matter)."""
    haystack = topic.words
    return all(word in haystack for word in query.casefold().split())


class RuleEntry(Static):
    DEFAULT_CSS = """
    RuleEntry { padding: 0 1; margin-bottom: 1; }
    RuleEntry.-focused-rule { background: $boost; border-left: thick $accent; }
    """

    def __init__(self, topic: Topic) -> None:
        super().__init__(id="rule-" + re.sub(r"[^A-Za-z0-9_-]", "-", topic.key))
        self.topic = topic

    def show(self, players: int | None) -> None:
        from scoring.origami.rules import at_count

        note = at_count(self.topic.count_key, players) if players is not None else None
        self.update(Text.assemble((self.topic.key, "bold"), f" — {self.topic.title}\n{self.topic.text}",
                                  (f"\n{note}" if note else "", "italic")))


class RulesScreen(FillsLater[None]):
    """Every rule and card clarification, paraphrased; the search box filters by every word typed."""

    DEFAULT_CSS = """
    RulesScreen #top { height: 1; }
    RulesScreen #search { width: 1fr; border: none; height: 1; padding: 0 1; background: $boost; }
    RulesScreen #players { width: 18; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back")), Binding("ctrl+f", "search", N_("Search"))]

    def __init__(self, at: str | None = None, players: int | None = None,
                 cards: Iterable[Card] | Given[Iterable[Card]] = ()) -> None:
        super().__init__()
        translated_keys(self)
        self.at = at  # the rule to open at (a refusal's rule id)
        self.players = players  # the table's number of players, when a game is open
        self.cards = Given.of(cards)  # the catalogue's clarifications: read with the database (the user's values)
        self.topics: list[Topic] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Horizontal(id="top")  # the search, and the entries, come after the first paint (`fill`)
        yield VerticalScroll(id="rules")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Rules reference")

    async def fill(self) -> None:
        """The search, and every entry, mounted once the screen has painted (a widget each: the most of the screen's
        cost), then shown for the players, at the rule asked for."""
        cards = await self.cards.taken(self)
        if cards is None:  # the frame says why
            return
        from scoring.origami.rules import PLAYER_COUNTS

        self.topics = topics(cards)
        search = Input(placeholder=_("search the rules and cards: words, a rule id, a card"), id="search")
        await self.query_one("#top", Horizontal).mount_all([search, Choice(
            [(_("any players"), ANY),
             *((ngettext("{n} player", "{n} players", n).format(n=n), str(n)) for n in PLAYER_COUNTS)],
            value=str(self.players) if self.players in PLAYER_COUNTS else ANY, allow_blank=False, id="players")])
        search.focus()
        await self.query_one("#rules", VerticalScroll).mount_all(RuleEntry(topic) for topic in self.topics)
        self.filled = True  # what follows works on every entry (said again once `fill` returns)
        self.show_for(self.players)
        self.search(self.query_one("#search", Input).value)
        if self.at is not None:
            self.show(self.at)

    def show(self, key: str) -> None:
        """Scroll to a rule and mark it."""
        for entry in self.query(RuleEntry):
            entry.set_class(entry.topic.key == key, "-focused-rule")
            if entry.topic.key == key:
                self.call_after_refresh(entry.scroll_visible, top=True, animate=False)

    def show_for(self, players: int | None) -> None:
        self.players = players
        for entry in self.query(RuleEntry):
            entry.show(players)

    def on_select_changed(self, event: Select.Changed) -> None:
        self.show_for(None if event.value == ANY else int(str(event.value)))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.search(event.value)

    def search(self, query: str) -> None:
        if not self.filled:  # `fill` applies what was typed meanwhile
            return
        shown = 0
        for entry in self.query(RuleEntry):
            entry.display = matches(entry.topic, query)
            shown += entry.display
        self.sub_title = ngettext("{n} entry", "{n} entries", shown).format(n=shown) if query else ""

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    @property
    def visible_ids(self) -> list[str]:
        return [e.topic.key for e in self.query(RuleEntry) if e.display]
