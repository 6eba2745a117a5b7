"""The solo round as the command line sees it (ORIGIN_STORY.md §3.8, §7.1, §7.2): a solo round file composed
with the referee and the Vancardian runner.

From the file (rows as they stood before its tricks, the cards drawn in order, reveals, abilities) and the
referee's result on its tricks, `next_move` replays the round so far (each Vancardian follow consumes the
next two drawn cards, her draw step is redone, every played card leaves its row) and answers who plays now:
for you, your legal cards and the surrender offer when allowed; for a Vancardian, her lead, or her follow
with the next two drawn cards. `round_effect` applies a round line to both rows; `solo_setup` is the
Vancardian deck of a difficulty.

Pure: nothing is drawn here. The cards drawn are given (the file's `draws`, or `--draw`); when they are
missing, the error says which are needed and how to give them."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import InputError
from .cards import Card
from .referee import referee
from .round_input import Alignment, EffectKind, RoundInput
from .round_result import RoundResult
from .roundfile import parse_round
from .roundfile_parts import card as read_card
from .rules import RuleId
from .setup import TRICKS, Mode
from .solo_deck import Colour, build_solo_deck
from .trick import legal_follows
from .vancardian_abilities import exchange, reveal, surrender
from .vancardian_effects import EffectResult, apply_round_effect, draws_needed, parse_effect, round_draws_needed
from .vancardian_moves import Move, draw_step, follow, lead
from .vancardian_values import PRINTED, VANCARDIANS, Effective

Deck = Literal["table", "app"]


def _names(cards: Sequence[object]) -> str:
    return " ".join(str(c) for c in cards) or "no card"


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


# --- the file -----------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SoloRound:
    """A parsed solo round file and the referee's result on its tricks."""

    input: RoundInput
    result: RoundResult
    you: str
    deck: Deck
    draws: tuple[Card, ...]  # every card drawn this round, in order, as the file gives them

    @property
    def alignment(self) -> Alignment:
        return self.input.alignment[self.you]


def read_solo(data: object) -> SoloRound:
    """The round file (§7.1) of a solo game: `"mode": "solo"`, your alignment, both Vancardians' rows."""
    rnd = parse_round(data)
    if rnd.mode is not Mode.SOLO:
        raise InputError(f"this is a {rnd.mode.value} round: the Vancardians play only in the solo mode "
                         f"(\"mode\": \"solo\", one player)", where="mode")
    assert isinstance(data, dict)  # parse_round accepted it
    you = rnd.seating.names[0]
    if you not in rnd.alignment:
        raise InputError(f"the Vancardians play by your alignment: add \"alignment\": {{\"{you}\": \"hero\"}} "
                         "(or \"villain\")", where="alignment")
    for seat in VANCARDIANS:
        if seat not in rnd.hands:
            raise InputError(f"{seat}'s row is missing: her cards are face up, give them left to right as "
                             f"they stood before the file's tricks, e.g. \"rows\": {{\"{seat}\": [\"10br\", "
                             "\"8sp\", …]}", where=f"rows.{seat}")
    deck = data.get("deck") or "table"
    draws = tuple(read_card(c, f"draws[{k}]", solo=True) for k, c in enumerate(data.get("draws") or []))
    try:
        result = referee(rnd)
    except InputError as e:
        raise InputError(str(e), where=e.where or "tricks") from None
    return SoloRound(rnd, result, you, "app" if deck == "app" else "table", draws)


def parse_draw(text: str | None) -> tuple[Card, ...] | None:
    """`--draw 9st,6sp` (the cards drawn, in order); `--draw 9st`: only one could be drawn; `--draw none`
    (or `-`): the deck and the discard pile were both empty (OS-DECK-EMPTY). None: not given."""
    if text is None:
        return None
    if text.strip().casefold() in ("none", "-", ""):
        return ()
    words: list[str] = []
    for piece in (p.split() for p in text.split(",")):
        if len(piece) == 2 and piece[0][:1].isdigit() and piece[1].isalpha():
            words.append(" ".join(piece))  # `9 strength`
        else:
            words += piece  # `9st 6sp`
    return tuple(read_card(w, "--draw", solo=True) for w in words)


