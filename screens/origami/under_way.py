"""A game already under way: type the table as it stands at the start of the current player's turn, in
place of the deal. The referee checks it as it is typed; the deck is worked out from what is on the table."""
from __future__ import annotations

import re
from collections.abc import Iterator

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from scoring import counts
from scoring.decision import Accepted, Violation
from scoring.errors import InputError, MissingValue
from scoring.i18n import N_, _
from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.catalog import Catalogue
from scoring.origami.checks import cards_in_game
from scoring.origami.decide import decide
from scoring.origami.events import PositionEntered
from scoring.origami.notation import matching
from scoring.origami.state import GameState

from ..ask import ask_override
from ..completion import Completer, word_list
from ..footer import Footer, translated_keys
from ..form import Choice, Field, Verdict
from ..header import Header
from ..later import FillsLater
from .completion import card_list
from .deal import DealScreen, dealt
from .form import CatalogueForm

HAND = re.compile(r"\s*(\d+)\s*(?:\+\s*(\d+)\s*rice(?: paper)?)?\s*", re.IGNORECASE)
RAN_OUT = [(N_("Not yet"), "0"), (N_("Once"), "1"), (N_("Twice: final turns"), "2")]  # translated where shown


def hand_size(text: str, who: str) -> tuple[int, int]:
    """'5' or '5 + 2 rice': the deck cards and the rice paper in a hand."""
    found = HAND.fullmatch(text or "0")
    if found is None:
        raise InputError(_("{player}'s hand: type how many cards it holds, e.g. 5 (or 5 + 2 rice), not {typed}").format(
            player=who, typed=repr(text)))
    return int(found[1]), int(found[2] or 0)


