"""A player's figures as every part of the companion shows them (the history verbs of the command line and the
players screen alike): each game's block of statistics, asked of the game through the registry, their skill
ratings' lines, and a trend drawn as a sparkline."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scoring.i18n import ENGLISH, _, language, ngettext

from . import games as registry

if TYPE_CHECKING:
    from db.ratings import Ratings
    from db.records import HeadToHead, Versus
    from db.stats import PlayerStats

    from .game import Statistics

BARS = "▁▂▃▄▅▆▇█"


def sparkline(scores: list[int]) -> str:
    if not scores:
        return ""
    low, high = min(scores), max(scores)
    span = (high - low) or 1
    return "".join(BARS[(s - low) * (len(BARS) - 1) // span] for s in scores)


def blocks(stats: PlayerStats) -> tuple[Statistics, list[Statistics]]:
    """A player's statistics as each game shows them: the first game's block, the history's headline (`players` and
    the listing of everyone show it alone, as they did before there was a second game), then the block of each other
    game the player finished."""
    first, *others = (game.statistics(stats) for game in registry.every())
    return first, [block for block in others if block.games]


def head_to_head(v: Versus, between: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Two players' head-to-head as the history shows it: `--json`'s object (their records in every game together
    under the keys scripts read since there was one game, and each game's under `by_game`: every game this companion
    knows, and any other the history holds) and the lines of text, each as (games together, who was ahead): headed
    `between` ("Ann vs Bob") all their games together, then each game they played together."""
    kinds = [*registry.kinds(), *sorted(set(v.by_kind) - set(registry.kinds()))]

    def record(h: HeadToHead) -> dict[str, int]:
        return {"games": h.games, "a_ahead": h.a_ahead, "b_ahead": h.b_ahead, "level": h.level}

    def said(heading: str, h: HeadToHead) -> tuple[str, str]:
        # TRANSLATORS: a head-to-head's heading (two players' names, or a game's name) and how many games together.
        return (_("{heading}: {games}").format(heading=heading, games=together(h.games)),
                _("{a} ahead {a_ahead}, {b} ahead {b_ahead}, level {level}").format(
                    a=v.a.name, a_ahead=h.a_ahead, b=v.b.name, b_ahead=h.b_ahead, level=h.level))

    data = {"a": v.a.name, "b": v.b.name, **record(v.overall), "by_game": {kind: record(v.of(kind)) for kind in kinds}}
    return data, [said(between, v.overall), *(said(f"  {name(kind)}", v.of(kind)) for kind in kinds
                                              if kind in v.by_kind)]


def name(kind: str) -> str:
    """The game's name (a kind this companion does not know: its name in the database)."""
    return registry.game(kind).name if registry.known(kind) else kind


def title(scope: str) -> str:
    """"Origami, every variant", "Origami · Origami Legends", "Origin Story · solo" (a kind this companion does not
    know, by its name in the database)."""
    kind, __, variant = scope.partition("/")
    game = registry.game(kind) if registry.known(kind) else None
    called = kind if game is None else game.name
    if not variant:
        return _("{game}, every variant").format(game=called)
    return f"{called} · {variant if game is None else game.title(variant)}"



def player_lines(ratings: Ratings, pid: int) -> list[str]:
    """A player's ratings (`ratings`: theirs, as the store keeps them) as the players screen shows them: one line per
    game and variant, with the trend."""
    out = []
    for scope in sorted(ratings.by_scope, key=lambda s: (s.split("/")[0], "/" in s, s)):
        s = ratings.by_scope[scope].get(pid)
        if s is not None:
            trend = [round(o * 10) for __, o in ratings.trend[(scope, pid)][-20:]]
            # The trend before mu and sigma: a line cut at a narrow window's edge keeps the rating and its trend.
            # TRANSLATORS: a skill rating's line; mu and sigma are the rating's symbols, kept as they are.
            out.append("  " + _("rating {scope}: {ordinal} {trend} (mu {mu}, sigma {sigma})").format(
                scope=title(scope), ordinal=tenths(s.ordinal), trend=sparkline(trend), mu=tenths(s.mu),
                sigma=tenths(s.sigma)))
    return out


def tenths(x: float) -> str:
    """A figure to a tenth, as the language in use writes it ("12.3" · "12,3")."""
    if language() == ENGLISH:
        return f"{x:.1f}"
    from .languages import number

    return number(round(x, 1))


def game_count(n: int, shown: str | None = None) -> str:
    """`n` games, in words (`shown` is the number as written, padded in a column)."""
    return ngettext("{n} game", "{n} games", n).format(n=n if shown is None else shown)


def win_count(n: int, shown: str | None = None) -> str:
    return ngettext("{n} win", "{n} wins", n).format(n=n if shown is None else shown)


def together(n: int) -> str:
    """How many games two players played together."""
    return ngettext("{n} game together", "{n} games together", n).format(n=n)


def column(counted: Callable[[int, str], str], n: int, width: int = 4, last: bool = False) -> str:
    """A count in a table: the number right-aligned in `width`, then its noun, padded to the longer of the noun's
    forms so that the columns after it stay in line (`last`: nothing follows it, no padding)."""
    number = f"{n:>{width}}"
    text = counted(n, number)
    return text if last else text.ljust(max(len(counted(k, number)) for k in (1, 2)))
