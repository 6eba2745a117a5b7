"""Origin Story's card catalogue (ORIGIN_STORY.md §4, §3.10): story, superhero, character, event and Vancardian
cards with what is known of each and where it came from, and the user's own entries. `e` sets a value read off a
card, `n` adds a card the catalogue lacks; both go into the user's catalogue, as `companion catalog --game
origin-story set` does (the shipped one is never changed). Nothing unknown is shown as known: `?` says so."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input

from scoring.i18n import N_, _, pgettext

from ..ask import TextQuestion
from ..card_list import CardListScreen
from ..footer import translated_keys
from ..given import Given

if TYPE_CHECKING:  # the cards and their texts are imported by the fill: the frame shows first
    from scoring.origin.catalog import Card, Catalogue

    Listed = CardListScreen[Card, Catalogue]
else:  # the cards' types are mypy's: at run time the list is generic
    Listed = CardListScreen

COLUMNS = ("cost", "timing", "template", "amount", "solo_banned")
TEXT_WIDTH = 72
# TRANSLATORS: examples of `e`: keep the field names (cost, timing, template, amount, solo_banned, text, colour,
# rounds) and the values (end-of-round, vp_per_trick, yes, red, replace, add, move) as they are: they are typed.
EXAMPLES = N_("cost 2 (or cost 1,2) · timing end-of-round · template vp_per_trick · amount 2 · solo_banned yes · "
            "text what it does, in your words · colour red · rounds replace 2; ; add 4.5; move 1;")


def editable() -> tuple[str, ...]:
    """The fields `e` sets: a card's kind, then every field the catalogue keeps."""
    from scoring.origin.catalog import FIELDS

    return ("kind", *FIELDS)


def kind_order(kind: object) -> int:
    """Where cards of `kind` come in the list: story, superhero, character, event, Vancardian, then the rest."""
    from scoring.origin.catalog import Kind

    kinds = (Kind.STORY, Kind.SUPERHERO, Kind.CHARACTER, Kind.EVENT, Kind.VANCARDIAN)
    return kinds.index(kind) if kind in kinds else 9


def shown(card: Card, field: str) -> str | None:
    """A value as the catalogue keeps it, in words (None: nothing recorded)."""
    value = getattr(card, field)
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, tuple):
        return (", " if field != "rounds" else "; ").join(str(v) for v in value)
    return str(value)


def cell(card: Card, field: str) -> Text:
    from scoring.catalogue_file import USER

    value = shown(card, field)
    if value is None:
        return Text("?", style="bold red" if field in card.unknown else "dim")
    return Text(value, style="italic cyan" if card.origin(field) == USER else "")


def summary(text: str, width: int = TEXT_WIDTH) -> Text:
    """A card's text cut to one line of the table (a wide terminal shows it; the card's pane has it whole)."""
    return Text(text if len(text) <= width else text[:width - 1] + "…", style="dim")


def details(card: Card) -> Text:
    """Everything known of a card, each value with where it came from, then what is not known yet."""
    from scoring.catalogue_file import USER
    from scoring.origin.card_texts import shown_text
    from scoring.origin.catalog import FIELDS

    # TRANSLATORS: after a card's name: its kind (story, superhero, character, event, vancardian, as typed).
    out = Text.assemble((card.name, "bold"), _(" · {kind} card").format(kind=card.kind.value))
    if card.origin("name") in ("review", "inferred"):
        # TRANSLATORS: {source} is where the name was read: "review" or "inferred" (as the catalogue keeps it).
        out.append(_(" (name from a {source}: unverified)").format(source=card.origin("name")), style="yellow")
    if card.origin("kind") == USER:
        out.append(_(" · added by you"), style="italic cyan")
    out.append("\n" + (shown_text(card) or _("Nothing is recorded of what it does.")))
    if card.text and card.origin("text"):
        out.append(f" ({card.origin('text')})", style="dim")
    known = [f"{f.replace('_', ' ')} {v} ({card.origin(f) or '?'})" for f in FIELDS if f != "text"
             and (v := shown(card, f)) is not None]
    if known:
        out.append("\n" + " · ".join(known))
    unknown = sorted(card.unknown)
    if unknown:
        out.append("\n" + _("Not known yet: {fields} (e sets one from the card)").format(fields=", ".join(unknown)),
                   style="italic")
    return out


def box_counts(catalogue: Catalogue) -> str:
    counts = ", ".join(f"{n} {kind.replace('_', ' ')} ({catalogue.count_sources.get(kind, '?')})"
                       for kind, n in catalogue.counts.items())
    unknown = ", ".join(catalogue.unknown_counts)
    said = _("In the box: {counts}.").format(counts=counts)
    return said + " " + _("Not known: how many {kinds} cards.").format(kinds=unknown) if unknown else said


