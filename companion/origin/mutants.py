"""A differential soak of the round-file referee: solo rounds recorded at the table (random legal games, playout.py)
are written as round files, one field altered (a card played, a card drawn for a Vancardian, your alignment, the
surrender's trick, Vancardian or VP), and put to the file verbs' referee (round_file.run_round). The judge is the
recorded game's own engine: the altered round is replayed command by command through decide from the state where
its tricks began (her moves by her procedure with the file's draws, your cards from your hand, the surrender). A
file the engine accepts must be accepted, and one it refuses must be refused, unless the engine refused what a file
cannot know (a card drawn from the discard pile while the deck held cards it does not show, or her moves after a
trick the file verbs' note leaves unchecked). Rounds with an ability other than an exchange are left out. An exchange
during the tricks goes into the file by its trick, not its moment in it (a file does not say), so the engine replays
it at every moment of that trick and the file's events are legal when one order of them is. For tests and
`make soak`."""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from scoring.decision import Accepted
from scoring.errors import InputError
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.cards import DECK, EXTRA_LOVE, Card, parse_card
from scoring.origin.decide import decide, table_draw
from scoring.origin.evolve import evolve
from scoring.origin.round_file import run_round
from scoring.origin.round_input import Alignment, EffectKind, parse_effect
from scoring.origin.rules import RuleId
from scoring.origin.state import GameState, Phase
from scoring.origin.vancardian_values import VANCARDIANS

from .playout import Engine, play_game

Verdict = Literal["legal", "illegal", "hidden"]
CARDS = (*DECK, *EXTRA_LOVE[::2])  # every card a file may name (each extra-love value once)


@dataclass(frozen=True, slots=True)
class Recorded:
    """A solo round as recorded: the state its tricks began from, and the round file that says it."""

    start: GameState
    file: dict[str, Any]


@dataclass(slots=True)
class Soak:
    seed: int
    rounds: int = 0
    exchanged: int = 0  # of them with an exchange during the tricks
    mutants: int = 0
    legal: int = 0  # altered, and still what the engine accepts (accepted by the file too)
    hidden: int = 0  # refused by the engine for what a file cannot show, or after a trick its note leaves unchecked
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"round-file mutant soak, seed {self.seed}: {self.rounds} recorded rounds ({self.exchanged} with an "
                f"exchange), {self.mutants} mutants, "
                f"{self.legal} still legal, {self.hidden} unprovable from a file, {len(self.problems)} disagreements")


def recorded(rng: random.Random, games: int) -> list[Recorded]:
    """The solo rounds of `games` random games (table deck, surrenders allowed) as round files."""
    out: list[Recorded] = []
    for _ in range(games):
        engine = Engine()
        play_game(engine.submit, _current(engine), rng, mode="solo", players=("Ann",), surrender=True)
        out += _rounds(engine.log)
    return out


def _current(engine: Engine) -> Callable[[], GameState]:
    def current() -> GameState:
        assert engine.state is not None  # before StartGame: no game yet (playout.current_or_none)
        return engine.state
    return current


def _rounds(log: list[e.Event]) -> list[Recorded]:
    out: list[Recorded] = []
    state: GameState | None = None
    start: GameState | None = None
    draws: list[Card] = []
    used: list[e.AbilityUsed] = []
    plain = True
    for event in log:
        if isinstance(event, e.RoundScored) and state is not None and start is not None and plain:
            out.append(Recorded(start, _file(start, state, draws, used)))
        if start is None and state is not None and state.phase is Phase.PLAY and isinstance(
                event, (e.CardPlayed, e.CardsDrawn, e.DeckReshuffled, e.VancardianChose, e.Surrendered)):
            start = state  # the rows as the round's line left them: the file's rows before its tricks
        state = evolve(state, event)
        if isinstance(event, e.RoundStarted):
            start, draws, used, plain = None, [], [], True
        if isinstance(event, e.CardsDrawn) and event.source == "vancardian draw" and start is not None:
            draws += event.cards
            plain = plain and len(event.cards) == 2  # a file's follow draws two: the deck and discards ran dry
        if isinstance(event, e.AbilityUsed):
            # an exchange during the tricks goes into the file; one before them is in the rows already
            plain = plain and all(x.kind is EffectKind.EXCHANGE for x in event.effects)
            if start is not None:
                used.append(event)
    return out


