"""An Origin Story game as its events left it: frozen state, changed only by evolve (evolve.py)."""
from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, TypeVar

from ..i18n import _
from . import events as e
from .cards import DECK, EXTRA_LOVE, Card, without
from .lean import slotted, written
from .round_input import Ability, Alignment, CardTrick, EffectKind, RoundInput, Surrender, TrickEntry
from .rules import Choices
from .setup import ROUNDS, TRICKS, Kind, Mode, Seating
from .sheet import RoundScore


class Phase(StrEnum):
    DEALER = "dealer"  # the first dealer is to be chosen
    ROUND = "round"  # a round is to be started
    DEAL = "deal"  # duo and solo: the known hands are to be dealt
    ALIGN = "align"  # alignments are to be revealed
    PLAY = "play"
    END = "end"  # the tricks are done: the round is to be ended and scored
    OVER = "over"


class Step(StrEnum):
    """The round stepper's steps before the tricks, in the book's order (ORIGIN_STORY.md §3.2)."""

    DEAL = "deal"
    EVENT = "event"  # round 3
    STAMINA = "stamina"  # rounds 1-4
    STORY = "story"  # rounds 1-4
    SUPERHERO = "superhero"  # round 5
    CHARGE = "charge"
    ALIGN = "align"

    @property
    def order(self) -> int:
        return STEPS.index(self)


STEPS = tuple(Step)


T = TypeVar("T")
Make = Callable[[Any, dict[str, Any]], Any]
# A class and the fields changed -> the function making the changed object (written out once for each)
_MAKERS: dict[tuple[type, tuple[str, ...]], Make] = {}


def changed(obj: T, **changes: Any) -> T:
    """`dataclasses.replace(obj, **changes)` made lean for the state's frozen, slotted classes (every field set by
    __init__, nothing after it): the new object's slots are filled straight from the old one's and the changes, by a
    function written out with a line per field for each class and set of fields changed (a loop over the fields
    cost three times as much). A replay makes thousands of new states, a play two or three, and `replace` (its
    checks, then __init__) was a quarter of resuming a game. Any other class goes through `replace`."""
    key = (type(obj), tuple(changes))
    make = _MAKERS.get(key)
    if make is None:
        make = _MAKERS[key] = _maker(*key)
    return make(obj, changes)  # type: ignore[no-any-return]


