"""Origin Story benchmarks: one trick refereed, a whole round scored, one Vancardian decision, and random solo games
simulated with the runner choosing both Vancardians' cards; each against a baseline measured in the same run."""
from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.origin.cards import DECK, Card, parse_card
from scoring.origin.round_file import parse_round, run_round
from scoring.origin.trick import Play, lead_suit, legal_follows, winning
from scoring.origin.vancardian_effects import apply_round_effect, parse_effect, round_draws_needed
from scoring.origin.vancardian_moves import follow, lead
from scoring.origin.vancardian_values import AUTOMATON, FACTORYON

from .__main__ import FRAME, per_second, report

YOU = "Ann"
SEATS = (YOU, AUTOMATON, FACTORYON)
ROUND = {"game": "origin-story", "format": 1, "mode": "table", "players": ["Ann", "Bob", "Cat", "Dan"],
         "round": 2, "dealer": "Dan", "alignment": {"Ann": "hero", "Bob": "villain", "Cat": "hero", "Dan": "hero"},
         "tricks": [["Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br"]]}
ROW = tuple(parse_card(c) for c in ("10br", "8sp", "2lv", "13br", "5br", "4st", "12sp", "9lv"))


def whole_round(rng: random.Random) -> dict[str, object]:
    """A 4-player round file of every trick: each player's row of eight dealt from the shuffled deck, each trick's
    cards chosen at random among those the rules allow, its winner leading the next (a round as recorded)."""
    players = ["Ann", "Bob", "Cat", "Dan"]
    deck = list(DECK)
    rng.shuffle(deck)
    rows = {p: deck[i * 8:(i + 1) * 8] for i, p in enumerate(players)}
    leader, tricks = 0, []
    while rows[players[0]]:
        trick: list[Play] = []
        for k in range(4):
            seat = players[(leader + k) % 4]
            trick.append(Play(seat, rng.choice(legal_follows(rows[seat], lead_suit(trick)))))
            rows[seat].remove(trick[-1].card)
        index = winning(trick)
        assert index is not None
        leader = players.index(trick[index].seat)
        tricks.append([f"{p.seat} {p.card}" for p in trick])
    return {**ROUND, "tricks": tricks}


class SoloGame:
    """A whole solo game: you play a random legal card, the Vancardians play by their runner; the deck is shuffled
    here with a seeded random (a benchmark, not a game someone records)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.decisions = 0

    def play(self) -> None:
        leader = self.rng.randrange(3)
        lines = ("replace 2", "add 4.5", "move 1", "", "replace 1")
        for r in range(5):
            deck = list(DECK)
            self.rng.shuffle(deck)
            rows = {seat: deck[i * 8:(i + 1) * 8] for i, seat in enumerate(SEATS)}
            self.deck, self.discard = deck[24:], []
            effect = parse_effect(lines[r])
            theirs = [rows[AUTOMATON], rows[FACTORYON]]
            results = apply_round_effect(effect, theirs, alignment="hero",
                                         draws=self.draw(round_draws_needed(effect, theirs)))
            rows[AUTOMATON], rows[FACTORYON] = list(results[0].row_after), list(results[1].row_after)
            self.discard += [c for res in results for c in res.discarded if not c.extra_love]
            won = 0
            leader = (leader + 1) % 3
            while all(rows[s] for s in SEATS):
                trick: list[Play] = []
                for k in range(3):
                    seat = SEATS[(leader + k) % 3]
                    trick.append(Play(seat, self.choose(seat, rows, trick, won)))
                    rows[seat].remove(trick[-1].card)
                index = winning(trick)
                assert index is not None
                leader = SEATS.index(trick[index].seat)
                won += trick[index].seat == YOU
                self.discard += [p.card for p in trick if not p.card.extra_love]

    def choose(self, seat: str, rows: dict[str, list[Card]], trick: Sequence[Play], won: int) -> Card:
        if seat == YOU:
            return self.rng.choice(legal_follows(rows[YOU], lead_suit(trick)))
        self.decisions += 1
        if not trick:
            return lead(rows[seat], alignment="hero", tricks_won=won, seat=seat).plays
        move = follow(rows[seat], self.draw(2), trick, alignment="hero", tricks_won=won, seat=seat)
        self.discard += [c for c in move.discarded if not c.extra_love]
        rows[seat] = list(move.row_after)
        return move.plays

    def draw(self, n: int) -> tuple[Card, ...]:
        out = []
        for _ in range(n):
            if not self.deck:
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
            if self.deck:
                out.append(self.deck.pop())
        return tuple(out)


def main() -> None:
    frame_rate = 1 / FRAME
    parse_rate, _ = per_second(lambda: parse_round(ROUND))
    report("Origin: read a 4-player round file (1 trick)", parse_rate, "files", "a 16 ms frame", frame_rate)
    trick_rate, _ = per_second(lambda: run_round(ROUND))
    report("Origin: one trick refereed (read + referee)", trick_rate, "tricks", "a 16 ms frame", frame_rate)
    report("  (against reading the file)", trick_rate, "tricks", "reading the file", parse_rate)
    full = whole_round(random.Random(7))
    round_rate, _ = per_second(lambda: run_round(full))
    report("Origin: a whole 4-player round scored (8 tricks)", round_rate, "rounds", "a 16 ms frame", frame_rate)
    report("  (against one trick refereed)", round_rate, "rounds", "one trick refereed", trick_rate)
    played = [Play(YOU, parse_card("11sp"))]
    drawn = (parse_card("9st"), parse_card("6sp"))  # G1: she keeps the speed card, trims her right end
    decide_rate, _ = per_second(lambda: follow(ROW, drawn, played, alignment="hero", tricks_won=0))
    report("Origin: one Vancardian follow (draw two, pick)", decide_rate, "decisions", "a 16 ms frame", frame_rate)
    report("  (against one trick refereed)", decide_rate, "decisions", "one trick refereed", trick_rate)
    seeds = iter(range(10**9))
    decisions: list[int] = []

    def one_game() -> None:
        game = SoloGame(random.Random(next(seeds)))
        game.play()
        decisions.append(game.decisions)

    games_rate, games = per_second(one_game, seconds=3.0)
    report("Origin: random solo games (5 rounds, simulated)", games_rate, "games", "a 16 ms frame", frame_rate)
    report("  one Vancardian decision inside those games", games_rate * sum(decisions) / games, "decisions",
           "a 16 ms frame", frame_rate)


if __name__ == "__main__":
    main()
