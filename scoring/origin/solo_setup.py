"""A solo round's setup (§3.1 step 4, §3.8.2): a round effect on both dealt rows, the Vancardian deck."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .. import counts
from ..errors import InputError
from ..i18n import N_, _
from .cards import Card
from .rules import RuleId
from .solo_deck import Colour, build_solo_deck
from .solo_file import SoloRound
from .vancardian_abilities import reveal
from .vancardian_effects import EffectResult, apply_round_effect, draws_needed, parse_effect, round_draws_needed
from .vancardian_values import PRINTED, VANCARDIANS
from .wording import notations

# --- a round effect (§3.8.2) --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RoundEffect:
    line: str
    alignment: str
    results: tuple[EffectResult, ...]

    def report(self) -> dict[str, Any]:
        return {"line": self.line, "alignment": self.alignment,
                "vancardians": [{"seat": r.seat, "row_before": notations(r.row_before), "drew": notations(r.drew),
                                 "discarded": notations(r.discarded), "added": notations(r.added),
                                 "row_after": notations(r.row_after),
                                 "steps": [{"rule": str(s.rule), "sentence": s.sentence} for s in r.steps]}
                                for r in self.results]}


def round_effect(solo: SoloRound, line: str, draw: Sequence[Card] | None = None) -> RoundEffect:
    """The round's Vancardian line applied to Automaton's then Factoryon's row, as dealt (before trick 1),
    with the file's rules choices. The cards drawn: `draw` (`--draw`, exactly those needed), else the first
    of the file's draws."""
    rnd = solo.input
    if rnd.tricks:
        raise InputError(_("a round effect is applied at the round's setup, before trick 1: give the rows as "
                           "dealt and no tricks"), where="tricks")
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
            raise InputError(_("'{effect}' needs {cards} in all, not {n}").format(
                effect=effect, cards=counts.drawn_cards(needed), n=len(drawn)), where=where)
    elif len(solo.draws) >= needed:
        drawn, where = solo.draws[:needed], "draws"
    elif solo.deck == "app":
        raise InputError(_("'{effect}' draws {n} cards, but this round uses the app deck: the companion draws "
                           "those only in a recorded game (the app). Put the cards drawn in the file's \"draws\", "
                           "or give them with --draw C1,…,C{n}").format(effect=effect, n=needed), where="draws")
    else:
        each = (_("X in all, rules choice replace_draws: shared") if choices.replace_draws == "shared" else
                ", ".join(f"{s} {draws_needed(effect, row, effective=effective)}"
                          for s, row in zip(VANCARDIANS, rows, strict=True)))
        have = _("; the file's draws have only {n}").format(n=len(solo.draws)) if solo.draws else ""
        raise InputError(_("'{effect}' needs {n} drawn cards ({each}): draw them and give them in order with "
                           "--draw C1,…,C{n}").format(effect=effect, n=needed, each=each + have), where="--draw")
    for c in drawn:
        if c in rnd.hands.get(solo.you, ()):
            raise InputError(_("{card} cannot be drawn: it is in your row (OS-UNIQUE)").format(card=c), where=where)
        holder = next((s for s in VANCARDIANS if c in rnd.hands[s]), None)
        if holder is not None:
            raise InputError(_("{card} cannot be drawn: it is in {seat}'s row (OS-UNIQUE)").format(card=c, seat=holder),
                             where=where)
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
    # The JSON's sentence: the same in every language, so marked but not translated here.
    sentence = (N_("Difficulty {difficulty}: the Vancardian deck, top to bottom, is {kinds}. Round 3's event comes "
                   "from the {event} event deck ({colour}). Left for the event decks: {base} base, {hard} "
                   "difficulty.") if known else
                N_("Difficulty {difficulty}: the Vancardian deck, top to bottom, is {kinds}. Round 3's event comes "
                   "from the {event} event deck. Left for the event decks: {base} base, {hard} difficulty. Say "
                   "which lightning colour is the difficulty set (--difficulty-colour red|green) for colours.")
                ).format(difficulty=difficulty, kinds=kinds, event=event, colour=deck.event_colour,
                         base=deck.base_left, hard=deck.difficulty_left)
    return {"difficulty": difficulty, "difficulty_colour": colour_of("difficulty"), "base_colour": colour_of("base"),
            "deck": [{"round": r, "kind": k, "colour": colour_of(k)} for r, k in enumerate(deck.kinds, 1)],
            "event_deck": {"kind": event, "colour": colour_of(event)},
            "left": {"base": deck.base_left, "difficulty": deck.difficulty_left},
            "rule": str(RuleId.SOLO_SETUP), "sentence": sentence}