class OriginCatalogueScreen(Listed):
    """`OriginCatalogueScreen(catalogue)`: the Origin Story catalogue with the user's values over the shipped one
    (`companion.origin.catalogue.load(values=store.catalogue.values(KIND))`). `e` and `n` post
    `OriginCatalogueScreen.Keep` (card name, field, the value as typed); the app checks and stores it and calls
    `use_catalogue` with the new catalogue (or says why not, and nothing changes)."""

    DEFAULT_CSS = """
    OriginCatalogueScreen #filter { border: none; height: 1; margin: 0 1; background: $boost; }
    OriginCatalogueScreen DataTable { height: 1fr; }
    OriginCatalogueScreen #card { height: auto; max-height: 9; padding: 0 1; border-top: solid $primary; }
    """
    PLACEHOLDER = N_("filter: a name, a kind (story, event…), words of what it does")  # translated where shown
    BINDINGS = [Binding("e", "edit", N_("Set a value")), Binding("n", "new", N_("New card")),
                Binding("ctrl+f", "filter", N_("Filter")), Binding("escape", "app.pop_screen", N_("Back"))]

    class Keep(Message):
        """A value the player read off a card (or a new card's kind), to keep in their catalogue (`screen` is shown
        the catalogue that has it)."""

        def __init__(self, card: str, field: str, value: str, screen: OriginCatalogueScreen) -> None:
            super().__init__()
            self.card, self.field, self.value, self.screen = card, field, value, screen

    def __init__(self, catalogue: Catalogue | Given[Catalogue]) -> None:
        super().__init__(Given.of(catalogue))
        translated_keys(self)

    def use(self, catalogue: Catalogue) -> None:
        """The cards in display order (by kind, then name), each with the text the filter searches."""
        from scoring.catalogue_file import fold
        from scoring.origin.card_texts import shown_text

        self.catalogue = catalogue
        ordered = sorted(catalogue.cards.values(), key=lambda c: (kind_order(c.kind), fold(c.name)))
        self.rows = [(card, fold(f"{card.name} {card.kind.value} {card.text} {shown_text(card)}")) for card in ordered]

    def on_mount(self) -> None:
        self.title, self.sub_title = "Origin Story", _("cards · ? not known yet · blue: yours")

    def headings(self) -> tuple[str, ...]:
        # The fields' names as they are typed (`e` sets one), the other headings said.
        return (_("card"), _("kind"), *(c.replace("_", " ") for c in COLUMNS), _("what it does"))

    def row(self, card: Card) -> tuple[object, ...]:
        from scoring.origin.card_texts import shown_text

        return (card.name, card.kind.value, *(cell(card, f) for f in COLUMNS), summary(shown_text(card)))

    def key(self, card: Card) -> str:
        return card.name

    def lookup(self, key: str) -> Card | None:
        return self.catalogue.lookup(key)

    def details(self, card: Card | None) -> Text:
        body = details(card) if card else Text(_("No card matches: n adds one."), style="italic")
        return Text.assemble(body, "\n", (box_counts(self.catalogue), "dim"))

    def action_edit(self) -> None:
        card = self.selected()
        if card is None:
            self.notify(_("No card chosen: the filter keeps none (n adds a card)."), severity="warning")
            return
        missing = ", ".join(sorted(card.unknown)) or pgettext("no card value", "none")
        fields = editable()

        def answered(answer: str | None) -> None:
            if not answer:
                return
            field, _sep, value = answer.strip().partition(" ")
            field = field.casefold().replace("-", "_")
            if field not in fields or not value.strip():
                self.notify(_("{answer}: type a field ({fields}) then its value").format(
                    answer=repr(answer), fields=", ".join(fields)), title=_("Not saved"), severity="error")
                return
            self.post_message(self.Keep(card.name, field, value.strip(), self))

        self.app.push_screen(TextQuestion(
            _("Set a value of {card} (read it off the card)").format(card=card.name),
            _("The field, then the value: {examples}. Not known yet: {missing}.").format(examples=_(EXAMPLES),
                                                                                       missing=missing),
            _("field value")), answered)

    def action_new(self) -> None:
        from scoring.origin.catalog import Kind

        kinds = ", ".join(k.value for k in Kind)

        def answered(answer: str | None) -> None:
            if not answer:
                return
            kind, _sep, name = answer.strip().partition(" ")
            if kind.casefold() not in {k.value for k in Kind} or not name.strip():
                self.notify(_("{answer}: type the kind ({kinds}) then the card's name, e.g. story Hidden Plan").format(
                    answer=repr(answer), kinds=kinds), title=_("Not added"), severity="error")
                return
            if self.catalogue.lookup(name) is not None:
                self.notify(_("{card} is in the catalogue already: e sets its values.").format(card=name.strip()),
                            severity="warning")
                return
            self.post_message(self.Keep(name.strip(), "kind", kind.casefold(), self))

        self.app.push_screen(TextQuestion(
            _("A card the catalogue lacks: its kind, then its name"),
            _("Kinds: {kinds}. E.g. story Hidden Plan. Then e sets what you read on it.").format(kinds=kinds),
            _("kind name")), answered)

    def use_catalogue(self, catalogue: Catalogue, card: str | None = None) -> None:
        """The app kept a value: show the catalogue with it, the cursor on that card."""
        from scoring.catalogue_file import fold

        self.use(catalogue)
        if card is not None and card not in {c.name for c, h in self.rows if fold(self.query_one(
                "#filter", Input).value) in h}:
            self.query_one("#filter", Input).value = ""  # a new card the filter would hide: show everything
        self.list_cards(at=card)
