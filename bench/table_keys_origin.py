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
from scoring.origin.setup import HAND, ROUNDS
from scoring.origin.trick import legal_follows

SEED = 30
PLAYERS = ("Ann", "Bob", "Cy")
DEALER = "Cy"  # chosen on the new-game form: Ann leads round 1's first trick
PATIENCE = 120.0  # seconds a loaded machine may take to record one line; never reached when it is recorded
Trick = Sequence[Card]


def today(cards: Trick) -> str:
    """A trick as the table's help taught it before: `7br 10br 13sp`."""
    return " ".join(str(card) for card in cards)


def shortest(cards: Trick) -> str:
    """The same trick as the table's help teaches it now: the cards run together, one letter a suit (`7b10b13s`)."""
    return "".join(card.short for card in cards)


@dataclass
class Keys:
    """The keys pressed, by what they were for."""

    pilot: Any
    tricks: int = 0  # the trick lines, Enter included
    other: int = 0  # everything else: the new-game form, the round's steps, scoring, the summaries
    cards: int = 0
    lines: int = 0  # trick lines sent
    trick_count: int = 0

    async def press(self, keys: Sequence[str], trick: bool = False) -> None:
        await self.pilot.press(*keys)
        if trick:
            self.tricks += len(keys)
        else:
            self.other += len(keys)


@dataclass
class Plan:
    """The seeded game: each round's hands and each player's story card, superhero and alignment."""

    rng: random.Random
    hands: dict[str, list[Card]] = field(default_factory=dict)

    def deal(self) -> None:
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = {p: deck[i * HAND:(i + 1) * HAND] for i, p in enumerate(PLAYERS)}

    def trick(self, order: Sequence[str]) -> list[Card]:
        """A legal card from each seat in play order (follow the lead suit when the hand holds one)."""
        cards: list[Card] = []
        for seat in order:
            hand = self.hands[seat]
            card = self.rng.choice(legal_follows(hand, cards[0].suit if cards else None))
            hand.remove(card)
            cards.append(card)
        return cards


async def until(pilot: Any, condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"the app never got to {what}: the benchmark no longer matches the app")
        await pilot.pause(0.01)


async def record_game(url: str, style: Callable[[Trick], str]) -> Keys:
    """The seeded game typed from Home to the final sheet, each trick as `style` writes it."""
    from companion.app import make_app
    from companion.origin.controller import Controller
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
        await keys.press(["o", "3", "enter", *", ".join(PLAYERS), "tab", "tab", "tab", "tab", *DEALER, "ctrl+s"])
        await until(pilot, lambda: isinstance(app.screen, StepperScreen), "round 1's steps")
        for number in range(1, ROUNDS + 1):
            plan.deal()
            while isinstance(app.screen, StepperScreen):
                state = origin.game().state
                step = due(state, origin.charged_done, origin.aligned)
                answer = {"stamina": "", "charge": "", "event": "Transfer of Power",
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
            for n in range(1, HAND + 1):
                state = origin.game().state
                leader = next_seat(state)
                assert leader is not None
                order = seats_in_order(state, None)
                order = order[order.index(leader):] + order[:order.index(leader)]
                cards = plan.trick(order)
                await keys.press([*style(cards), "enter"], trick=True)
                keys.cards += len(cards)
                keys.lines += 1
                keys.trick_count += 1
                await until(pilot, partial(lambda done: origin.tricks_done() == done, n),
                            f"trick {n} of round {number} recorded")
            await keys.press(["enter"])  # Enter alone scores the round
            await until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen), f"round {number}'s summary")
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
    ways: dict[str, Callable[[Trick], str]] = {"as the help taught before (7br 10br 13sp)": today,
                                               "run together, as it teaches now (7b10b13s)": shortest}
    figures: dict[str, Keys] = {}
    logs: dict[str, list[Any]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for n, (label, style) in enumerate(ways.items()):
            url = f"sqlite:///{Path(folder) / f'{n}.db'}"
            figures[label] = asyncio.run(record_game(url, style))
            logs[label] = recorded_log(url)
    first = next(iter(logs.values()))
    for label, log in logs.items():
        if log != first:
            raise SystemExit(f"typed {label}, the game recorded differs: the ways must record the same facts")
    base = next(iter(figures.values()))
    for label, keys in figures.items():
        print(f"Origin Story cards level, {label:<44} {keys.tricks / keys.cards:5.2f} keys a card   "
              f"{keys.tricks / keys.trick_count:5.1f} a trick   {keys.tricks + keys.other:5d} keys a game "
              f"({keys.other} off the tricks)   {keys.tricks / base.tricks:5.2f}× before")


if __name__ == "__main__":
    main()
