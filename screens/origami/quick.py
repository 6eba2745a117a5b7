"""Quick score: type each player's two collections (bottom to top) and hand; the sheet follows as you type.
Totals only (ctrl+t there): a table that counted on paper types each total and hand; ranks and tie-break follow."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from scoring.errors import InputError, MissingValue
from scoring.i18n import N_, _

from ..completion import Completer, last_item, word_list
from ..footer import Footer
from ..form import Choice, Field, Verdict
from ..given import Given, both
from ..header import Header
from ..later import FillsLater

if TYPE_CHECKING:  # the engine's parts (card names, the sheet) are imported by the fill: the frame shows first
    from scoring.origami.catalog import Catalogue
    from scoring.origami.sheet import ScoreSheet
    from scoring.origami.table import Table, Variant

SEATS = 5
Row = tuple[str, str, str, str]  # name, collection 1, collection 2, hand (as typed)
TOTALS_ONLY = {"entry": "totals"}  # a saved game's mark: its cards were never typed, so no card statistics
VARIANTS = [("Origami", "origami"), ("Origami Legends", "legends"), (N_("Mixed"), "mixed")]  # translated where shown


def shown_card(item: str, catalogue: Catalogue, variant: Variant) -> str | None:
    """The card a typed item stands for, as the completion shows it: the card it names (whole, or a unique
    prefix or spelling), else the first card the completion offers; None when nothing fits. Leaving the item
    (comma, Tab, Enter) takes this card, so a few letters and what is shown are all a player needs."""
    from .completion import complete_card

    try:
        return catalogue.resolve(item, variant.games).id
    except InputError:
        rest = complete_card(item, catalogue, variant.games)
        if not rest:
            return None
        try:
            return catalogue.resolve(item + rest, variant.games).id
        except InputError:
            return None


def shown_name(item: str, card_id: str, catalogue: Catalogue) -> str:
    """The name a typed item's card is put in its box by: the name in the language in use when the item begins
    it, else the first of the card's other names (in any language) the item begins, else the name in the language
    in use. The card is read back from any of them: what is kept is its id."""
    from scoring.origami.card_names import shown_id

    card = catalogue.card(card_id)
    folded = item.casefold()
    for name in (shown_id(card_id, catalogue), card_id, *card.names):
        if name.casefold().startswith(folded):
            return name
    return shown_id(card_id, catalogue)


def card_completer(screen: QuickScoreScreen) -> Completer:
    """The inline suggestion: the rest of the card that leaving the item would take (see `shown_card`)."""
    def rest(value: str) -> str | None:
        item = last_item(value)[1]
        if not item or item.isdigit():
            return None
        card = shown_card(item, screen.catalogue, screen.variant)
        name = shown_name(item, card, screen.catalogue) if card else None
        return name[len(item):] if name and name.casefold().startswith(item.casefold()) else None
    return Completer(rest)


def ranked_totals(rows: list[tuple[str, int, int]]) -> ScoreSheet:
    """Ranks from each player's (name, total, cards in hand), as the rulebook breaks ties (`sheet.score` does the
    same): most points first; tied on points, the most cards left in hand; still tied, the victory is shared."""
    from scoring.origami.sheet import PlayerScore, ScoreSheet, TieBreak

    players = tuple(PlayerScore(name, total, 1 + sum(1 for _, t, h in rows if (t, h) > (total, hand)), hand, (), ())
                    for name, total, hand in rows)
    best = max(t for _, t, _ in rows)
    leaders = [(n, h) for n, t, h in rows if t == best]
    most = max(h for _, h in leaders)
    winners = tuple(n for n, h in leaders if h == most)
    tie_break: TieBreak = None if len(leaders) == 1 else "hand" if len(winners) == 1 else "shared"
    return ScoreSheet(players, winners, tie_break)


def read_totals(rows: list[tuple[str, str, str]]) -> ScoreSheet:
    """The totals typed in (name, total, cards in hand per row); every row with a name is a player. A row that
    cannot be read is an InputError naming the row and how to fix it."""
    seen: set[str] = set()
    read: list[tuple[str, int, int]] = []
    for number, (name, total, hand) in enumerate(rows, start=1):
        where = _("row {number}").format(number=number)
        who = name.strip()
        if not who:
            if (total + hand).strip():
                raise InputError(_("has a total but no name: type the player's name first"), where=where)
            continue
        if who.casefold() in seen:
            raise InputError(_("{player} is typed twice: each player once").format(player=who), where=where)
        seen.add(who.casefold())
        try:
            points = int(total.strip())
        except ValueError:
            raise InputError(_("{player}'s total must be a whole number of points, e.g. 41, not {typed}").format(
                player=who, typed=repr(total.strip())) if total.strip() else _("type {player}'s total points").format(
                player=who), where=where) from None
        cards = hand.strip() or "0"
        if not cards.isdigit():
            raise InputError(_("{player}'s cards in hand must be a count, e.g. 3, not {typed}").format(
                player=who, typed=repr(hand.strip())), where=where)
        read.append((who, points, int(cards)))
    if len(read) < 2:
        raise InputError(_("type at least two players, each with their total"))
    return ranked_totals(read)


def read_table(variant: Variant, rows: list[Row], characters: str, catalogue: Catalogue) -> Table:
    """The table typed in: every row with a name is a player; the rest is checked by `parse_table`."""
    from scoring.origami.table import parse_table

    def cards(text: str, where: str) -> list[str]:
        return list(catalogue.resolve_all(text, variant.games, where))

    players: list[dict[str, Any]] = []
    for number, (name, first, second, hand) in enumerate(rows, start=1):
        if not name.strip():
            if (first + second + hand).strip():
                raise InputError(_("has cards but no name: type the player's name first"),
                                 where=_("row {number}").format(number=number))
            continue
        who = name.strip()
        hand_value: int | list[str] = 0
        if hand.strip().isdigit():
            hand_value = int(hand)
        elif hand.strip():
            hand_value = cards(hand, _("{player}'s hand").format(player=who))
        players.append({"name": who, "hand": hand_value, "collections": [
            cards(first, _("{player}'s collection 1").format(player=who)),
            cards(second, _("{player}'s collection 2").format(player=who))]})
    chars = cards(characters, _("Characters"))
    return parse_table({"game": variant.value, "players": players, "characters": chars}, catalogue, _("the table"))


def variants() -> list[tuple[str, str]]:
    """The games to choose from, in the language in use."""
    return [(_(label), value) for label, value in VARIANTS]


@dataclass(frozen=True, slots=True)
class Scored:
    table: Table
    sheet: ScoreSheet


class QuickScoreScreen(FillsLater[None]):
    DEFAULT_CSS = """
    QuickScoreScreen #top { height: 1; margin: 0 1; }
    QuickScoreScreen #top Label { margin-right: 1; }
    QuickScoreScreen #variant { width: 24; }
    QuickScoreScreen #characters { width: 1fr; }
    QuickScoreScreen Grid { grid-size: 4; grid-columns: 12 1fr 1fr 8; grid-gutter: 0 1; height: auto;
                            margin: 0 1; grid-rows: 1; }
    QuickScoreScreen .heading { text-style: bold; }
    QuickScoreScreen #status { max-height: 3; margin: 0 1; }
    """
    BINDINGS = [Binding("ctrl+s", "save", N_("Save to history")), Binding("escape", "app.pop_screen", N_("Back")),
                Binding("ctrl+t", "totals", N_("Totals only")),
                Binding("ctrl+n", "ask_value", N_("Give a missing value"), show=False)]

    class Save(Message):
        """The player wants this sheet in the history (`screen` is told the game's number once it is saved)."""

        def __init__(self, scored: Scored, screen: QuickScoreScreen) -> None:
            super().__init__()
            self.scored = scored
            self.screen = screen

    catalogue: Catalogue  # given before the fill (the app reads the user's values once the database is open)

    def __init__(self, catalogue: Catalogue | Given[Catalogue], profiles: list[str] | Given[list[str]]) -> None:
        super().__init__()
        self.given = Given.of(catalogue), Given.of(profiles)
        self.profiles: list[str] = []
        self.scored: Scored | None = None
        self.missing: MissingValue | None = None
        self.saved = False
        self.typed: dict[str, str] = {}  # each box's value before its latest change

    def compose(self) -> ComposeResult:
        yield Header()
        yield Horizontal(id="top")  # the fields come after the first paint (`fill`)
        yield Grid()
        yield Footer()  # the status line and the sheet come above it with the fields (`fill`)

    def on_mount(self) -> None:
        self.sub_title = _("Quick score")

    async def fill(self) -> None:
        if (found := await both(self, *self.given)) is None:  # the frame says why
            return
        from .sheet import ScoreSheetView

        self.catalogue, self.profiles = found
        cards = card_completer(self)
        await self.query_one("#top", Horizontal).mount_all([
            Label(_("Game")), Choice(variants(), value="origami", allow_blank=False, id="variant"),
            Field(placeholder=_("Characters in play, e.g. Ninja red, Geisha yellow"), id="characters",
                  suggester=cards)])
        await self.query_one(Grid).mount_all(self.grid_fields(cards))
        await self.mount_all([Verdict("status"), ScoreSheetView()], before=self.query_one(Footer))
        self.query_one("#name-0", Input).focus()
        self.refresh_sheet()

    def grid_fields(self, cards: Completer) -> Iterator[Widget]:
        names = word_list(lambda: self.profiles)
        for heading in (_("Player"), _("Collection 1 (bottom → top)"), _("Collection 2"), _("Hand")):
            yield Static(heading, classes="heading")
        for seat in range(SEATS):
            yield Field(placeholder=_("player {n}").format(n=seat + 1), id=f"name-{seat}", suggester=names)
            yield Field(id=f"c1-{seat}", suggester=cards)
            yield Field(id=f"c2-{seat}", suggester=cards)
            yield Field(placeholder="0", id=f"hand-{seat}", suggester=cards)

    @property
    def variant(self) -> Variant:
        from scoring.origami.table import Variant

        return Variant(str(self.query_one("#variant", Choice).value))

    def rows(self) -> list[Row]:
        def value(key: str, seat: int) -> str:
            return self.query_one(f"#{key}-{seat}", Input).value
        return [(value("name", s), value("c1", s), value("c2", s), value("hand", s)) for s in range(SEATS)]

    def refresh_sheet(self) -> None:
        """Read the table typed so far and score it; say plainly what stops it."""
        from scoring.origami.card_names import shown_id
        from scoring.origami.sheet import score

        from .sheet import ScoreSheetView

        self.scored, self.missing = None, None
        status = self.query_one("#status", Verdict)
        view = self.query_one(ScoreSheetView)
        view.catalogue = self.catalogue  # the cards under their names in the language in use
        rows = self.rows()
        if sum(1 for r in rows if r[0].strip()) < 2:
            status.say(_("Type each player's name, their two collections from the bottom card up "
                         "(a few letters until the card shows, then a comma) and their cards left in hand. "
                         "Only totals on paper? ctrl+t."))
            view.show(None, _("The score sheet appears here once two players are in."))
            return
        try:
            table = read_table(self.variant, rows, self.query_one("#characters", Input).value, self.catalogue)
            self.scored = Scored(table, score(table))
        except MissingValue as missing:
            self.missing = missing
            status.say(_("{card}: a value is not known yet ({field}). Press Enter (or ctrl+n) to type it from the "
                         "card.").format(card=shown_id(missing.card, self.catalogue), field=missing.field), "problem")
            view.show(None, _("Waiting for that value."))
            return
        except InputError as problem:
            status.say(str(problem), "problem")
            return
        status.say(_("Saved to history.") if self.saved else _("ctrl+s saves this game to the history."))
        view.show(self.scored.sheet)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.saved = False
        field = event.input
        before, self.typed[field.id or ""] = self.typed.get(field.id or "", ""), event.value
        typed_comma = event.value == before + ","  # typed at the end, not left there by a backspace
        if (typed_comma and field.id and not field.id.startswith("name")
                and self.take_shown(field, event.value[:-1], ", ")):
            return  # the value changed again: that change scores it
        self.refresh_sheet()

    def take_shown(self, field: Input, value: str, after: str = "") -> bool:
        """Put the card the last item stands for in its place (see `shown_card`); False when nothing changes."""
        head, item = last_item(value)
        card = shown_card(item, self.catalogue, self.variant) if item and not item.isdigit() else None
        new = head + shown_name(item, card, self.catalogue) + after if card else value + after
        if new == field.value:
            return False
        field.value = new
        field.cursor_position = len(new)
        return True

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """Tab (or a click) away from a card box takes the card shown for the item being typed."""
        if event.input.id and not event.input.id.startswith("name"):
            self.take_shown(event.input, event.input.value)

    def on_select_changed(self, event: Select.Changed) -> None:
        self.refresh_sheet()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: complete the item being typed, ask for a missing value, or move on."""
        event.stop()
        if event.input.id and not event.input.id.startswith("name"):
            self.take_shown(event.input, event.value)
        if self.missing is not None:
            self.action_ask_value()
        else:
            self.focus_next()

    def action_totals(self) -> None:
        """A table that counted on paper: type the totals instead (the names typed here come along)."""
        names = [row[0].strip() for row in self.rows() if row[0].strip()]
        self.app.push_screen(TotalsScreen(self.profiles, names, self.variant))

    def action_ask_value(self) -> None:
        from .question import ask_value

        if self.missing is not None:
            ask_value(self, self.missing, catalogue=self.catalogue)

    def use_catalogue(self, catalogue: Catalogue) -> None:
        """The app stored a value: score again with it, and ask at once for the next one the sheet needs."""
        self.catalogue = catalogue
        self.refresh_sheet()
        self.action_ask_value()

    def action_save(self) -> None:
        if self.missing is not None:
            self.action_ask_value()
        elif self.scored is None:
            self.notify(_("Nothing to save yet: the table above is not complete."), severity="warning")
        elif self.saved:
            self.notify(_("This game is already in the history."))
        else:
            self.post_message(self.Save(self.scored, self))

    def was_saved(self, game_id: int) -> None:
        self.saved = True
        self.query_one("#status", Verdict).say(_("Saved to history as game {game}.").format(game=game_id))
        self.notify(_("Saved as game {game}.").format(game=game_id))


class TotalsScreen(FillsLater[None]):
    """Totals only: for a table that counted on paper, each player's total and cards left in hand; the ranks and
    the tie-break follow as they are typed, and ctrl+s saves the game to the history marked as totals only."""

    DEFAULT_CSS = """
    TotalsScreen #top { height: 1; margin: 0 1; }
    TotalsScreen #top Label { margin-right: 1; }
    TotalsScreen #variant { width: 24; }
    TotalsScreen Grid { grid-size: 3; grid-columns: 1fr 12 14; grid-gutter: 0 1; height: auto; margin: 0 1;
                        grid-rows: 1; max-width: 60; }
    TotalsScreen .heading { text-style: bold; }
    TotalsScreen #status { max-height: 3; margin: 0 1; }
    """
    BINDINGS = [Binding("ctrl+s", "save", N_("Save to history")), Binding("escape", "app.pop_screen", N_("Back"))]

    class Save(Message):
        """The player wants these totals in the history (`screen` is told the game's number once it is saved)."""

        def __init__(self, sheet: ScoreSheet, variant: Variant, screen: TotalsScreen) -> None:
            super().__init__()
            self.sheet = sheet
            self.variant = variant
            self.screen = screen

    def __init__(self, profiles: list[str], names: list[str] | None = None, variant: Variant | None = None) -> None:
        super().__init__()
        self.profiles = profiles
        self.names = (names or [])[:SEATS]
        self.start_variant = variant
        self.sheet: ScoreSheet | None = None
        self.saved = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Horizontal(id="top")  # the fields come after the first paint (`fill`)
        yield Grid()
        yield Footer()  # the status line and the sheet come above it with the fields (`fill`)

    def on_mount(self) -> None:
        self.sub_title = _("Quick score: totals only")

    async def fill(self) -> None:
        await self.query_one("#top", Horizontal).mount_all([
            Label(_("Game")), Choice(variants(), value=self.start_variant.value if self.start_variant else "origami",
                                     allow_blank=False, id="variant")])
        await self.query_one(Grid).mount_all(self.grid_fields())
        from .sheet import ScoreSheetView

        await self.mount_all([Verdict("status"), ScoreSheetView()], before=self.query_one(Footer))
        self.query_one("#total-0" if self.names else "#name-0", Input).focus()
        self.refresh_sheet()

    def grid_fields(self) -> Iterator[Widget]:
        names = word_list(lambda: self.profiles)
        for heading in (_("Player"), _("Total"), _("Cards in hand")):
            yield Static(heading, classes="heading")
        for seat in range(SEATS):
            name = self.names[seat] if seat < len(self.names) else ""
            yield Field(name, placeholder=_("player {n}").format(n=seat + 1), id=f"name-{seat}", suggester=names)
            yield Field(placeholder=_("points"), id=f"total-{seat}", restrict=r"-?[0-9]*")
            yield Field(placeholder="0", id=f"hand-{seat}", restrict=r"[0-9]*")

    @property
    def variant(self) -> Variant:
        from scoring.origami.table import Variant

        return Variant(str(self.query_one("#variant", Choice).value))

    def rows(self) -> list[tuple[str, str, str]]:
        def value(key: str, seat: int) -> str:
            return self.query_one(f"#{key}-{seat}", Input).value
        return [(value("name", s), value("total", s), value("hand", s)) for s in range(SEATS)]

    def refresh_sheet(self) -> None:
        from .sheet import ScoreSheetView

        self.sheet = None
        status = self.query_one("#status", Verdict)
        view = self.query_one(ScoreSheetView)
        rows = self.rows()
        if sum(1 for r in rows if r[0].strip()) < 2:
            status.say(_("Type each player's name, the total they counted on paper and their cards left in hand "
                         "(they break a tie on points). Tab moves on."))
            view.show(None, _("The ranking appears here once two players have a total."))
            return
        try:
            self.sheet = read_totals(rows)
        except InputError as problem:
            status.say(str(problem), "problem")
            view.show(None, _("Waiting for the totals."))
            return
        status.say(_("Saved to history.") if self.saved else _("ctrl+s saves this game to the history (totals only)."))
        view.show(self.sheet)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.saved = False
        self.refresh_sheet()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.saved = False
        self.refresh_sheet()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter moves on, as Tab does."""
        event.stop()
        self.focus_next()

    def action_save(self) -> None:
        if self.sheet is None:
            self.notify(_("Nothing to save yet: {why}").format(why=self.query_one("#status", Verdict).render()),
                        severity="warning")
        elif self.saved:
            self.notify(_("This game is already in the history."))
        else:
            self.post_message(self.Save(self.sheet, self.variant, self))

    def was_saved(self, game_id: int) -> None:
        self.saved = True
        self.query_one("#status", Verdict).say(_("Saved to history as game {game} (totals only).").format(
            game=game_id), "ok")
        self.notify(_("Saved as game {game}.").format(game=game_id))
