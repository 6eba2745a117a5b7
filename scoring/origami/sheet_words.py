"""What an Origami score sheet says, decided once for both of its outputs: the command line's text
(companion/origami/render.py) and the app's view (screens/origami/sheet.py). A card's line in columns, whose card
gives an award, the note of a sheet that kept only the scores; what each output adds around them (the app's bars
and reasons wrapped to its width, each one's words for who won) is its own."""
from __future__ import annotations

from .sheet import Award, Line, ScoreSheet

SCORES_ONLY = "Scores only: this play came from BG Stats, which keeps no cards."


def card_line(line: Line) -> str:
    """`1.2  Crane              3   +2 =   5`: collection.position, the card, printed points, bonus, total."""
    bonus = f"{line.bonus:+d}" if line.bonus else ""
    return f"{line.collection}.{line.position:<2} {line.card:<16} {line.printed:>3} {bonus:>4} = {line.total:>3}"


def award_owner(award: Award) -> str:
    """Whose card gives the award: `Ann's`, or `Character` (a Character in play belongs to nobody)."""
    return f"{award.owner}'s" if award.owner else "Character"


def sheet_note(sheet: ScoreSheet) -> str | None:
    """What the sheet says of itself: SCORES_ONLY when no hand is known (a BG Stats play keeps no cards)."""
    return SCORES_ONLY if all(p.hand is None for p in sheet.players) else None
