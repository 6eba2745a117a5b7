"""`companion origin …`: Origin Story's scripting interface (ORIGIN_STORY.md §7), a contract like Origami's verbs.

Every verb reads a round or game file (JSON, §7.1), prints text or, with --json, exactly the documented shapes
(§7.2; cards always in the short notation), and exits 0 done, 1 something checked is illegal, 2 bad input."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from scoring import counts, jsontext
from scoring.errors import InputError
from scoring.i18n import N_, _, listing, ngettext
from scoring.origin import game_file, round_file, round_file_json, solo_file, solo_next, solo_setup
from scoring.origin.round_result import RoundResult
from scoring.origin.rules import RULES, SCOPES, translated
from scoring.origin.sheet import GameScore, score_round
from scoring.origin.sheet_words import cell, sources
from scoring.origin.trick import Play

from ..catalogue import read_text
from ..languages import searchable

EXIT_OK, EXIT_ILLEGAL = 0, 1
PLAYER_COUNTS = ("1", "2", "3-5")
# `origin effect`'s lists of cards, each under its JSON key, named in the language in use where they are shown.
EFFECT_LABELS = {"drew": N_("drew"), "discarded": N_("discarded"), "added": N_("added")}


def add_verb(sub: Any) -> None:
    """`origin` and its verbs, each taking --json."""
    parser = sub.add_parser("origin", help=_("Origin Story: setup, tricks, rounds, scores, checks"),
                            description=_("Origin Story's scripting interface: referee tricks and rounds, score a "
                                          "game, check a play, and the setup for a number of players."))
    verbs = parser.add_subparsers(dest="origin_verb", metavar="VERB", required=True)

    def verb(name: str, help_text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = verbs.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
        return p

    p = verb("setup", _("the setup checklist for N players; with names and the first dealer, each round's dealer "
                        "and first leader"))
    p.add_argument("--players", type=int, required=True, choices=range(1, 6), metavar="N", help=_("1 to 5"))
    p.add_argument("--names", default="", metavar="A,B,C", help=_("the players in seat order, clockwise"))
    p.add_argument("--dealer", metavar="NAME", help=_("the first dealer (one of --names)"))
    p.add_argument("--difficulty", type=int, metavar="D",
                   help=_("solo: the difficulty, 0 (easiest) to 5 (hardest)"))
    p.add_argument("--difficulty-colour", "--difficulty-color", dest="difficulty_colour", metavar="red|green",
                   help=_("solo: the lightning colour of the difficulty set (its icon was lost: say which it is)"))
    for name, text in (("trick", _("referee the tricks in FILE: order, leaders, following where a hand is known, "
                                   "voids, proven revokes, each winner with its reason and the next leader")),
                       ("round", _("the same for a whole round, then its scores with a line per source")),
                       ("score", _("a whole game (five rounds, the quick-score grid or the final dials): totals, "
                                   "ranks and shared winners"))):
        verb(name, text).add_argument("file", type=Path,
                                      help=_("the round or game file (JSON); - reads standard input"))
    p = verb("replay", _("a recorded Origin Story game's log step by step, with the checks after each event (exit "
                         "1 when one fails)"))
    p.add_argument("game", type=int, help=_("the game's number (`companion games` lists them)"))
    p = verb("check", _("is this play legal now? exit 0 legal, 1 illegal (the rule id and why)"))
    p.add_argument("file", type=Path)
    p.add_argument("--seat", required=True, metavar="NAME", help=_("who plays"))
    p.add_argument("--play", required=True, metavar="CARD", help=_("the card, e.g. 9br"))
    p.add_argument("--by", default="", metavar="SOURCE", help=_("the ability that lets this play ignore the lead"))
    p = verb("next", _("solo: who plays next and what is legal; for a Vancardian, the card she plays and every "
                       "step (her follow needs the two cards she draws); offers surrender with its VP"))
    p.add_argument("file", type=Path, help=_("the solo round file (JSON)"))
    p.add_argument("--draw", metavar="C1,C2", help=_("the two cards she draws now, in order (before the file's "
                                                     "draws); one card or 'none' when the deck and discards ran "
                                                     "dry"))
    p = verb("effect", _("solo: apply a Vancardian round line to Automaton's then Factoryon's row in FILE"))
    p.add_argument("file", type=Path, help=_("the solo round file (JSON), rows as dealt"))
    p.add_argument("--line", required=True, metavar="LINE", help=_("the round's line: 'replace 2', 'add 4.5', "
                                                                   "'move 1' or 'none'"))
    p.add_argument("--draw", metavar="C1,C2,…",
                   help=_("the cards drawn for it, in order (before the file's draws)"))


def _read(path: Path) -> Any:
    return jsontext.loads(read_text(path, "round"), str(path))


def _in(path: Path, call: Any, *args: Any) -> Any:
    """Run `call` on the file's data; a problem found in it names the file first."""
    data = _read(path)
    return _at(path, lambda: call(data, *args))


