"""Origami's statistics: what each finished result adds to its player's lines (by variant, player count and family:
a game, a win and its points), and those lines read back as a player's figures, as text and JSON. A family is the
game's set-up, shuffled into the one deck (no player owns one): a player's line for "farm" counts their games with
the farm family in the deck, whoever played its cards. The store adds them up (db/tallies.py); the history asks
for them through the registry (companion/history.py)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from db.kinds import Fact, Finished
from db.records import Line, PlayerRecord, PlayerStats
from scoring import counts
from scoring.i18n import N_, _, ngettext

from ..figures import column, game_count, sparkline, win_count
from ..game import Statistics
from ..languages import decimal, percent
from . import KIND


@dataclass(frozen=True, slots=True)
class Tally:
    key: str  # the variant, family (in the deck) or player count this line is about ("" for all games)
    games: int
    wins: int
    average: float | None  # over the games with points (None: none has)
    best: int | None
    scored: int  # games with their points known

    @property
    def unknown(self) -> int:
        """Games whose points are not known (BG Stats plays that kept only who won): not in the average."""
        return self.games - self.scored

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class OrigamiStats:
    player: PlayerRecord
    overall: Tally
    trend: tuple[tuple[int, datetime, int], ...]  # (game, finished at, score), oldest first
    by_variant: tuple[Tally, ...]
    by_family: tuple[Tally, ...]
    by_players: tuple[Tally, ...]


def facts(game: Finished) -> list[list[Fact]]:
    """A seat's result counts one game in its variant, its player count and each family in its deck: a win when it
    won (a shared victory is a win for each), and its points (None when not known)."""
    players = str(len(game.seats))
    return [[Fact("variant", game.variant, int(s.winner), s.score), Fact("players", players, int(s.winner), s.score),
             *(Fact("family", family, int(s.winner), s.score) for family in game.families)] for s in game.seats]


def _tally(line: Line) -> Tally:
    return Tally(line.key, line.games, line.count, line.total / line.valued if line.valued else None, line.best,
                 line.valued)


def figures(stats: PlayerStats) -> OrigamiStats:
    """The player's Origami figures from the store's lines (a few rows whatever the size of the history)."""
    mine = stats.of(KIND)

    def tallies(facet: str, order: Callable[[Tally], Any]) -> tuple[Tally, ...]:
        return tuple(sorted((_tally(line) for line in mine.facet(facet)), key=order))

    by_variant = tallies("variant", lambda t: t.key)
    return OrigamiStats(stats.player, _total(by_variant), mine.trend, by_variant, tallies("family", lambda t: t.key),
                        tallies("players", lambda t: int(t.key) if t.key.isdigit() else 0))


def _total(parts: Sequence[Tally]) -> Tally:
    """All games: every game has exactly one variant, so the variant lines add up to the whole."""
    games = sum(t.games for t in parts)
    scored = sum(t.scored for t in parts)
    points = sum((t.average or 0) * t.scored for t in parts)
    best = max((t.best for t in parts if t.best is not None), default=None)
    return Tally("", games, sum(t.wins for t in parts), points / scored if scored else None, best, scored)


def statistics(stats: PlayerStats) -> Statistics:
    """Origami's block of the player's history (headed by the game's name beside another game's block)."""
    s = figures(stats)
    return Statistics(s.overall.games, s.overall.wins, stats_json(s), stats_text(s), stats_text(s, "Origami"),
                      tuple(score for _, _, score in s.trend))


def _rate(t: Tally) -> str:
    return "-" if t.win_rate is None else percent(t.win_rate)


def _avg(t: Tally) -> str:
    return "-" if t.average is None else decimal(t.average)


def tally_json(t: Tally) -> dict[str, Any]:
    return {"key": t.key, "games": t.games, "wins": t.wins, "win_rate": t.win_rate, "average": t.average,
            "best": t.best, "points_unknown": t.unknown}


def stats_json(s: OrigamiStats) -> dict[str, Any]:
    return {"player": s.player.name, **{k: v for k, v in tally_json(s.overall).items() if k != "key"},
            "trend": [{"game": g, "finished_at": at.isoformat(), "score": score} for g, at, score in s.trend],
            "by_variant": [tally_json(t) for t in s.by_variant], "by_family": [tally_json(t) for t in s.by_family],
            "by_players": [tally_json(t) for t in s.by_players]}


# The lines' headings: by variant, by a family in the deck, by player count.
FACETS = (N_("variant"), N_("in deck"), N_("players"))


def stats_text(s: OrigamiStats, title: str | None = None) -> str:
    """The player's Origami figures, headed by their name (or `title`)."""
    o = s.overall
    best = "-" if o.best is None else o.best
    # TRANSLATORS: a player's Origami figures: "Ann: 12 games, 5 wins (42%), average 38.5, best 51".
    out = [_("{who}: {games}, {wins} ({rate}), average {average}, best {best}").format(
               who=title or s.player.name, games=game_count(o.games), wins=win_count(o.wins), rate=_rate(o),
               average=_avg(o), best=best),
           "  " + _("trend {scores}").format(scores=sparkline([score for _, _, score in s.trend]))]
    if o.unknown:
        out.insert(1, "  " + ngettext(
            "{n} game with points unknown (BG Stats plays that kept only who won): counted in games and wins, not in "
            "the averages, best or trend",
            "{n} games with points unknown (BG Stats plays that kept only who won): counted in games and wins, not "
            "in the averages, best or trend", o.unknown).format(n=o.unknown))
    # a family line counts the games with that family in the deck (nobody owns a family), and says so
    facets = ((_(FACETS[0]), s.by_variant, str), (_(FACETS[1]), s.by_family, str),
              (_(FACETS[2]), s.by_players, lambda key: counts.players(int(key)) if key.isdigit() else key))
    width = max(8, *(len(name) for name, _tallies, _key in facets))
    for name, tallies, key in facets:
        for t in tallies:
            out.append(f"  {name:<{width}} {key(t.key):<16} {column(game_count, t.games)} "
                       f"{column(win_count, t.wins)} {_rate(t):>5} " + _("avg {average}").format(average=_avg(t)))
    return "\n".join(out)
