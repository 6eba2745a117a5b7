"""Commands: what a player asks the referee to record. Seats are indexes in seat order (clockwise)."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CardId
from .choices import RuleChoices


@dataclass(frozen=True, slots=True)
class StartGame:
    variant: str
    players: tuple[str, ...]
    families: tuple[str, ...]
    character_pairs: tuple[str, ...] = ()
    choices: RuleChoices = RuleChoices()


@dataclass(frozen=True, slots=True)
class Deal:
    """The face-up deal as it happened, the four cards of the draw line, and the lot if one was drawn."""

    hands: tuple[tuple[CardId, ...], ...]
    line: tuple[CardId, ...]
    lot: int | None = None


@dataclass(frozen=True, slots=True)
class EnterPosition:
    """A game joined under way, instead of the deal: the table as it stands at the start of `current`'s
    turn. Hands are counts of unseen cards (plus rice paper, which has its own back); the deck is what
    the game holds minus every card on the table."""

    collections: tuple[tuple[tuple[CardId, ...], tuple[CardId, ...]], ...]  # per seat, bottom to top
    hands: tuple[int, ...]
    characters: tuple[CardId, ...]
    line: tuple[CardId, ...]
    discard: tuple[CardId, ...]  # bottom to top
    starting: int  # who played the game's first turn: the last turn falls to their right
    current: int
    exhaustions: int = 0  # times the deck has run out so far
    turns_left: int | None = None  # after the current one; needed once the deck has run out twice
    rice: tuple[int, ...] = ()  # rice paper in each hand (polar animals)


@dataclass(frozen=True, slots=True)
class DrawCards:
    player: int
    cards: tuple[CardId, ...]
    refill: tuple[CardId, ...]
    rice_traded: int = 0  # Arctic Wolf: rice paper discarded to draw as many cards from the deck


@dataclass(frozen=True, slots=True)
class PlayOrigami:
    player: int
    card: CardId
    payment: tuple[CardId, ...]
    collection: int
    under: bool = False
    source: str = "hand"  # hand | line (a Character's free play, or an effect) | discard (Geisha)
    via: CardId | None = None  # the effect that lets this play happen outside the turn's action
    discount: int = 0
    free: bool = False


@dataclass(frozen=True, slots=True)
class PlayCharacter:
    player: int
    card: CardId
    payment: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class UseSpecialAction:
    player: int
    collection: int


@dataclass(frozen=True, slots=True)
class DrawFromDeck:
    player: int
    count: int
    revealed: tuple[CardId, ...] = ()


@dataclass(frozen=True, slots=True)
class TakeFromLine:
    player: int
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class RefillLine:
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class ReplaceLine:
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class TakeFromDiscard:
    player: int
    card: CardId


@dataclass(frozen=True, slots=True)
class Discard:
    player: int
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class PassCards:
    giver: int
    receiver: int
    cards: tuple[CardId, ...] = ()
    hidden: int = 0


@dataclass(frozen=True, slots=True)
class TakeRicePaper:
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class MoveOrigami:
    owner: int
    source: tuple[int, int]  # (collection, position from the bottom, 0-based)
    target: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SwapIn:
    player: int
    collection: int
    card: CardId


@dataclass(frozen=True, slots=True)
class CopyEffect:
    """The Parrot: use the instant effect of `card`, an origami showing (a collection's top or the line)."""

    player: int
    card: CardId


@dataclass(frozen=True, slots=True)
class TakeExtraAction:
    player: int


@dataclass(frozen=True, slots=True)
class RevealHand:
    player: int
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class EndTurn:
    player: int
    discards: tuple[CardId, ...] = ()
    refill: tuple[CardId, ...] = ()


@dataclass(frozen=True, slots=True)
class Override:
    """Record a refused command anyway (house rule, misread card), with the reason."""

    command: Command
    reason: str


Command = (StartGame | Deal | EnterPosition | DrawCards | PlayOrigami | PlayCharacter | UseSpecialAction | DrawFromDeck
           | TakeFromLine | RefillLine | ReplaceLine | TakeFromDiscard | Discard | PassCards
           | TakeRicePaper | MoveOrigami | SwapIn | CopyEffect | TakeExtraAction | RevealHand | EndTurn | Override)