# --- the round so far ---------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Table:
    """What the replay knows: the rows now, the drawn cards not yet used, the cards played this round."""

    rows: dict[str, list[Card]]
    your_row: list[Card] | None
    draws: list[Card]
    played: dict[Card, tuple[int, str]]


def _revealed(rnd: RoundInput, trick: int) -> set[Card]:
    """The file's reveals and those of abilities used up to this trick (as the referee counts them)."""
    shown = set(rnd.revealed)
    for ab in rnd.abilities:
        if ab.trick is not None and ab.trick <= trick:
            shown.update(c for e in ab.effects if e.kind is EffectKind.REVEAL for c in e.cards)
    return shown


def _alignment(solo: SoloRound, trick: int) -> str:
    """Your alignment when trick `trick` is played: the file's, then any `align` used in a trick up to it."""
    now = solo.alignment.value
    for ab in sorted(solo.input.abilities, key=lambda a: a.trick or 0):
        if ab.trick is not None and ab.trick <= trick and ab.player.casefold() == solo.you.casefold():
            for e in ab.effects:
                if e.kind is EffectKind.ALIGN:
                    now = e.text
    return now


def _exchanges(solo: SoloRound, trick: int, table: _Table, start: bool) -> None:
    """OS-SOLO-EXCHANGE: your exchanges with a Vancardian, at the start of the trick they were used in (or of
    the round when no trick is given), as the referee times them."""
    for i, ab in enumerate(solo.input.abilities):
        when = (ab.trick is None and ab.timing != "end-of-round") if start else ab.trick == trick
        if not when or ab.player.casefold() != solo.you.casefold():
            continue
        for e in ab.effects:
            if e.kind is not EffectKind.EXCHANGE or e.target not in VANCARDIANS:
                continue
            where = f"abilities[{i}] ({ab.player}, {ab.source})"
            if len(e.cards) != 1:
                raise InputError(f"'{e}': name the one card you gave her ('exchange with {e.target} give CARD'): "
                                 "her row cannot be followed otherwise", where=where)
            give = e.cards[0]
            hand = table.your_row if table.your_row is not None else [give]
            try:
                done = exchange(table.rows[e.target], hand, give, seat=e.target)
            except InputError as err:
                raise InputError(str(err), where=where) from None
            table.rows[e.target] = list(done.row_after)
            if table.your_row is not None:
                table.your_row = list(done.hand_after)


def _check_drawn(drawn: Sequence[Card], table: _Table, where: str) -> None:
    """OS-UNIQUE: a drawn card cannot be in a row or have been played this round (won tricks never return to
    the deck; discarded cards may, after a reshuffle)."""
    for c in drawn:
        if c in table.played:
            n, seat = table.played[c]
            raise InputError(f"{c} cannot be drawn: {seat} played it in trick {n} (OS-UNIQUE)", where=where)
        holder = next((s for s, row in table.rows.items() if c in row), None)
        if holder is None and table.your_row is not None and c in table.your_row:
            holder = "your"
        if holder is not None and not c.extra_love:
            whose = "your row" if holder == "your" else f"{holder}'s row"
            raise InputError(f"{c} cannot be drawn: it is in {whose} (OS-UNIQUE)", where=where)


def _take_draws(table: _Table, seat: str, trick: int) -> tuple[Card, ...]:
    if len(table.draws) < 2:
        raise InputError(f"{seat} followed in trick {trick}, so she drew 2 cards, but the file's draws have "
                         f"{len(table.draws)} left: add the cards she drew, in order", where="draws")
    drawn = tuple(table.draws[:2])
    del table.draws[:2]
    return drawn


