"""The card catalogue: every card with what is known and where each value came from; values can be filled in
or corrected, and go into the user's catalogue (the shipped one is never changed)."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from scoring.errors import InputError
from scoring.i18n import N_, _, pgettext

from ..ask import TextQuestion
from ..card_list import CardListScreen
from ..given import Given
from ..question import ValueGiven

if TYPE_CHECKING:  # the cards, their names and values are imported by the fill: the frame shows first
    from scoring.origami.cards import Card
    from scoring.origami.catalog import Catalogue

    Listed = CardListScreen[Card, Catalogue]
else:  # the cards' types are mypy's: at run time the list is generic
    Listed = CardListScreen

COLUMNS = ("quantity", "cost", "folds", "points", "effect")
# The table's headings (translated where shown): the card, then COLUMNS.
HEADINGS = (N_("card"), N_("game"), N_("family"), N_("quantity"), N_("cost"), N_("folds"), N_("points"),
            N_("effect"))


def cell(card: Card, field: str) -> Text:
    value = getattr(card, field)
    if value is None:
        return Text("?", style="bold red" if field in card.unknown else "dim")
    origin = card.source_of(field)
    return Text(str(value), style="italic cyan" if origin == "user" else "")


def details(card: Card) -> str:
    from scoring.origami.card_names import family_name, shown, shown_text

    # TRANSLATORS: a value of a card and where it was read: "points from origami.toml".
    known = ", ".join(_("{field} from {source}").format(field=k, source=v) for k, v in card.source) or _(
        "nothing recorded")
    name = shown(card)
    names = ", ".join(n for n in card.names if n not in (card.id, name))
    lines = [f"[b]{name}[/b] · {card.game.value} · {family_name(card.family) if card.family else card.kind.value}"
             + (" · " + _("also {names}").format(names=names) if names else ""),
             shown_text(card) or _("No effect text recorded."),
             _("Where the values come from: {known}").format(known=known)]
    if card.unknown:
        lines.append(_("Not known yet: {fields} (press e to fill one in)").format(
            fields=", ".join(sorted(card.unknown))))
    return "\n".join(lines)


def parse_value(answer: str) -> tuple[str, int | str]:
    """`points 3`, `effect instant` or `scoring most_in_hand amount=3` -> (field, value)."""
    from scoring.origami.catalog import typed_value

    field, _, value = answer.strip().partition(" ")
    return typed_value(field, value)


class CatalogueScreen(Listed):
    DEFAULT_CSS = """
    CatalogueScreen #filter { border: none; height: 1; margin: 0 1; background: $boost; }
    CatalogueScreen DataTable { height: 1fr; }
    CatalogueScreen #card { height: auto; max-height: 8; padding: 0 1; border-top: solid $primary; }
    """
    PLACEHOLDER = N_("filter: a name in any language, a family, a game")
    # Short labels: seven keys fit the footer at 80 columns.
    # TRANSLATORS: the card catalogue's footer holds seven keys at 80 columns: keep each word short.
    BINDINGS = [Binding("e", "edit", N_("Set")), Binding("u", "unset", N_("Unset")),
                Binding("f", "fill_in", N_("Fill in")), Binding("x", "export", N_("Share")),
                Binding("i", "import", N_("Import")), Binding("ctrl+f", "filter", N_("Filter")),
                Binding("escape", "app.pop_screen", N_("Back"))]

    class FillIn(Message):
        """Walk through the values nobody knows yet, one card after another (the app opens the fill-in screen: the
        values kept there show here too); `groups`: the families and kinds to walk, chosen there when none."""

        def __init__(self, groups: Sequence[str] = ()) -> None:
            super().__init__()
            self.groups = list(groups)

    class Forget(Message):
        """Take this value out of the user's catalogue (the card is back to the shipped value or unknown)."""

        def __init__(self, card: str, field: str) -> None:
            super().__init__()
            self.card, self.field = card, field

    class Export(Message):
        """Write the user's values to a catalogue file (`by`: who entered them, if they say)."""

        def __init__(self, path: Path, by: str | None) -> None:
            super().__init__()
            self.path, self.by = path, by

    class Import(Message):
        """Add a catalogue file's values to the user's (`replace`: the file's win a conflict)."""

        def __init__(self, path: Path, replace: bool) -> None:
            super().__init__()
            self.path, self.replace = path, replace

    def __init__(self, catalogue: Catalogue | Given[Catalogue]) -> None:
        super().__init__(Given.of(catalogue))

    def use(self, catalogue: Catalogue) -> None:
        """The cards in display order, each with the text the filter searches (folded once, not per key)."""
        from scoring.origami.card_names import search_words

        self.catalogue = catalogue
        ordered = sorted(catalogue.cards.values(), key=lambda c: (c.game.value, c.family or "~", c.id))
        self.rows = [(card, search_words(card)) for card in ordered]

    def on_mount(self) -> None:
        self.sub_title = _("Card catalogue (? = not known yet; blue = your values)")

    def headings(self) -> tuple[str, ...]:
        return tuple(_(heading) for heading in HEADINGS)

    def row(self, card: Card) -> tuple[object, ...]:
        from scoring.origami.card_names import family_name, shown

        family = family_name(card.family) if card.family else card.kind.value
        return (shown(card), card.game.value, family, *(cell(card, f) for f in COLUMNS))

    def key(self, card: Card) -> str:
        return card.id

    def lookup(self, key: str) -> Card | None:
        return self.catalogue.card(key)

    def details(self, card: Card | None) -> str:
        return details(card) if card else ""

    def action_edit(self) -> None:
        from scoring.origami.card_names import shown
        from scoring.origami.catalog import EDITABLE
        from scoring.origami.templates import TYPED_EXAMPLE

        card = self.selected()
        if card is None:
            return
        missing = ", ".join(sorted(card.unknown & set(EDITABLE))) or pgettext("no card value", "none")
        name = shown(card)

        def answered(answer: str | None) -> None:
            if not answer:
                return
            try:
                field, value = parse_value(answer)
            except InputError as problem:
                self.notify(str(problem), title=_("Not saved"), severity="error")
                return
            self.post_message(ValueGiven(card.id, field, value))

        self.app.push_screen(TextQuestion(
            _("Set a value of {card} (read it off the card)").format(card=name),
            # TRANSLATORS: the field names and values between backquotes are typed as they are, in every language.
            _("Type the field and the value, e.g. `points 3`, `effect instant` or, for a scoring rule, "
              "`scoring {example}`. Not known yet: {missing}.").format(example=TYPED_EXAMPLE, missing=missing),
            _("field value")), answered)

    def action_unset(self) -> None:
        from scoring.origami.card_names import shown
        from scoring.origami.catalog import EDITABLE

        card = self.selected()
        if card is None:
            return
        yours = [f for f in EDITABLE if card.source_of(f) == "user"]
        if not yours:
            self.notify(_("{card} has no value of yours to unset (your values are shown in blue).").format(
                card=shown(card)))
            return

        def answered(answer: str | None) -> None:
            field = (answer or "").strip().casefold().replace("-", "_").replace(" ", "_")
            if field:
                self.post_message(self.Forget(card.id, field))

        self.app.push_screen(TextQuestion(
            _("Unset a value of {card}").format(card=shown(card)),
            _("Yours: {values}. Type the field: the card goes back to the printed value shipped with the companion, "
              "or to unknown.").format(values=", ".join(f"{f} {getattr(card, f)}" for f in yours)),
            yours[0]), answered)

    def action_export(self) -> None:
        def answered(answer: str | None) -> None:
            if answer:
                where, _, by = answer.partition(",")
                self.post_message(self.Export(Path(where.strip()).expanduser(), by.strip() or None))

        self.app.push_screen(TextQuestion(
            _("Share your values: write them to a catalogue file"),
            _("Type the file's name, and after a comma who entered the values if you like, e.g. "
              "`~/club-cards.toml, Ann`. Another companion takes the file with i here (or `companion catalog "
              "import FILE`); a small file is also shown as a QR code for a phone to pass on."),
            "~/club-cards.toml"), answered)

    def action_import(self) -> None:
        def answered(answer: str | None) -> None:
            if answer:
                where, replace = answer, answer.endswith(" replace")
                where = where.removesuffix(" replace") if replace else where
                self.post_message(self.Import(Path(where.strip()).expanduser(), replace))

        self.app.push_screen(TextQuestion(
            _("Import a catalogue file into your values"),
            # TRANSLATORS: "replace" is typed as it is, in every language.
            _("Type the file's name, e.g. `~/club-cards.toml`. Values you already have are kept, and a different "
              "one is named; type ` replace` after the name to take the file's instead."),
            "~/club-cards.toml"), answered)

    def action_fill_in(self) -> None:
        self.post_message(self.FillIn())

    def use_catalogue(self, catalogue: Catalogue) -> None:
        self.use(catalogue)
        self.list_cards()
        self.show_card()
