"""What the referee answers (§2, D15): flags, trick and round results, the public view."""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import counts
from ..decision import Accepted, Rejected, Violation
from ..i18n import _
from .cards import Card, Suit
from .lean import lean
from .round_input import Alignment, RoundInput
from .rules import RuleId
from .trick import Play

# --- what the referee answers -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Flag:
    rule: RuleId
    trick: int
    seat: str
    sentence: str


@lean
@dataclass(frozen=True, slots=True)
class PlayResult:
    seat: str
    play: Play
    legal: bool | None  # None: the hand is hidden and the play is off suit
    why: str
    violations: tuple[Violation, ...] = ()


@lean
@dataclass(frozen=True, slots=True)
class TrickResult:
    n: int
    leader: str
    lead_suit: Suit | None
    plays: tuple[PlayResult, ...]
    winner: str | None
    winning_card: Play | None  # so far, for the trick in play
    reason: str
    rule: RuleId | None
    next_leader: str | None
    voids: tuple[tuple[str, Suit], ...]
    flags: tuple[Flag, ...]
    notes: tuple[Flag, ...]
    refusals: tuple[Violation, ...]  # the trick's own (leader, stated winner, count); plays carry theirs
    complete: bool
    rewound: bool = False
    winners_level: bool = False

    @property
    def violations(self) -> tuple[Violation, ...]:
        return self.refusals + tuple(v for p in self.plays for v in p.violations)

    @property
    def decision(self) -> Accepted[TrickResult] | Rejected:
        """The first broken rule as a Rejected, else the trick as the one accepted fact."""
        found = self.violations
        return Rejected(found[0]) if found else Accepted((self,))

    @property
    def counts(self) -> bool:
        return self.complete and not self.rewound


@dataclass(frozen=True, slots=True)
class AbilityRefusal:
    index: int  # in RoundInput.abilities
    violation: Violation


@dataclass(frozen=True, slots=True)
class RoundResult:
    input: RoundInput
    tricks: tuple[TrickResult, ...]
    tricks_won: dict[str, int]
    alignment: dict[str, Alignment]  # at the end of the round (abilities may change it)
    ability_vp: dict[str, tuple[tuple[str, int], ...]]
    refusals: tuple[AbilityRefusal, ...]
    next_leader: str | None  # who leads the next trick (None while a trick is in play)
    to_play: str | None  # who plays next in the trick in play
    finished: bool  # eight tricks counted (or a surrender)
    known: dict[str, tuple[tuple[Card, ...], int]] = field(default_factory=dict)  # seat → (cards, unknown)
    claims: tuple[Violation, ...] = ()  # what a file claims outside any trick and the rules refuse (surrender)

    @property
    def in_play(self) -> TrickResult | None:
        last = self.tricks[-1] if self.tricks else None
        return last if last is not None and not last.complete else None

    @property
    def violations(self) -> tuple[Violation, ...]:
        return tuple(v for t in self.tricks for v in t.violations) + tuple(r.violation for r in self.refusals) \
            + self.claims

    @property
    def flags(self) -> tuple[Flag, ...]:
        return tuple(f for t in self.tricks for f in t.flags)


# --- the view the table may see (§2, D15) ------------------------------------------------------------------

def public_view(result: RoundResult) -> dict[str, object]:
    """What the table and the phone may show during the round: the trick in play, tricks won per seat, voids;
    a finished trick's cards only as the `show_tricks` choice allows (the book: never; OS-FACE-DOWN)."""
    show = result.input.choices.show_tricks
    finished = [t for t in result.tricks if t.complete]
    visible = finished if show == "all" else finished[-1:] if show == "last" else []
    in_play = result.in_play
    return {
        "trick": None if in_play is None else in_play.n,
        "in_play": [] if in_play is None else [[p.seat, str(p.play.card)] for p in in_play.plays],
        "to_play": result.to_play,
        "next_leader": result.next_leader,
        "tricks_won": dict(result.tricks_won),
        "voids": [[s, suit.value] for t in result.tricks for s, suit in t.voids],
        "past_tricks": [{"n": t.n, "winner": t.winner, "cards": [[p.seat, str(p.play.card)] for p in t.plays]}
                        for t in visible],
    }


def round_summary(result: RoundResult) -> list[dict[str, object]]:
    """After the round, every trick is shown (the round summary screen)."""
    return [{"n": t.n, "winner": t.winner, "cards": [[p.seat, str(p.play.card)] for p in t.plays]}
            for t in result.tricks]


def villain_status(alignment: Alignment, tricks: int) -> str:
    """"clean" or "caught, 2 tricks" for a villain; "" for a hero."""
    if alignment is Alignment.HERO:
        return ""
    # TRANSLATORS: a villain's round: "clean" (no trick) or "caught, 2 tricks".
    return _("clean") if tricks == 0 else _("caught, {tricks}").format(tricks=counts.tricks(tricks))
