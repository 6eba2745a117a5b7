"""Random legal games: a simulator that holds the hidden truth (deck order, real hands) and plays through
the referee, drawing every command from the engine's own offer (legal_actions). For tests and benchmarks."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from scoring.decision import Accepted
from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami.audit import audit
from scoring.origami.cards import RICE_PAPER, CardId, Effect, Game, Kind
from scoring.origami.catalog import Catalogue
from scoring.origami.decide import decide
from scoring.origami.evolve import evolve, start
from scoring.origami.legal import legal_actions
from scoring.origami.options import folds
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
        if card.do and card.amount is None and any(x.amount is None for x in card.do):
            values["amount"] = 1
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
                "effect": "instant", "steps": ["draw_deck"], "amount": 1}))  # draw one card
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

    def take_deck(self, n: int, also_discarded: Iterable[CardId] = ()) -> list[CardId]:
        """The next n cards off the true deck, reshuffling the (public) discards exactly as the table does
        (with `also_discarded`: cards going onto the pile first)."""
        out: list[CardId] = []
        pile = [*self.s.discard, *also_discarded]
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
            self.step()
        for seat, hand in enumerate(self.hands):
            self.submit(c.RevealHand(seat, tuple(hand)))
        seats = tuple(Seat(p.name, p.collections, p.hand.size, p.hand.known) for p in self.s.players)
        return score(Table(self.s.variant, self.s.choices, seats, self.s.characters, self.catalogue))

    def offers(self) -> list[c.Command]:
        """What the engine offers every player now (legal_actions), from each one's true hand."""
        return [cmd for seat in range(self.s.count)
                for cmd in legal_actions(self.s, seat, self.catalogue, self.hands[seat])]

    def step(self) -> None:
        """One command drawn from the engine's offer: the turn ends now and then once something is done.
        Checked, every offered command is first put to the referee: each must be accepted."""
        offers = self.offers()
        assert offers, "the engine offers nothing, yet the game is not over"
        if self.checked:
            for offer in offers:
                completed = self.complete(offer, self.peeker())
                if completed is not None:
                    decision = decide(self.s, completed, self.catalogue)
                    assert isinstance(decision, Accepted), f"offered but refused: {completed} -> {decision}"
        ends = [x for x in offers if isinstance(x, c.EndTurn)]
        others = [x for x in offers if not isinstance(x, c.EndTurn)]
        if ends and (not others or self.rng.random() < 0.3):
            self.perform(self.rng.choice(ends))
        else:
            self.perform(self.rng.choice(others))

    def peeker(self) -> Callable[[int, Iterable[CardId]], list[CardId] | None]:
        """Look at the next cards of the true deck without taking them (None when a reshuffle would come
        first, as the order after it is not decided yet)."""
        seen = 0

        def peek(n: int, also_discarded: Iterable[CardId]) -> list[CardId] | None:
            nonlocal seen
            if seen + n >= len(self.deck):
                return None
            seen += n
            return self.deck[::-1][seen - n:seen]

        return peek

    def complete(self, command: c.Command,
                 take: Callable[[int, Iterable[CardId]], list[CardId] | None]) -> c.Command | None:
        """The command with the deck cards it turns up named (the table's facts, left out of the offer)."""
        s = self.s
        match command:
            case c.DrawCards(player=p, cards=taken, rice_traded=trade):
                room = s.line_size - (len(s.line) - len(taken))
                can = self.available()
                drawn = take(trade, ()) if trade else []
                refill = take(min(max(0, room), can - trade), ())
                if drawn is None or refill is None:
                    return None
                return c.DrawCards(p, taken, tuple(refill), trade)
            case c.EndTurn(player=p, discards=discards):
                refill = take(min(max(0, s.line_size - len(s.line)), self.available()), ())
                return None if refill is None else c.EndTurn(p, discards, tuple(refill))
            case c.ReplaceLine():
                fresh = take(min(s.line_size, self.available() + len(s.line)), s.line)
                return None if fresh is None else c.ReplaceLine(tuple(fresh))
            case c.DrawFromDeck(player=p, count=n):
                cards = take(n, ())
                return None if cards is None else c.DrawFromDeck(p, n, tuple(cards[: len(cards) // 2]))
        return command

    def perform(self, command: c.Command) -> None:
        """Submit an offered command, naming the deck cards it turns up (the hidden truth), and follow the
        true hands."""
        drawn = self.take_deck
        taken: list[CardId] = []

        def take(n: int, also: Iterable[CardId]) -> list[CardId]:
            cards = drawn(n, also)
            taken.extend(cards)
            return cards

        offered = command
        completed = self.complete(command, take)
        assert completed is not None
        command = completed
        match offered:
            case c.DrawCards(player=p, cards=line_cards, rice_traded=trade):
                self.lose(p, [RICE_PAPER] * trade)
                self.hands[p] += [*line_cards, *taken[:trade]]
            case c.EndTurn(player=p, discards=discards):
                self.lose(p, discards)
            case c.DrawFromDeck(player=p):
                self.hands[p] += taken
            case c.PlayOrigami(player=p, card=card, payment=payment, source=source):
                self.lose(p, [*payment, *((card,) if source == "hand" else ())])
            case c.PlayCharacter(player=p, card=card, payment=payment):
                self.lose(p, [card, *payment])
            case c.TakeFromLine(player=p, cards=cards):
                self.hands[p] += cards
            case c.TakeFromDiscard(player=p, card=card):
                self.hands[p].append(card)
            case c.Discard(player=p, cards=cards):
                self.lose(p, cards)
            case c.PassCards(giver=g, receiver=r, cards=cards):
                self.lose(g, cards)
                self.hands[r] += cards
            case c.TakeRicePaper(player=p, count=n):
                self.hands[p] += [RICE_PAPER] * n
            case c.SwapIn(player=p, card=card):
                self.lose(p, [card])
        self.submit(command)

    def lose(self, seat: int, cards: Iterable[CardId]) -> None:
        for card in cards:
            self.hands[seat].remove(card)

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