def run(args: argparse.Namespace) -> tuple[int, Any, str]:
    """(exit code, JSON data, text) for `companion origin VERB`."""
    verb = args.origin_verb
    if verb == "replay":
        from db.engine import default_url  # the database only for the verb that reads it

        from . import replay as origin_replay

        return origin_replay.run(args, args.db or default_url())
    if verb == "setup":
        names = [n.strip() for n in args.names.split(",") if n.strip()]
        data = round_file_json.setup_json(args.players, args.dealer, names)
        if args.difficulty is not None or args.difficulty_colour is not None:
            data["solo_deck"] = _solo_deck(args.players, args.difficulty, args.difficulty_colour)
        return EXIT_OK, data, setup_text(data)
    if verb == "next":
        game = _in(args.file, solo_file.read_solo)
        refused_plays = solo_file.refusals(game)
        if refused_plays:
            data = {"to_play": None, "role": None, "legal": None, "vancardian": None, "surrender": None,
                    "refused": refused_plays}
            return EXIT_ILLEGAL, data, next_text(data, None)
        draw = _arg(lambda: solo_file.parse_draw(args.draw), "--draw")
        move = _at(args.file, lambda: solo_next.next_move(game, draw))
        data = move.report()
        return EXIT_OK, data, next_text(data, move)
    if verb == "effect":
        game = _in(args.file, solo_file.read_solo)
        draw = _arg(lambda: solo_file.parse_draw(args.draw), "--draw")
        effect = _at(args.file, lambda: solo_setup.round_effect(game, args.line, draw))
        data = effect.report()
        return EXIT_OK, data, effect_text(data)
    if verb in ("trick", "round"):
        result = _in(args.file, round_file.run_round)
        data = round_file_json.round_json(result) if verb == "round" else round_file_json.tricks_json(result)
        return (EXIT_ILLEGAL if refused(data) else EXIT_OK), data, round_text(result, scored=verb == "round")
    if verb == "score":
        game = _in(args.file, game_file.parse_game)
        return EXIT_OK, round_file_json.score_json(game), score_text(game)
    assert verb == "check"
    data = _in(args.file, lambda d: round_file_json.check(d, args.seat, args.play, args.by))
    return (EXIT_OK if data["legal"] else EXIT_ILLEGAL), data, check_text(data)


def _arg(call: Any, option: str) -> Any:
    """A command-line option's value; a problem with it names the option."""
    try:
        return call()
    except InputError as exc:
        raise InputError(str(exc).removeprefix(f"{option}: "), where=option) from None


def _at(path: Path, call: Any) -> Any:
    """A problem found once the file is read names the file, then where in it (or the option)."""
    try:
        return call()
    except InputError as exc:
        raise InputError(str(exc), where=str(path)) from None


def _solo_deck(players: int, difficulty: int | None, colour: str | None) -> dict[str, Any]:
    if players != 1:
        raise InputError(_("a difficulty is for the solo game (--players 1), not {players} players")
                         .format(players=players), where="--difficulty")
    if difficulty is None:
        raise InputError(_("--difficulty-colour names the difficulty set's colour: give --difficulty D too"),
                         where="--difficulty-colour")
    if colour is not None and colour.casefold() not in ("red", "green"):
        raise InputError(_("{colour!r}: the difficulty set's lightning is red or green").format(colour=colour),
                         where="--difficulty-colour")
    deck: dict[str, Any] = _arg(
        lambda: solo_setup.solo_setup(difficulty, None if colour is None else colour.casefold()), "--difficulty")
    return deck


def refused(data: dict[str, Any]) -> bool:
    return bool(data.get("refused")) or any(t["refused"] for t in data["tricks"])


