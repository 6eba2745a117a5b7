"""Fill in from your box: the unknown values of the families chosen, card by card (cost, folds, points, hand
modifier, kind of effect), each with the card's known facts beside it. Every value is checked, then posted as
`ValueGiven`, the path the catalogue screen uses, so the app keeps it in the user's catalogue at once: stopping
loses nothing, and opening the screen again on the same families goes on at the first value still unknown."""
from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.strip import Strip
from textual.widgets import Checkbox, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from scoring.errors import InputError
from scoring.i18n import N_, _, ngettext, pgettext
from scoring.origami.card_names import family_name, shown_id, shown_text
from scoring.origami.cards import Card, CardId
from scoring.origami.catalog import Catalogue

from ..footer import Footer
from ..form import Field, Verdict
from ..header import Header
from ..later import FillsLater
from ..question import ValueGiven
from .question import VALUES

# The values printed on a card, in the order they are asked: numbers typed, then the kind of effect picked (the
# quick score's question, so the next quick score does not stop for it)
FILL = ("cost", "folds", "points", "hand_modifier", "effect")
# Each value as a person reads it (translated where shown).
LABELS = {"cost": N_("cost"), "folds": N_("folds"), "points": N_("printed points"),
          "hand_modifier": N_("hand modifier"), "effect": N_("kind of effect")}
Value = tuple[CardId, str]  # a card and one of FILL


def group(card: Card) -> str:
    """The chooser's key for a card: its game and family (a card of no family, by its kind)."""
    return f"{card.game.value}/{card.family or card.kind.value}"


def unknown_values(catalogue: Catalogue, groups: Sequence[str]) -> list[Value]:
    """Every value of FILL nobody knows in the cards of `groups`, in a fixed order (game, family, card, FILL)."""
    chosen = set(groups)
    cards = sorted((c for c in catalogue.cards.values() if group(c) in chosen),
                   key=lambda c: (c.game.value, c.family or "~", c.id))
    return [(c.id, f) for c in cards for f in FILL if f in c.unknown]


def groups_to_fill(catalogue: Catalogue) -> list[tuple[str, int, int]]:
    """(group, values still unknown, values of FILL in it) for each group with something to fill in."""
    counts: dict[str, list[int]] = {}
    for card in catalogue.cards.values():
        known = [f for f in FILL if getattr(card, f) is not None or f in card.unknown]
        tally = counts.setdefault(group(card), [0, 0])
        tally[0] += sum(1 for f in FILL if f in card.unknown)
        tally[1] += len(known)
    return sorted((g, left, total) for g, (left, total) in counts.items() if left)


def facts(card: Card, catalogue: Catalogue) -> str:
    """What is known of a card, to recognise it in the box and to see its value beside the others."""
    def shown(field: str) -> str:
        value = getattr(card, field)
        if field in card.unknown:
            return "?"
        if value is None:
            return pgettext("no card value", "none")
        origin = card.source_of(field)
        return f"{value}" + (f" ({origin})" if origin else "")

    name = shown_id(card.id, catalogue)
    names = ", ".join(n for n in card.names if n not in (card.id, name))
    lines = [f"{name} · {card.game.value} · {family_name(card.family) if card.family else card.kind.value}"
             + (" · " + _("also {names}").format(names=names) if names else "")
             + (" · " + _("{n} in the box").format(n=card.quantity) if card.quantity else ""),
             "   ".join(f"{_(LABELS[f])}: {shown(f)}" for f in FILL),
             shown_text(card) or _("No effect text recorded.")]
    if card.evidence:
        lines.append(_("Known from: {evidence}").format(evidence=card.evidence))
    return "\n".join(lines)