def _file(start: GameState, end: GameState, draws: list[Card], used: list[e.AbilityUsed]) -> dict[str, Any]:
    r, last = start.round, end.round
    assert r is not None and last is not None and start.piles is not None
    you = start.you
    data: dict[str, Any] = {
        "game": "origin-story", "format": 1, "mode": "solo", "players": [you], "you": you, "deck": "table",
        "difficulty": start.difficulty, "round": r.number, "dealer": r.dealer,
        "alignment": {you: dict(r.alignment or ())[you].value},
        "rows": {**{s: [str(x) for x in start.piles.row(s)] for s in VANCARDIANS},
                 you: [str(x) for x in dict(r.hands)[you]]},
        "draws": [str(x) for x in draws],
        "tricks": [[f"{p.seat} {p.card}" for p in entry.plays] for entry in last.entries]}  # type: ignore[union-attr]
    if used:  # the trick each was used in, not the moment in it: a file does not say (the table's is in its log)
        data["abilities"] = [{"player": u.player, "source": u.source, "trick": u.trick,
                              "effects": [str(x) for x in u.effects]} for u in used]
    if last.surrender is not None:
        s = last.surrender
        data["surrender"] = {"trick": s.trick, "to": s.to, "vp": s.vp}
    return data


# --- the judges ---------------------------------------------------------------------------------------------

def file_refuses(data: dict[str, Any]) -> bool | None:
    """What the file verbs say: refused (exit 1, or bad input: exit 2), accepted, or None: accepted with her moves
    from some trick on not checked (a note says so: the moment of an exchange there decides her row)."""
    try:
        result = run_round(data)
    except InputError:
        return True
    if result.violations:
        return True
    return None if any(n.rule is RuleId.SOLO_PICK for t in result.tricks for n in t.notes) else False


def table_verdict(start: GameState, data: dict[str, Any]) -> Verdict:
    """The round file's events put to the recorded game's engine, from the state its tricks began in. A file
    gives the trick of an exchange, not its moment in it: the engine replays it at each moment of that trick
    (before each play or after the last), and the file's events are legal when one order of them is."""
    tricks: list[list[str]] = data["tricks"]
    used = data.get("abilities", [])
    spots = [range(len(tricks[u["trick"] - 1]) + 1) if u["trick"] is not None and u["trick"] <= len(tricks)
             else range(1) for u in used]
    found = [_in_order(start, data, dict(zip(range(len(used)), moments, strict=True)))
             for moments in itertools.product(*spots)]
    return "legal" if "legal" in found else "hidden" if "hidden" in found else "illegal"


def _in_order(start: GameState, data: dict[str, Any], moments: dict[int, int]) -> Verdict:
    """One order of the file's events through decide: ability j before play moments[j] of its trick."""
    r = start.round
    assert r is not None
    you = start.you
    wanted = Alignment(data["alignment"][you])
    state = replace(start, rounds=(*start.rounds[:-1], replace(r, alignment=((you, wanted),))))
    draws = [parse_card(x, solo=True) for x in data["draws"]]
    used = data.get("abilities", [])

    def submit(cmd: c.Command) -> bool:
        nonlocal state
        decision = decide(state, cmd)
        if isinstance(decision, Accepted):
            for event in decision.events:
                state = evolve(state, event)
        return isinstance(decision, Accepted)

    def abilities(trick: int | None, at: int) -> bool:
        return all(submit(c.UseAbility(u["player"], u["source"], tuple(parse_effect(x, solo=True)
                                                                       for x in u["effects"]), trick=u["trick"]))
                   for j, u in enumerate(used) if u["trick"] == trick and moments[j] == at)

    if not abilities(None, 0):
        return "illegal"
    for n, trick in enumerate(data["tricks"], 1):
        for i, play in enumerate(trick):
            if not abilities(n, i):
                return "illegal"
            seat, name = play.split(" ", 1)
            card = parse_card(name, solo=True)
            if seat in VANCARDIANS:
                drawn = tuple(draws[:2]) if i > 0 else ()
                del draws[:len(drawn)]
                decision = decide(state, table_draw(state, drawn))
                if not isinstance(decision, Accepted):
                    assert state.piles is not None
                    return "hidden" if any(x in state.piles.discard for x in drawn) else "illegal"
                chose = next(x for x in decision.events if isinstance(x, e.VancardianChose))
                if chose.card != card:
                    return "illegal"
                for event in decision.events:
                    state = evolve(state, event)
            elif not submit(c.PlayCard(seat, card)):
                return "illegal"
        if not abilities(n, len(trick)):
            return "illegal"
    claim = data.get("surrender")
    if claim is None:
        return "legal"
    decision = decide(state, c.Surrender())
    if not isinstance(decision, Accepted):
        return "illegal"
    done = next(x for x in decision.events if isinstance(x, e.Surrendered))
    return "legal" if (done.trick, done.to, done.vp) == (claim["trick"], claim["to"], claim["vp"]) else "illegal"


