"""Who plays now in a solo round (§3.8, §7.2 `origin next`): the round so far replayed, then the next move.

From the file (rows as they stood before its tricks, the cards drawn in order, reveals, abilities) and the
referee's result on its tricks, `next_move` replays the round so far (each Vancardian follow consumes the
next two drawn cards, her draw step is redone, every played card leaves its row) and answers who plays now:
for you, your legal cards and the surrender offer when allowed; for a Vancardian, her lead, or her follow
with the next two drawn cards."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import InputError
from .cards import Card
from .round_input import EffectKind, RoundInput
from .setup import TRICKS
from .solo_file import SoloRound
from .trick import legal_follows
from .vancardian_abilities import exchange, reveal, surrender
from .vancardian_moves import Move, draw_step, follow, lead
from .vancardian_values import PRINTED, VANCARDIANS, Effective
from .wording import card_row, notations

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
                    raise InputError(f"{c} is not in {p.seat}'s row ({card_row(row)})", where=where)
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
                "legal": None if self.legal is None else notations(self.legal),
                "vancardian": None if self.move is None else self.move.report(),
                "surrender": {"to": self.offer_to, "vp": self.offer_vp} if self.offer_to else None}


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
        have = f" (the file's draws have only {card_row(table.draws)} left)" if table.draws else ""
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