def checked(catalogue: Catalogue, value: Value, typed: str) -> int:
    """The typed value as the catalogue takes it (a whole number; at least 0 but for the hand modifier), or an
    InputError saying what to type."""
    card, field = value
    text = typed.strip()
    try:
        number = int(text)
    except ValueError:
        name, label = shown_id(card, catalogue), _(LABELS[field])
        if not text:
            problem = _("type the {value} printed on {card}, or ctrl+n to skip it").format(value=label, card=name)
        elif field == "hand_modifier":
            problem = _("{typed} is not a whole number: type the {value} printed on {card} (a minus sign for a "
                        "negative modifier)").format(typed=repr(text), value=label, card=name)
        else:
            problem = _("{typed} is not a whole number: type the {value} printed on {card}").format(
                typed=repr(text), value=label, card=name)
        raise InputError(problem) from None
    # TRANSLATORS: where a refused value was typed: "Sheep's cost".
    where = _("{card}'s {value}").format(card=shown_id(card, catalogue), value=_(LABELS[field]))
    catalogue.with_entries([(where, {"name": card, field: number})], origin="user")
    return number


def usual_range(catalogue: Catalogue, field: str) -> tuple[int, int] | None:
    """The lowest and highest value of `field` among the cards that have one: outside it, the app asks again."""
    values = [v for c in catalogue.cards.values() if isinstance(v := getattr(c, field), int)]
    return (min(values), max(values)) if values else None


class FamilyList(SelectionList[str]):
    """The families to fill in: space ticks one, Enter starts (in a plain SelectionList Enter ticks too). A ticked
    row's box shows ✓ and an unticked one's is empty: a plain SelectionList draws the same X in both, told apart
    by colour alone (lost under NO_COLOR or a high-contrast theme)."""

    BINDINGS = [Binding("enter", "screen.start", N_("Start"))]
    TICKED, UNTICKED = "✓", " "

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        segments = list(line)
        if len(segments) < 3 or segments[1].text != Checkbox.BUTTON_INNER:
            return line  # below the last row: no box
        row = self.get_option_at_index(self.scroll_offset.y + y)
        mark = self.TICKED if row.value in self.selected else self.UNTICKED
        segments[1] = Segment(mark, segments[1].style, segments[1].control)
        return Strip(segments, line.cell_length)


