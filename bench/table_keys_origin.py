"""Keys to record a seeded 5-round Origin Story game at the cards level, typed into the real app through its pilot
as a person would (reading what the screen asks, one line then Enter, waiting for it to be recorded): every key
from Home to the final score sheet counted, and the trick lines' keys per card played and per trick, for each way
of typing a trick. Each way must record the same game: the logs are compared, event for event.

Run alone with `python -m bench.table_keys_origin` (entry: `main`)."""
from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from companion.games import KINDS
from scoring.origin.cards import DECK, Card
from scoring.origin.round_input import CardTrick
from scoring.origin.setup import HAND, ROUNDS
from scoring.origin.state import GameState
from scoring.origin.trick import legal_follows

SEED = 30
PATIENCE = 120.0  # seconds a loaded machine may take to record one line; never reached when it is recorded
Play = tuple[Card, Card | None]  # a card, and the card a sidekick turns up after it (None for anyone else)
Style = Callable[[Sequence[Play]], list[str]]  # a trick's plays as the lines typed


@dataclass(frozen=True)
class Game:
    """What is recorded: the players (the new-game form's count and names), the dealer, how many rounds."""

    label: str
    players: tuple[str, ...]
    dealer: str
    rounds: int

    @property
    def form(self) -> list[str]:
        """Home's keys to the game's first step: the form for a table or a duo game (`o`), or for solo (`v`)."""
        names = [*", ".join(self.players)]
        if len(self.players) == 1:
            return ["v", *names, "ctrl+s"]  # the app deck, difficulty 0: the form's defaults
        return ["o", str(len(self.players)), "enter", *names, "tab", "tab", "tab", "tab", *self.dealer, "ctrl+s"]


GAMES = (Game("a 5-round 3-player game", ("Ann", "Bob", "Cy"), "Cy", ROUNDS),
         Game("a duo round", ("Ann", "Bob"), "Ann", 1), Game("a solo round, app deck", ("Ann",), "", 1))


def today(plays: Sequence[Play]) -> list[str]:
    """A trick as the table's help taught it before: `7br 10br 13sp`, one line for the cards up to a sidekick's, the
    sidekick's (`3st up 9lv`: its card and the one it turns up) alone on its line (4 lines a duo trick)."""
    lines: list[str] = []
    spaced: list[str] = []
    for card, turned in plays:
        if turned is None:
            spaced.append(str(card))
            continue
        lines += [" ".join(spaced)] if spaced else []
        lines.append(f"{card} up {turned}")
        spaced = []
    return lines + ([" ".join(spaced)] if spaced else [])


def shortest(plays: Sequence[Play]) -> list[str]:
    """The same trick as the table's help teaches it now: one line, the cards run together, one letter a suit
    (`7b10b13s`; a duo trick `5b3t+9l8b7b+4t`)."""
    return ["".join(card.short + (f"+{turned.short}" if turned else "") for card, turned in plays)]


@dataclass
class Keys:
    """The keys pressed, by what they were for."""

    pilot: Any
    tricks: int = 0  # the trick lines, Enter included
    other: int = 0  # everything else: the new-game form, the round's steps, scoring, the summaries
    cards: int = 0  # cards typed (in solo, your own: the app plays the Vancardians')
    trick_count: int = 0

    async def press(self, keys: Sequence[str], trick: bool = False) -> None:
        await self.pilot.press(*keys)
        if trick:
            self.tricks += len(keys)
        else:
            self.other += len(keys)


@dataclass
class Plan:
    """The seeded game's hands, each round: every seat's (a sidekick's, its face-up cards) and a sidekick's
    face-down stack, turned up one at a time as it plays."""

    rng: random.Random
    hands: dict[str, list[Card]] = field(default_factory=dict)
    down: dict[str, list[Card]] = field(default_factory=dict)

    def deal(self, seats: Sequence[str], sidekicks: Sequence[str]) -> None:
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = {seat: deck[i * HAND:(i + 1) * HAND] for i, seat in enumerate(seats)}
        self.down = {sk: self.hands[sk][2:] for sk in sidekicks}
        self.hands |= {sk: self.hands[sk][:2] for sk in sidekicks}

    def trick(self, order: Sequence[str]) -> list[Play]:
        """A legal card from each seat in play order (follow the lead suit when the hand holds one)."""
        plays: list[Play] = []
        for seat in order:
            hand = self.hands[seat]
            card = self.rng.choice(legal_follows(hand, plays[0][0].suit if plays else None))
            hand.remove(card)
            turned = self.down[seat].pop(0) if self.down.get(seat) else None
            hand += [turned] if turned else []
            plays.append((card, turned))
        return plays


async def until(pilot: Any, condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"the app never got to {what}: the benchmark no longer matches the app")
        await pilot.pause(0.01)


def cards_played(state: GameState) -> int:
    """The round's cards played so far (a sidekick's or a Vancardian's too)."""
    r = state.round
    return 0 if r is None else sum(len(t.plays) for t in r.entries if isinstance(t, CardTrick))