def _replay(solo: SoloRound) -> _Table:
    """Every trick of the file, in order: each Vancardian follow redoes her draw step with the next two
    drawn cards; each card played leaves its row."""
    rnd = solo.input
    table = _Table({s: list(rnd.hands[s]) for s in VANCARDIANS},
                   list(rnd.hands[solo.you]) if solo.you in rnd.hands else None, list(solo.draws), {})
    _exchanges(solo, 0, table, start=True)
    for k, t in enumerate(solo.result.tricks):
        if t.winners_level:
            raise InputError("solo is played card by card (the Vancardians need every card): give the trick's "
                             "cards, not only its winner", where=f"tricks[{k}]")
        if t.rewound:
            raise InputError("a rewound trick cannot be replayed by `origin next` yet: leave it out and keep "
                             "the replay", where=f"tricks[{k}]")
        _exchanges(solo, t.n, table, start=False)
        effective = reveal(_revealed(rnd, t.n), _alignment(solo, t.n))
        for i, p in enumerate(t.plays):
            c = p.play.card
            where = f"tricks[{k}], play {i + 1} ({p.seat} {c})"
            if p.seat in VANCARDIANS:
                row = table.rows[p.seat]
                if i > 0:
                    drawn = _take_draws(table, p.seat, t.n)
                    _check_drawn(drawn, table, "draws")
                    try:
                        row = list(draw_step(row, drawn, effective=effective).row_after)
                    except InputError as err:
                        raise InputError(str(err), where="draws") from None
                if c not in row:
                    raise InputError(f"{c} is not in {p.seat}'s row ({_names(row)})", where=where)
                row.remove(c)
                table.rows[p.seat] = row
            elif table.your_row is not None and c in table.your_row:
                table.your_row.remove(c)
            table.played.setdefault(c, (t.n, p.seat))
    return table


# --- who plays now ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Next:
    """`origin next`: who is to play and in what role; None everywhere once the round is over."""

    to_play: str | None
    role: Literal["lead", "follow"] | None
    trick: int  # the trick's number in the round (tricks won before the file's tricks, plus the file's)
    legal: tuple[Card, ...] | None  # the cards the seat may play (yours only when your row is known; hers
    # after her draw step)
    move: Move | None  # a Vancardian's
    offer_to: str  # surrender: the leading Vancardian ("" when not offered)
    offer_vp: int
    offer_sentence: str
    alignment: str
    tricks_won: int
    over: str  # why nothing is to be played ("" while the round goes on)

    def report(self) -> dict[str, Any]:
        """The §7.2 shape."""
        return {"to_play": self.to_play, "role": self.role,
                "legal": None if self.legal is None else _cards(self.legal),
                "vancardian": None if self.move is None else self.move.report(),
                "surrender": {"to": self.offer_to, "vp": self.offer_vp} if self.offer_to else None}


def refusals(solo: SoloRound) -> list[dict[str, Any]]:
    """What the referee refused in the file's tricks (exit 1): each with its rule id, trick, seat, sentence."""
    out = [{"rule": str(v.rule), "trick": t.n, "seat": t.leader, "sentence": v.message}
           for t in solo.result.tricks for v in t.refusals]
    out += [{"rule": str(v.rule), "trick": t.n, "seat": p.seat, "sentence": v.message}
            for t in solo.result.tricks for p in t.plays for v in p.violations]
    out += [{"rule": str(r.violation.rule), "trick": solo.input.abilities[r.index].trick,
             "seat": solo.input.abilities[r.index].player, "sentence": r.violation.message}
            for r in solo.result.refusals]
    return out