class FillInScreen(FillsLater[None]):
    """First the families to fill in (space ticks one, Enter starts), then one value at a time. The families' list
    (each family's unknown values counted) is mounted after the first paint."""

    DEFAULT_CSS = """
    FillInScreen #choose { height: 1fr; }
    FillInScreen #walk { height: 1fr; display: none; }
    FillInScreen.-walking #choose { display: none; }
    FillInScreen.-walking #walk { display: block; }
    FillInScreen #card { height: auto; padding: 0 1; border: round $primary; }
    FillInScreen #progress, FillInScreen #ask, FillInScreen #help { margin: 0 1; height: auto; }
    FillInScreen #value { margin: 0 1; width: 20; }
    FillInScreen #kinds { margin: 0 1; height: auto; }
    FillInScreen #problem { margin: 0 1; }
    """
    BINDINGS = [Binding("escape", "stop", N_("Stop (values typed are kept)")),
                Binding("ctrl+n", "skip", N_("Skip this value")),
                Binding("ctrl+g", "start", N_("Start"), show=False)]

    def __init__(self, catalogue: Catalogue, groups: Sequence[str] = ()) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.groups = list(groups)
        self.skipped: list[Value] = []  # skipped in this visit: asked again after the others
        self.typed = 0
        self.pending: tuple[Value, int] | None = None  # a value outside the usual range, waiting for Enter again

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="choose"):
            yield Static(_("Which families are in your box? Space ticks one, Enter starts. Each line says how many "
                           "printed values nobody knows yet."), id="help")
        with Vertical(id="walk"):
            yield Static("", id="progress")
            yield Static("", id="card", markup=False)
            yield Static("", id="ask")
            yield Field(placeholder=_("a whole number"), id="value", restrict=r"-?[0-9]*")
            yield OptionList(id="kinds")
            yield Verdict("problem")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Fill in from your box")

    async def fill(self) -> None:
        await self.query_one("#choose", Vertical).mount(
            FamilyList(*(Selection(f"{g.replace('/', ' · ')}: {to_fill(left, total)}", g, g in self.groups)
                         for g, left, total in groups_to_fill(self.catalogue)), id="families"))
        if self.groups:
            self.walk()
        else:
            self.query_one("#families", FamilyList).focus()

    # --- choosing ---------------------------------------------------------------------------------
    def action_start(self) -> None:
        if self.has_class("-walking"):
            return
        chosen = list(self.query_one("#families", FamilyList).selected)
        if not chosen:
            self.notify(_("Tick at least one family with space first."), severity="warning")
            return
        self.groups = chosen
        self.walk()

    # --- walking ----------------------------------------------------------------------------------
    def queue(self) -> list[Value]:
        left = unknown_values(self.catalogue, self.groups)
        return [v for v in left if v not in self.skipped] + [v for v in self.skipped if v in left]

    @property
    def current(self) -> Value | None:
        queue = self.queue()
        return queue[0] if queue else None

    def walk(self) -> None:
        """Show the next value to fill in (or say that the families are done)."""
        self.add_class("-walking")
        self.pending = None
        value = self.current
        field = self.query_one("#value", Input)
        field.value = ""
        families = ", ".join(g.split("/", 1)[1] for g in self.groups)
        left = len(self.queue())
        kinds = self.query_one("#kinds", OptionList)
        if value is None:
            self.query_one("#progress", Static).update(
                _("{families}: every printed value is known. {typed} typed this time. Esc goes back.").format(
                    families=families, typed=self.typed))
            self.query_one("#card", Static).update(_("Nothing left to fill in."))
            self.query_one("#ask", Static).update("")
            field.display = kinds.display = False
            return
        card, name = value
        still = ngettext("{n} value left", "{n} values left", left).format(n=left)
        # TRANSLATORS: {still} is "3 values left".
        self.query_one("#progress", Static).update(
            _("{families}: {still}, {typed} typed this time. Stop any time: what you typed is kept, and this goes on "
              "from here.").format(families=families, still=still, typed=self.typed))
        self.query_one("#card", Static).update(facts(self.catalogue.card(card), self.catalogue))
        pick = VALUES.picks.get(name)  # a value chosen from a list (the kind of effect), as the quick score asks it
        ask = pick.question if pick else _("type the number on the card.")
        self.query_one("#ask", Static).update(
            _("[b]{card}[/b] · {value}: {ask} Enter keeps it; ctrl+n skips it for now.").format(
                card=shown_id(card, self.catalogue), value=_(LABELS[name]), ask=ask))
        field.display, kinds.display = pick is None, pick is not None
        if pick is None:
            field.focus()
            return
        kinds.clear_options()
        kinds.add_options([Option(text, id=kind) for kind, text in pick.options.items()])
        kinds.highlighted = 0
        kinds.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        value = self.current
        if value is not None and event.option.id is not None:
            self.post_message(ValueGiven(value[0], value[1], event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = self.current
        if value is None:
            return
        problem = self.query_one("#problem", Verdict)
        try:
            number = checked(self.catalogue, value, event.value)
        except InputError as exc:
            problem.say(str(exc), "problem")
            return
        usual = usual_range(self.catalogue, value[1])
        if usual and not usual[0] <= number <= usual[1] and self.pending != (value, number):
            self.pending = (value, number)
            problem.say(_("No card known so far has {number} as its {value} (they go from {low} to {high}): check "
                          "the card, then press Enter again to keep {number}.").format(
                number=number, value=_(LABELS[value[1]]), low=usual[0], high=usual[1]), "problem")
            return
        problem.say("")
        self.post_message(ValueGiven(value[0], value[1], number))

    def use_catalogue(self, catalogue: Catalogue) -> None:
        """The app kept the value (it calls this with the catalogue that has it): on to the next one."""
        self.catalogue = catalogue
        self.typed += 1
        self.walk()

    def action_skip(self) -> None:
        value = self.current
        if value is None or not self.has_class("-walking"):
            return
        if value in self.skipped:
            self.skipped.remove(value)
        self.skipped.append(value)
        self.query_one("#problem", Verdict).say(_("{card}'s {value} skipped: asked again at the end.").format(
            card=shown_id(value[0], self.catalogue), value=_(LABELS[value[1]])))
        self.walk()

    def action_stop(self) -> None:
        self.app.pop_screen()


def to_fill(left: int, total: int) -> str:
    """A family's values still unknown, of how many it has ("1 of 1 value to fill in")."""
    said = ngettext("{left} of {n} value to fill in", "{left} of {n} values to fill in", total)
    return said.format(left=left, n=total)
