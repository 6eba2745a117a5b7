"""The command line's JSON answers (§7.2): tricks, a round, scores, setup, and is this play legal now; and a score
sheet read back from the history, which keeps each player's as `origin score --json` writes it.

Output dicts hold only JSON types; cards are always in the short notation."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..decision import Violation
from ..errors import InputError
from ..i18n import N_, _
from .round_file import parse_round, referee_file, run_round
from .round_file_parts import card, read_seat
from .round_input import Alignment, CardTrick
from .round_result import PlayResult, RoundResult, TrickResult, public_view
from .rules import RuleId
from .setup import (
    ROUNDS,
    Kind,
    Mode,
    has_event,
    mode_for,
    seating,
    setup_checklist,
    stamina_by_round,
)
from .sheet import GameScore, PlayerTotal, RoundScore, score_round
from .trick import Play

# --- outputs (§7.2) -----------------------------------------------------------------------------------------

def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _play_json(p: PlayResult) -> dict[str, Any]:
    return {"seat": p.seat, "card": str(p.play.card), "value": _number(p.play.effective_value),
            "suit": p.play.effective_suit.value, "legal": p.legal, "why": p.why}


def _violation_json(v: Violation, seat: str | None) -> dict[str, Any]:
    return {"rule": str(v.rule), "seat": seat, "sentence": v.message, "overridable": v.overridable}


def trick_json(t: TrickResult) -> dict[str, Any]:
    """One trick of `origin trick --json`; `notes` (possible revokes, sidekick tricks, rewinds) and `refused`
    (every broken rule of the trick, with its rule id) are added to the §7.2 keys."""
    refused = [_violation_json(v, t.leader) for v in t.refusals]
    refused += [_violation_json(v, p.seat) for p in t.plays for v in p.violations]
    return {
        "n": t.n, "leader": t.leader, "lead_suit": None if t.lead_suit is None else t.lead_suit.value,
        "plays": [_play_json(p) for p in t.plays],
        "winner": t.winner, "winning_card": None if t.winning_card is None else str(t.winning_card.card),
        "reason": t.reason or None, "next_leader": t.next_leader,
        "voids": [{"seat": s, "suit": suit.value} for s, suit in t.voids],
        "flags": [{"rule": str(f.rule), "trick": f.trick, "seat": f.seat, "sentence": f.sentence}
                  for f in t.flags],
        "notes": [{"rule": str(f.rule), "trick": f.trick, "seat": f.seat, "sentence": f.sentence}
                  for f in t.notes],
        "refused": refused,
    }


def public_json(data: object) -> dict[str, Any]:
    """What the table screen and the phone may show of a round file now (no finished trick unless the
    `show_tricks` choice allows it: OS-FACE-DOWN)."""
    return public_view(run_round(data))


def tricks_json(result: RoundResult) -> dict[str, Any]:
    """`origin trick --json`."""
    out: dict[str, Any] = {"tricks": [trick_json(t) for t in result.tricks]}
    ability_refusals = [_violation_json(r.violation, result.input.abilities[r.index].player)
                        for r in result.refusals]
    ability_refusals += [_violation_json(v, None) for v in result.claims]
    if ability_refusals:
        out["refused"] = ability_refusals
    return out


def _score_line(s: RoundScore) -> dict[str, Any]:
    return {"alignment": s.alignment.value, "tricks": s.tricks, "alignment_vp": s.alignment_vp,
            "abilities": [{"source": src, "vp": vp} for src, vp in s.abilities], "surrender_vp": s.surrender_vp,
            "round_vp": s.round_vp}


def round_json(result: RoundResult) -> dict[str, Any]:
    """`origin round --json`: the tricks, then a score line per player and the next dealer."""
    rnd = result.input
    missing = [s.name for s in rnd.seating.seats if s.kind is Kind.PLAYER and s.name not in rnd.alignment]
    if missing:
        raise InputError(_("no alignment for {players}: scoring needs each player's hero or villain").format(
            players=", ".join(missing)), where="alignment")
    out = tricks_json(result)
    out["scores"] = [{"player": s.player, **_score_line(s)} for s in score_round(result)]
    out["next_dealer"] = rnd.seating.next_dealer(rnd.dealer)
    return out


def score_json(game: GameScore) -> dict[str, Any]:
    """`origin score --json`."""
    return {"players": [{"name": p.name, "total": p.total, "rank": p.rank,
                         "rounds": [{"round": k + 1, **_score_line(s)} for k, s in enumerate(p.rounds)]}
                        for p in game.players],
            "winners": list(game.winners), "shared": game.shared}


def stored_sheet(results: Sequence[Mapping[str, Any]], where: str) -> GameScore:
    """A finished game's sheet from its results in the history: each player's `sheet` as `score_json` writes a
    player (solo: the Vancardians' lines under `opponents`, a Vancardian of rank 1 among the winners); a damaged
    one is an InputError naming what is wrong, `where` (the game) first."""
    def player(d: Any, name: str) -> PlayerTotal:
        try:
            rounds = tuple(RoundScore(name, Alignment(r["alignment"]), int(r["tricks"]),
                                      tuple((str(a["source"]), int(a["vp"])) for a in r["abilities"]),
                                      int(r["surrender_vp"])) for r in d["rounds"])
            return PlayerTotal(name, rounds, int(d["total"]), int(d["rank"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(_("{name}'s score sheet is damaged ({error}); restore a backup copy of the database")
                             .format(name=name, error=f"{type(exc).__name__}: {exc}"), where=where) from None

    players = [player(r["sheet"], r["name"]) for r in results]
    opponents = results[0]["sheet"].get("opponents", []) if results else []
    players += [player(o, str(o.get("name", "?")) if isinstance(o, dict) else "?") for o in opponents]
    winners = [r["name"] for r in results if r["winner"]]
    winners += [p.name for p in players[len(results):] if p.rank == 1]
    return GameScore(tuple(players), tuple(winners))


def setup_json(players: int, first_dealer: str | None = None, names: Sequence[str] = ()) -> dict[str, Any]:
    """`origin setup --players N`: the checklist, stamina per round, the event round; with names and a first
    dealer, the seats in order, each round's dealer and the leader of its first trick."""
    if type(players) is not int:
        raise InputError(_("--players must be a whole number from 1 to 5"), where="--players")
    mode = mode_for(players)
    out: dict[str, Any] = {"players": players, "mode": mode.value, "checklist": list(setup_checklist(players)),
                           "stamina_by_round": list(stamina_by_round()),
                           "event_rounds": [r for r in range(1, ROUNDS + 1) if has_event(r)]}
    if names:
        if len(names) != players:
            raise InputError(_("{names} names for {players} players").format(names=len(names), players=players),
                             where="players")
        seats = seating(mode, list(names))
        out["seats"] = list(seats.names)
        if first_dealer is not None:
            d0 = read_seat(seats, first_dealer, "first_dealer", _("the first dealer"))
            dealers = [seats.dealer_of_round(d0, r) for r in range(1, ROUNDS + 1)]
            out["rounds"] = [{"round": r, "dealer": d, "first_leader": seats.first_leader(d)}
                             for r, d in enumerate(dealers, 1)]
    return out


def check(data: object, seat: str, play: str, by: str = "") -> dict[str, Any]:
    """`origin check FILE --seat NAME --play CARD [--by SOURCE]`: is this play legal now? `by` names an ability
    that frees the play from following. {"legal": bool, "rule": id or None, "sentence"}."""
    rnd = parse_round(data)
    solo = rnd.mode is Mode.SOLO
    name = read_seat(rnd.seating, seat, "--seat")
    c = card(play, "--play", solo=solo)
    new = Play(name, c, by=by.strip(), ignore_follow=bool(by.strip()))
    tricks = list(rnd.tricks)
    last = tricks[-1] if tricks else None
    if isinstance(last, CardTrick) and len(last.plays) < len(rnd.seating.seats):
        tricks[-1] = CardTrick((*last.plays, new), last.turned)
    else:
        tricks.append(CardTrick((new,)))
    result = referee_file(replace(rnd, tricks=tuple(tricks)))
    t = result.tricks[-1]
    mine = t.plays[-1]
    found = [*mine.violations, *(t.refusals if len(t.plays) == 1 else ())]
    if found:
        v = found[0]
        return {"legal": False, "rule": str(v.rule), "sentence": v.message}
    if mine.legal is None:  # the JSON's sentence is the same in every language (marked, never translated here)
        return {"legal": True, "rule": str(RuleId.VOID),
                "sentence": N_("{name}'s hand is hidden: accepted, and {name} is recorded void in {suit}").format(
                    name=name, suit=t.lead_suit.word if t.lead_suit else N_("the lead suit"))}
    return {"legal": True, "rule": None, "sentence": f"{c}: {mine.why}"}
