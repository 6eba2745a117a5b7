"""One player's Origin Story history: games and wins by mode and player count, hero/villain rounds, how often
their villain rounds stayed clean, where their VP came from, and solo results per difficulty."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, select

from .models import Game, Result
from .records import ORIGIN_STORY


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


def _add(tally: Count, won: bool) -> None:
    tally.games += 1
    tally.wins += won


def origin_stats(c: Connection, player_id: int) -> OriginStats:
    """Only this player's Origin Story result rows (one query joined to their games)."""
    query = (select(Result.winner, Result.sheet, Game.variant, Game.player_count, Game.rules)
             .join(Game, Game.id == Result.game_id)
             .where(Result.player_id == player_id, Game.kind == ORIGIN_STORY, Game.status == "finished"))
    out = OriginStats()
    for winner, sheet, mode, count, rules in c.execute(query):
        won = bool(winner)
        out.games += 1
        out.wins += won
        _add(out.by_mode.setdefault(mode, Count()), won)
        _add(out.by_players.setdefault(count, Count()), won)
        if mode == "solo" and isinstance(rules, Mapping) and str(rules.get("difficulty", "")).isdigit():
            _add(out.solo.setdefault(int(rules["difficulty"]), Count()), won)
        rounds = sheet.get("rounds") if isinstance(sheet, Mapping) else None
        if not rounds:
            out.without_rounds += 1
            continue
        for r in rounds:
            if not isinstance(r, Mapping):
                continue
            if r.get("alignment") == "villain":
                out.villain_rounds += 1
                v = out.villainy_by_players.setdefault(count, Villainy())
                v.rounds += 1
                v.clean += _int(r.get("tricks")) == 0
            elif r.get("alignment") == "hero":
                out.hero_rounds += 1
            out.alignment_vp += _int(r.get("alignment_vp"))
            out.surrender_vp += _int(r.get("surrender_vp"))
            out.ability_vp += sum(_int(a.get("vp")) for a in r.get("abilities") or [] if isinstance(a, Mapping))
    return out


def origin_json(s: OriginStats) -> dict[str, Any]:
    return {"games": s.games, "wins": s.wins, "without_rounds": s.without_rounds,
            "by_mode": {k: vars(v) for k, v in sorted(s.by_mode.items())},
            "by_players": {str(k): vars(v) for k, v in sorted(s.by_players.items())},
            "hero_rounds": s.hero_rounds, "villain_rounds": s.villain_rounds,
            "villain_by_players": {str(k): vars(v) for k, v in sorted(s.villainy_by_players.items())},
            "vp": {"alignment": s.alignment_vp, "abilities": s.ability_vp, "surrender": s.surrender_vp},
            "solo": {str(k): vars(v) for k, v in sorted(s.solo.items())}, "highest_beaten": s.highest_beaten}


def origin_text(s: OriginStats) -> str:
    out = [f"Origin Story: {s.games} games {s.wins} wins"
           + (f" ({s.without_rounds} with no rounds recorded)" if s.without_rounds else "")]
    out += [f"  mode     {k:<16} {v.games:>4} games {v.wins:>4} wins" for k, v in sorted(s.by_mode.items())]
    out += [f"  players  {k:<16} {v.games:>4} games {v.wins:>4} wins" for k, v in sorted(s.by_players.items())]
    out.append(f"  rounds   {s.hero_rounds} as hero, {s.villain_rounds} as villain")
    out += [f"  villain  {k} players: {v.clean} of {v.rounds} rounds clean"
            for k, v in sorted(s.villainy_by_players.items())]
    out.append(f"  VP       {s.alignment_vp} from alignment, {s.ability_vp} from abilities, "
               f"{s.surrender_vp} from surrender")
    out += [f"  solo     difficulty {k}: {v.games} played {v.wins} won" for k, v in sorted(s.solo.items())]
    if s.solo:
        best = s.highest_beaten
        out.append(f"  solo     highest difficulty beaten: {best if best is not None else 'none yet'}")
    return "\n".join(out)