# --- the reference ----------------------------------------------------------------------------------------
def rules(query: str, players: str | None) -> tuple[Any, str]:
    """`companion rules --game origin-story [WORDS|ID] [--players 1|2|3-5]`."""
    if players is not None and players not in PLAYER_COUNTS:
        raise InputError(_("Origin Story's rules are for 1, 2 or 3-5 players, not {players!r}")
                         .format(players=players), where="--players")
    searched = searchable(RULES.values()) if query else {}
    found = [(r, SCOPES[rid]) for rid, r in RULES.items()
             if (not query or query.casefold() in searched[rid])
             and (players is None or players in SCOPES[rid].players)]
    data = [{"id": str(r.id), "title": r.title, "text": r.text, "kind": scope.kind, "players": list(scope.players)}
            for r, scope in found]
    text = "\n\n".join(f"{r.id} — {r.title} ({_counts(scope.players)})\n{r.text}"
                       for r, scope in ((translated(r), scope) for r, scope in found))
    return data, text or _("no Origin Story rule mentions {query!r}").format(query=query)


def _counts(players: tuple[str, ...]) -> str:
    return _("every player count") if set(players) == set(PLAYER_COUNTS) else listing([
        # "3-5 players": a range counts as its largest number does
        ngettext("{n} player", "{n} players", int(p.split("-")[-1])).format(n=p) for p in players])



# --- text -------------------------------------------------------------------------------------------------
def setup_text(data: dict[str, Any]) -> str:
    lines = [_("Origin Story for {players} ({mode}):").format(players=data["players"], mode=data["mode"])]
    lines += [f"  {i}. {step}" for i, step in enumerate(data["checklist"], 1)]
    lines.append(_("Stamina held in rounds 1-5 (no ability changing it): {stamina}; an event in round {rounds} only.")
                 .format(stamina=", ".join(map(str, data["stamina_by_round"])),
                         rounds=", ".join(map(str, data["event_rounds"]))))
    if "seats" in data:
        lines.append(_("Seats, clockwise: {seats}").format(seats=" → ".join(data["seats"])))
    for r in data.get("rounds", []):
        lines.append("  " + _("Round {round}: {dealer} deals, {leader} leads")
                     .format(round=r["round"], dealer=r["dealer"], leader=r["first_leader"]))
    deck = data.get("solo_deck")
    if deck is not None:
        lines.append(_("Vancardian deck, difficulty {difficulty}, top to bottom (round r uses card r):")
                     .format(difficulty=deck["difficulty"]))
        lines += [f"  {c['round']}. {c['kind']}" + _colour(c["colour"]) for c in deck["deck"]]
        event = deck["event_deck"]
        lines.append(_("Round 3's event comes from the {kind} event deck{colour}.")
                     .format(kind=event["kind"], colour=_colour(event["colour"])))
        left = deck["left"]
        lines.append(_("Left for the event decks: {base} base{base_colour}, {difficulty} difficulty"
                       "{difficulty_colour} ({rule}).")
                     .format(base=left["base"], base_colour=_colour(deck["base_colour"]),
                             difficulty=left["difficulty"], difficulty_colour=_colour(deck["difficulty_colour"]),
                             rule=deck["rule"]))
        if deck["difficulty_colour"] is None:
            lines.append(_("The colours follow once you say which lightning is the difficulty set: "
                           "--difficulty-colour red|green."))
    return "\n".join(lines)


def _colour(colour: str | None) -> str:
    """A colour in brackets after what has one, e.g. " (red)"; nothing when it has none (yet)."""
    return f" ({colour})" if colour else ""


def next_text(data: dict[str, Any], move: solo_next.Next | None) -> str:
    """`origin next`: who plays, her numbered steps with their rule ids, the card; your legal cards and the
    surrender offer."""
    if data.get("refused"):
        return "\n".join(["✗ " + _("trick {trick}, {seat}: {rule}: {sentence}").format(**r) for r in data["refused"]]
                         + [_("Fix the file's tricks first: nothing is played from an illegal position.")])
    assert move is not None
    if data["to_play"] is None:
        return move.over
    who, role = data["to_play"], data["role"]
    head = (_("Trick {trick}: {who} leads") if role == "lead" else _("Trick {trick}: {who} follows")).format(
        trick=move.trick, who=who)
    won = ngettext("{n} trick won", "{n} tricks won", move.tricks_won).format(n=move.tricks_won)
    status = " (" + _("you play {alignment}, {won}").format(alignment=move.alignment, won=won) + ")"
    van = data["vancardian"]
    if van is None:
        lines = [head + status + "."]
        if data["legal"] is not None:
            lines.append(_("Legal: {cards}").format(cards=" ".join(data["legal"])))
        if data["surrender"] is not None:
            s = data["surrender"]
            lines.append(_("You may surrender (OS-SOLO-SURRENDER): {to} would gain {vp} VP.").format(
                to=s["to"], vp=s["vp"]) + f" {move.offer_sentence}")
        return "\n".join(lines)
    lines = [head + status + ":"]
    lines += [f"  {i}. {s['sentence']} ({s['rule']})" for i, s in enumerate(van["steps"], 1)]
    if van["drew"] or role == "follow":
        lines.append(_("Her row after the draw: {row}").format(row=" ".join(van["row_after"])))
    lines.append(_("{who} plays {card}.").format(who=who, card=van["plays"]))
    return "\n".join(lines)


