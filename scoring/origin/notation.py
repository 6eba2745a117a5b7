"""What is typed at the Origin Story table, read as commands (pure: a reading records nothing).

The table's line (ORIGIN_STORY.md §3.3-§3.5, §9): the commands it stands for, checked one after the other on a
copy of the state, so a line of three cards is recorded whole or not at all.

    7br 10br 13sp        cards in seat order from whoever plays next; run together too: 7b10b13s
    5b3t+9l8b7b+4t       a sidekick's card, + (or ` up `) then the card it turns up: a duo trick in one line
    bob 10br             one seat's card (`10br as 11 by Trance`, `7br up 3sp`: a sidekick's next card turned up)
    w bob                the winners level: who won the trick
    ann 3, bob 5         the score-only level: the round's tricks per seat at once
    ann uses X: vp +2    an ability, entered as what it did (several effects: `;` between them)
    draw 9st 6sp         solo with the table's deck: the two cards the Vancardian drew to follow
    go                   solo: the Vancardian to play moves (her lead, or a follow with the app deck)
    surrender · end · undo

The round stepper's answers (§3.2), one per step due (`stepper.due`): a command to record as it is, or an action
the session completes (`SessionAction`: it draws at random, or looks the card up in the catalogue)."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ..decision import Accepted, Rejected, Violation
from ..errors import InputError
from ..i18n import _
from . import commands as c
from . import events as e
from .cards import Card, parse_card, split_run
from .decide import decide, table_draw
from .describe import describe
from .evolve import evolve
from .mat import mat_cards, named
from .round_input import CardTrick, parse_alignment, parse_as, parse_effect
from .rules import RuleId
from .setup import HAND, Kind, Mode
from .state import GameState, Phase
from .stepper import Due, due, players
from .view import next_seat

LEVELS = ("score only", "winners", "cards")  # how much of each trick the table logs


@dataclass(frozen=True, slots=True)
class Reading:
    """What the line means: commands (checked in order), a word for the app (`undo`, `go`), or a problem."""

    commands: tuple[c.Command, ...] = ()
    word: str = ""
    problem: str = ""
    refusal: Violation | None = None  # the first command refused, with `refused` the command itself
    refused: c.Command | None = None
    said: tuple[str, ...] = field(default_factory=tuple)  # what Enter records, one sentence per event
    events: tuple[e.Event, ...] = field(default_factory=tuple)  # those events, for a preview that words them
    notes: tuple[str, ...] = field(default_factory=tuple)  # what the line leaves out that the table should know


# `9 brains`, `4 sp`: a card written in two words is read as one (not after `as`, whose value and suit are apart,
# nor inside a longer number: `as 4.5 lv`, `as -1 st`)
_SPLIT_CARD = re.compile(r"(?<!\bas )(?<![\w.,½-])(\d{1,2}(?:\.5|½|,5)?) (br|lv|sp|st|brains|love|speed|strength)\b",
                         re.IGNORECASE)


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
    m = re.fullmatch(r"(\S+)(?:\s+as\s+(.+?))?(?:\s+(ignore\s+follow))?(?:\s+by\s+(.+?))?(?:\s+up\s+(\S+))?",
                     rest.strip(), re.IGNORECASE)
    if m is None:
        raise InputError(_("{typed} is not a card: write e.g. 10br, '10br as 11 by Trance' or '7br up 3sp'")
                         .format(typed=repr(rest.strip())))
    card = _card(m.group(1), state)
    value, suit = parse_as(m.group(2)) if m.group(2) else (None, None)
    by = (m.group(4) or "").strip()
    if (value is not None or suit is not None or m.group(3)) and not by:
        raise InputError(_("a changed card names the ability that changed it: add 'by NAME'"))
    turned = _card(m.group(5), state) if m.group(5) else None
    return c.PlayCard(seat, card, value, suit, by, bool(m.group(3)), turned)


def _named_seat(state: GameState, word: str) -> str:
    seat = _seat(state, word)
    if seat is None:
        raise InputError(_("{name} is not a seat: the seats are {seats}").format(
            name=repr(word), seats=", ".join(state.seating.names)))
    return seat


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
        effects = tuple(parse_effect(x, solo=state.mode is Mode.SOLO) for x in re.split(r"\s*;\s*", m.group(3))
                        if x.strip())
        return [c.UseAbility(_named_seat(state, m.group(1)), m.group(2).strip(), effects)]
    t = _SPLIT_CARD.sub(r"\1\2", t)  # after an ability's effects, whose notes are kept as typed
    if m := re.fullmatch(r"(?:w|winner)\s+(\S.*)", t, re.IGNORECASE):
        return [c.NameWinner(_named_seat(state, m.group(1)))]
    if m := re.fullmatch(r"draw(.*)", t, re.IGNORECASE):
        return [table_draw(state, tuple(_card(x, state) for x in m.group(1).split()))]
    pairs = re.findall(r"(\S+)\s+(\d)\s*(?:,|$)", t)
    if pairs and re.fullmatch(r"(\S+\s+\d\s*,?\s*)+", t):  # `ann 3, bob 5`: the score-only level
        out: list[c.Command] = []
        for who, n in pairs:
            out += [c.NameWinner(_named_seat(state, who))] * int(n)  # every seat named is checked, 0 tricks too
        return out
    return _plays(state, t, level)


def _plays(state: GameState, t: str, level: str) -> list[c.Command]:
    """A seat and its card (`bob 10br`), a seat alone (the winners level), or cards from the seat to play next."""
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
        raise InputError(_("{seat} played which card? Write e.g. '{typed} 10br'; 'w {typed}' names the trick's winner")
                         .format(seat=first, typed=words[0]))
    if {"as", "by", "ignore"} & {w.casefold() for w in words}:
        return [_play(state, "", t)]  # one card, changed by an ability
    named = next((w for w in words if not any(ch.isdigit() for ch in w) and w.casefold() != "up"
                  and _seat(state, w) is None), None)
    if named is not None:  # every card has a value: a word without one was meant as a seat
        raise InputError(_("{word} is neither a seat ({seats}) nor a card (a value then a suit, e.g. 9br)").format(
            word=repr(named), seats=", ".join(state.seating.names)))
    return _in_order(state, words)


def _in_order(state: GameState, words: list[str]) -> list[c.Command]:
    """Cards from the seat to play next, spaced or run together (`7b10b13s`), each sidekick's card followed by the
    card it turns up (`5b 3t up 9l 8b 7b up 4t`, or `5b3t+9l8b7b+4t`: a duo trick in one line). The seats are filled
    in as the cards are checked, so this is the same commands as one card a line."""
    words = " up ".join(" ".join(words).split("+")).split()  # `3t+9l`: + is `up` in one key
    tokens = [part for w in words for part in ([w] if w.casefold() == "up" else split_run(w))]
    plays: list[c.PlayCard] = []
    rest = iter(tokens)
    for token in rest:
        if token.casefold() != "up":
            plays.append(c.PlayCard("", _card(token, state)))
            continue
        turned = next(rest, "up")
        if not plays or plays[-1].turned is not None or turned.casefold() == "up":
            raise InputError(_("'up' (or +) goes between a sidekick's card and the card it turns up, e.g. "
                               "'7br up 3sp' or '7b+3s'"))
        plays[-1] = replace(plays[-1], turned=_card(turned, state))
    return list(plays)


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
    events: list[e.Event] = []
    notes: list[str] = []
    for command in parsed:
        assert now is not None
        if isinstance(command, c.PlayCard) and not command.seat:
            seat = next_seat(now)
            if seat is None:
                return Reading(problem=_("no trick is being played now: {card} has nobody to play it").format(
                    card=command.card))
            command = replace(command, seat=seat)
        if isinstance(command, c.UseAbility) and command.kind is None and card_kind is not None:
            command = replace(command, kind=card_kind(command.source))
        if isinstance(command, c.PlayCard) and command.turned is None and _turns_up(now, command.seat):
            notes.append(_("{seat} turns up its next card now: give it on this play ('{typed} {card} up 8sp'), as it "
                           "cannot be added later").format(seat=command.seat, typed=command.seat.lower(),
                                                           card=command.card))
        decision = decide(now, command)
        if isinstance(decision, Rejected):
            refusal = _too_many_tricks(state, now, command, len(parsed)) or decision.violation
            return Reading(tuple(commands), refusal=refusal, refused=command, said=tuple(said), events=tuple(events))
        assert isinstance(decision, Accepted)
        for event in decision.events:
            now = evolve(now, event)
            events.append(event)
            text_of = describe(event)
            if text_of:
                said.append(text_of)
        commands.append(command)
    return Reading(tuple(commands), said=tuple(said), events=tuple(events), notes=tuple(notes))


def _too_many_tricks(before: GameState, now: GameState, refused: c.Command, typed: int) -> Violation | None:
    """A line naming more winners than the round has tricks left, said as what is wrong (the round's end refused the
    one too many: "not now: end and score the round"): the tricks typed against the round's, and what to type."""
    r, done = now.round, before.round.tricks_done if before.round is not None else 0
    if (not isinstance(refused, c.NameWinner) or before.phase is not Phase.PLAY or now.phase is not Phase.END
            or r is None or r.surrender is not None):
        return None
    sentence = (_("the tricks typed add to {typed}, but this round has {tricks} and {done} are recorded already: "
                  "make them add to {left}") if done else
                _("the tricks typed add to {typed}, but this round has {tricks}: make them add to {left}"))
    return Violation(RuleId.TRICKS_8, sentence.format(typed=typed, tricks=r.tricks_done, done=done,
                                                      left=r.tricks_done - done), False)