def next_move(solo: SoloRound, draw: Sequence[Card] | None = None) -> Next:
    """Who plays now. For a Vancardian follow, `draw` (the cards drawn now: `--draw`) comes before the file's
    remaining draws."""
    result, rnd = solo.result, solo.input
    table = _replay(solo)
    in_play = result.in_play
    counted = sum(1 for t in result.tricks if t.counts)
    n = in_play.n if in_play is not None else counted + 1
    alignment = _alignment(solo, n)
    won = result.tricks_won.get(solo.you, 0)
    before = sum(rnd.tricks_won.values())  # tricks played before the file's (every seat's count given)
    if result.finished or rnd.surrender is not None or (in_play is None and before + counted >= TRICKS):
        why = (f"{solo.you} surrendered to {rnd.surrender.to} in trick {rnd.surrender.trick}"
               if rnd.surrender is not None else f"all {before + counted} tricks are played")
        if draw is not None:
            raise InputError("the round is over: nobody draws", where="--draw")
        return Next(None, None, before + n, None, None, "", 0, "", alignment, won, f"The round is over: {why}.")
    seat = result.to_play if in_play is not None else result.next_leader
    assert seat is not None
    role: Literal["lead", "follow"] = "follow" if in_play is not None else "lead"
    if draw is not None and (seat == solo.you or role == "lead"):
        raise InputError(f"{seat} {role}s now: nobody draws (a Vancardian draws only when she follows)",
                         where="--draw")
    trick = tuple(p.play for p in in_play.plays) if in_play is not None else ()
    effective: Effective = reveal(_revealed(rnd, n), alignment) if _revealed(rnd, n) else PRINTED
    if seat == solo.you:
        legal = None
        if table.your_row is not None:
            lead_suit = in_play.lead_suit if in_play is not None else None
            legal = tuple(legal_follows(table.your_row, lead_suit))
            if not legal:
                raise InputError(f"{solo.you}'s row is empty: trick {n} has no card to play from it",
                                 where=f"rows.{solo.you}")
        to, vp, sentence = "", 0, ""
        if trick and trick[0].seat in VANCARDIANS:
            offer = surrender(trick, table.rows[trick[0].seat], you=solo.you, alignment=alignment,
                              tricks_won=won)
            sentence = offer.sentence
            if offer.allowed:
                to, vp = offer.to, offer.vp
        return Next(seat, role, before + n, legal, None, to, vp, sentence, alignment, won, "")
    row = table.rows[seat]
    if role == "lead":
        move = lead(row, alignment=alignment, tricks_won=won, seat=seat, effective=effective)
        return Next(seat, role, before + n, move.row_after, move, "", 0, "", alignment, won, "")
    if draw is not None:
        drawn, where = tuple(draw), "--draw"
    elif len(table.draws) >= 2:
        drawn, where = tuple(table.draws[:2]), "draws"
    elif solo.deck == "app":
        raise InputError(f"{seat} follows and draws 2 cards, but this round uses the app deck: the companion "
                         "draws those only in a recorded game (the app). Put the cards drawn in the file's "
                         "\"draws\", or give them with --draw C1,C2", where="draws")
    else:
        have = f" (the file's draws have only {_names(table.draws)} left)" if table.draws else ""
        raise InputError(f"{seat} follows: draw 2 cards from the deck for her and give them in order with "
                         f"--draw C1,C2{have}", where="--draw")
    _check_drawn(drawn, table, where)
    try:
        move = follow(row, drawn, trick, alignment=alignment, tricks_won=won, seat=seat, effective=effective,
                      as_led=rnd.choices.as_led)
    except InputError as err:
        raise InputError(str(err), where=where) from None
    legal = tuple(legal_follows(move.row_after, in_play.lead_suit if in_play is not None else None,
                                dict(effective.suits)))
    return Next(seat, role, before + n, legal, move, "", 0, "", alignment, won, "")


# --- a round effect (§3.8.2) --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RoundEffect:
    line: str
    alignment: str
    results: tuple[EffectResult, ...]

    def report(self) -> dict[str, Any]:
        return {"line": self.line, "alignment": self.alignment,
                "vancardians": [{"seat": r.seat, "row_before": _cards(r.row_before), "drew": _cards(r.drew),
                                 "discarded": _cards(r.discarded), "added": _cards(r.added),
                                 "row_after": _cards(r.row_after),
                                 "steps": [{"rule": str(s.rule), "sentence": s.sentence} for s in r.steps]}
                                for r in self.results]}


