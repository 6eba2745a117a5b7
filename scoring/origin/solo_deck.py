"""The solo game's decks: the five-card Vancardian deck built from a difficulty (OS-SOLO-SETUP), and drawing
playing cards when the deck runs out (OS-DECK-EMPTY).

Pure: the engine never shuffles. It says how many cards come from where; the shell (app deck) or the player
(table deck) supplies which cards they were."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from .. import counts
from ..errors import InputError
from ..i18n import N_, _
from .cards import Card
from .rules import RuleId

DIFFICULTIES = range(0, 6)
SOLO_DECK_SIZE = 5
PILE_SIZE = 8  # Vancardian cards per lightning colour

Kind = Literal["base", "difficulty"]


class Colour(StrEnum):
    """A Vancardian card's lightning. Which one is the difficulty set was lost with the icons (§13 Q3): the
    companion asks once and stores the answer."""

    RED = "red"
    GREEN = "green"

    @property
    def other(self) -> Colour:
        return Colour.GREEN if self is Colour.RED else Colour.RED


@dataclass(frozen=True, slots=True)
class SoloDeck:
    """The Vancardian deck top→bottom (round r uses the r-th card) and what is left for the two event decks."""

    difficulty: int
    difficulty_colour: Colour
    kinds: tuple[Kind, ...]  # top → bottom

    @property
    def base_colour(self) -> Colour:
        return self.difficulty_colour.other

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(self.colour_of(kind) for kind in self.kinds)

    def colour_of(self, kind: Kind) -> Colour:
        return self.difficulty_colour if kind == "difficulty" else self.base_colour

    def kind_for_round(self, round_number: int) -> Kind:
        if round_number not in range(1, SOLO_DECK_SIZE + 1):
            raise InputError(_("round {n}: a game has rounds 1 to 5").format(n=repr(round_number)))
        return self.kinds[round_number - 1]

    @property
    def event_kind(self) -> Kind:
        """Round 3's event comes from the event deck of the card then on top: the deck's 3rd card."""
        return self.kind_for_round(3)

    @property
    def event_colour(self) -> Colour:
        return self.colour_of(self.event_kind)

    @property
    def base_left(self) -> int:
        return PILE_SIZE - self.kinds.count("base")

    @property
    def difficulty_left(self) -> int:
        return PILE_SIZE - self.kinds.count("difficulty")

    def sentence(self) -> tuple[RuleId, str]:
        kinds = ", ".join(f"{k} ({self.colour_of(k)})" for k in self.kinds)
        return RuleId.SOLO_SETUP, _(
            "Difficulty {difficulty}: the Vancardian deck, top to bottom, is {kinds}. Round 3's event comes from the "
            "{event} event deck. Left for the event decks: {base} {base_colour}, {hard} {hard_colour}.").format(
                difficulty=self.difficulty, kinds=kinds, event=self.event_colour, base=self.base_left,
                base_colour=self.base_colour, hard=self.difficulty_left, hard_colour=self.difficulty_colour)


def build_solo_deck(difficulty: object, difficulty_colour: Colour | str) -> SoloDeck:
    """D difficulty cards go down first, then 5 − D base cards on top; the deck is never shuffled. The colour
    of the difficulty set has no default: the icon was lost (§13 Q3), so the table says which it is."""
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or difficulty not in DIFFICULTIES:
        raise InputError(_("difficulty {value}: choose a whole number from 0 (easiest) to 5 (hardest)").format(
            value=repr(difficulty)))
    try:
        colour = Colour(difficulty_colour)
    except ValueError:
        raise InputError(_("lightning colour {value}: the difficulty set is red or green").format(
            value=repr(difficulty_colour))) from None
    base: tuple[Kind, ...] = ("base",)
    harder: tuple[Kind, ...] = ("difficulty",)
    kinds = base * (SOLO_DECK_SIZE - difficulty) + harder * difficulty
    return SoloDeck(difficulty, colour, kinds)


@dataclass(frozen=True, slots=True)
class DrawPlan:
    """Where `needed` cards come from: the deck first; when it runs out the discard pile is shuffled in and
    the rest come from it; what neither can give is skipped."""

    needed: int
    from_deck: int
    reshuffled: int  # cards moved from the discard pile into the deck (0: no reshuffle)
    after_reshuffle: int
    skipped: int

    @property
    def drawn(self) -> int:
        return self.from_deck + self.after_reshuffle

    @property
    def steps(self) -> tuple[tuple[RuleId, str], ...]:
        """Not translated here: a Vancardian's move keeps its steps in the log, whose sentences are written in
        English (the counts in them come from counts.py, in the language in use)."""
        if not self.reshuffled and not self.skipped:
            return ()
        out: list[tuple[RuleId, str]] = []
        if self.reshuffled:
            out.append((RuleId.DECK_EMPTY, N_(
                "The deck ran out after {cards}: the discard pile ({pile}) was shuffled into a new deck, then {n} "
                "more drawn.").format(cards=counts.cards(self.from_deck), pile=counts.cards(self.reshuffled),
                                      n=self.after_reshuffle)))
        if self.skipped:
            out.append((RuleId.DECK_EMPTY, N_("The deck and the discard pile are both empty: {draws} skipped.")
                        .format(draws=counts.draws(self.skipped))))
        return tuple(out)


def plan_draw(needed: int, deck: int, discard: int) -> DrawPlan:
    """`deck` and `discard` count playing cards only (extra-love cards are never shuffled in). The discard
    pile is shuffled in only when a card is needed and the deck is empty."""
    for name, number in ((N_("cards needed"), needed), (N_("deck size"), deck), (N_("discard pile size"), discard)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise InputError(_("{name} {value}: a whole number, 0 or more").format(name=_(name), value=repr(number)))
    from_deck = min(needed, deck)
    rest = needed - from_deck
    reshuffled = discard if rest and discard else 0
    after = min(rest, reshuffled)
    return DrawPlan(needed, from_deck, reshuffled, after, rest - after)


@dataclass(frozen=True, slots=True)
class Reshuffle:
    into_deck: tuple[Card, ...]  # the playing cards of the discard pile
    aside: tuple[Card, ...]  # extra-love cards found there (rules choice extra_love_exit = discard): set aside


def reshuffle(discard_pile: Iterable[Card]) -> Reshuffle:
    """The discard pile becomes the new deck, but extra-love cards never enter the deck: they go aside."""
    pile = tuple(discard_pile)
    return Reshuffle(tuple(c for c in pile if not c.extra_love), tuple(c for c in pile if c.extra_love))