# --- the mutants --------------------------------------------------------------------------------------------

def mutant(data: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """One field of the file altered: (what changed, the altered file); None when the field drawn has no other
    value."""
    out: dict[str, Any] = {**data, "tricks": [list(t) for t in data["tricks"]], "draws": list(data["draws"])}
    kind = rng.choice(["play", "play", "draw", "alignment", "surrender"])
    if kind == "play" and out["tricks"]:
        k = rng.randrange(len(out["tricks"]))
        i = rng.randrange(len(out["tricks"][k]))
        seat, was = out["tricks"][k][i].split(" ", 1)
        now = str(rng.choice(CARDS))
        out["tricks"][k][i] = f"{seat} {now}"
        return (f"tricks[{k}][{i}]: {seat} {was} -> {now}", out) if now != was else None
    if kind == "draw" and out["draws"]:
        j = rng.randrange(len(out["draws"]))
        was, now = out["draws"][j], str(rng.choice(CARDS))
        out["draws"][j] = now
        return (f"draws[{j}]: {was} -> {now}", out) if now != was else None
    if kind == "alignment":
        you = out["you"]
        flipped = "villain" if out["alignment"][you] == "hero" else "hero"
        out["alignment"] = {you: flipped}
        return f"alignment: {flipped}", out
    if kind == "surrender" and "surrender" in out:
        s = dict(out["surrender"])
        key = rng.choice(["trick", "to", "vp"])
        s[key] = ({"Automaton": "Factoryon", "Factoryon": "Automaton"}[s["to"]] if key == "to"
                  else max(1, s[key] + rng.choice([-2, -1, 1, 2, 4])))
        out["surrender"] = s
        return (f"surrender.{key}: {data['surrender'][key]} -> {s[key]}", out) if s != data["surrender"] else None
    return None


def soak(seed: int, games: int, per_round: int = 12) -> Soak:
    """`games` random solo games from `seed`; each recorded round first accepted as recorded, then `per_round`
    mutants of it judged by the file verbs and by the engine."""
    rng = random.Random(seed)
    found = Soak(seed)
    for rec in recorded(rng, games):
        found.rounds += 1
        found.exchanged += "abilities" in rec.file
        if file_refuses(rec.file):
            found.problems.append(f"round {rec.file['round']} as recorded is refused: {rec.file}")
            continue
        for _ in range(per_round):
            made = mutant(rec.file, rng)
            if made is None:
                continue
            what, data = made
            found.mutants += 1
            verdict, refused = table_verdict(rec.start, data), file_refuses(data)
            if verdict == "legal":
                found.legal += 1
            elif (verdict == "hidden" and not refused) or refused is None:
                found.hidden += 1
                continue
            if bool(refused) != (verdict != "legal"):
                found.problems.append(f"round {rec.file['round']}, {what}: the engine says {verdict}, the file "
                                      f"verbs {'refuse' if refused else 'accept'} it")
    return found
