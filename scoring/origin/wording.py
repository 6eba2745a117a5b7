"""Small pieces of what the Origin Story rules say to people: a list of cards in a sentence,
a row of cards, the short notations of cards for a report."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card


def name_list(items: Iterable[object]) -> str:
    """`8sp`, `8sp and 6sp`, `4br, 11br and 12br`."""
    names = [str(c) for c in items]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def card_row(cards: Sequence[object]) -> str:
    """`9br 6sp`, or `no card`."""
    return " ".join(str(c) for c in cards) or "no card"


def did_you_mean(options: Sequence[str]) -> str:
    """`; did you mean Trance?`, `; did you mean Trance or Telekinesis?`, or '' when nothing is close."""
    return f"; did you mean {' or '.join(options)}?" if options else ""


def notations(cards: Sequence[Card]) -> list[str]:
    """The cards in the short notation (`9br`), as the command line's JSON gives them."""
    return [str(c) for c in cards]
