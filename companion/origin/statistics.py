"""Origin Story's statistics: what each finished result adds to its player's lines (games and wins by mode, player
count and solo difficulty; rounds as hero and as villain; clean villain rounds by player count; VP by source; or a
game without rounds), and those lines read back as a player's figures, as text and JSON. The store adds them up
(db/tallies.py); the history asks for them through the registry (companion/history.py)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from db.kinds import Fact, Finished, Seat
from db.records import PlayerStats
from scoring.counts import players as player_count
from scoring.i18n import N_, _, ngettext

from ..figures import column, game_count, win_count
from ..game import Statistics
from . import KIND

SOURCES = ("alignment", "abilities", "surrender")  # where a round's VP came from


@dataclass
class Count:
    games: int = 0
    wins: int = 0


@dataclass
class Villainy:
    rounds: int = 0
    clean: int = 0  # the villain took no trick: the alignment VP (scoring/origin/sheet.py alignment_vp)


@dataclass
class OriginStats:
    games: int = 0
    wins: int = 0
    without_rounds: int = 0  # imported or typed as final dials: counted above, nothing below
    by_mode: dict[str, Count] = field(default_factory=dict)
    by_players: dict[int, Count] = field(default_factory=dict)
    hero_rounds: int = 0
    villain_rounds: int = 0
    villainy_by_players: dict[int, Villainy] = field(default_factory=dict)
    alignment_vp: int = 0
    ability_vp: int = 0
    surrender_vp: int = 0
    solo: dict[int, Count] = field(default_factory=dict)  # difficulty -> played / won

    @property
    def highest_beaten(self) -> int | None:
        return max((d for d, c in self.solo.items() if c.wins), default=None)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def facts(game: Finished) -> list[list[Fact]]:
    return [_seat_facts(game, seat) for seat in game.seats]


def _seat_facts(game: Finished, seat: Seat) -> list[Fact]:
    """A game and a win (or not) in its mode, player count and, solo, difficulty; then its rounds as the player's
    score sheet keeps them (none: a game imported or typed as final dials)."""
    won, count = int(seat.winner), str(len(game.seats))
    out = [Fact("mode", game.variant, won), Fact("players", count, won)]
    difficulty = str(game.rules.get("difficulty", ""))
    if game.variant == "solo" and difficulty.isdecimal():
        out.append(Fact("solo", str(int(difficulty)), won))
    rounds = seat.sheet.get("rounds") if isinstance(seat.sheet, Mapping) else None
    if not rounds:
        return [*out, Fact("rounds", "none", 1)]
    sums = dict.fromkeys(("hero", "villain", "clean", *SOURCES), 0)
    for one in rounds if isinstance(rounds, list) else ():
        if not isinstance(one, Mapping):
            continue
        if one.get("alignment") in ("hero", "villain"):
            sums[one["alignment"]] += 1
            sums["clean"] += one["alignment"] == "villain" and _int(one.get("tricks")) == 0
        sums["alignment"] += _int(one.get("alignment_vp"))
        sums["surrender"] += _int(one.get("surrender_vp"))
        sums["abilities"] += sum(_int(a.get("vp")) for a in one.get("abilities") or [] if isinstance(a, Mapping))
    lines = [Fact("rounds", "hero", sums["hero"]), Fact("rounds", "villain", sums["villain"]),
             Fact("villain", count, sums["villain"]), Fact("clean", count, sums["clean"]),
             *(Fact("vp", source, sums[source]) for source in SOURCES)]
    return out + [line for line in lines if line.count]


def figures(stats: PlayerStats) -> OriginStats:
    """The player's Origin Story figures from the store's lines."""
    mine = stats.of(KIND)

    def counts(facet: str) -> dict[str, Count]:
        return {line.key: Count(line.games, line.count) for line in mine.facet(facet)}

    def total(facet: str, key: str) -> int:
        line = mine.line(facet, key)
        return line.count if line is not None else 0

    modes, none = counts("mode"), mine.line("rounds", "none")
    return OriginStats(
        games=sum(c.games for c in modes.values()), wins=sum(c.wins for c in modes.values()),
        without_rounds=none.games if none else 0, by_mode=modes,
        by_players={int(k): c for k, c in counts("players").items()},
        hero_rounds=total("rounds", "hero"), villain_rounds=total("rounds", "villain"),
        villainy_by_players={int(line.key): Villainy(line.count, total("clean", line.key))
                             for line in mine.facet("villain")},
        alignment_vp=total("vp", "alignment"), ability_vp=total("vp", "abilities"),
        surrender_vp=total("vp", "surrender"), solo={int(k): c for k, c in counts("solo").items()})


def statistics(stats: PlayerStats) -> Statistics:
    """Origin Story's block of the player's history (always headed by the game's name)."""
    s = figures(stats)
    text = origin_text(s)
    return Statistics(s.games, s.wins, {"origin_story": origin_json(s)}, text, text)


def origin_json(s: OriginStats) -> dict[str, Any]:
    return {"games": s.games, "wins": s.wins, "without_rounds": s.without_rounds,
            "by_mode": {k: vars(v) for k, v in sorted(s.by_mode.items())},
            "by_players": {str(k): vars(v) for k, v in sorted(s.by_players.items())},
            "hero_rounds": s.hero_rounds, "villain_rounds": s.villain_rounds,
            "villain_by_players": {str(k): vars(v) for k, v in sorted(s.villainy_by_players.items())},
            "vp": {"alignment": s.alignment_vp, "abilities": s.ability_vp, "surrender": s.surrender_vp},
            "solo": {str(k): vars(v) for k, v in sorted(s.solo.items())}, "highest_beaten": s.highest_beaten}


def head(title: str) -> str:
    """A line's heading in the figures' first column."""
    return f"  {title:<8} "


def origin_text(s: OriginStats) -> str:
    first = "Origin Story" + f": {game_count(s.games)} {win_count(s.wins)}"
    if s.without_rounds:
        first += " " + ngettext("({n} with no rounds recorded)", "({n} with no rounds recorded)",
                               s.without_rounds).format(n=s.without_rounds)
    out = [first]
    # TRANSLATORS: the headings of a player's Origin Story figures, in a column 8 wide: short words.
    titles = ((N_("mode"), s.by_mode), (N_("players"), s.by_players))
    out += [head(_(title)) + f"{k:<16} {column(game_count, v.games)} {column(win_count, v.wins, last=True)}"
            for title, tallies in titles for k, v in sorted(tallies.items())]
    out.append(head(_("rounds")) + _("{hero} as hero, {villain} as villain").format(
        hero=s.hero_rounds, villain=s.villain_rounds))
    for k, v in sorted(s.villainy_by_players.items()):
        clean = ngettext("{clean} of {n} round clean", "{clean} of {n} rounds clean", v.rounds)
        out.append(head(_("villain")) + f"{player_count(k)}: {clean.format(clean=v.clean, n=v.rounds)}")
    out.append(head(_("VP")) + _("{alignment} from alignment, {abilities} from abilities, {surrender} from "
                                      "surrender").format(alignment=s.alignment_vp, abilities=s.ability_vp,
                                                          surrender=s.surrender_vp))
    out += [head(_("solo")) + _("difficulty {level}: {played} played {won} won").format(
        level=k, played=v.games, won=v.wins) for k, v in sorted(s.solo.items())]
    if s.solo:
        best = s.highest_beaten
        out.append(head(_("solo")) + _("highest difficulty beaten: {level}").format(
            level=best if best is not None else _("none yet")))
    return "\n".join(out)