def _maker(cls: type, names: tuple[str, ...]) -> Make:
    """The function `changed` calls for a `cls` with the fields `names` changed; `replace` for a class whose
    objects are not simply their fields."""
    params = getattr(cls, "__dataclass_params__", None)
    every = tuple(f.name for f in fields(cls)) if params is not None else ()
    unknown = [name for name in names if name not in every]
    if unknown and params is not None:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    slots = slotted(cls)
    if slots is None or len(every) < 2:
        return lambda obj, changes: replace(obj, **changes)
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls,
                             **{f"put_{i}": slot.__set__ for i, slot in enumerate(slots)}}
    lines = ["n = new(cls)", *(f"put_{i}(n, c[{name!r}])" if name in names else f"put_{i}(n, o.{name})"
                               for i, name in enumerate(every)), "return n"]
    return written(("o", "c"), lines, scope)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def _added(pile: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """A sorted pile with `cards` put in their places (a few cards: cheaper than sorting the pile again)."""
    out = list(pile)
    for card in cards:
        insort(out, card)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Piles:
    """Solo: where each of the 52 cards and the extra-love cards is. Deck and discard are sets (the deck's order
    is never known to the engine: the shell draws at random, or the table types what it drew)."""

    deck: tuple[Card, ...]
    discard: tuple[Card, ...] = ()
    rows: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    drawn: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # drawn by a Vancardian, not yet kept or discarded
    trick: tuple[Card, ...] = ()
    won: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    aside: tuple[Card, ...] = ()

    def row(self, seat: str) -> tuple[Card, ...]:
        return dict(self.rows).get(seat, ())

    @property
    def reshufflable(self) -> tuple[Card, ...]:
        """The discard pile as a reshuffle puts it back into the deck: without the extra-love cards."""
        return tuple(x for x in self.discard if not x.extra_love)

    def with_row(self, seat: str, cards: Sequence[Card]) -> Piles:
        rows = dict(self.rows)
        rows[seat] = tuple(cards)
        return changed(self, rows=tuple(rows.items()))

    def places(self) -> dict[str, tuple[Card, ...]]:
        # Each place as the audit names it to a person (scoring/origin/audit.py). The discard pile keeps its English
        # name: the catalogues' "discard" is the verb (a step), and there is no msgid of the noun without changing
        # the English.
        # TRANSLATORS: the solo game's places a card can be in: the deck, the trick in play, set aside (extra-love
        # cards); then a seat's row, its draw, its won tricks.
        out = {_("deck"): self.deck, "discard": self.discard, _("trick"): self.trick, _("aside"): self.aside}
        out.update({_("{seat}'s row").format(seat=s): r for s, r in self.rows})
        out.update({_("{seat}'s draw").format(seat=s): r for s, r in self.drawn})
        out.update({_("{seat}'s won tricks").format(seat=s): r for s, r in self.won})
        return out

    def leave(self, cards: Iterable[Card], extra_love_exit: str) -> Piles:
        """Cards leaving a row or a draw: to the discard pile; extra-love ones aside unless the choice says
        discard (they never reach the deck)."""
        discard, aside = self.left(cards, extra_love_exit)
        return changed(self, discard=discard, aside=aside)

    def left(self, cards: Iterable[Card], extra_love_exit: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The discard pile and the cards aside after `leave` (for a change made with others: one new Piles)."""
        gone = tuple(cards)
        extra = tuple(c for c in gone if c.extra_love) if extra_love_exit == "aside" else ()
        return _added(self.discard, without(gone, extra)), _added(self.aside, extra)


def fresh_piles() -> Piles:
    return _FRESH


_FRESH = Piles(deck=_sorted(DECK), aside=_sorted(EXTRA_LOVE))  # every round starts from it: sorted once (immutable)


@dataclass(frozen=True, slots=True)
class RoundState:
    number: int
    dealer: str
    dealt: bool = False
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # known hands as dealt (the referee's `hands`)
    alignment: tuple[tuple[str, Alignment], ...] | None = None
    entries: tuple[TrickEntry, ...] = ()
    abilities: tuple[Ability, ...] = ()
    winners: tuple[tuple[int, str, str], ...] = ()  # (trick, winner, next leader) as recorded; the last counts
    surrender: Surrender | None = None
    revokes: tuple[e.RevokeFlagged, ...] = ()
    scored: tuple[RoundScore, ...] | None = None
    scores: tuple[tuple[str, int, int], ...] = ()  # as recorded: (seat, alignment VP, round VP)
    step: Step = Step.DEAL  # the latest stepper step recorded (a later step closes the earlier ones)
    gained: bool = False  # the round's stamina gain is recorded
    event: e.EventRevealed | None = None  # round 3
    charged: tuple[e.AbilityCharged, ...] = ()  # this round's charges as recorded (their order is OS-CHARGE-ORDER's)
    # solo: the Vancardians' moves since your last card or the last trick won, each with the steps that chose her
    # card (§3.8.8): the one thing the table shows that the tricks alone do not keep
    moves: tuple[e.VancardianChose, ...] = ()
    # solo: those of the trick last won, kept when it is gathered, so the table can show the follow that ended it
    # with the trick's result for a moment (the next trick's moves take `moves` at once)
    ended: tuple[e.VancardianChose, ...] = ()

    @property
    def tricks_done(self) -> int:
        return len({n for n, _w, _l in self.winners})

    def won(self) -> dict[str, int]:
        last = {n: w for n, w, _l in self.winners}
        return dict(Counter(last.values()))

    def in_play(self, seats: int) -> CardTrick | None:
        """The trick being played (some seats have played to it), if any."""
        last = self.entries[-1] if self.entries else None
        return last if isinstance(last, CardTrick) and len(last.plays) < seats else None


@dataclass(frozen=True, slots=True)
class GameState:
    mode: Mode
    players: tuple[str, ...]
    seating: Seating
    choices: Choices
    deck: str = "table"
    difficulty: int | None = None
    difficulty_colour: str | None = None
    solo_colours: tuple[str, ...] = ()
    first_dealer: str | None = None
    dealer: str | None = None  # the token now
    rounds: tuple[RoundState, ...] = ()
    piles: Piles | None = None
    ended: e.GameEnded | None = None
    overrides: tuple[e.RuleOverridden, ...] = ()
    stamina: tuple[tuple[str, int], ...] = ()  # per player: the stamina held (in the supply and on cards)
    charges: tuple[tuple[str, str, int], ...] = ()  # (player, card, stamina on it) this round
    story: tuple[tuple[str, int, str], ...] = ()  # (player, slot, card name)
    superheroes: tuple[tuple[str, str], ...] = ()  # (player, card name), round 5

    @property
    def round(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def you(self) -> str:
        return self.players[0]

    @property
    def phase(self) -> Phase:
        r = self.round
        if self.ended is not None:
            return Phase.OVER
        if self.first_dealer is None:
            return Phase.DEALER
        if r is None or r.scored is not None:
            return Phase.ROUND
        if not r.dealt and self.mode is not Mode.TABLE:
            return Phase.DEAL
        if r.alignment is None:
            return Phase.ALIGN
        if self.mode is Mode.SOLO and len(r.hands) < len(self.seating.seats):
            return Phase.DEAL  # the Vancardians' rows come after your alignment (their Replace depends on it)
        if r.surrender is not None or (r.tricks_done >= TRICKS and r.in_play(len(self.seating.seats)) is None):
            return Phase.END
        return Phase.PLAY

    def held(self, player: str) -> int:
        return dict(self.stamina).get(player, 0)

    def charged(self, player: str, source: str | None = None) -> int:
        """The stamina on `player`'s cards (on the card named `source` only, case-insensitively)."""
        return sum(n for p, s, n in self.charges
                   if p == player and (source is None or s.casefold() == source.casefold()))

    def story_cards(self, player: str) -> dict[int, str]:
        return {slot: name for p, slot, name in self.story if p == player}

    def superhero(self, player: str) -> str | None:
        return dict(self.superheroes).get(player)

    @property
    def event(self) -> e.EventRevealed | None:
        """The event in play: round 3's, until the round is scored (then it is discarded)."""
        r = self.round
        return r.event if r is not None and r.scored is None else None

    def from_dealers_left(self) -> tuple[str, ...]:
        """The players (no sidekick, no Vancardian) in seat order from the dealer's left."""
        players = [s.name for s in self.seating.seats if s.kind is Kind.PLAYER]
        if self.dealer not in players:
            return tuple(players)
        i = players.index(self.dealer)
        return tuple(players[i + 1:] + players[:i + 1])

    @property
    def next_step(self) -> Step | None:
        """The book's next step of the round setup (None outside it). Charging is optional: the charge step stays
        open until the alignments are revealed."""
        r = self.round
        if r is None or self.phase is not Phase.ALIGN:
            return None
        players = self.from_dealers_left()
        todo = [(Step.EVENT, r.number == 3 and r.event is None),
                (Step.STAMINA, r.number <= 4 and not r.gained),
                (Step.STORY, r.number <= 4 and any(r.number not in self.story_cards(p) for p in players)),
                (Step.SUPERHERO, r.number == ROUNDS and any(self.superhero(p) is None for p in players)),
                (Step.CHARGE, True)]
        return next(step for step, due in todo if due and step.order >= r.step.order)

    def round_input(self, tricks: tuple[TrickEntry, ...] | None = None) -> RoundInput:
        """The referee's view of the round in progress (the same input `origin round` reads from a file); `tricks`:
        its trick entries instead of the round's (the round with a play being decided)."""
        r = self.round
        assert r is not None
        abilities = _without_exchanges(r.abilities) if self.mode is Mode.SOLO and r.abilities else r.abilities
        return RoundInput(self.seating, r.dealer, dict(r.alignment or ()), r.entries if tricks is None else tricks,
                          abilities, dict(r.hands), self.choices, r.number, surrender=r.surrender)

    def totals(self) -> dict[str, int]:
        """Running VP per scoring seat: scored rounds, plus the round in progress's ability VP (immediate)."""
        out = dict.fromkeys(self.seating.scorers, 0)
        for r in self.rounds:
            if r.scored is not None:
                for line in r.scored:
                    out[line.player] += line.round_vp
            else:
                for ab in r.abilities:
                    if ab.player in out:
                        out[ab.player] += sum(x.amount for x in ab.effects if x.kind.value == "vp")
        return out


# Solo rounds' abilities as the referee reads them, by the round's own (kept alive here, so their ids are not
# reused): the same objects from one play to the next, as the referee's kept rounds know them (by identity).
_READ: dict[int, tuple[tuple[Ability, ...], tuple[Ability, ...]]] = {}


def _without_exchanges(abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """Solo: the abilities without their exchanges with a Vancardian, which are in the rows themselves
    (os.CardsExchanged)."""
    kept = _READ.get(id(abilities))
    if kept is not None and kept[0] is abilities:
        return kept[1]
    read = tuple(replace(ab, effects=tuple(x for x in ab.effects if x.kind is not EffectKind.EXCHANGE))
                 for ab in abilities)
    if len(_READ) >= 64:
        _READ.clear()
    _READ[id(abilities)] = (abilities, read)
    return read


def rounds_left(state: GameState) -> int:
    return ROUNDS - sum(1 for r in state.rounds if r.scored is not None)


def seat_kind(state: GameState, seat: str) -> Kind:
    return state.seating.seat(seat).kind
