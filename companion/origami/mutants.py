"""A differential soak of the referee: in random legal games (playout.py), each offered command is mutated in one
field (another card, seat, collection, source, effect, amount...) and put to the referee. A mutant the referee
accepts must do exactly what some command legal_actions offers does (the same events), or the referee lets an
illegal move stand (or legal_actions misses a legal one). Where the referee itself says any consequence may be
recorded (an effect nobody knows), the position is skipped. For tests and `make soak`."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from scoring.decision import Accepted
from scoring.origami import commands as c
from scoring.origami.cards import CardId
from scoring.origami.catalog import Catalogue
from scoring.origami.decide import decide
from scoring.origami.grants import showing, unknown_effect
from scoring.origami.state import GameState, Phase
from scoring.origami.table import Variant

from .playout import Playout

SEATS = ("player", "giver", "owner", "receiver")
HAND_LISTS = {c.PlayOrigami: "payment", c.PlayCharacter: "payment", c.Discard: "cards", c.PassCards: "cards",
              c.EndTurn: "discards"}


@dataclass(slots=True)
class Soak:
    """What a soak tried, and every disagreement between the referee and legal_actions it found."""

    seed: int
    games: int = 0
    positions: int = 0
    mutants: int = 0
    accepted: int = 0  # mutants the referee accepted that do what an offered command does
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"mutant soak, seed {self.seed}: {self.games} games, {self.positions} positions, {self.mutants} "
                f"mutants tried, {self.accepted} accepted as legal moves, {len(self.problems)} disagreements")


def soak(catalogue: Catalogue, seed: int, games: int, per_position: int = 4, players: Sequence[int] = (2, 3, 4),
         variants: Sequence[Variant] = tuple(Variant)) -> Soak:
    """`games` random legal games from `seed`; at each position `per_position` offered commands are mutated."""
    rng = random.Random(seed)
    found = Soak(seed)
    for _ in range(games):
        playout = Playout(catalogue, random.Random(rng.getrandbits(64)))
        playout.setup(rng.choice(list(variants)), rng.choice(list(players)))
        while playout.s.phase is Phase.PLAY and len(found.problems) < 10:
            _position(playout, rng, per_position, found)
            playout.step()
        found.games += 1
    return found


def _position(playout: Playout, rng: random.Random, per_position: int, found: Soak) -> None:
    state, catalogue = playout.s, playout.catalogue
    if unknown_effect(state, catalogue):
        return  # the referee lets any consequence of an effect nobody knows stand, and says so
    offers = playout.offers()
    outcomes = set()
    for offer in offers:
        done = playout.complete(offer, playout.peeker())
        if done is not None:
            decision = decide(state, done, catalogue)
            if not isinstance(decision, Accepted):
                found.problems.append(f"offered but refused at turn {state.turn}: {done} -> {decision}")
                continue
            outcomes.add(decision.events)
    found.positions += 1
    offered = set(offers)
    for offer in rng.sample(offers, min(per_position, len(offers))):
        for mutant in mutants(offer, state, playout.hands, rng):
            done = playout.complete(mutant, playout.peeker()) if mutant not in offered else None
            if done is None:
                continue
            found.mutants += 1
            try:
                decision = decide(state, done, catalogue)
            except Exception as exc:  # the referee must answer every command, never crash
                found.problems.append(f"crashed at turn {state.turn}: {done} -> {exc!r}")
                continue
            if isinstance(decision, Accepted):
                if decision.events in outcomes:
                    found.accepted += 1
                else:
                    found.problems.append(f"accepted at turn {state.turn} but offered by nobody: {done} (from {offer})")


def mutants(command: c.Command, state: GameState, hands: Sequence[Sequence[CardId]],
            rng: random.Random) -> list[c.Command]:
    """The command with one field changed, each way a player could get it wrong; only cards the acting player
    truly holds come from a hand (the referee cannot see hands, legal_actions is given them)."""
    hand = list(hands[_seat(command, state.current)])
    tops = [cid for cid, _ in showing(state)]
    out: list[c.Command] = []
    for f in fields(command):
        value = getattr(command, f.name)
        for other in _changes(f.name, value, command, state, hand, tops, rng):
            if other != value:
                out.append(replace(command, **{f.name: other}))
    return [m for m in dict.fromkeys(out) if _holds(m, hands, state.current)]


def _changes(name: str, value: Any, command: c.Command, state: GameState, hand: list[CardId], tops: list[CardId],
             rng: random.Random) -> Iterable[Any]:
    if name in SEATS:
        return range(state.count)
    if name in ("collection",):
        return (0, 1)
    if name in ("under", "free"):
        return (not value,)
    if name == "source" and isinstance(value, str):
        return ("hand", "line", "discard")
    if name in ("source", "target") and isinstance(value, tuple):
        col, pos = value
        return ((1 - col, pos), (col, pos + 1), (col, max(0, pos - 1)), (col, 0))
    if name == "via":
        return (None, *dict.fromkeys(state.effects))
    if name in ("discount", "rice_traded", "count"):
        return (value + 1, max(0 if name != "count" else 1, value - 1))
    if name == "card":
        pool = {c.TakeFromDiscard: list(state.discard), c.CopyEffect: tops, c.SwapIn: hand,
                c.PlayCharacter: hand}.get(type(command), hand + list(state.line) + list(state.discard[-1:]))
        return _some(pool, rng)
    if name in ("payment", "cards", "discards"):
        pool = list(state.line) if isinstance(command, (c.DrawCards, c.TakeFromLine)) else hand
        return _edits(value, pool, rng)
    return ()  # the table's facts (refills, cards shown from the deck) and unseen passes are not mutated


def _some(pool: list[CardId], rng: random.Random, k: int = 3) -> list[CardId]:
    unique = sorted(set(pool))
    return rng.sample(unique, min(k, len(unique)))


def _edits(cards: tuple[CardId, ...], pool: list[CardId], rng: random.Random) -> list[tuple[CardId, ...]]:
    """One card more, one fewer, one swapped for another (sorted, as the engine lists cards)."""
    spare = list((Counter(pool) - Counter(cards)).elements())
    out = [tuple(sorted(cards[:i] + cards[i + 1:])) for i in range(len(cards))]
    for extra in _some(spare, rng, 2):
        out.append(tuple(sorted((*cards, extra))))
        if cards:
            out.append(tuple(sorted((*cards[1:], extra))))
    return out


def _seat(command: c.Command, current: int) -> int:
    """Who gives the command (a new draw line names nobody: the player whose turn it is)."""
    return next((getattr(command, name) for name in SEATS if hasattr(command, name)), current)


def _holds(command: c.Command, hands: Sequence[Sequence[CardId]], current: int) -> bool:
    """Every card the command takes from a hand is in that player's true hand."""
    seat = _seat(command, current)
    taken = list(getattr(command, HAND_LISTS[type(command)], ())) if type(command) in HAND_LISTS else []
    if isinstance(command, (c.PlayCharacter, c.SwapIn)) or isinstance(command, c.PlayOrigami) and \
            command.source == "hand":
        taken.append(command.card)
    return not Counter(taken) - Counter(hands[seat])
