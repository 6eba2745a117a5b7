"""A solo round file as the command line reads it (ORIGIN_STORY.md §3.8, §7.1): rows, draws, the referee's result.

Pure: nothing is drawn here. The cards drawn are given (the file's `draws`, or `--draw`); when they are
missing, the error says which are needed and how to give them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..errors import InputError
from ..i18n import _
from .cards import Card
from .round_file import parse_round, referee_file
from .round_file_parts import card as read_card
from .round_input import Alignment, RoundInput
from .round_result import RoundResult
from .setup import Mode
from .vancardian_values import VANCARDIANS

Deck = Literal["table", "app"]


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
        raise InputError(_("this is a {mode} round: the Vancardians play only in the solo mode (\"mode\": \"solo\", "
                           "one player)").format(mode=rnd.mode.value), where="mode")
    assert isinstance(data, dict)  # parse_round accepted it
    you = rnd.seating.names[0]
    if you not in rnd.alignment:
        raise InputError(_("the Vancardians play by your alignment: add \"alignment\": {{\"{you}\": \"hero\"}} "
                           "(or \"villain\")").format(you=you), where="alignment")
    for seat in VANCARDIANS:
        if seat not in rnd.hands:
            raise InputError(_("{seat}'s row is missing: her cards are face up, give them left to right as they "
                               "stood before the file's tricks, e.g. \"rows\": {{\"{seat}\": [\"10br\", \"8sp\", …]}}")
                             .format(seat=seat), where=f"rows.{seat}")
    deck = data.get("deck") or "table"
    return SoloRound(rnd, referee_file(rnd), you, "app" if deck == "app" else "table", rnd.draws)


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


def refusals(solo: SoloRound) -> list[dict[str, Any]]:
    """What the referee refused in the file's tricks (exit 1): each with its rule id, trick, seat, sentence."""
    out = [{"rule": str(v.rule), "trick": t.n, "seat": t.leader, "sentence": v.message}
           for t in solo.result.tricks for v in t.refusals]
    out += [{"rule": str(v.rule), "trick": t.n, "seat": p.seat, "sentence": v.message}
            for t in solo.result.tricks for p in t.plays for v in p.violations]
    out += [{"rule": str(r.violation.rule), "trick": solo.input.abilities[r.index].trick,
             "seat": solo.input.abilities[r.index].player, "sentence": r.violation.message}
            for r in solo.result.refusals]
    out += [{"rule": str(v.rule), "trick": solo.input.surrender.trick if solo.input.surrender else None,
             "seat": solo.you, "sentence": v.message} for v in solo.result.claims]
    return out
