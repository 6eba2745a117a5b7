"""Events: facts that happened at the table, with their outcomes (never a seed to replay)."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CardId
from .effects import Grant
from .rules import RuleId


@dataclass(frozen=True, slots=True)
class GameStarted:
    variant: str
    players: tuple[str, ...]
    families: tuple[str, ...]
    character_pairs: tuple[str, ...]
    choices: tuple[tuple[str, str], ...]
    deck: int
    rice: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    hands: tuple[tuple[CardId, ...], ...]
    line: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class StartingPlayerChosen:
    seat: int
    lot_among: tuple[int, ...]  # the tied seats the lot was drawn among; () without a tie


@dataclass(frozen=True, slots=True)
class PositionEntered:
    """A game joined under way: the whole table at the start of `current`'s turn (see EnterPosition)."""

    collections: tuple[tuple[tuple[CardId, ...], tuple[CardId, ...]], ...]
    hands: tuple[int, ...]  # unseen cards per seat
    rice: tuple[int, ...]  # rice paper per seat
    characters: tuple[CardId, ...]
    line: tuple[CardId, ...]
    line_size: int
    discard: tuple[CardId, ...]
    deck: int
    exhaustions: int
    starting: int
    current: int
    turns_left: int | None


@dataclass(frozen=True, slots=True)
class LineDrawn:
    player: int
    cards: tuple[CardId, ...]
    action: bool


@dataclass(frozen=True, slots=True)
class LineRefilled:
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class LineReplaced:
    discarded: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class DeckRanOut:
    exhaustion: int
    reshuffled: int


@dataclass(frozen=True, slots=True)
class OrigamiPlayed:
    player: int
    card: CardId
    source: str  # hand | line | discard
    payment: tuple[CardId, ...]
    collection: int
    under: bool
    action: bool


@dataclass(frozen=True, slots=True)
class CharacterPlayed:
    player: int
    card: CardId
    payment: tuple[CardId, ...]
    replaced: CardId | None
    line_size: int  # the draw line's size from now on (the yellow Merchant makes it 5)


@dataclass(frozen=True, slots=True)
class SpecialActionUsed:
    player: int
    collection: int
    card: CardId


@dataclass(frozen=True, slots=True)
class DrawnFromDeck:
    player: int
    count: int
    revealed: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class TakenFromDiscard:
    player: int
    card: CardId


@dataclass(frozen=True, slots=True)
class Discarded:
    player: int
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    giver: int
    receiver: int
    cards: tuple[CardId, ...]
    hidden: int


@dataclass(frozen=True, slots=True)
class RiceTaken:
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class OrigamiMoved:
    owner: int
    source: tuple[int, int]
    target: tuple[int, int]


@dataclass(frozen=True, slots=True)
class OrigamiSwapped:
    player: int
    collection: int
    position: int
    removed: CardId
    card: CardId


@dataclass(frozen=True, slots=True)
class ExtraActionGranted:
    player: int
    source: CardId


@dataclass(frozen=True, slots=True)
class EffectOpened:
    """A card's effect is used: what it lets each player do this turn (effects.Grant)."""

    player: int
    card: CardId
    grants: tuple[Grant, ...]


@dataclass(frozen=True, slots=True)
class GrantUsed:
    """A consequence used the grant at `index` of this turn's grants, with these cards (when named)."""

    index: int
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class HandRevealed:
    player: int
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class TurnEnded:
    player: int
    discards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class Overridden:
    rules: tuple[RuleId, ...]
    reason: str


Event = (GameStarted | CardsDealt | StartingPlayerChosen | PositionEntered | LineDrawn | LineRefilled | LineReplaced
         | DeckRanOut | OrigamiPlayed | CharacterPlayed | SpecialActionUsed | DrawnFromDeck
         | TakenFromDiscard | Discarded | Passed | RiceTaken | OrigamiMoved | OrigamiSwapped
         | ExtraActionGranted | EffectOpened | GrantUsed | HandRevealed | TurnEnded | Overridden)