def _turns_up(state: GameState, seat: str) -> bool:
    """A sidekick's play turns up the next card of its face-down stack while one is left (HAND cards, two of them
    face up from the deal)."""
    if not state.seating.has(seat) or state.seating.seat(seat).kind is not Kind.SIDEKICK or state.round is None:
        return False
    played = sum(p.seat == seat for entry in state.round.entries if isinstance(entry, CardTrick) for p in entry.plays)
    return played < HAND - 2


def level_in_use(state: GameState, chosen: str) -> str:
    """The logging level a game was being recorded at, as far as its latest tricks tell (cards played, or only
    winners named); else `chosen`, the level last chosen."""
    entries = next((r.entries for r in reversed(state.rounds) if r.entries), ())
    if not entries:
        return chosen
    if isinstance(entries[-1], CardTrick):
        return "cards"
    return "winners" if chosen == "cards" else chosen  # or score only: both name winners


# --- the round stepper's answers (§3.2) -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DealerByLot:
    """The first dealer drawn by lot: the session draws the seat."""


@dataclass(frozen=True, slots=True)
class AppDeckDeal:
    """Solo with the app deck: the rows due now, drawn by the session; `line` is the round's Vancardian card line
    once your alignment is in."""

    line: str = ""


@dataclass(frozen=True, slots=True)
class StoryCard:
    """The story card `player` placed, by name: the session looks it up (is it banned in solo?)."""

    player: str
    name: str


