"""Random legal games: a simulator that holds the hidden truth (deck order, real hands) and plays
through the referee using only the options the engine computes. For tests and benchmarks."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from scoring.decision import Accepted
from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami.audit import audit
from scoring.origami.cards import RICE_PAPER, CardId, Effect, Game, Kind
from scoring.origami.catalog import Catalogue
from scoring.origami.evolve import evolve, start
from scoring.origami.options import draw_allowance, folds, hand_limit, legal_payments, placements, price
from scoring.origami.referee import decide
from scoring.origami.sheet import ScoreSheet, score
from scoring.origami.state import GameState, Phase
from scoring.origami.table import Seat, Table, Variant

Entry = tuple[str, dict[str, Any]]  # a catalogue entry: where it comes from, and its fields

MAX_TURNS = 3000


def filled(catalogue: Catalogue, leave: frozenset[str] = frozenset()) -> Catalogue:
    """The catalogue with every unknown value filled with a made-up one (but the fields in `leave`), and
    each family completed to its 18 cards with made-up cards. For simulations only: these are not facts."""
    values, cards = made_up(catalogue, leave)
    return catalogue.with_entries(values, origin="simulation").with_entries(cards, origin="simulation")


def made_up(catalogue: Catalogue, leave: frozenset[str] = frozenset()) -> tuple[list[Entry], list[Entry]]:
    """What `filled` adds: the made-up values, then the made-up cards."""
    entries: list[Entry] = []
    for card in catalogue.cards.values():
        values: dict[str, Any] = {}
        for attr, value in (("quantity", 2), ("cost", 4), ("folds", 2), ("points", 2)):
            if (getattr(card, attr) is None and (attr != "points" or card.is_origami)
                    and card.kind is not Kind.RICE_PAPER):
                values[attr] = value
        if "effect" in card.unknown:
            values["effect"] = "instant"
        if "scoring" in card.unknown or (card.effect is Effect.SCORING and card.scoring is None):
            values["scoring"] = {"template": "most_in_hand", "amount": 3} if card.is_character else {"template": "none"}
            values["effect"] = "scoring"
        if "hand_modifier" in card.unknown:
            values["hand_modifier"] = {"red": 1, "yellow": -1}.get(card.colour or "", 0)
        if "price_modifier" in card.unknown:
            values["price_modifier"] = -1 if card.colour == "red" else 0
        values = {k: v for k, v in values.items() if k not in leave}
        if values:
            colour = {"colour": card.colour} if card.colour else {}
            entries.append((f"fill {card.id}", {"name": card.name, **colour, **values}))
    catalogue = catalogue.with_entries(entries, origin="simulation")
    extra: list[Entry] = []
    for family, game in catalogue.families.items():
        have = sum(c.quantity or 0 for c in catalogue.cards.values() if c.family == family)
        if have < catalogue.family_size:
            extra.append((f"fill {family}", {
                "name": f"Unseen {family}", "game": game.value, "kind": "origami", "family": family,
                "quantity": catalogue.family_size - have, "cost": 3, "folds": 2, "points": 2,
                "effect": "instant", "steps": ["draw_deck"]}))
    return entries, extra


@dataclass(slots=True)
class Playout:
    catalogue: Catalogue
    rng: random.Random
    state: GameState | None = None
    log: list[e.Event] = field(default_factory=list)
    deck: list[CardId] = field(default_factory=list)  # the hidden truth: top of the deck last
    hands: list[list[CardId]] = field(default_factory=list)
    script: list[c.Command] = field(default_factory=list)  # every command submitted, in order
    checked: bool = False  # check every invariant after every command (tests)

    # --- plumbing ---------------------------------------------------------------------------------
    def submit(self, command: c.Command) -> tuple[e.Event, ...]:
        decision = decide(self.state, command, self.catalogue)
        assert isinstance(decision, Accepted), f"the engine refused an option it offered: {command} -> {decision}"
        for event in decision.events:
            self.state = start(event) if isinstance(event, e.GameStarted) else evolve(self.s, event)
            self.log.append(event)
        self.script.append(command)
        if self.checked and self.s.phase is not Phase.SETUP:
            self.check_invariants()
        return decision.events

    @property
    def s(self) -> GameState:
        assert self.state is not None
        return self.state

    def take_deck(self, n: int) -> list[CardId]:
        """The next n cards off the true deck, reshuffling the (public) discards exactly as the table does."""
        out: list[CardId] = []
        pile = list(self.s.discard)
        for _ in range(n):
            if not self.deck:
                self.deck, pile = pile, []
                self.rng.shuffle(self.deck)
            out.append(self.deck.pop())
            if not self.deck:
                self.deck, pile = pile, []
                self.rng.shuffle(self.deck)
        return out

    def available(self) -> int:
        return len(self.deck) + len(self.s.discard)

    # --- setup ------------------------------------------------------------------------------------
    def setup(self, variant: Variant, players: int) -> None:
        families = [f for f, g in self.catalogue.families.items() if g in variant.games]
        chosen = self.rng.sample(families, players)
        pairs: list[str] = []
        if Game.LEGENDS in variant.games and (variant is Variant.LEGENDS or self.rng.random() < 0.5):
            names = sorted({c.name for c in self.catalogue.cards.values() if c.is_character})
            pairs = self.rng.sample(names, players)
        self.submit(c.StartGame(variant.value, tuple(f"P{i + 1}" for i in range(players)), tuple(chosen), tuple(pairs)))
        for card in self.catalogue.cards.values():
            if card.family in chosen or (card.is_character and card.name in pairs):
                self.deck += [card.id] * int(card.quantity or 0)
        assert len(self.deck) == self.s.deck, "the simulated deck must match the game's card count"
        self.rng.shuffle(self.deck)
        hands: list[list[CardId]] = []
        for _ in range(players):
            hand: list[CardId] = []
            while folds(hand, self.catalogue) < 10:
                hand.append(self.deck.pop())
            hands.append(hand)
        line = [self.deck.pop() for _ in range(4)]
        totals = [folds(h, self.catalogue) for h in hands]
        tied = [i for i, t in enumerate(totals) if t == min(totals)]
        self.hands = hands
        self.submit(c.Deal(tuple(map(tuple, hands)), tuple(line), self.rng.choice(tied) if len(tied) > 1 else None))

    # --- a turn -----------------------------------------------------------------------------------
    def play_game(self, variant: Variant, players: int) -> ScoreSheet:
        self.setup(variant, players)
        while self.s.phase is Phase.PLAY:
            assert self.s.turn < MAX_TURNS, "the game did not end"
            self.turn()
        for seat, hand in enumerate(self.hands):
            self.submit(c.RevealHand(seat, tuple(hand)))
        seats = tuple(Seat(p.name, p.collections, p.hand.size, p.hand.known) for p in self.s.players)
        return score(Table(self.s.variant, self.s.choices, seats, self.s.characters, self.catalogue))

    def turn(self) -> None:
        seat = self.s.current
        self.action(seat)
        while self.s.actions_left > 0 and self.rng.random() < 0.7:
            self.action(seat)
        self.end_turn(seat)

    def action(self, seat: int) -> None:
        options: list[Callable[[int], bool]] = [self.draw, self.play, self.character, self.special]
        self.rng.shuffle(options)
        for option in options:
            if option(seat):
                return
        self.draw(seat, force=True)

    def draw(self, seat: int, force: bool = False) -> bool:
        line = self.s.line
        allowance = draw_allowance(self.s.player(seat).collections, self.s.characters, self.catalogue,
                                   self.s.choices).value
        subsets = [sub for k in range(len(line) + 1) for sub in combinations(line, k)
                   if folds(sub, self.catalogue) <= allowance]
        take = self.rng.choice(subsets)
        room = self.s.line_size - (len(line) - len(take))
        refill = self.take_deck(min(max(0, room), self.available()))
        self.hands[seat] += take
        self.submit(c.DrawCards(seat, tuple(take), tuple(refill)))
        return True

    def play(self, seat: int, source: str = "hand", via: CardId | None = None) -> bool:
        hand = self.hands[seat]
        pool = hand if source == "hand" else list(self.s.line)
        candidates = [cid for cid in sorted(set(pool)) if self.catalogue.card(cid).is_origami]
        self.rng.shuffle(candidates)
        free = source == "line"
        for cid in candidates:
            card = self.catalogue.card(cid)
            rest = list(hand)
            if source == "hand":
                rest.remove(cid)
            due = price(card, self.s.characters, self.catalogue, free=free).value
            payments = legal_payments(rest, due, self.catalogue)
            if not payments:
                continue
            payment = self.rng.choice(payments)
            spot = self.rng.choice(placements(self.s.player(seat).collections, card.may_go_under))
            for x in payment + ((cid,) if source == "hand" else ()):
                hand.remove(x)
            self.submit(c.PlayOrigami(seat, cid, payment, spot.collection, spot.under, source, via, free=False))
            self.effects(seat, card.steps)
            return True
        return False

    def character(self, seat: int) -> bool:
        for cid in sorted({x for x in self.hands[seat] if self.catalogue.card(x).is_character}):
            card = self.catalogue.card(cid)
            rest = list(self.hands[seat])
            rest.remove(cid)
            payments = legal_payments(rest, price(card, self.s.characters, self.catalogue).value, self.catalogue)
            if payments:
                payment = self.rng.choice(payments)
                for x in (cid, *payment):
                    self.hands[seat].remove(x)
                self.submit(c.PlayCharacter(seat, cid, payment))
                if self.rng.random() < 0.8:
                    self.play(seat, source="line")
                return True
        return False

    def special(self, seat: int) -> bool:
        if not any(self.catalogue.family_game(f) is Game.ORIGAMI for f in self.s.families) or self.s.special_used:
            return False
        for col, column in enumerate(self.s.player(seat).collections):
            if column and (seat, col) not in self.s.fresh and self.catalogue.card(column[-1]).effect is Effect.SPECIAL:
                self.submit(c.UseSpecialAction(seat, col))
                self.effects(seat, self.catalogue.card(column[-1]).steps)
                return True
        return False

    def effects(self, seat: int, steps: frozenset[str] | None) -> None:
        """Record a few of the consequences the effect allows (instant effects are optional)."""
        allowed = set(steps) if steps is not None else {"draw_deck", "discard"}
        if "draw_deck" in allowed and self.available() and self.rng.random() < 0.7:
            cards = self.take_deck(1)
            shown = tuple(cards) if self.rng.random() < 0.5 else ()
            self.hands[seat] += cards
            self.submit(c.DrawFromDeck(seat, 1, shown))
        if "take_rice" in allowed and self.s.rice_deck and self.rng.random() < 0.8:
            n = min(self.s.rice_deck, 2)
            self.hands[seat] += [RICE_PAPER] * n
            self.submit(c.TakeRicePaper(seat, n))
        if "discard" in allowed and self.rng.random() < 0.5:
            victim = self.rng.randrange(self.s.count)
            if self.hands[victim]:
                card = self.rng.choice(self.hands[victim])
                self.hands[victim].remove(card)
                self.submit(c.Discard(victim, (card,)))
        if "extra_action" in allowed and seat == self.s.current and self.rng.random() < 0.5:
            self.submit(c.TakeExtraAction(seat))

    def end_turn(self, seat: int) -> None:
        room = max(0, self.s.line_size - len(self.s.line))
        refill = self.take_deck(min(room, self.available()))
        hand = self.hands[seat]
        limit = hand_limit(self.s.player(seat).collections, self.s.characters, self.catalogue).value
        excess = self.rng.sample(hand, max(0, len(hand) - limit))
        for x in excess:
            hand.remove(x)
        self.submit(c.EndTurn(seat, tuple(excess), tuple(refill)))

    # --- invariants -------------------------------------------------------------------------------
    def check_invariants(self) -> None:
        s = self.s
        started = self.log[0]
        assert isinstance(started, e.GameStarted)
        assert not audit(s, started), audit(s, started)
        assert s.deck == len(self.deck), "the deck size follows the public events"
        for seat, p in enumerate(s.players):
            assert p.hand.size == len(self.hands[seat]), "hand sizes follow the public events"
            assert not Counter(p.hand.known) - Counter(self.hands[seat]), "what the table knows is true"