def effect_text(data: dict[str, Any]) -> str:
    """`origin effect`: per Vancardian, her row before, drawn, discarded, added, her row after and the steps."""
    lines = [_("Round line '{line}' (you play {alignment}):").format(line=data["line"] or "none",
                                                                     alignment=data["alignment"])]
    empty = _("(empty)")
    for v in data["vancardians"]:
        lines.append(f"{v['seat']}: {' '.join(v['row_before']) or empty}")
        for label, word in EFFECT_LABELS.items():
            if v[label]:
                lines.append(f"  {_(word)}: {' '.join(v[label])}")
        lines += [f"  {i}. {s['sentence']} ({s['rule']})" for i, s in enumerate(v["steps"], 1)]
        lines.append("  " + _("row after: {row}").format(row=" ".join(v["row_after"]) or empty))
    return "\n".join(lines)


def round_text(result: RoundResult, scored: bool) -> str:
    """`origin trick`: each trick refereed; `origin round` (`scored`): then a line per player with each point's
    source, and the next dealer."""
    lines: list[str] = []
    for t in result.tricks:
        plays = ", ".join(f"{p.seat} {_played(p.play)}" + (" ✗" if p.legal is False else "") for p in t.plays)
        heading = (_("Trick {n} ({leader} leads, {suit} led): {plays}") if t.lead_suit
                   else _("Trick {n} ({leader} leads): {plays}"))
        lines.append(heading.format(n=t.n, leader=t.leader, suit=t.lead_suit.word if t.lead_suit else "",
                                    plays=plays or _("winner given only")))
        if t.winner:
            lines.append("  " + _("{reason}. Next: {leader} leads.").format(
                reason=t.reason or _("{winner} wins").format(winner=t.winner), leader=t.next_leader))
        lines += ["  " + _("{seat} showed out of {suit} (OS-VOID)").format(seat=seat, suit=suit.word)
                  for seat, suit in t.voids]
        lines += [f"  ⚑ {f.rule}: {f.sentence}" for f in t.flags]
        lines += ["  " + _("note {rule}: {sentence}").format(rule=n.rule, sentence=n.sentence) for n in t.notes]
        lines += [f"  ✗ {v.rule}: {v.message}" for v in t.violations]
    lines += [f"✗ {v.rule}: {v.message}" for v in (*(r.violation for r in result.refusals), *result.claims)]
    if scored:
        for s in score_round(result):
            extra = "".join(f"; {source} {vp:+d}" for source, vp, _rule in sources(s)[1:])
            lines.append(_("{player}: {alignment}, {tricks}: {vp} VP{extra} = {round_vp} this round").format(
                player=s.player, alignment=s.alignment.value, tricks=counts.tricks(s.tricks), vp=s.alignment_vp,
                extra=extra, round_vp=s.round_vp))
        lines.append(_("Next dealer: {dealer}.").format(
            dealer=result.input.seating.next_dealer(result.input.dealer)))
    return "\n".join(lines)


def _played(play: Play) -> str:
    """`9st`, or `9st as 13` when an ability changed its value or suit (one back to the printed value shows none)."""
    value, suit = play.effective_value, play.effective_suit
    return str(Play(play.seat, play.card, value if value != play.card.value else None,
                    suit if suit is not play.card.suit else None))


def score_text(game: GameScore) -> str:
    """`origin score`: each player's rank, VP and rounds (`r1 h3 +3`), then who won."""
    lines = []
    for p in game.players:
        rounds = "  ".join(f"r{k} {cell(r)} {r.round_vp:+d}" for k, r in enumerate(p.rounds, 1))
        lines.append(_("{rank}. {name}: {total} VP").format(rank=p.rank, name=p.name, total=p.total)
                     + (f"   ({rounds})" if rounds else ""))
    lines.append(_("Shared victory: {winners}.").format(winners=", ".join(game.winners)) if game.shared
                 else _("Winner: {winner}.").format(winner=game.winners[0]))
    return "\n".join(lines)


def check_text(data: dict[str, Any]) -> str:
    if data["legal"]:
        return _("legal: {sentence}").format(sentence=data["sentence"])
    return _("illegal: {rule}: {sentence}").format(rule=data["rule"], sentence=data["sentence"])

