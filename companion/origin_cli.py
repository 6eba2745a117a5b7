"""`companion origin …`: Origin Story's scripting interface (ORIGIN_STORY.md §7), a contract like Origami's verbs.

Every verb reads a round or game file (JSON, §7.1), prints text or, with --json, exactly the documented shapes
(§7.2; cards always in the short notation), and exits 0 done, 1 something checked is illegal, 2 bad input."""
from __future__ import annotations

import argparse
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from scoring.errors import InputError
from scoring.origin import roundfile
from scoring.origin.cards import Suit, format_value, parse_card
from scoring.origin.rules import RULES, SCOPES

from .catalogue import read_text

EXIT_OK, EXIT_ILLEGAL = 0, 1
PLAYER_COUNTS = ("1", "2", "3-5")


def add_verb(sub: Any) -> None:
    """`origin` and its verbs, each taking --json."""
    parser = sub.add_parser("origin", help="Origin Story: setup, tricks, rounds, scores, checks",
                            description="Origin Story's scripting interface: referee tricks and rounds, score a "
                                        "game, check a play, and the setup for a number of players.")
    verbs = parser.add_subparsers(dest="origin_verb", metavar="VERB", required=True)

    def verb(name: str, help_text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = verbs.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        return p

    p = verb("setup", "the setup checklist for N players; with names and the first dealer, each round's dealer "
                      "and first leader")
    p.add_argument("--players", type=int, required=True, choices=range(1, 6), metavar="N", help="1 to 5")
    p.add_argument("--names", default="", metavar="A,B,C", help="the players in seat order, clockwise")
    p.add_argument("--dealer", metavar="NAME", help="the first dealer (one of --names)")
    for name, text in (("trick", "referee the tricks in FILE: order, leaders, following where a hand is known, "
                                 "voids, proven revokes, each winner with its reason and the next leader"),
                       ("round", "the same for a whole round, then its scores with a line per source"),
                       ("score", "a whole game (five rounds, the quick-score grid or the final dials): totals, "
                                 "ranks and shared winners")):
        verb(name, text).add_argument("file", type=Path, help="the round or game file (JSON)")
    p = verb("check", "is this play legal now? exit 0 legal, 1 illegal (the rule id and why)")
    p.add_argument("file", type=Path)
    p.add_argument("--seat", required=True, metavar="NAME", help="who plays")
    p.add_argument("--play", required=True, metavar="CARD", help="the card, e.g. 9br")
    p.add_argument("--by", default="", metavar="SOURCE", help="the ability that lets this play ignore the lead")


def _read(path: Path) -> Any:
    try:
        return json.loads(read_text(path, "round"))
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
                         where=str(path)) from None


def _in(path: Path, call: Any, *args: Any) -> Any:
    """Run `call` on the file's data; a problem found in it names the file first."""
    data = _read(path)
    try:
        return call(data, *args)
    except InputError as exc:
        raise InputError(str(exc), where=str(path)) from None


def run(args: argparse.Namespace) -> tuple[int, Any, str]:
    """(exit code, JSON data, text) for `companion origin VERB`."""
    verb = args.origin_verb
    if verb == "setup":
        names = [n.strip() for n in args.names.split(",") if n.strip()]
        data = roundfile.setup_json(args.players, args.dealer, names)
        return EXIT_OK, data, setup_text(data)
    if verb in ("trick", "round"):
        result = _in(args.file, roundfile.run_round)
        data = roundfile.round_json(result) if verb == "round" else roundfile.tricks_json(result)
        return (EXIT_ILLEGAL if refused(data) else EXIT_OK), data, round_text(data)
    if verb == "score":
        data = roundfile.score_json(_in(args.file, roundfile.parse_game))
        return EXIT_OK, data, score_text(data)
    assert verb == "check"
    data = _in(args.file, lambda d: roundfile.check(d, args.seat, args.play, args.by))
    return (EXIT_OK if data["legal"] else EXIT_ILLEGAL), data, check_text(data)


def refused(data: dict[str, Any]) -> bool:
    return bool(data.get("refused")) or any(t["refused"] for t in data["tricks"])