class UnderWayScreen(CatalogueForm, FillsLater[None]):
    DEFAULT_CSS = """
    UnderWayScreen #help { margin: 0 1; }
    UnderWayScreen #seats { grid-size: 4; grid-columns: 12 1fr 1fr 16; grid-rows: 1; grid-gutter: 0 1;
                            height: auto; margin: 1 1 0 1; }
    UnderWayScreen #rest { grid-size: 2; grid-columns: 26 1fr; grid-rows: 1; grid-gutter: 0 1; height: auto;
                           margin: 1 1; }
    UnderWayScreen .heading { text-style: bold; }
    UnderWayScreen #check { margin: 0 1; }
    """
    BINDINGS = [Binding("ctrl+s", "submit", N_("Record the table")), Binding("ctrl+o", "override", N_("Override")),
                Binding("ctrl+g", "deal", N_("Deal instead")), Binding("escape", "app.pop_screen", N_("Home"))]
    LAST = ("current", "turns-left")

    class Entered(Message):
        """The table as it stands (an EnterPosition, or an Override of one)."""

        def __init__(self, command: c.Command) -> None:
            super().__init__()
            self.command = command

    def __init__(self, game_id: int, state: GameState, catalogue: Catalogue) -> None:
        super().__init__()
        translated_keys(self)
        self.game_id = game_id
        self.state = state
        self.catalogue = catalogue
        self.command: c.EnterPosition | None = None
        self.refusal: Violation | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(_("The table as it stands at the start of the current player's turn: collections from the "
                       "bottom card up (a space between the cards, a comma if names run together), and how many "
                       "cards each hand holds."), id="help")
        with VerticalScroll():  # the fields come after the first paint (`fill`)
            yield Grid(id="seats")
            yield Grid(id="rest")
        yield Verdict("check")
        yield Footer()

    def seat_fields(self, cards: Completer) -> Iterator[Widget]:
        for heading in (_("Player"), _("Collection 1"), _("Collection 2"), _("Hand")):
            yield Static(heading, classes="heading")
        for seat, player in enumerate(self.state.players):
            yield Label(player.name)
            yield Field(id=f"c1-{seat}", suggester=cards)
            yield Field(id=f"c2-{seat}", suggester=cards)
            yield Field(placeholder=_("5 or 5 + 2 rice"), id=f"hand-{seat}")

    def rest_fields(self, cards: Completer) -> Iterator[Widget]:
        players = word_list(lambda: [p.name for p in self.state.players])
        yield Label(_("Characters in play"))
        yield Field(id="characters", suggester=cards)
        yield Label(_("Draw line"))
        yield Field(id="line", suggester=cards)
        yield Label(_("Discard pile (top last)"))
        yield Field(id="discard", suggester=cards)
        yield Label(_("Who started the game"))
        yield Field(id="starting", suggester=players)
        yield Label(_("Whose turn it is"))
        yield Field(id="current", suggester=players)
        yield Label(_("The deck has run out"))
        yield Choice([(_(label), value) for label, value in RAN_OUT], value="0", allow_blank=False, id="ran-out")
        yield Label(_("Turns left after this one"))
        yield Field(placeholder=_("once it has run out twice"), id="turns-left")

    def on_mount(self) -> None:
        self.sub_title = _("Game {id}: a game under way").format(id=self.game_id)

    async def fill(self) -> None:
        cards = card_list(lambda: self.catalogue, lambda: self.state.variant.games,
                          lambda: (cards_in_game(self.state, self.catalogue),))
        await self.query_one("#seats", Grid).mount_all(self.seat_fields(cards))
        await self.query_one("#rest", Grid).mount_all(self.rest_fields(cards))
        self.query_one("#c1-0", Input).focus()
        self.check()

    def text(self, key: str) -> str:
        return self.query_one(f"#{key}", Input).value

    def cards(self, key: str, what: str) -> tuple[CardId, ...]:
        in_game = cards_in_game(self.state, self.catalogue)
        return dealt(self.text(key), self.catalogue, self.state.variant.games, what, in_game, in_game)

    def seat(self, key: str, what: str) -> int:
        names = [p.name for p in self.state.players]
        typed = self.text(key).strip()
        found = matching(typed, names) if typed else []
        if len(found) != 1:
            raise InputError(_("{what}: type one of {players}").format(what=what, players=", ".join(names)))
        return names.index(found[0])

    def read(self) -> c.EnterPosition:
        players = self.state.players
        hands = [hand_size(self.text(f"hand-{s}"), p.name) for s, p in enumerate(players)]
        ran_out = int(str(self.query_one("#ran-out", Choice).value))
        left = self.text("turns-left").strip()
        if left and not left.isdigit():
            raise InputError(_("turns left: type a number, not {typed}").format(typed=repr(left)))
        return c.EnterPosition(
            collections=tuple((self.cards(f"c1-{s}", _("{player}'s collection 1").format(player=p.name)),
                               self.cards(f"c2-{s}", _("{player}'s collection 2").format(player=p.name)))
                              for s, p in enumerate(players)),
            hands=tuple(h for h, _ in hands), rice=tuple(r for _, r in hands),
            characters=self.cards("characters", _("Characters in play")), line=self.cards("line", _("the draw line")),
            discard=self.cards("discard", _("the discard pile")),
            starting=self.seat("starting", _("who started the game")), current=self.seat("current", _("whose turn")),
            exhaustions=ran_out, turns_left=int(left) if left and ran_out == 2 else None)

    def check(self) -> None:
        """Read the table typed so far and ask the referee about it; say plainly what is missing or wrong."""
        self.command, self.refusal, self.missing = None, None, None
        verdict = self.query_one("#check", Verdict)
        self.query_one("#turns-left", Input).disabled = str(self.query_one("#ran-out", Choice).value) != "2"
        try:
            command = self.read()
            decision = decide(self.state, command, self.catalogue)
        except (InputError, MissingValue) as problem:
            self.stuck(problem)
            return
        self.command = command
        if not isinstance(decision, Accepted):
            self.refusal = decision.violation
            verdict.say(_("{refusal} (ctrl+o records it anyway, with a reason)").format(refusal=decision)
                        if decision.violation.overridable else str(decision), "problem")
            return
        deck = next(event.deck for event in decision.events if isinstance(event, PositionEntered))
        verdict.say(_("The deck should hold {cards}: count it to be sure. ctrl+s records the table.").format(
            cards=counts.cards(deck)), "ok")

    def action_submit(self) -> None:
        if self.command is None or self.refusal is not None:  # check() has said why
            self.not_yet()
            return
        self.post_message(self.Entered(self.command))

    def action_override(self) -> None:
        command = self.command

        def record(reason: str) -> None:
            assert command is not None
            self.post_message(self.Entered(c.Override(command, reason)))

        ask_override(self, self.refusal, record)  # set only with a command

    def action_deal(self) -> None:
        self.post_message(DealScreen.OtherStart())
