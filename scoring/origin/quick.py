"""The Origin Story quick-score grid read (ORIGIN_STORY.md §3.9), for a table that logged nothing: each player's
five rounds as `h3` (hero, 3 tricks), `v0` (villain, clean), `v2`, plus `+2 Monologuing` for VP from a card. Solo:
you, then Automaton and Factoryon (always heroes: their tricks, and any `+5 surrender`). A table that kept only the
VP dials types each final dial alone; typed beside the rounds, a dial checks them. Pure: the screen only shows
what `read_grid` says, as it is typed."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InputError
from ..i18n import N_, _, ngettext
from .rules import RuleId
from .setup import ROUNDS, TRICKS, VANCARDIANS
from .sheet import GameScore, parse_cell, quick_game, ranked

Row = tuple[str, tuple[str, ...]]  # the name and the five cells, as typed
Named = list[Row]  # the rows with a name, in order
Cells = dict[tuple[str, int], tuple[str, int, int]]  # (name, round) → (cell, tricks, surrender VP)
DIALS_ONLY = N_("Only the final dials: the history keeps each total and the winners; type the rounds too and the sheet "
                 "shows where each point came from.")
HINT = N_("Type each player's name, then a cell per round: h3 (hero, 3 tricks), v0 (villain, no trick), v2, and VP "
           "from a card as +2 Monologuing. Tab moves on.")


@dataclass(frozen=True, slots=True)
class Reading:
    """What the grid typed so far comes to: the sheet of the rounds complete for everyone (None before the first),
    how many those are, the first problem (nothing can be saved while there is one), and notes that do not block."""

    game: GameScore | None
    rounds: int
    players: tuple[str, ...]
    problem: str = ""
    notes: tuple[str, ...] = ()
    dials_only: bool = False  # no round typed: the game is the final dials

    @property
    def complete(self) -> bool:
        """A finished game: five rounds for everyone, or everyone's final dial."""
        return not self.problem and self.game is not None and (self.rounds == ROUNDS or self.dials_only)


def _cell(text: str, name: str, vancardian: bool) -> str:
    """A cell as the engine reads it: a Vancardian's may leave out the `h` (she is always a hero)."""
    t = text.strip()
    if vancardian:
        if re.match(r"^v", t, re.IGNORECASE):
            raise InputError(_("{name} always plays hero ({rule}): type her tricks, e.g. 3 or h3").format(
                name=name, rule=RuleId.SOLO_HERO))
        if re.match(r"^\d", t):
            t = "h" + t
    return t


def read_dials(named: Sequence[str], dials: Sequence[str]) -> tuple[dict[str, int], str]:
    """The dials typed (`17`, `-2`), by player; the first one that is not a whole number is the problem."""
    out: dict[str, int] = {}
    for name, text in zip(named, dials, strict=False):
        if text.strip():
            if not re.fullmatch(r"\s*[+-]?\d{1,3}\s*", text):
                return out, _("{name}'s dial: {typed} is not a whole number of VP (e.g. 17)").format(
                    name=name, typed=repr(text.strip()))
            out[name] = int(text)
    return out, ""


def read_grid(rows: Sequence[Row], *, solo: bool, vp_floor: str = "none", dials: Sequence[str] = ()) -> Reading:
    """The grid read row by row (a row is a player once named); rounds count once every player's cell is in.
    `dials` (by row): each player's final VP dial, for a game known only by its dials, or as a check of the
    rounds typed."""
    found = _named(rows, dials)
    if isinstance(found, str):
        return Reading(None, 0, (), found)
    named, typed_dials = found
    names = tuple(n for n, _ in named)
    refused = _names_problem(names, solo)
    if refused is not None:
        return refused
    people = names[:1] if solo else names
    dial_of, dial_problem = read_dials(names, typed_dials)
    if dial_problem:
        return Reading(None, 0, people, dial_problem)
    if dial_of and not any(c.strip() for _, typed in named for c in typed):  # the final dials only
        return _dials_only(names, people, dial_of)
    cells, bad = _cells(named, solo)
    grid, odd, problem = _rounds(named, cells, solo)
    notes = (_odd_note(odd),) if odd else ()
    game = quick_game(grid, vp_floor=vp_floor) if grid else None
    if game is not None and len(grid) == ROUNDS and not (bad or problem):
        problem = _dial_mismatch(game, dial_of)
    return Reading(game, len(grid), people, bad or problem, notes)


def _named(rows: Sequence[Row], dials: Sequence[str]) -> tuple[Named, list[str]] | str:
    """The rows with a name and, by the same index, their dials; or the problem of a row scored but not named."""
    named: Named = []
    typed_dials: list[str] = []
    for number, (name, typed) in enumerate(rows, start=1):
        dial = dials[number - 1] if number <= len(dials) else ""
        if not name.strip():
            if any(c.strip() for c in typed) or dial.strip():
                return _("row {n} has scores but no name: type the player's name first").format(n=number)
            continue
        named.append((name.strip(), typed))
        typed_dials.append(dial)
    return named, typed_dials


