"""A sentence both shown and kept (a refusal, why a trick is won, a Vancardian's step): its value is the English
sentence, which JSON output, the game's log and the files keep, the same in every language; shown (str(), an
f-string, format) it reads in the language in use. `Said(N_("{card} is dealt twice"), card=card)`: the template is
marked for the catalogues and translated each time the sentence is shown, a Said among the values with it."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .i18n import N_, _


class Said(str):
    template: str
    values: dict[str, object]

    def __new__(cls, template: str, plural: str = "", **values: object) -> Said:
        """`plural`: the template's form for a count `n` other than 1. Counted so, not by ngettext: the catalogues'
        languages count as English does (one form for 1, one for the rest: tests/test_i18n.py checks it)."""
        form = plural if plural and values.get("n") != 1 else template
        said = super().__new__(cls, form.format(**{k: _english(v) for k, v in values.items()}))
        said.template, said.values = form, values
        return said

    def __str__(self) -> str:
        return _(self.template).format(**self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _english(value: object) -> object:
    return str.__str__(value) if isinstance(value, Said) else value


def joined(parts: Sequence[str], separator: str = "; ") -> Said:
    """Sentences one after the other, each shown in the language in use."""
    return Said(separator.join(f"{{p{i}}}" for i in range(len(parts))), **{f"p{i}": p for i, p in enumerate(parts)})


def listed(items: Iterable[object]) -> str:
    """`8sp`, `8sp and 6sp`, `4br, 11br and 12br`: each item as `str` gives it, a Said kept to be shown."""
    names = [x if isinstance(x, Said) else str(x) for x in items]
    if len(names) <= 1:
        return names[0] if names else ""
    # TRANSLATORS: the last two items of a list ("Origami and Origin Story"); {first} may hold several, with commas.
    return Said(N_("{first} and {last}"), first=joined(names[:-1], ", "), last=names[-1])
