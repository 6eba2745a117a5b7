"""Round and game scores (ORIGIN_STORY.md §3.6, §3.7, §3.9).

A hero scores 1 VP per trick won (OS-SCORE-HERO); a villain 4 VP with no trick, else nothing
(OS-SCORE-VILLAIN); the alignment is the one held at the end of the round. Ability VP are listed with their
source (OS-SCORE-ABILITY), surrender VP apart (OS-SOLO-SURRENDER). Most VP wins; ties share (OS-GAME-END)."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import InputError
from ..i18n import _
from .round_input import Alignment, parse_alignment
from .round_result import RoundResult
from .setup import ROUNDS, Kind

SURRENDER = "surrender"
VILLAIN_CLEAN_VP = 4


@dataclass(frozen=True, slots=True)
class RoundScore:
    player: str
    alignment: Alignment
    tricks: int
    abilities: tuple[tuple[str, int], ...] = ()  # (source, VP)
    surrender_vp: int = 0

    @property
    def alignment_vp(self) -> int:
        return alignment_vp(self.alignment, self.tricks)

    @property
    def round_vp(self) -> int:
        return self.alignment_vp + sum(vp for _s, vp in self.abilities) + self.surrender_vp


def alignment_vp(alignment: Alignment, tricks: int) -> int:
    if alignment is Alignment.HERO:
        return tricks
    return VILLAIN_CLEAN_VP if tricks == 0 else 0


def score_round(result: RoundResult) -> tuple[RoundScore, ...]:
    """One line per scoring seat (players; in solo the Vancardians too), in seat order."""
    rnd = result.input
    lines = []
    for seat in rnd.seating.seats:
        if seat.kind is Kind.SIDEKICK:
            continue
        surrender = rnd.surrender.vp if rnd.surrender and rnd.seating.seat(rnd.surrender.to).name == seat.name \
            else 0
        lines.append(RoundScore(seat.name, result.alignment[seat.name], result.tricks_won.get(seat.name, 0),
                                result.ability_vp.get(seat.name, ()), surrender))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    name: str
    rounds: tuple[RoundScore, ...]
    total: int
    rank: int


@dataclass(frozen=True, slots=True)
class GameScore:
    players: tuple[PlayerTotal, ...]
    winners: tuple[str, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def score_game(rounds: Sequence[Sequence[RoundScore]], *, vp_floor: str = "none") -> GameScore:
    """The score sheet: per player the rounds, the total, the rank (ties share a rank: 1, 1, 3) and the
    winners (ties share the victory). `vp_floor = "zero"`: the dial never goes below 0 (checked at each
    round's end)."""
    if vp_floor not in ("none", "zero"):
        raise InputError(_("vp_floor {value}: none or zero").format(value=repr(vp_floor)))
    if not rounds:
        raise InputError(_("a game needs at least one round"))
    names: list[str] = []
    for r in rounds:
        for line in r:
            if line.player not in names:
                names.append(line.player)
    per: dict[str, list[RoundScore]] = {n: [] for n in names}
    totals = dict.fromkeys(names, 0)
    for r in rounds:
        for line in r:
            per[line.player].append(line)
            totals[line.player] += line.round_vp
            if vp_floor == "zero":
                totals[line.player] = max(0, totals[line.player])
    return ranked(totals, {n: tuple(rs) for n, rs in per.items()})


def ranked(totals: Mapping[str, int], rounds: Mapping[str, tuple[RoundScore, ...]] | None = None) -> GameScore:
    """The sheet of these totals (in the players' order): each player's rank, ties sharing it (1, 1, 3), and the
    winners, the most VP, ties sharing the victory (OS-GAME-END). `rounds`: each player's rounds, when known."""
    ordered = sorted(totals.values(), reverse=True)
    players = tuple(PlayerTotal(n, (rounds or {}).get(n, ()), t, 1 + ordered.index(t)) for n, t in totals.items())
    return GameScore(players, tuple(n for n, t in totals.items() if t == ordered[0]))


_CELL = re.compile(r"^\s*([hv])\s*(\d{1,2})\s*(.*)$", re.IGNORECASE | re.DOTALL)
_EXTRA = re.compile(r"([+-]\s*\d{1,3})\s+(.+?)\s*(?=(?:\s[+-]\s*\d)|$)", re.DOTALL)


def parse_cell(text: str) -> tuple[Alignment, int, tuple[tuple[str, int], ...], int]:
    """A quick-score cell: `h3`, `v0`, `h3 +2 Monologuing -1 Story Y`, `h3 +5 surrender`: (alignment, tricks,
    ability VP with sources, surrender VP)."""
    m = _CELL.match(text)
    if m is None:
        raise InputError(_("{typed} is not a score cell: write h or v then the tricks won (h3, v0), then any extra "
                           "VP with its source (h3 +2 Monologuing)").format(typed=repr(text)))
    alignment = parse_alignment(m.group(1))
    tricks = int(m.group(2))
    if tricks > 8 * 2:
        raise InputError(_("{typed}: {tricks} tricks in one round is more than a round has").format(
            typed=repr(text), tricks=tricks))
    rest = m.group(3).strip()
    extras: list[tuple[str, int]] = []
    surrender = 0
    pos = 0
    while pos < len(rest):
        e = _EXTRA.match(rest, pos)
        if e is None:
            raise InputError(_("{typed}: {extra} is not extra VP with a source: write +2 Monologuing or -1 Story Y")
                             .format(typed=repr(text), extra=repr(rest[pos:])))
        vp = int(e.group(1).replace(" ", ""))
        source = e.group(2).strip()
        if source.casefold() == SURRENDER:
            surrender += vp
        else:
            extras.append((source, vp))
        pos = e.end()
        while pos < len(rest) and rest[pos].isspace():
            pos += 1
    return alignment, tricks, tuple(extras), surrender


def quick_round(cells: Mapping[str, str]) -> tuple[RoundScore, ...]:
    """One round of the quick-score grid, {"Ann": "h3 +2 Monologuing", "Bob": "v0"}."""
    out = []
    for name, cell in cells.items():
        alignment, tricks, extras, surrender = parse_cell(cell)
        out.append(RoundScore(name, alignment, tricks, extras, surrender))
    return tuple(out)


def quick_game(grid: Sequence[Mapping[str, str]], *, vp_floor: str = "none") -> GameScore:
    """The quick-score grid: five rounds (or fewer, for a game in progress) × players."""
    if len(grid) > ROUNDS:
        raise InputError(_("a game has {rounds} rounds, not {n}").format(rounds=ROUNDS, n=len(grid)))
    return score_game([quick_round(cells) for cells in grid], vp_floor=vp_floor)