@dataclass(frozen=True, slots=True)
class Superhero:
    """The superhero card `player` revealed, by name: the session looks it up (is it banned in solo?)."""

    player: str
    name: str


@dataclass(frozen=True, slots=True)
class Charge:
    """`stamina` charged on `player`'s card `card`: the session looks it up (a cost involving others, its kind)."""

    player: str
    card: str
    stamina: int


SessionAction = DealerByLot | AppDeckDeal | StoryCard | Superhero | Charge


@dataclass(frozen=True, slots=True)
class StepAnswer:
    """What an answer to the step due means: a command to record, or an action for the session (or neither); and
    what the stepper keeps meanwhile: whether the table is done charging, and the alignments typed so far (by
    player; hidden, and recorded together once all are in)."""

    charged: bool
    aligned: tuple[tuple[str, str], ...] = ()
    command: c.Command | None = None
    action: SessionAction | None = None


def read_charge(state: GameState, text: str,
                card_kind: Callable[[str], str | None] | None = None) -> tuple[str, str, int]:
    """`ann Monologuing 2`: who, the card (several words allowed), the stamina; in solo who may be left out. The card
    is one on that player's mat, named forgivingly (mat.named), or the player's character: a card `card_kind` (the
    catalogue) knows as a character, or any name after the word `character` (the log does not hold it)."""
    words = text.split()
    solo = state.mode is Mode.SOLO
    if solo and words and not state.seating.has(words[0]):  # one player: the charge is yours
        words = [state.you, *words]
    if len(words) < 3 or not words[-1].isdigit():
        raise InputError(_("a charge is: the card, the stamina, e.g. 'Monologuing 2'") if solo else
                         _("a charge is: who, the card, the stamina, e.g. '{typed} Monologuing 2'").format(
                             typed=state.players[0].lower()))
    player = state.seating.seat(words[0]).name
    typed, stamina = " ".join(words[1:-1]), int(words[-1])
    mat = mat_cards(state, player)
    found = named(typed, mat)
    if len(found) == 1:
        return player, found[0], stamina  # as it was placed
    if len(found) > 1:
        raise InputError(_("{typed} could be {cards}: type more of the name").format(
            # TRANSLATORS: between the names a typed card name could be ("Trance or Telekinesis").
            typed=repr(typed), cards=_(" or ").join(found)))
    if words[1].casefold() == "character" and len(words) > 3:
        return player, " ".join(words[2:-1]), stamina
    if card_kind is not None and card_kind(typed) == "character":
        return player, typed, stamina
    raise InputError(_("{typed} is not on {player}'s mat ({cards}): type one of its cards, or 'character NAME' for "
                       "{player}'s character").format(typed=repr(typed), player=player,
                                                      cards=", ".join(mat) or _("no card placed yet")))