def round_effect(solo: SoloRound, line: str, draw: Sequence[Card] | None = None) -> RoundEffect:
    """The round's Vancardian line applied to Automaton's then Factoryon's row, as dealt (before trick 1),
    with the file's rules choices. The cards drawn: `draw` (`--draw`, exactly those needed), else the first
    of the file's draws."""
    rnd = solo.input
    if rnd.tricks:
        raise InputError("a round effect is applied at the round's setup, before trick 1: give the rows as "
                         "dealt and no tricks", where="tricks")
    try:
        effect = parse_effect(line)
    except InputError as err:
        raise InputError(str(err), where="--line") from None
    alignment = solo.alignment.value
    effective = reveal(rnd.revealed, alignment) if rnd.revealed else PRINTED
    rows = [rnd.hands[s] for s in VANCARDIANS]
    choices = rnd.choices
    needed = round_draws_needed(effect, rows, replace_draws=choices.replace_draws, effective=effective)
    if draw is not None:
        drawn, where = tuple(draw), "--draw"
        if len(drawn) != needed:
            raise InputError(f"'{effect}' needs {needed} drawn card{'s' if needed != 1 else ''} in all, "
                             f"not {len(drawn)}", where=where)
    elif len(solo.draws) >= needed:
        drawn, where = solo.draws[:needed], "draws"
    elif solo.deck == "app":
        raise InputError(f"'{effect}' draws {needed} cards, but this round uses the app deck: the companion "
                         "draws those only in a recorded game (the app). Put the cards drawn in the file's "
                         f"\"draws\", or give them with --draw C1,…,C{needed}", where="draws")
    else:
        each = ("X in all, rules choice replace_draws: shared" if choices.replace_draws == "shared" else
                ", ".join(f"{s} {draws_needed(effect, row, effective=effective)}"
                          for s, row in zip(VANCARDIANS, rows, strict=True)))
        have = f"; the file's draws have only {len(solo.draws)}" if solo.draws else ""
        raise InputError(f"'{effect}' needs {needed} drawn cards ({each}{have}): draw them and give them in "
                         f"order with --draw C1,…,C{needed}", where="--draw")
    table = _Table({s: list(rnd.hands[s]) for s in VANCARDIANS}, list(rnd.hands.get(solo.you, ())), [], {})
    for c in drawn:
        if table.your_row is not None and c in table.your_row:
            raise InputError(f"{c} cannot be drawn: it is in your row (OS-UNIQUE)", where=where)
        holder = next((s for s, row in table.rows.items() if c in row), None)
        if holder is not None:
            raise InputError(f"{c} cannot be drawn: it is in {holder}'s row (OS-UNIQUE)", where=where)
    try:
        results = apply_round_effect(effect, rows, alignment=alignment, draws=drawn, effective=effective,
                                     replace_order=choices.replace_order, replace_draws=choices.replace_draws)
    except InputError as err:
        raise InputError(str(err), where=where) from None
    return RoundEffect(str(effect), alignment, results)


# --- setup (§3.1 step 4, G12) -------------------------------------------------------------------------------

def solo_setup(difficulty: int, colour: str | None) -> dict[str, Any]:
    """The Vancardian deck of a difficulty, top to bottom (round r uses the r-th card), which event deck round
    3 uses, and the cards left in the two piles. The colours only when the difficulty set's is given: its icon
    was lost (§13 Q3), so it is never assumed."""
    deck = build_solo_deck(difficulty, colour if colour is not None else Colour.RED)
    known = colour is not None

    def colour_of(kind: Literal["base", "difficulty"]) -> str | None:
        return str(deck.colour_of(kind)) if known else None

    kinds = ", ".join(f"{k}" + (f" ({deck.colour_of(k)})" if known else "") for k in deck.kinds)
    event = deck.event_kind
    sentence = (f"Difficulty {difficulty}: the Vancardian deck, top to bottom, is {kinds}. Round 3's event comes "
                f"from the {event} event deck" + (f" ({deck.event_colour})" if known else "") +
                f". Left for the event decks: {deck.base_left} base, {deck.difficulty_left} difficulty.")
    if not known:
        sentence += " Say which lightning colour is the difficulty set (--difficulty-colour red|green) for colours."
    return {"difficulty": difficulty, "difficulty_colour": colour_of("difficulty"), "base_colour": colour_of("base"),
            "deck": [{"round": r, "kind": k, "colour": colour_of(k)} for r, k in enumerate(deck.kinds, 1)],
            "event_deck": {"kind": event, "colour": colour_of(event)},
            "left": {"base": deck.base_left, "difficulty": deck.difficulty_left},
            "rule": str(RuleId.SOLO_SETUP), "sentence": sentence}

