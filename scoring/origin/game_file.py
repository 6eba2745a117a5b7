"""A game file (§7.1): its rounds as round files or quick-score grid rows, or only the final dials."""
from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..i18n import _
from .round_file import ROUND_KEYS, run_round
from .round_file_json import round_json
from .round_file_parts import read_dict, read_int, read_list, read_str, short_repr
from .setup import (
    ROUNDS,
)
from .sheet import GameScore, RoundScore, quick_round, ranked, score_game, score_round


def parse_game(data: object) -> GameScore:
    """A game file: `"rounds"`, each a round file (fields missing from it are taken from the game) or a
    quick-score grid row {"Ann": "h3 +2 Monologuing", "Bob": "v0"}."""
    obj = read_dict(data, _("game file"), _("a game file"))
    unknown = set(obj) - ROUND_KEYS - {"rounds", "final"}
    if unknown:
        raise InputError(_("unknown keys {keys} in a game file").format(keys=sorted(unknown)), where=_("game file"))
    if obj.get("final") is not None:
        if obj.get("rounds") is not None:
            raise InputError(_("give \"rounds\" or \"final\" (the dials at the end), not both"), where="final")
        return _final_dials(read_dict(obj["final"], "final", "final"))
    rounds_in = read_list(obj.get("rounds"), "rounds", "rounds")
    if not 1 <= len(rounds_in) <= ROUNDS:
        raise InputError(_("{n} rounds: a game has 1 to {rounds} (five when finished)").format(
            n=len(rounds_in), rounds=ROUNDS), where="rounds")
    rules = read_dict(obj.get("rules", {}), "rules", "rules")
    floor = rules.get("vp_floor", "none")
    if floor not in ("none", "zero"):
        raise InputError(_("vp_floor = {value}: none or zero").format(value=short_repr(floor)), where="rules.vp_floor")
    common = {k: v for k, v in obj.items() if k not in ("rounds",)}
    scored: list[tuple[RoundScore, ...]] = []
    names: list[str] | None = None
    for r, rd in enumerate(rounds_in):
        where = f"rounds[{r}]"
        rdict = read_dict(rd, where, _("a round"))
        if rdict and all(isinstance(v, str) for v in rdict.values()) and not set(rdict) & ROUND_KEYS:
            try:
                line = quick_round(rdict)
            except InputError as e:
                raise InputError(str(e), where=where) from None
        else:
            merged = {**common, **rdict}
            merged.setdefault("round", r + 1)
            if "dealer" not in rdict and "dealer" in merged:  # the game's dealer is the first dealer
                merged.setdefault("first_dealer", merged.pop("dealer"))
            try:
                result = run_round(merged)
                round_json(result)  # checks alignments are given
            except InputError as e:
                raise InputError(str(e), where=f"{where}, {e.where}" if e.where else where) from None
            if result.violations:  # a round is scored only as the referee accepts it
                v = result.violations[0]
                raise InputError(_("{rule}: {refusal} (`companion origin round` referees the round alone)").format(
                    rule=v.rule, refusal=v.message), where=where)
            line = score_round(result)
        these = sorted(s.player.casefold() for s in line)
        if names is not None and these != names:
            raise InputError(_("every round must list the same players"), where=where)
        names = these
        scored.append(line)
    if len({s.player.casefold() for s in scored[0]}) != len(scored[0]):
        raise InputError(_("two players share a name"), where="rounds[0]")
    canon = {s.player.casefold(): s.player for s in scored[0]}
    fixed = [tuple(RoundScore(canon[s.player.casefold()], s.alignment, s.tricks, s.abilities, s.surrender_vp)
                   for s in line) for line in scored]
    return score_game(fixed, vp_floor=floor)


def _final_dials(final: dict[str, Any]) -> GameScore:
    """Only the VP dials at the end of the game: totals, ranks and winners, no rounds."""
    if not final:
        raise InputError(_("no player in \"final\""), where="final")
    if len({k.strip().casefold() for k in final}) != len(final):
        raise InputError(_("two players share a name"), where="final")
    totals = {read_str(k, f"final.{k}", _("a player's name")): read_int(v, f"final.{k}", "VP", -999, 999)
              for k, v in final.items()}
    return ranked(totals)
