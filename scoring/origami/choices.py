"""Documented choices where the rulebooks can be read two ways (the table file's "rules")."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..errors import InputError
from ..i18n import N_, _

# name -> (allowed values, default, what the choice means: marked here, translated where shown)
CHOICES: dict[str, tuple[tuple[str, ...], str, str]] = {
    # Evidence (rules/002, the English card images' text layer): the Bee's card reads "for each  origami" with
    # a blank where its family icon was lost, while the Whale's reads "for each other origami in the same
    # collection" with no blank. Only the German clarification ("nur die anderen Karten mit  gezählt") hints
    # at an icon. The English card stands where versions disagree: "any" is the default.
    "whale": (
        ("any", "sea"),
        "any",
        N_("Whale counts every other origami in its collection (\"any\": the English card text, where no icon is "
           "lost) or only the other sea origami (\"sea\": the German clarification's reading)."),
    ),
    "macaw": (
        ("once", "each"),
        "once",
        N_("A Macaw between two Macaws scores +3 once (\"once\": the condition is met or not) or +3 for "
           "each neighbouring Macaw (\"each\")."),
    ),
    "anaconda": (
        ("printed", "scored"),
        "printed",
        N_("Anaconda compares the printed points of your two collections (\"printed\") or printed points "
           "plus the other cards' bonuses (\"scored\")."),
    ),
    "mesosaurus": (
        ("best", "strict"),
        "best",
        N_("With Mesosaurus on top you may draw up to 3 + hand modifiers, or 4 if that is more (\"best\": "
           "the card says you may), or exactly up to 3 + hand modifiers (\"strict\")."),
    ),
}


EXAMPLE = '{"whale": "sea"}'


@dataclass(frozen=True, slots=True)
class RuleChoices:
    whale: str = CHOICES["whale"][1]
    macaw: str = CHOICES["macaw"][1]
    anaconda: str = CHOICES["anaconda"][1]
    mesosaurus: str = CHOICES["mesosaurus"][1]

    @classmethod
    def parse(cls, data: Any, where: str = "rules") -> RuleChoices:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InputError(_("must be an object such as {example}").format(example=EXAMPLE), where=where)
        values: dict[str, str] = {}
        for key, value in data.items():
            if key not in CHOICES:
                raise InputError(
                    _("unknown rule choice {key!r}; the choices are: {choices}").format(
                        key=key, choices=", ".join(sorted(CHOICES))),
                    where=where,
                )
            allowed = CHOICES[key][0]
            if value not in allowed:
                raise InputError(
                    _("{key!r} must be one of {allowed}, not {value!r}").format(
                        key=key, allowed=", ".join(map(repr, allowed)), value=value),
                    where=f"{where}.{key}",
                )
            values[key] = value
        return cls(**values)

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
