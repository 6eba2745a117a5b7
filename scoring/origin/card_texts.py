"""An Origin Story card's text as a person reads it: our translation of our English paraphrase in the language
in use where there is one, else the English one. Files, logs and --json keep the English text."""
from __future__ import annotations

from scoring import i18n
from scoring.origin.catalog import Card


def shown_text(card: Card) -> str:
    """`card`'s text in the language in use where there is one, else the English one ("" when none is known). A
    user's own text has no translation, so it is shown as they wrote it."""
    return {"it": card.text_it, "de": card.text_de}.get(i18n.language()) or card.text
