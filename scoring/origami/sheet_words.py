"""What an Origami score sheet says, decided once for both of its outputs: the command line's text
(companion/origami/render.py) and the app's view (screens/origami/sheet.py). A card's line in columns, whose card
gives an award, the note of a sheet that kept only the scores, a line's reason in the language in use; what each
output adds around them (the app's bars and reasons wrapped to its width, each one's words for who won) is its own.

A sheet's reasons are kept in English (the history, --json), naming cards by their ids: `why_shown` reads one back
from its English words, by the templates below, and says it in the language in use, the card it names under the
name of that language's edition (given the catalogue)."""
from __future__ import annotations

import re
from functools import cache

from ..i18n import ENGLISH, N_, _, language
from ..said import Said
from .card_names import family_name, shown_id
from .catalog import Catalogue
from .sheet import Award, Line, ScoreSheet

SCORES_ONLY = N_("Scores only: this play came from BG Stats, which keeps no cards.")

# Every reason a sheet gives (scoring/origami/sheet.py makes them), English as kept, in the order they are read back
# (see `_patterns`). {n} and the other numbers are numbers; {card} a card's name; {family} a family's.
WHYS = (
    N_("{n} {card} × {amount}"),
    N_("{n} {card}s × {amount}"),
    N_("{n} {family} origami in your collections × {amount}"),
    N_("{n} other {family} origami in this collection × {amount}"),
    N_("{n} other origami in this collection × {amount}"),
    N_("{amount} per card in hand: {n} card"),
    N_("{amount} per card in hand: {n} cards"),
    N_("{amount} per {per} cards in hand: {n} card"),
    N_("{amount} per {per} cards in hand: {n} cards"),
    N_("{n} {card} in hand × {amount}"),
    N_("{n} {card}s: worth {worth}"),
    N_("only {n} {card}: needs {at_least} to be worth {worth}"),
    N_("no {card} directly above or below"),
    N_("another {card} directly below"),
    N_("another {card} directly above"),
    N_("another {card} directly below and above"),
    N_("{n} player with fewer cards in hand ({names})"),
    N_("{n} players with fewer cards in hand ({names})"),
    N_("{n} players with fewer cards in hand"),
    N_("collections worth {first} and {second} points"),
    N_("collections worth {first} and {second} printed points"),
    N_("most {family} origami ({v})"),
    N_("most {family} origami ({v}, tied with {n} other)"),
    N_("most {family} origami ({v}, tied with {n} others)"),
    N_("most origami in collections ({v})"),
    N_("most origami in collections ({v}, tied with {n} other)"),
    N_("most origami in collections ({v}, tied with {n} others)"),
    N_("most cards in hand ({v})"),
    N_("most cards in hand ({v}, tied with {n} other)"),
    N_("most cards in hand ({v}, tied with {n} others)"),
    N_("fewest cards in hand ({v})"),
    N_("fewest cards in hand ({v}, tied with {n} other)"),
    N_("fewest cards in hand ({v}, tied with {n} others)"),
    N_("most {card} ({v})"),
    N_("most {card} ({v}, tied with {n} other)"),
    N_("most {card} ({v}, tied with {n} others)"),
)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each template as a pattern of its English words, the most specific first (the most words besides its
    fields): `{n} {card} × {amount}` would also read `3 Bird origami in your collections × 2`."""
    def pattern(template: str) -> re.Pattern[str]:
        parts = re.split(r"\{(\w+)\}", template)
        return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
                          + r"\Z")
    ordered = sorted(WHYS, key=lambda t: -len(re.sub(r"\{\w+\}", "", t)))
    return tuple((template, pattern(template)) for template in ordered)


def why_shown(why: str, catalogue: Catalogue | None = None) -> str:
    """A sheet's reason in the language in use: one made now (a Said) as it says itself; one kept in English (read
    from the history) read back by its template, its card named by `shown_id` when `catalogue` is given (in English
    a card's shown name is its id); words no template knows as they are."""
    if isinstance(why, Said):
        return str(why)
    if language() == ENGLISH:  # kept as it is said: no template to read it back by (each line, at each resize)
        return why
    readings = ((template, found.groupdict()) for template, pattern in _patterns() if (found := pattern.match(why)))
    first = next(readings, None)
    if first is None:
        return why
    template, fields = first
    if catalogue is not None and "card" in fields and fields["card"] not in catalogue.cards:
        # "1 Walrus × 2" reads as the plural of a "Walru" first: the first reading naming a card the catalogue knows
        template, fields = next((r for r in readings if r[1].get("card") in catalogue.cards), first)
    if "family" in fields:
        fields["family"] = family_name(fields["family"])
    if "card" in fields and catalogue is not None:
        fields["card"] = shown_id(fields["card"], catalogue)
    return _(template).format(**fields)


def card_line(line: Line, name: str | None = None) -> str:
    """`1.2  Crane              3   +2 =   5`: collection.position, the card (`name`: as shown), printed points,
    bonus, total."""
    bonus = f"{line.bonus:+d}" if line.bonus else ""
    card = line.card if name is None else name
    return f"{line.collection}.{line.position:<2} {card:<16} {line.printed:>3} {bonus:>4} = {line.total:>3}"


def award_owner(award: Award) -> str:
    """Whose card gives the award: `Ann's`, or `Character` (a Character in play belongs to nobody)."""
    # TRANSLATORS: whose card gives an award on the score sheet ("Ann's Kappa +3").
    return _("{owner}'s").format(owner=award.owner) if award.owner else _("Character")


def sheet_note(sheet: ScoreSheet) -> str | None:
    """What the sheet says of itself: SCORES_ONLY when no hand is known (a BG Stats play keeps no cards)."""
    return _(SCORES_ONLY) if all(p.hand is None for p in sheet.players) else None
