"""What a line typed at the Origin Story table means: the commands it stands for, checked one after the other on
a copy of the state (pure: a preview records nothing), so a line of three cards is recorded whole or not at all.

    7br 10br 13sp        cards in seat order from whoever plays next
    bob 10br             one seat's card (`10br as 11 by Trance`, `7br up 3sp`: a sidekick's next card turned up)
    w bob                the winners level: who won the trick
    ann 3, bob 5         the score-only level: the round's tricks per seat at once
    ann uses X: vp +2    an ability, entered as what it did (several effects: `;` between them)
    draw 9st 6sp         solo with the table's deck: the two cards the Vancardian drew to follow
    go                   solo: the Vancardian to play moves (her lead, or a follow with the app deck)
    surrender · end · undo
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from scoring.decision import Accepted, Rejected, Violation
from scoring.errors import InputError
from scoring.origin import commands as c
from scoring.origin.cards import Card, parse_card
from scoring.origin.describe import describe
from scoring.origin.game import decide, table_draw
from scoring.origin.referee import referee
from scoring.origin.round_input import CardTrick, parse_as, parse_effect
from scoring.origin.round_result import legal_options
from scoring.origin.setup import HAND, Kind, Mode
from scoring.origin.state import GameState, Phase, evolve

LEVELS = ("score only", "winners", "cards")
WORDS = ("undo", "end", "surrender", "go", "draw ", "w ", "uses ")
LINE_HELP = {
    "cards": "7br 10br 13sp · bob 10br · w bob · ann uses X: vp +2 · undo",
    "winners": "w bob (or just bob) · 7br 10br 13sp · ann uses X: vp +2 · undo",
    "score only": "ann 3, bob 5 (tricks this round) · ann uses X: vp +2 · end · undo",
}
DUO_HELP = "5br 3st 8br · sk bob 7br up 3sp (the card it turns up) · w bob · ann uses X: vp +2 · undo"
SOLO_HELP = "9br (your card) · go (a Vancardian plays) · surrender · {you} uses X: vp +2 · undo"
# with the table's own deck a Vancardian who follows draws two real cards first: the line gives them
SOLO_TABLE_HELP = "9br (your card) · go (she leads) · draw 9st 6sp (she follows: the cards drawn for her) · " \
    "surrender · {you} uses X: vp +2 · undo"


@dataclass(frozen=True, slots=True)
class Reading:
    """What the line means: commands (checked in order), a word for the app (`undo`, `go`), or a problem."""

    commands: tuple[c.Command, ...] = ()
    word: str = ""
    problem: str = ""
    refusal: Violation | None = None  # the first command refused, with `refused` the command itself
    refused: c.Command | None = None
    said: tuple[str, ...] = field(default_factory=tuple)  # what Enter records, one sentence per event
    notes: tuple[str, ...] = field(default_factory=tuple)  # what the line leaves out that the table should know


# `9 brains`, `4 sp`: a card written in two words is read as one (not after `as`, whose value and suit are apart,
# nor inside a longer number: `as 4.5 lv`, `as -1 st`)
_SPLIT_CARD = re.compile(r"(?<!\bas )(?<![\w.,½-])(\d{1,2}(?:\.5|½|,5)?) (br|lv|sp|st|brains|love|speed|strength)\b",
                         re.IGNORECASE)


def next_seat(state: GameState) -> str | None:
    """Who plays next (or leads the next trick) in the round in play."""
    if state.round is None or state.phase is not Phase.PLAY:
        return None
    return legal_options(referee(state.round_input()))[0]


def _seat(state: GameState, word: str) -> str | None:
    names = state.seating.names
    w = word.casefold()
    exact = [n for n in names if n.casefold() == w]
    if exact:
        return exact[0]
    found = [n for n in names if n.casefold().startswith(w)]
    return found[0] if len(found) == 1 else None


def _card(text: str, state: GameState) -> Card:
    return parse_card(text, solo=state.mode is Mode.SOLO)


def _play(state: GameState, seat: str, rest: str) -> c.PlayCard:
    """`10br`, `10br as 11 by Trance`, `10br ignore follow by X`, `7br up 3sp`."""
    m = re.fullmatch(r"(\S+)(?:\s+as\s+(.+?))?(?:\s+(ignore follow))?(?:\s+by\s+(.+?))?(?:\s+up\s+(\S+))?",
                     rest.strip(), re.IGNORECASE)
    if m is None:
        raise InputError(f"{rest.strip()!r} is not a card: write e.g. 10br, '10br as 11 by Trance' or '7br up 3sp'")
    card = _card(m.group(1), state)
    value, suit = parse_as(m.group(2)) if m.group(2) else (None, None)
    by = (m.group(4) or "").strip()
    if (value is not None or suit is not None or m.group(3)) and not by:
        raise InputError("a changed card names the ability that changed it: add 'by NAME'")
    turned = _card(m.group(5), state) if m.group(5) else None
    return c.PlayCard(seat, card, value, suit, by, bool(m.group(3)), turned)


def parse_line(state: GameState, text: str, level: str = "winners") -> list[c.Command] | str:
    """The commands a line stands for, or a word for the app. Cards without a seat go to the seats in play order
    from the one to play next (worked out as each is played)."""
    t = " ".join(text.strip().split())
    low = t.casefold()
    if low in ("undo", "go"):
        return low
    if low == "surrender":
        return [c.Surrender()]
    if low == "end":
        return [c.EndRound()]
    if m := re.fullmatch(r"(\S+)\s+uses\s+(.+?):\s*(.+)", t, re.IGNORECASE):
        player = _seat(state, m.group(1))
        if player is None:
            raise InputError(f"{m.group(1)!r} is not a seat: the seats are {', '.join(state.seating.names)}")
        effects = tuple(parse_effect(x, solo=state.mode is Mode.SOLO) for x in re.split(r"\s*;\s*", m.group(3))
                        if x.strip())
        return [c.UseAbility(player, m.group(2).strip(), effects)]
    t = _SPLIT_CARD.sub(r"\1\2", t)  # after an ability's effects, whose notes are kept as typed
    if m := re.fullmatch(r"(?:w|winner)\s+(\S.*)", t, re.IGNORECASE):
        seat = _seat(state, m.group(1))
        if seat is None:
            raise InputError(f"{m.group(1)!r} is not a seat: the seats are {', '.join(state.seating.names)}")
        return [c.NameWinner(seat)]
    if m := re.fullmatch(r"draw(.*)", t, re.IGNORECASE):
        return [table_draw(state, tuple(_card(x, state) for x in m.group(1).split()))]
    pairs = re.findall(r"(\S+)\s+(\d)\s*(?:,|$)", t)
    if pairs and re.fullmatch(r"(\S+\s+\d\s*,?\s*)+", t):  # `ann 3, bob 5`: the score-only level
        out: list[c.Command] = []
        for who, n in pairs:
            seat = _seat(state, who)
            if seat is None:
                raise InputError(f"{who!r} is not a seat: the seats are {', '.join(state.seating.names)}")
            out += [c.NameWinner(seat)] * int(n)
        return out
    words = t.split()
    if not words:
        return []
    first = _seat(state, words[0])
    if len(words) > 1 and state.seating.has(f"{words[0]} {words[1]}"):  # a sidekick: `sk bob 7br`
        first, words = state.seating.seat(f"{words[0]} {words[1]}").name, [words[0], *words[2:]]
    if first is not None and len(words) == 1 and level != "cards":
        return [c.NameWinner(first)]  # the winners level: a name alone is the trick's winner
    if first is not None and len(words) > 1:
        return [_play(state, first, " ".join(words[1:]))]
    if first is not None:  # the cards level: a name alone says nothing of the card
        raise InputError(f"{first} played which card? Write e.g. '{words[0]} 10br'; 'w {words[0]}' names the trick's "
                         "winner")
    if {"up", "as", "by", "ignore"} & {w.casefold() for w in words}:
        return [_play(state, "", t)]  # one card, changed or with a sidekick's card turned up
    named = next((w for w in words if not any(ch.isdigit() for ch in w) and _seat(state, w) is None), None)
    if named is not None:  # every card has a value: a word without one was meant as a seat
        raise InputError(f"{named!r} is neither a seat ({', '.join(state.seating.names)}) nor a card (a value "
                         "then a suit, e.g. 9br)")
    return [c.PlayCard("", _card(w, state)) for w in words]  # seats filled in as the cards are checked


def read(state: GameState, text: str, level: str = "winners",
         card_kind: Callable[[str], str | None] | None = None) -> Reading:
    """The line checked command by command on a copy of the state: what Enter would record, or why not. An
    ability's source gets its kind from `card_kind` (the catalogue), as the session gives it when recording."""
    try:
        parsed = parse_line(state, text, level)
    except InputError as exc:
        return Reading(problem=str(exc))
    if isinstance(parsed, str):
        return Reading(word=parsed)
    if not parsed:
        return Reading()
    now: GameState | None = state
    commands: list[c.Command] = []
    said: list[str] = []
    notes: list[str] = []
    for command in parsed:
        assert now is not None
        if isinstance(command, c.PlayCard) and not command.seat:
            seat = next_seat(now)
            if seat is None:
                return Reading(problem=f"no trick is being played now: {command.card} has nobody to play it")
            command = replace(command, seat=seat)
        if isinstance(command, c.UseAbility) and command.kind is None and card_kind is not None:
            command = replace(command, kind=card_kind(command.source))
        if isinstance(command, c.PlayCard) and command.turned is None and _turns_up(now, command.seat):
            notes.append(f"{command.seat} turns up its next card now: give it on this play ('{command.seat.lower()} "
                         f"{command.card} up 8sp'), as it cannot be added later")
        decision = decide(now, command)
        if isinstance(decision, Rejected):
            return Reading(tuple(commands), refusal=decision.violation, refused=command, said=tuple(said))
        assert isinstance(decision, Accepted)
        for event in decision.events:
            now = evolve(now, event)
            text_of = describe(event)
            if text_of:
                said.append(text_of)
        commands.append(command)
    return Reading(tuple(commands), said=tuple(said), notes=tuple(notes))


def _turns_up(state: GameState, seat: str) -> bool:
    """A sidekick's play turns up the next card of its face-down stack while one is left (HAND cards, two of them
    face up from the deal)."""
    if not state.seating.has(seat) or state.seating.seat(seat).kind is not Kind.SIDEKICK or state.round is None:
        return False
    played = sum(p.seat == seat for entry in state.round.entries if isinstance(entry, CardTrick) for p in entry.plays)
    return played < HAND - 2
