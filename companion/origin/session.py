"""OriginSession: an Origin Story game recorded turn by turn (the log machinery is LogSession's, shared by every
game). The app deck's randomness lives here, in the shell: each draw is picked with `secrets.SystemRandom` from the
deck as the state knows it and recorded as the action's events before anything is shown, under the action's key,
so a retried action returns the same cards and never draws twice."""
from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from random import Random
from typing import Any, assert_never

from db.store import Store
from scoring.decision import Decision, Rejected
from scoring.errors import InputError
from scoring.i18n import _, ngettext
from scoring.origin import catalog
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.cards import Card
from scoring.origin.catalog import Catalogue
from scoring.origin.decide import decide, final_sheet, follow_plan, table_draw
from scoring.origin.evolve import evolve, project
from scoring.origin.names import renamed
from scoring.origin.notation import AppDeckDeal, Charge, DealerByLot, SessionAction, StoryCard, Superhero
from scoring.origin.round_file_json import score_json
from scoring.origin.setup import HAND, Kind
from scoring.origin.sheet import GameScore
from scoring.origin.state import GameState, Phase, Step
from scoring.origin.vancardian_effects import parse_effect, round_draws_needed

from ..session import LogSession, Submitted
from . import KIND
from .catalogue import shipped

__all__ = ["OriginSession", "Submitted"]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A player's line for the history (store.finish): `hand` has no meaning in Origin Story."""

    name: str
    total: int
    rank: int
    hand: None = None


@dataclass(frozen=True, slots=True)
class FinalResults:
    players: tuple[SeatResult, ...]
    winners: tuple[str, ...]
    tie_break: str | None = None