def _names_problem(names: tuple[str, ...], solo: bool) -> Reading | None:
    """A player named twice, your name in a Vancardian's place, or too few players to read a game."""
    folded = [n.casefold() for n in names]
    twice = next((n for n in names if folded.count(n.casefold()) > 1), None)
    if twice is not None:
        return Reading(None, 0, names, _("{name} is named twice: each player once").format(name=twice))
    people = names[:1] if solo else names
    if solo and any(n.casefold() in (v.casefold() for v in VANCARDIANS) for n in people):
        return Reading(None, 0, people, _("your own name goes in the first row: the Vancardians have theirs"))
    if len(people) < (1 if solo else 2):
        return Reading(None, 0, people, _(HINT))
    return None


def _dials_only(names: tuple[str, ...], people: tuple[str, ...], dial_of: dict[str, int]) -> Reading:
    """A game known only by its final dials: every player's dial, or who still has to type one."""
    missing = [n for n in names if n not in dial_of]
    if missing:
        return Reading(None, 0, people, _("{players}: the final dial still to type (or type the rounds)").format(
            players=", ".join(missing)))
    return Reading(ranked(dial_of), 0, people, "", (_(DIALS_ONLY),), dials_only=True)


def _cells(named: Named, solo: bool) -> tuple[Cells, str]:
    """Every cell typed, read; and the first that cannot be, round by round (it comes before anything still to
    type)."""
    cells: Cells = {}
    bad = ""
    for k in range(ROUNDS):
        for n, typed in named:
            if k >= len(typed) or not typed[k].strip():
                continue
            try:
                vancardian = solo and n in VANCARDIANS
                cell = _cell(typed[k], n, vancardian)
                _alignment, won, _extras, surrender = parse_cell(cell)
                if surrender and not vancardian:
                    raise InputError(_("surrender VP go to the Vancardian who led ({rule}): type them in her cell, "
                                       "e.g. h3 +5 surrender").format(rule=RuleId.SOLO_SURRENDER))
                cells[n, k] = (cell, won, surrender)
            except InputError as exc:
                bad = bad or _("{player}, round {n}: {problem}").format(player=n, n=k + 1, problem=exc)
    return cells, bad


def _rounds(named: Named, cells: Cells, solo: bool) -> tuple[list[dict[str, str]], list[tuple[int, int]], str]:
    """The rounds complete for everyone, in order; those whose tricks do not come to eight, as (round, tricks in
    all); and why the next round is not complete ("" when a cell's own problem says it, or all are in)."""
    grid: list[dict[str, str]] = []
    odd: list[tuple[int, int]] = []
    for k in range(ROUNDS):
        typed_in = [n for n, typed in named if k < len(typed) and typed[k].strip()]
        if not typed_in:
            later = [n for n, typed in named if any(x.strip() for x in typed[k + 1:])]
            return grid, odd, (_("round {n} is empty but {player} has a later round: fill in the rounds in order")
                               .format(n=k + 1, player=later[0]) if later else "")
        missing = [n for n, _ in named if n not in typed_in]
        if missing:
            return grid, odd, _("round {n}: {players} still to type").format(n=k + 1, players=", ".join(missing))
        if any((n, k) not in cells for n, _ in named):
            return grid, odd, ""  # a cell of this round cannot be read (the cells' problem says which)
        grid.append({n: cells[n, k][0] for n, _ in named})
        tricks = sum(cells[n, k][1] for n, _ in named)
        surrendered = any(cells[n, k][2] for n, _ in named)
        duo = not solo and len(named) == 2  # sidekicks' tricks score for nobody (OS-SK-TRICK)
        if tricks > TRICKS or (tricks < TRICKS and not duo and not surrendered):
            odd.append((k + 1, tricks))
    return grid, odd, ""


def _odd_note(odd: list[tuple[int, int]]) -> str:
    """One sentence, however many rounds: the status line has three lines."""
    rounds = ", ".join(str(r) for r, _ in odd)
    counts = ", ".join(str(t) for _, t in odd)
    return ngettext("Round {rounds}: {counts} tricks in all, not {tricks} ({rule}); check its cells unless an "
                    "ability changed the count.",
                    "Rounds {rounds}: {counts} tricks in all, not {tricks} ({rule}); check those cells unless an "
                    "ability changed the count.", len(odd)).format(rounds=rounds, counts=counts, tricks=TRICKS,
                                                                   rule=RuleId.TRICKS_8)


def _dial_mismatch(game: GameScore, dial_of: dict[str, int]) -> str:
    """The first player whose dial disagrees with the rounds typed ("" when every dial typed agrees)."""
    for p in game.players:
        if p.name in dial_of and dial_of[p.name] != p.total:
            return _("{player}: the rounds come to {total} VP but the dial shows {dial}: check the cells (a card's "
                     "VP?) or the dial").format(player=p.name, total=p.total, dial=dial_of[p.name])
    return ""
