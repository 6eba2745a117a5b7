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
from ..i18n import _
from .cards import Card
from .setup import TRICKS
from .solo_file import SoloRound
from .solo_referee import Table, alignment_at, check_drawn, effective_at, from_discard, replay
from .trick import legal_follows
from .vancardian_abilities import surrender
from .vancardian_moves import Move, follow, lead
from .vancardian_values import VANCARDIANS, Effective
from .wording import card_row, notations

# --- the round so far ---------------------------------------------------------------------------------------

def _replay(solo: SoloRound) -> Table:
    """The file's tricks replayed as the referee checked them (solo_referee.replay); where the file cannot show
    her row any more, nothing can be played from it: say what is missing."""
    done = replay(solo.input, solo.result)
    if done.stop is not None:
        raise InputError(done.stop.sentence, where=done.stop.where)
    return done.table


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
    alignment = alignment_at(solo.input, n)
    won = result.tricks_won.get(solo.you, 0)
    before = rnd.played_before  # tricks played before the file's (every seat's count given)
    if result.finished or rnd.surrender is not None or (in_play is None and before + counted >= TRICKS):
        over = (_("The round is over: {you} surrendered to {to} in trick {trick}.").format(
            you=solo.you, to=rnd.surrender.to, trick=rnd.surrender.trick) if rnd.surrender is not None else
            _("The round is over: all {n} tricks are played.").format(n=before + counted))
        if draw is not None:
            raise InputError(_("the round is over: nobody draws"), where="--draw")
        return Next(None, None, before + n, None, None, "", 0, "", alignment, won, over)
    seat = result.to_play if in_play is not None else result.next_leader
    assert seat is not None
    role: Literal["lead", "follow"] = "follow" if in_play is not None else "lead"
    if draw is not None and (seat == solo.you or role == "lead"):
        now = (_("{seat} leads now: nobody draws (a Vancardian draws only when she follows)") if role == "lead" else
               _("{seat} follows now: nobody draws (a Vancardian draws only when she follows)"))
        raise InputError(now.format(seat=seat), where="--draw")
    trick = tuple(p.play for p in in_play.plays) if in_play is not None else ()
    effective: Effective = effective_at(rnd, n)
    if seat == solo.you:
        legal = None
        if table.your_row is not None:
            lead_suit = in_play.lead_suit if in_play is not None else None
            legal = tuple(legal_follows(table.your_row, lead_suit))
            if not legal:
                raise InputError(_("{you}'s row is empty: trick {n} has no card to play from it").format(
                    you=solo.you, n=n), where=f"rows.{solo.you}")
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
        raise InputError(_("{seat} follows and draws 2 cards, but this round uses the app deck: the companion "
                           "draws those only in a recorded game (the app). Put the cards drawn in the file's "
                           "\"draws\", or give them with --draw C1,C2").format(seat=seat), where="draws")
    else:
        raise InputError((_("{seat} follows: draw 2 cards from the deck for her and give them in order with "
                            "--draw C1,C2 (the file's draws have only {cards} left)") if table.draws else
                          _("{seat} follows: draw 2 cards from the deck for her and give them in order with "
                            "--draw C1,C2")).format(seat=seat, cards=card_row(table.draws)), where="--draw")
    check_drawn(drawn, table, where)
    recycled = from_discard(drawn, table, before)
    if recycled is not None:
        raise InputError(f"{recycled.message} ({recycled.rule})", where=where)
    try:
        move = follow(row, drawn, trick, alignment=alignment, tricks_won=won, seat=seat, effective=effective,
                      as_led=rnd.choices.as_led)
    except InputError as err:
        raise InputError(str(err), where=where) from None
    legal = tuple(legal_follows(move.row_after, in_play.lead_suit if in_play is not None else None,
                                dict(effective.suits)))
    return Next(seat, role, before + n, legal, move, "", 0, "", alignment, won, "")
