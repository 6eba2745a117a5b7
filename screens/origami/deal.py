"""The deal: each player's face-up cards until they reach 10 folds, then the four cards of the draw line.
The screen counts the folds as they are typed and names who starts; on a tie the app draws the lot."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from scoring.decision import Rejected
from scoring.errors import InputError, MissingValue
from scoring.i18n import N_, _, listing, ngettext
from scoring.origami.cards import CardId, Game
from scoring.origami.catalog import Catalogue
from scoring.origami.checks import cards_in_game
from scoring.origami.commands import Deal
from scoring.origami.decide import DEAL_FOLDS, decide, fewest_folds
from scoring.origami.options import folds
from scoring.origami.state import GameState

from ..footer import Footer, translated_keys
from ..form import Field, Verdict
from ..header import Header
from ..later import FillsLater
from .completion import card_list
from .form import CatalogueForm


def dealt(text: str, catalogue: Catalogue, games: Iterable[Game], where: str, deck: frozenset[CardId],
          in_game: Iterable[CardId]) -> tuple[CardId, ...]:
    """Cards as dealt: comma-separated as everywhere, or one line with spaces between them where names allow (words
    are read as one name while together they begin the name of a card in this game: `golden frog oni`)."""
    if "," in text:
        return catalogue.resolve_all(text, games, where, deck)
    words = text.split()
    names = {name.casefold() for cid in in_game for name in (cid, catalogue.card(cid).name)}
    cards: list[CardId] = []
    while words:
        size = next((n for n in range(len(words), 1, -1)
                     if any(name.startswith(" ".join(words[:n]).casefold()) for name in names)), 1)
        cards.append(catalogue.resolve(" ".join(words[:size]), games, f"{where}, card {len(cards) + 1}", deck).id)
        words = words[size:]
    return tuple(cards)


class DealScreen(CatalogueForm, FillsLater[None]):
    DEFAULT_CSS = """
    DealScreen Grid { grid-size: 3; grid-columns: 14 1fr 14; grid-rows: 1; grid-gutter: 0 1; height: auto;
                      margin: 1 2; }
    DealScreen #check { margin: 0 2; }
    """
    BINDINGS = [Binding("ctrl+s", "submit", N_("Deal done")),
                Binding("ctrl+g", "under_way", N_("Game under way instead")),
                Binding("escape", "app.pop_screen", N_("Home"))]
    LAST = ("line",)

    class Dealt(Message):
        """The face-up hands and the draw line; `tied`: the seats among which the lot must be drawn."""

        def __init__(self, hands: tuple[tuple[CardId, ...], ...], line: tuple[CardId, ...],
                     tied: tuple[int, ...]) -> None:
            super().__init__()
            self.hands, self.line, self.tied = hands, line, tied

    class OtherStart(Message):
        """The other way in: the table as it stands instead of the deal, or the deal after all."""

    def __init__(self, game_id: int, state: GameState, catalogue: Catalogue) -> None:
        super().__init__()
        translated_keys(self)
        self.game_id = game_id
        self.state = state
        self.catalogue = catalogue
        self.dealt: tuple[tuple[tuple[CardId, ...], ...], tuple[CardId, ...], tuple[int, ...]] | None = None
        self._deck: frozenset[CardId] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(_("Deal face up to each player until they hold at least {n} folds; type the cards in the order "
                       "dealt, a space between them (a comma if names run together). Then the four cards of the draw "
                       "line.").format(n=DEAL_FOLDS), id="help")
        yield Grid()  # its fields come after the first paint (`fill`)
        yield Verdict("check")
        yield Footer()

    def fields(self) -> Iterator[Widget]:
        cards = card_list(lambda: self.catalogue, lambda: self.state.variant.games, lambda: (self.deck(),))
        for seat, player in enumerate(self.state.players):
            yield Label(player.name)
            yield Field(id=f"hand-{seat}", suggester=cards)
            yield Label("", id=f"folds-{seat}")
        yield Label(_("Draw line"))
        yield Field(id="line", suggester=cards)
        yield Label("")

    def on_mount(self) -> None:
        self.sub_title = _("Game {id}: the deal").format(id=self.game_id)

    async def fill(self) -> None:
        await self.query_one(Grid).mount_all(self.fields())
        self.query_one("#hand-0", Input).focus()
        self.check()

    def deck(self) -> frozenset[CardId]:
        """The cards a deal can hold: names are read as these first ('t' is a Triceratops, not an Actor)."""
        if self._deck is None:
            self._deck = frozenset(c for c in cards_in_game(self.state, self.catalogue)
                                   if not self.catalogue.card(c).is_character)
        return self._deck

    def cards(self, key: str, what: str) -> tuple[CardId, ...]:
        return dealt(self.query_one(f"#{key}", Input).value, self.catalogue, self.state.variant.games, what,
                     self.deck(), cards_in_game(self.state, self.catalogue))

    def check(self) -> None:
        """Count the folds as they are typed; once every hand is dealt, the referee checks the whole deal."""
        self.dealt, self.missing = None, None
        verdict = self.query_one("#check", Verdict)
        try:
            hands = tuple(self.cards(f"hand-{seat}", _("{player}'s deal").format(player=p.name))
                          for seat, p in enumerate(self.state.players))
            totals = [folds(hand, self.catalogue) for hand in hands]
            for seat, total in enumerate(totals):
                said = fold_count(total) + (" ✓" if total >= DEAL_FOLDS else "")
                self.query_one(f"#folds-{seat}", Label).update(said)
            line = self.cards("line", _("the draw line"))
            short = [p.name for p, t in zip(self.state.players, totals, strict=False) if t < DEAL_FOLDS]
            if short:
                verdict.say(_("Still dealing: {players} below {n} folds.").format(players=", ".join(short),
                                                                                  n=DEAL_FOLDS))
                return
            tied = fewest_folds(hands, self.catalogue)
            decision = decide(self.state, Deal(hands, line, tied[0] if len(tied) > 1 else None), self.catalogue)
        except (InputError, MissingValue) as problem:
            self.stuck(problem)
            return
        names = [self.state.players[i].name for i in tied]
        who = (_("{player} has the fewest folds and starts.").format(player=names[0]) if len(tied) == 1 else
               _("{players} tie with {folds}: the companion draws the lot when you confirm.").format(
                   players=listing(names), folds=fold_count(totals[tied[0]])))
        if isinstance(decision, Rejected):
            verdict.say(f"{who} {decision}", "problem")
            return
        self.dealt = hands, line, tied
        verdict.say(" ".join((who, _("ctrl+s records the deal."))), "ok")

    def action_submit(self) -> None:
        if self.dealt is None:  # check() has run on every change: its verdict says why
            self.not_yet()
            return
        self.post_message(self.Dealt(*self.dealt))

    def action_under_way(self) -> None:
        self.post_message(self.OtherStart())


def fold_count(n: int) -> str:
    return ngettext("{n} fold", "{n} folds", n).format(n=n)
