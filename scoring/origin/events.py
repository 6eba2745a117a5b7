"""What happened at the table (past tense): facts with their outcomes, never a seed. Stable stored names are in
codec.NAMES (`os.` prefixed)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .cards import Card, Suit
from .lean import lean
from .round_input import Alignment, Effect
from .sheet import RoundScore


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
class EventRevealed:
    """Round 3's event, by name (its effects are entered when they happen). Solo: `colour` is the lightning colour
    of the top Vancardian card (the event deck drawn from) and `vancardian` the Vancardian card drawn, if named."""

    round: int
    name: str
    colour: str = ""
    vancardian: str = ""


@dataclass(frozen=True, slots=True)
class StaminaChanged:
    """A player's stamina changed: the round's gain (source GAIN, OS-STAMINA-GAIN) or an ability's `stamina ±N`."""

    player: str
    delta: int
    permanent: bool
    source: str


GAIN = "OS-STAMINA-GAIN"  # the source of the stepper's +1 stamina in rounds 1-4


@dataclass(frozen=True, slots=True)
class StoryCardPlaced:
    """Rounds 1-4: the story card placed face up over slot `slot` (= the round), by name; the discards are a count."""

    player: str
    slot: int
    name: str
    discards: int = 2


@dataclass(frozen=True, slots=True)
class SuperheroRevealed:
    """Round 5: the superhero card revealed (the other one discarded face down: a count)."""

    player: str
    name: str
    discards: int = 1


@dataclass(frozen=True, slots=True)
class AbilityCharged:
    """Stamina placed on a card's cost in the charge step; `involves_others` as the table or catalogue said
    (None: unknown)."""

    player: str
    source: str
    stamina: int
    involves_others: bool | None = None


@dataclass(frozen=True, slots=True)
class StaminaRemoved:
    """Stamina taken off a charged card back to its owner's supply: a Remove cost (`why` "remove") or the end of
    the round (`why` "end of round")."""

    player: str
    source: str
    stamina: int
    why: str = "remove"


@dataclass(frozen=True, slots=True)
class AlignmentsRevealed:
    alignment: tuple[tuple[str, Alignment], ...]


@lean
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


@lean
@dataclass(frozen=True, slots=True)
class TrickWon:
    round: int
    trick: int
    winner: str
    reason: str
    next_leader: str
    named: bool = False  # the winners level: the table named the winner, no card was entered


@lean
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
         | EventRevealed | StaminaChanged | StoryCardPlaced | SuperheroRevealed | AbilityCharged | StaminaRemoved
         | AlignmentsRevealed | CardPlayed | SidekickCardTurned | CardsDrawn | DeckReshuffled | VancardianChose
         | TrickWon | RevokeFlagged | AbilityUsed | CardsExchanged | Surrendered | RoundScored | DealerPassed
         | GameEnded | RuleOverridden)
