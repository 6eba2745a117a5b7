"""What the table asks the referee to record (imperative). Each is checked by `decide.decide` against the state;
randomness never reaches here: a lot or a card drawn by the app deck arrives as its outcome."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .cards import Card, Suit
from .round_input import Alignment, Effect
from .rules import Choices


@dataclass(frozen=True, slots=True)
class StartGame:
    mode: str  # table | duo | solo
    players: tuple[str, ...]  # the players in seat order clockwise (solo: the one player)
    choices: Choices = Choices()
    deck: str = "table"  # solo: table (the real cards) or app (the companion draws)
    difficulty: int | None = None  # solo: 0–5
    difficulty_colour: str | None = None  # solo: red | green (the lost icon: §13 Q3)


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    seat: str
    how: str = "movie"  # movie | lot (the lot as drawn by the shell)


@dataclass(frozen=True, slots=True)
class StartRound:
    pass


@dataclass(frozen=True, slots=True)
class DealHands:
    """The known hands: duo, each sidekick's face-up pair; solo, the three rows in draw order (typed, or drawn by
    the app deck). `line`: solo, this round's Vancardian card line (`replace 2`, `add 4.5`, `move 1`, ``) and
    `effect_draws` the cards drawn for it, in order."""

    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    line: str = ""
    effect_draws: tuple[Card, ...] = ()


# --- the round stepper (ORIGIN_STORY.md §3.2, steps 2-6). The book's order is Deal, Event (round 3), Stamina
# (rounds 1-4), Story card (rounds 1-4), Superhero (round 5), Charge, Alignment. A step command is refused once a
# later step is recorded (overridable: the table may have forgotten one); recording a later step closes the earlier
# ones, so a table that logs only winners may go straight to the alignments. The stamina gain is computed
# (OS-STAMINA-GAIN): if the table skips it, it is recorded with the next step's command all the same.

@dataclass(frozen=True, slots=True)
class GainStamina:
    """Step 3, rounds 1-4: +1 stamina for each player, as one step."""


@dataclass(frozen=True, slots=True)
class RevealEvent:
    """Step 2, round 3: the event, by name. Solo: `colour` is the top Vancardian card's lightning colour (None: the
    companion reads it from the Vancardian deck) and `vancardian` the Vancardian card drawn from that event deck."""

    name: str
    colour: str | None = None
    vancardian: str = ""


@dataclass(frozen=True, slots=True)
class PlaceStoryCard:
    """Step 4, rounds 1-4: the story card `player` places over slot r, by name. `solo_banned` is what the catalogue
    says of the card (None: unknown), looked up by the shell."""

    player: str
    name: str
    solo_banned: bool | None = None


@dataclass(frozen=True, slots=True)
class RevealSuperhero:
    """Step 5, round 5: the superhero card `player` reveals (in seat order from the dealer's left)."""

    player: str
    name: str
    solo_banned: bool | None = None


@dataclass(frozen=True, slots=True)
class ChargeAbility:
    """Step 6: `stamina` placed on `source`'s cost. `involves_others`: the cost is marked as involving other players
    (the table or the catalogue says so; None: unknown, so its place in the order cannot be checked)."""

    player: str
    source: str
    stamina: int
    involves_others: bool | None = None
    kind: str | None = None  # the source's kind as the catalogue knows it: a story card must be on the player's mat


@dataclass(frozen=True, slots=True)
class RevealAlignments:
    alignment: tuple[tuple[str, Alignment], ...]


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: str
    card: Card
    value: Fraction | None = None  # an ability's new value, with `by` its source
    suit: Suit | None = None
    by: str = ""
    ignore_follow: bool = False
    turned: Card | None = None  # duo: the sidekick's card turned face up after this play


@dataclass(frozen=True, slots=True)
class NameWinner:
    """The winners level: only who won the trick."""

    seat: str


@dataclass(frozen=True, slots=True)
class UseAbility:
    player: str
    source: str
    effects: tuple[Effect, ...]  # as round.parse_effect reads them
    timing: str = ""
    trick: int | None = None  # None: the trick in play, else the trick just finished (end-of-round: none)
    kind: str | None = None  # the source's kind as the catalogue knows it (story, character, event, superhero)


@dataclass(frozen=True, slots=True)
class VancardianPlays:
    """Solo: the Vancardian to play moves; `drawn` are the two cards she drew to follow (typed from the table
    deck, or drawn by the app deck in the shell), `reshuffled` when the discard pile became the deck first."""

    drawn: tuple[Card, ...] = ()
    reshuffled: bool = False


@dataclass(frozen=True, slots=True)
class Surrender:
    pass


@dataclass(frozen=True, slots=True)
class EndRound:
    pass


Command = (StartGame | ChooseDealer | StartRound | DealHands | GainStamina | RevealEvent | PlaceStoryCard
           | RevealSuperhero | ChargeAbility | RevealAlignments | PlayCard | NameWinner | UseAbility
           | VancardianPlays | Surrender | EndRound)


@dataclass(frozen=True, slots=True)
class Override:
    """Record a refused command anyway, with the table's reason (only an overridable refusal)."""

    command: Command
    reason: str
