"""What happened at the table (past tense): facts with their outcomes, never a seed. Stable stored names are in
codec.NAMES (`os.` prefixed)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .cards import Card, Suit
from .round import Alignment, Effect
from .scoring import RoundScore


@dataclass(frozen=True, slots=True)
class GameStarted:
    mode: str
    players: tuple[str, ...]
    choices: tuple[tuple[str, str], ...]  # every rules choice, by name
    deck: str  # table | app
    difficulty: int | None = None
    difficulty_colour: str | None = None


@dataclass(frozen=True, slots=True)
class SoloDeckBuilt:
    difficulty: int
    difficulty_colour: str
    colours: tuple[str, ...]  # the Vancardian deck, top → bottom


@dataclass(frozen=True, slots=True)
class DealerChosen:
    seat: str
    how: str  # movie | lot


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    dealer: str


@dataclass(frozen=True, slots=True)
class HandDealt:
    seat: str
    count: int
    cards: tuple[Card, ...]  # the public cards: a sidekick's face-up pair, a solo row in order


@dataclass(frozen=True, slots=True)
class VancardianEffectResolved:
    seat: str
    line: str
    drew: tuple[Card, ...]
    discarded: tuple[Card, ...]
    added: tuple[Card, ...]
    row_after: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class AlignmentsRevealed:
    alignment: tuple[tuple[str, Alignment], ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    round: int
    trick: int
    seat: str
    card: Card
    value: Fraction | None = None
    suit: Suit | None = None
    by: str = ""
    ignore_follow: bool = False


@dataclass(frozen=True, slots=True)
class SidekickCardTurned:
    sidekick: str
    card: Card


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    seat: str
    cards: tuple[Card, ...]
    source: str  # vancardian draw | app deck


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    cards: tuple[Card, ...]  # the discard pile's playing cards, now the deck


@dataclass(frozen=True, slots=True)
class VancardianChose:
    seat: str
    role: str  # lead | follow
    steps: tuple[tuple[str, str], ...]  # (rule id, sentence): kept as facts even if the runner changes
    card: Card
    kept: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    row_after: tuple[Card, ...] = ()  # her row after the draw step, before she plays


@dataclass(frozen=True, slots=True)
class TrickWon:
    round: int
    trick: int
    winner: str
    reason: str
    next_leader: str
    named: bool = False  # the winners level: the table named the winner, no card was entered


@dataclass(frozen=True, slots=True)
class RevokeFlagged:
    seat: str
    void_trick: int
    proof_trick: int
    sentence: str


@dataclass(frozen=True, slots=True)
class AbilityUsed:
    player: str
    source: str
    timing: str
    trick: int | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class CardsExchanged:
    """Solo: an ability's exchange with a Vancardian, as the rule resolved it (OS-SOLO-EXCHANGE)."""

    player: str
    seat: str
    took: Card
    gave: Card  # now at her left end
    steps: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Surrendered:
    trick: int
    to: str
    vp: int


@dataclass(frozen=True, slots=True)
class RoundScored:
    round: int
    lines: tuple[RoundScore, ...]
    scores: tuple[tuple[str, int, int], ...] = ()  # (seat, alignment VP, round VP) as scored: facts a replay checks


@dataclass(frozen=True, slots=True)
class DealerPassed:
    to: str


@dataclass(frozen=True, slots=True)
class GameEnded:
    totals: tuple[tuple[str, int, int], ...]  # (seat, VP, rank)
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RuleOverridden:
    rule: str
    sentence: str
    reason: str


Event = (GameStarted | SoloDeckBuilt | DealerChosen | RoundStarted | HandDealt | VancardianEffectResolved
         | AlignmentsRevealed | CardPlayed | SidekickCardTurned | CardsDrawn | DeckReshuffled | VancardianChose
         | TrickWon | RevokeFlagged | AbilityUsed | CardsExchanged | Surrendered | RoundScored | DealerPassed
         | GameEnded | RuleOverridden)