# --- the reference ----------------------------------------------------------------------------------------
def rules(query: str, players: str | None) -> tuple[Any, str]:
    """`companion rules --game origin-story [WORDS|ID] [--players 1|2|3-5]`."""
    if players is not None and players not in PLAYER_COUNTS:
        raise InputError(f"Origin Story's rules are for 1, 2 or 3-5 players, not {players!r}", where="--players")
    wanted = query.casefold()
    found = [(r, SCOPES[rid]) for rid, r in RULES.items()
             if (not wanted or wanted in f"{r.id} {r.title} {r.text}".casefold())
             and (players is None or players in SCOPES[rid].players)]
    data = [{"id": str(r.id), "title": r.title, "text": r.text, "kind": scope.kind, "players": list(scope.players)}
            for r, scope in found]
    text = "\n\n".join(f"{r.id} — {r.title} ({_counts(scope.players)})\n{r.text}" for r, scope in found)
    return data, text or f"no Origin Story rule mentions {query!r}"


def _counts(players: tuple[str, ...]) -> str:
    return "every player count" if set(players) == set(PLAYER_COUNTS) else (
        " and ".join(f"{p} player{'s' if p != '1' else ''}" for p in players))


# --- text -------------------------------------------------------------------------------------------------
def setup_text(data: dict[str, Any]) -> str:
    lines = [f"Origin Story for {data['players']} ({data['mode']}):"]
    lines += [f"  {i}. {step}" for i, step in enumerate(data["checklist"], 1)]
    lines.append("Stamina held in rounds 1-5 (no ability changing it): " + ", ".join(map(str, data["stamina_by_round"]))
                 + f"; an event in round {', '.join(map(str, data['event_rounds']))} only.")
    if "seats" in data:
        lines.append("Seats, clockwise: " + " → ".join(data["seats"]))
    for r in data.get("rounds", []):
        lines.append(f"  Round {r['round']}: {r['dealer']} deals, {r['first_leader']} leads")
    return "\n".join(lines)


def round_text(data: dict[str, Any]) -> str:
    lines: list[str] = []
    for t in data["tricks"]:
        plays = ", ".join(f"{p['seat']} {_played(p)}" + (" ✗" if p["legal"] is False else "") for p in t["plays"])
        lead = f", {_suit(t['lead_suit'])} led" if t["lead_suit"] else ""
        lines.append(f"Trick {t['n']} ({t['leader']} leads{lead}): {plays or 'winner given only'}")
        if t["winner"]:
            lines.append(f"  {t['reason'] or t['winner'] + ' wins'}. Next: {t['next_leader']} leads.")
        lines += [f"  {v['seat']} showed out of {_suit(v['suit'])} (OS-VOID)" for v in t["voids"]]
        lines += [f"  ⚑ {f['rule']}: {f['sentence']}" for f in t["flags"]]
        lines += [f"  note {n['rule']}: {n['sentence']}" for n in t["notes"]]
        lines += [f"  ✗ {r['rule']}: {r['sentence']}" for r in t["refused"]]
    lines += [f"✗ {r['rule']}: {r['sentence']}" for r in data.get("refused", [])]
    for s in data.get("scores", []):
        extra = "".join(f"; {a['source']} {a['vp']:+d}" for a in s["abilities"])
        extra += f"; surrender {s['surrender_vp']:+d}" if s["surrender_vp"] else ""
        lines.append(f"{s['player']}: {s['alignment']}, {s['tricks']} trick{'s' if s['tricks'] != 1 else ''}: "
                     f"{s['alignment_vp']} VP{extra} = {s['round_vp']} this round")
    if "next_dealer" in data:
        lines.append(f"Next dealer: {data['next_dealer']}.")
    return "\n".join(lines)


def _suit(code: str) -> str:
    return Suit(code).word


def _played(play: dict[str, Any]) -> str:
    """`9st`, or `9st as 13` when an ability changed its value or suit."""
    card = parse_card(play["card"], solo=True)
    value, suit = Fraction(play["value"]), Suit(play["suit"])
    changes = ([format_value(value)] if value != card.value else []) + ([suit.value] if suit is not card.suit else [])
    return f"{card} as {' '.join(changes)}" if changes else str(card)


def score_text(data: dict[str, Any]) -> str:
    lines = []
    for p in data["players"]:
        rounds = "  ".join(f"r{r['round']} {r['alignment'][0]}{r['tricks']} {r['round_vp']:+d}" for r in p["rounds"])
        lines.append(f"{p['rank']}. {p['name']}: {p['total']} VP" + (f"   ({rounds})" if rounds else ""))
    winners = data["winners"]
    lines.append(("Shared victory: " + ", ".join(winners) + ".") if data["shared"] else f"Winner: {winners[0]}.")
    return "\n".join(lines)


def check_text(data: dict[str, Any]) -> str:
    if data["legal"]:
        return f"legal: {data['sentence']}"
    return f"illegal: {data['rule']}: {data['sentence']}"
