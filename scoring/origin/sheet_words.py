"""What an Origin Story score sheet says, decided once for its outputs: the command line's text
(companion/origin/cli.py) and the app's round summary and sheet (screens/origin/sheet.py). A round reads as the
alignment and what its tricks made of it (`hero, 3 tricks`, `villain, caught, 2 tricks`), or in the quick-score
grid's notation (`h3`); its VP come from sources, each with the rule that gives it. What each output adds around
them (the app's grid, bars and colours, the words for who won) is its own."""
from __future__ import annotations

from .. import counts
from ..i18n import _
from .round_input import ALIGNMENT_WORDS, Alignment
from .round_result import villain_status
from .rules import RuleId
from .sheet import RoundScore


def outcome(line: RoundScore) -> str:
    """What the round's tricks made of the alignment: `3 tricks` for a hero, `clean` or `caught, 2 tricks` for a
    villain."""
    return villain_status(line.alignment, line.tricks) or counts.tricks(line.tricks)


def cell(line: RoundScore) -> str:
    """The round in the quick-score grid's notation (§3.9): `h3`, `v0`."""
    return f"{line.alignment.value[0]}{line.tricks}"


def sources(line: RoundScore) -> list[tuple[str, int, RuleId]]:
    """Each part of a round's VP: (where it came from, VP, the rule that gives it). Alignment first, always (a
    caught villain's 0 is a fact worth seeing), then each ability as entered, then surrender."""
    rule = RuleId.SCORE_HERO if line.alignment is Alignment.HERO else RuleId.SCORE_VILLAIN
    # TRANSLATORS: a round's alignment and what its tricks made of it: "hero, 3 tricks", "villain, clean".
    parts = [(_("{alignment}, {outcome}").format(alignment=_(ALIGNMENT_WORDS[line.alignment]), outcome=outcome(line)),
              line.alignment_vp, rule)]
    parts += [(source, vp, RuleId.SCORE_ABILITY) for source, vp in line.abilities]
    if line.surrender_vp:
        # TRANSLATORS: a solo round's VP source: the Vancardians' surrender (OS-SOLO-SURRENDER).
        parts.append((_("surrender"), line.surrender_vp, RuleId.SOLO_SURRENDER))
    return parts