class OriginSession(LogSession[GameState]):
    kind = KIND

    def __init__(self, store: Store, game_id: int, rng: Random | None = None,
                 catalogue: Catalogue | None = None) -> None:
        self.rng = rng or secrets.SystemRandom()  # tests inject a seeded Random; never stored
        self.catalogue = catalogue  # None: the shipped one, read when first needed
        self.renames: dict[str, str] = {}  # the log's name -> the profile's name now, where they differ
        super().__init__(store, game_id)

    @classmethod
    def start(cls, store: Store, command: c.StartGame, key: str,
              rng: Random | None = None) -> OriginSession | Rejected:
        """A new game, if its setup is accepted; retried with the same key, the same game."""
        decision = decide(None, command)
        if isinstance(decision, Rejected):
            return decision
        started = decision.events[0]
        assert isinstance(started, e.GameStarted)
        choices = {f.name: str(getattr(command.choices, f.name)) for f in fields(command.choices)}
        if started.difficulty is not None:  # the history groups solo results by difficulty and deck
            choices |= {"difficulty": str(started.difficulty), "difficulty_colour": str(started.difficulty_colour),
                        "deck": started.deck}
        record = store.games.create(variant=started.mode, players=started.players, families=[], rules=choices,
                                   first=decision.events, key=key, kind=KIND)
        return cls(store, record.id, rng)

    # --- the rules --------------------------------------------------------------------------------
    def decide(self, state: GameState | None, command: Any) -> Decision:
        return decide(state, command)

    def evolve(self, state: GameState, event: Any) -> GameState:
        return evolve(state, event)

    def project(self, events: Sequence[Any]) -> GameState:
        """The table as the log leaves it, each player under their profile's name now (the log keeps the names
        given at the start: a player renamed since is shown, and answers, by the new one)."""
        started = next((x for x in events if isinstance(x, e.GameStarted)), None)
        now = self.record.players
        self.renames = ({old: new for old, new in zip(started.players, now, strict=True) if old != new}
                        if started is not None and len(started.players) == len(now) else {})
        return project([renamed(x, self.renames) for x in events] if self.renames else events)

    def as_logged(self, facts: Sequence[Any]) -> Sequence[Any]:
        back = {new: old for old, new in self.renames.items()}
        return [renamed(x, back) for x in facts] if back else facts

    def _action_events(self, key: str) -> tuple[Any, ...]:
        return tuple(renamed(x, self.renames) for x in super()._action_events(key))

    def is_setup(self, event: Any) -> bool:
        return isinstance(event, e.GameStarted | e.SoloDeckBuilt)

    # --- the round stepper (ORIGIN_STORY.md §3.2) ------------------------------------------------------
    # The default path is the book's order: `next_step` names the step due; each step is one action (undo takes it
    # back). A step may be skipped by recording a later one (a table that logs only winners goes straight to the
    # alignments); the stamina gain, being computed, is then recorded with that later step. What the catalogue
    # knows of a card (solo ban, a cost involving others, its kind) goes into the command here, in the shell.

    @property
    def next_step(self) -> Step | None:
        return self.state.next_step

    def _card(self, name: str) -> catalog.Card | None:
        if self.catalogue is None:
            self.catalogue = shipped()
        return self.catalogue.lookup(name)

    def gain_stamina(self, key: str) -> Submitted:
        return self.submit(c.GainStamina(), key)

    def reveal_event(self, name: str, key: str, colour: str | None = None, vancardian: str = "") -> Submitted:
        return self.submit(c.RevealEvent(name, colour, vancardian), key)

    def place_story(self, player: str, name: str, key: str) -> Submitted:
        card = self._card(name)
        return self.submit(c.PlaceStoryCard(player, name, card.solo_banned if card else None), key)

    def reveal_superhero(self, player: str, name: str, key: str) -> Submitted:
        card = self._card(name)
        return self.submit(c.RevealSuperhero(player, name, card.solo_banned if card else None), key)

    def charge(self, player: str, source: str, stamina: int, key: str,
               involves_others: bool | None = None) -> Submitted:
        """A charge; whether its cost involves others is the table's word, else the catalogue's (else unknown)."""
        return self.submit(self.charge_command(player, source, stamina, involves_others), key)

    def charge_command(self, player: str, source: str, stamina: int,
                       involves_others: bool | None = None) -> c.ChargeAbility:
        """The charge as it is recorded, with what the catalogue says of its card."""
        card = self._card(source)
        if involves_others is None and card is not None:
            involves_others = card.involves_others
        return c.ChargeAbility(player, source, stamina, involves_others, _kind(card))

    def use_ability(self, command: c.UseAbility, key: str) -> Submitted:
        """An ability, with its source's kind as the catalogue knows it (for OS-CHARGED-ONLY)."""
        if command.kind is None:
            command = replace(command, kind=self.card_kind(command.source))
        return self.submit(command, key)

    def card_kind(self, name: str) -> str | None:
        """What the catalogue says a card is (story, character…), None when it does not know the card."""
        return _kind(self._card(name))

    def perform(self, action: SessionAction, key: str) -> Submitted:
        """A stepper's answer the session completes: a draw (the lot, the app deck) or a catalogue look-up."""
        match action:
            case DealerByLot():
                return self.draw_dealer(key)
            case AppDeckDeal(line=line):
                return self.deal_app_deck(key, line)
            case StoryCard(player=player, name=name):
                return self.place_story(player, name, key)
            case Superhero(player=player, name=name):
                return self.reveal_superhero(player, name, key)
            case Charge(player=player, card=card, stamina=stamina):
                return self.charge(player, card, stamina, key)
        assert_never(action)

    # --- outcomes drawn by the shell ----------------------------------------------------------------
    def draw_dealer(self, key: str) -> Submitted:
        """The first dealer by lot: a seat that may deal, picked at random and recorded as the lot's outcome."""
        if key in self.keys:
            return self.submit(c.ChooseDealer(""), key)
        return self.submit(c.ChooseDealer(self.rng.choice(self.state.seating.dealers), "lot"), key)

    def _pick(self, pool: Sequence[Card], count: int) -> tuple[Card, ...]:
        return tuple(self.rng.sample(sorted(pool), count))

    def deal_app_deck(self, key: str, line: str = "") -> Submitted:
        """Solo with the app deck: deal the rows due now (yours, then after your alignment the Vancardians',
        with the cards `line`'s Replace needs), drawn at random from the deck."""
        if key in self.keys:
            return self.submit(c.DealHands(()), key)
        piles = self._app_deck()
        r = self.state.round
        if r is None or self.state.phase is not Phase.DEAL:
            raise InputError(_("nothing to deal now"))
        you = self.state.you
        seats = [you] if you not in dict(r.hands) else [s.name for s in self.state.seating.seats
                                                         if s.kind is Kind.VANCARDIAN]
        drawn = self._pick(piles.deck, HAND * len(seats))
        rows = [drawn[i * HAND:(i + 1) * HAND] for i in range(len(seats))]
        draws: tuple[Card, ...] = ()
        if seats != [you]:
            needed = round_draws_needed(parse_effect(line), rows,
                                        replace_draws=self.state.choices.replace_draws)
            draws = self._pick([x for x in piles.deck if x not in drawn], needed)
        return self.submit(c.DealHands(tuple(zip(seats, rows, strict=True)), line, draws), key)

    def vancardian_plays(self, key: str, drawn: tuple[Card, ...] | None = None) -> Submitted:
        """The Vancardian to play moves. App deck: the two cards she draws to follow are picked here (the discard
        pile shuffled in first if the deck runs out); table deck: `drawn` are the cards the table drew."""
        if key in self.keys:
            return self.submit(c.VancardianPlays(), key)
        if drawn is not None or self.state.deck != "app":
            return self.submit(table_draw(self.state, drawn or ()), key)
        piles = self._app_deck()
        r = self.state.round
        if r is None or r.in_play(len(self.state.seating.seats)) is None:  # no trick in play: she leads (no draw)
            return self.submit(c.VancardianPlays(), key)
        plan = follow_plan(piles)
        cards = self._pick(piles.deck, plan.from_deck) + self._pick(piles.reshufflable, plan.after_reshuffle)
        return self.submit(c.VancardianPlays(cards, bool(plan.reshuffled)), key)

    def _app_deck(self) -> Any:
        if self.state.deck != "app" or self.state.piles is None:
            raise InputError(_("game {id} uses the table's deck: type the cards drawn").format(id=self.game_id))
        return self.state.piles

    # --- the end ------------------------------------------------------------------------------------
    def score(self) -> GameScore:
        """The score sheet of the rounds scored so far."""
        if not any(r.scored for r in self.state.rounds):
            raise InputError(_("game {id} has no round scored yet").format(id=self.game_id))
        return final_sheet(self.state)

    def finish(self) -> GameScore:
        """Write the ended game's results into the history: one line per player (solo: the Vancardians' lines
        go in the player's sheet; a Vancardian may be among the winners)."""
        if self.state.phase is not Phase.OVER:
            started = ngettext("{n} round started", "{n} rounds started", len(self.state.rounds))
            raise InputError(_("game {id} is not over yet: {started}, 5 to score").format(
                id=self.game_id, started=started.format(n=len(self.state.rounds))))

        sheet = self.score()
        people = [p for p in sheet.players if p.name in self.state.players]
        results = FinalResults(tuple(SeatResult(p.name, p.total, p.rank) for p in people), sheet.winners)
        data = score_json(sheet)  # as `origin score --json` prints it
        details = [next(d for d in data["players"] if d["name"] == p.name) for p in people]
        if len(people) < len(sheet.players):
            others = [d for d in data["players"] if d["name"] not in self.state.players]
            details = [{**d, "opponents": others} for d in details]
        self.record = self.store.results.finish(self.game_id, results, details)
        return sheet


def _kind(card: catalog.Card | None) -> str | None:
    return None if card is None else str(card.kind.value)