async def record_game(url: str, game: Game, style: Style) -> Keys:
    """`game` typed from Home to its last round's summary (a whole game: to the final sheet), each trick as `style`
    writes it, each step answered as its prompt asks."""
    from companion.app import make_app
    from companion.origin.controller import Controller
    from scoring.origin.legal import legal_options
    from scoring.origin.referee import referee
    from scoring.origin.setup import Kind
    from scoring.origin.state import Phase
    from scoring.origin.stepper import Due, due
    from scoring.origin.view import next_seat, seats_in_order
    from screens.origin.sheet import OriginSheetScreen, RoundSummaryScreen
    from screens.origin.stepper import StepperScreen
    from screens.origin.table import OriginTableScreen

    plan = Plan(random.Random(SEED))
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = Keys(pilot)
        await until(pilot, lambda: app.store is not None, "an open database")
        await app.workers.wait_for_complete()
        await pilot.pause()
        origin = app.controller("origin-story")
        assert isinstance(origin, Controller)
        origin.rng = random.Random(SEED)  # the app deck's draws: the same in every run
        await keys.press(game.form)
        await until(pilot, lambda: isinstance(app.screen, StepperScreen), "round 1's steps")
        for number in range(1, game.rounds + 1):
            state = origin.game().state
            sidekicks = [s.name for s in state.seating.seats if s.kind is Kind.SIDEKICK]
            plan.deal(state.seating.names, sidekicks)
            while isinstance(app.screen, StepperScreen):
                state = origin.game().state
                step = due(state, origin.charged_done, origin.aligned)
                answer = {"deal": ", ".join(" ".join(str(c) for c in plan.hands[sk]) for sk in sidekicks),
                          "stamina": "", "charge": "", "event": "Transfer of Power", "rows": "replace 2",
                          "story": f"Story {step.player} {number}", "superhero": f"Hero {step.player}",
                          "align": plan.rng.choice("hv")}[step.step]
                await keys.press([*answer, "enter"])

                def answered(asked: Due = step) -> bool:
                    return not isinstance(app.screen, StepperScreen) or due(
                        origin.game().state, origin.charged_done, origin.aligned) != asked

                await until(pilot, answered, f"the step after {step}")
            table = app.screen
            assert isinstance(table, OriginTableScreen)
            if table.level != "cards":
                await keys.press(["f2"] * (2 if table.level == "score only" else 1))
            while (state := origin.game().state).phase is Phase.PLAY:
                if state.mode.value == "solo":  # your card; the Vancardians play theirs by themselves
                    seat, legal = legal_options(referee(state.round_input()))
                    assert seat == state.you and legal
                    plays: list[Play] = [(plan.rng.choice(legal), None)]
                else:
                    leader = next_seat(state)
                    assert leader is not None
                    order = seats_in_order(state, None)
                    plays = plan.trick(order[order.index(leader):] + order[:order.index(leader)])
                played = cards_played(state)
                for typed in style(plays):
                    await keys.press([*typed, "enter"], trick=True)
                keys.cards += len(plays)
                keys.trick_count += 1

                def taken(before: int = played, count: int = len(plays)) -> bool:
                    return cards_played(origin.game().state) >= before + count

                await until(pilot, taken, f"a trick of round {number} recorded")
            await keys.press(["enter"])  # Enter alone scores the round
            await until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen), f"round {number}'s summary")
            if number < ROUNDS and number == game.rounds:
                break
            await keys.press(["enter"])
            after = OriginSheetScreen if number == ROUNDS else StepperScreen
            await until(pilot, partial(lambda shown: isinstance(app.screen, shown), after),
                        f"{after.__name__} after round {number}")
    return keys


def recorded_log(url: str) -> list[Any]:
    from db.store import Store

    store = Store.open(url, KINDS)
    try:
        games = store.games.all()
        if len(games) != 1:
            raise SystemExit(f"the keys made {len(games)} games, not one: the benchmark no longer matches the app")
        return [x.event for x in store.log.events(games[0].id)]
    finally:
        store.close()


def main() -> None:
    ways: dict[str, Style] = {"as the help taught before (7br 10br 13sp)": today,
                              "as it teaches now (7b10b13s, a duo trick in one line)": shortest}
    with tempfile.TemporaryDirectory() as folder:
        for game in GAMES:
            figures: dict[str, Keys] = {}
            logs: dict[str, list[Any]] = {}
            for label, style in ways.items():
                url = f"sqlite:///{Path(folder) / f'{len(list(Path(folder).iterdir()))}.db'}"
                figures[label] = asyncio.run(record_game(url, game, style))
                logs[label] = recorded_log(url)
            first = next(iter(logs.values()))
            if any(log != first for log in logs.values()):
                raise SystemExit(f"{game.label}: the ways of typing recorded different games; they must not")
            base = next(iter(figures.values()))
            for label, keys in figures.items():
                print(f"Origin Story cards level, {game.label}, {label}: {keys.tricks / keys.cards:5.2f} keys a "
                      f"card, {keys.tricks / keys.trick_count:5.1f} a trick, {keys.tricks + keys.other} in all "
                      f"({keys.other} off the tricks), {keys.tricks / base.tricks:5.2f}× the trick keys before")


if __name__ == "__main__":
    main()
