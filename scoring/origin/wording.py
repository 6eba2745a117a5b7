"""Small pieces of what the Origin Story rules say to people: a list of cards in a sentence,
a row of cards, the short notations of cards for a report."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..i18n import _, listing
from .cards import Card


def name_list(items: Iterable[object]) -> str:
    """`8sp`, `8sp and 6sp`, `4br, 11br and 12br`."""
    return listing([str(c) for c in items])


def card_row(cards: Sequence[object]) -> str:
    """`9br 6sp`, or `no card`."""
    return " ".join(str(c) for c in cards) or _("no card")


def did_you_mean(options: Sequence[str]) -> str:
    """`; did you mean Trance?`, `; did you mean Trance or Telekinesis?`, or '' when nothing is close."""
    # TRANSLATORS: {options} are names or cards, with " or " between them ("Trance or Telekinesis").
    return _("; did you mean {options}?").format(options=_(" or ").join(options)) if options else ""


def notations(cards: Sequence[Card]) -> list[str]:
    """The cards in the short notation (`9br`), as the command line's JSON gives them."""
    return [str(c) for c in cards]