def _cards(state: GameState, words: str) -> tuple[Card, ...]:
    return tuple(_card(w, state) for w in words.replace(",", " ").split())


def _no_line(text: str) -> str:
    """A Vancardian card's line as typed: none (`none`, `-` or nothing) is ''."""
    return "" if text.casefold() in ("", "none", "-") else text


def _deal(state: GameState, text: str) -> c.Command | SessionAction:
    """The deal step: duo, the sidekicks' face-up pairs; solo, your 8 cards (typed, or drawn by the app deck)."""
    if state.mode is Mode.DUO:
        sks = [s.name for s in state.seating.seats if s.kind is Kind.SIDEKICK]
        parts = [_cards(state, p) for p in text.split(",")] if "," in text else \
            [_cards(state, text)[:2], _cards(state, text)[2:]]
        if len(parts) != 2:
            raise InputError(_("type {first}'s two cards, a comma, then {second}'s two, e.g. 7br 12sp, 3st 9lv")
                             .format(first=sks[0], second=sks[1]))
        return c.DealHands(tuple(zip(sks, parts, strict=True)))
    if state.deck == "app":
        return AppDeckDeal()
    return c.DealHands(((state.you, _cards(state, text)),))


def _rows(state: GameState, text: str) -> c.Command | SessionAction:
    """Solo, after your alignment: the round's Vancardian line and the two rows (typed, or drawn by the app deck)."""
    if state.deck == "app":
        return AppDeckDeal(_no_line(text))
    fields = [p.strip() for p in text.split("|")]
    if len(fields) not in (3, 4):
        raise InputError(_("type: the line | Automaton's 8 cards | Factoryon's 8 cards | the cards drawn "
                           "for the line (if any)"))
    vans = [s.name for s in state.seating.seats if s.kind is Kind.VANCARDIAN]
    rows = ((vans[0], _cards(state, fields[1])), (vans[1], _cards(state, fields[2])))
    draws = _cards(state, fields[3]) if len(fields) == 4 else ()
    return c.DealHands(rows, _no_line(fields[0]), draws)


def step_answer(state: GameState, text: str, charged: bool, aligned: Mapping[str, str],
                card_kind: Callable[[str], str | None] | None = None) -> StepAnswer:
    """What `text` means as the answer to the step due (`stepper.due(state, charged, aligned)`); `card_kind` is the
    catalogue's word on a card (a charge on a character)."""
    now = due(state, charged, aligned)
    kept = StepAnswer(charged, tuple(aligned.items()))
    if now.step == "charge" and not text:
        return replace(kept, charged=True)  # Enter alone: everyone is done charging
    if now.step == "charge" and state.mode is Mode.SOLO and text.casefold() in ("h", "v", "hero", "villain"):
        return step_answer(state, text, True, aligned, card_kind)  # no charge: straight to your alignment
    if now.step == "align":
        return _aligned(state, kept, now.player, text)
    answer = Charge(*read_charge(state, text, card_kind)) if now.step == "charge" else _answer(state, now, text)
    if isinstance(answer, SessionAction):
        return replace(kept, action=answer)
    return replace(kept, command=answer)


def _answer(state: GameState, now: Due, text: str) -> c.Command | SessionAction | None:
    """A step's answer as the command it records, or as the action the session completes."""
    match now.step:
        case "dealer":
            return DealerByLot() if text.casefold() in ("", "lot") else c.ChooseDealer(text)
        case "deal":
            return _deal(state, text)
        case "event":
            return c.RevealEvent(_given(text, _("type the event's name (what the card says)")))
        case "stamina":
            return c.GainStamina()
        case "story":
            return StoryCard(now.player, _given(text, _("type the name of {player}'s story card").format(
                player=now.player)))
        case "superhero":
            return Superhero(now.player, _given(text, _("type the name of {player}'s superhero card").format(
                player=now.player)))
        case "rows":
            return _rows(state, text)
    return None


def _given(text: str, problem: str) -> str:
    if not text:
        raise InputError(problem)
    return text


def _aligned(state: GameState, kept: StepAnswer, player: str, text: str) -> StepAnswer:
    """One alignment typed, kept hidden; once every player's is in, they are revealed together."""
    typed = {**dict(kept.aligned), player: parse_alignment(text).value}
    if len(typed) < len(players(state)):
        return replace(kept, aligned=tuple(typed.items()))
    chosen = tuple((p, parse_alignment(typed[p])) for p in players(state))
    return replace(kept, aligned=(), command=c.RevealAlignments(chosen))
