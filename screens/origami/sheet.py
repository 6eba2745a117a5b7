"""The score sheet: per player a bar, a line per card (printed + bonus + why), the awards, and who won how. A card's
line, an award's owner and the sheet's note are the engine's (scoring/origami/sheet_words.py), as the command line
prints them too; the bars, the reasons wrapped to the width and the words for who won are this view's."""
from __future__ import annotations

import textwrap

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from scoring.i18n import N_, _
from scoring.origami.card_names import shown_id
from scoring.origami.catalog import Catalogue
from scoring.origami.sheet import ScoreSheet
from scoring.origami.sheet_words import award_owner, card_line, sheet_note, why_shown
from screens.footer import translated_keys

from ..footer import Footer
from ..header import Header
from ..later import FillsLater

BAR = 24  # the longest bar, in cells




def sheet_text(sheet: ScoreSheet, columns: int = 76, width: int = BAR, catalogue: Catalogue | None = None) -> Text:
    """The sheet in `columns` cells: reasons too long for the line continue under themselves; the reasons (kept
    in English) in the language in use, and the cards by the names of its edition when `catalogue` knows them."""
    out = Text()

    def name(card: str) -> str:
        return card if catalogue is None else shown_id(card, catalogue)

    def why(text: str, indent: int) -> None:
        parts = textwrap.wrap(why_shown(text, catalogue), max(20, columns - indent - 2)) or [""]
        out.append("  " + f"\n{' ' * (indent + 2)}".join(parts) + "\n", style="dim")

    best = max((p.total for p in sheet.players), default=0)
    for p in sorted(sheet.players, key=lambda p: (p.rank, p.name)):
        cells = round(width * max(p.total, 0) / best) if best > 0 else 0
        style = "bold green" if p.name in sheet.winners else "bold"
        out.append(f"{p.rank}. {p.name:<10} {p.total:>3} ", style=style)
        out.append("█" * cells, style="green" if p.name in sheet.winners else "cyan")
        out.append("  " + _("{n} in hand").format(n=p.hand) + "\n" if p.hand is not None else "\n", style="dim")
        for line in p.lines:
            head = f"   {card_line(line, name(line.card))}"
            out.append(head)
            why(line.why, len(head))
        for award in p.awards:
            # TRANSLATORS: an award on the score sheet: "award: Ann's Kappa +3".
            head = "   " + _("award: {owner} {card} {points}").format(
                owner=award_owner(award), card=name(award.source), points=f"{award.points:+d}")
            out.append(head)
            why(award.why, len(head))
    said = sheet_note(sheet)
    if said is not None:
        out.append(said + "\n", style="dim italic")
    if sheet.tie_break == "shared":
        out.append(_("Shared victory: {players} (tied on points and on cards in hand).").format(
            players=", ".join(sheet.winners)), style="bold")
    elif sheet.tie_break == "hand":
        out.append(_("{player} wins the tie on points with the most cards in hand (TIE-HAND).").format(
            player=sheet.winners[0]), style="bold")
    elif sheet.winners:
        out.append(_("{player} wins.").format(player=sheet.winners[0]), style="bold")
    return out


class ScoreSheetView(VerticalScroll):
    """A score sheet, or a sentence saying why there is none yet."""

    DEFAULT_CSS = """
    ScoreSheetView { height: 1fr; border: round $primary; padding: 0 1; }
    ScoreSheetView > Static { width: 100%; }
    """

    shown: tuple[ScoreSheet | None, str] | None = None
    catalogue: Catalogue | None = None  # the cards' names, in the language in use

    def compose(self) -> ComposeResult:
        yield Static("", id="sheet-body")

    def show(self, sheet: ScoreSheet | None, note: str = "") -> None:
        """The sheet laid out for the view's width (again whenever the width changes: the reasons use the room)."""
        self.shown = (sheet, note)
        body = self.query_one("#sheet-body", Static)
        width = self.scrollable_content_region.width or 76  # not laid out yet: on_resize draws it again
        body.update(sheet_text(sheet, width, catalogue=self.catalogue) if sheet is not None
                    else Text(note, style="italic"))

    def on_resize(self, event: events.Resize) -> None:
        if self.shown is not None:
            self.show(*self.shown)


class SheetScreen(FillsLater[None]):
    """A finished game's score sheet, full screen; `b` shows the BG Stats QR code of a game in the history."""

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back")), Binding("b", "share", N_("BG Stats QR code"))]

    class Share(Message):
        """Show the QR code that fills in this game's play in BG Stats."""

        def __init__(self, game_id: int) -> None:
            super().__init__()
            self.game_id = game_id

    def __init__(self, sheet: ScoreSheet | None, title: str, game_id: int | None = None, note: str = "",
                 catalogue: Catalogue | None = None) -> None:
        """`note`: what is shown without a sheet (a game whose points are unknown); `catalogue`: the cards, to
        show their names in the language in use (without it, their ids)."""
        super().__init__()
        translated_keys(self)
        self.catalogue = catalogue
        self.sheet = sheet
        self.note = note
        self.heading = title
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        yield Header()
        view = ScoreSheetView()
        view.catalogue = self.catalogue
        yield view
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.heading

    async def fill(self) -> None:
        self.query_one(ScoreSheetView).show(self.sheet, self.note)

    def action_share(self) -> None:
        if self.game_id is None:
            self.notify(_("Only a game saved in the history can go to BG Stats."), severity="warning")
            return
        self.post_message(self.Share(self.game_id))
