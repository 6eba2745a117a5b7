"""The words the companion says, in the language in use: standard gettext catalogues, one `.po` file per language
kept in the repository (scoring/locale/LANG/LC_MESSAGES/companion.po), English in the code itself.

Here, in the lowest layer (scoring: the layers of pyproject.toml), so that every layer marks its own strings with
the same functions (the engine's sentences, the command line, the screens): `_("text")` where a string is shown,
`ngettext(one, many, n)` where it counts, and `N_("text")` on a module-level constant made before the language is
chosen (it is translated with `_()` where it is shown). One English word with two meanings takes a context, which
translates each its own way: `pgettext("context", "text")`, `npgettext`, and `NC_("context", "text")` on a constant.
Pure, as the engine is: choosing a language and reading its catalogue (files, a cache, the locale) is
companion/languages.py's, which hands the catalogue read to `speak`.
`make messages` extracts the marked strings and updates the catalogues."""
from __future__ import annotations

import gettext
from collections.abc import Sequence

DOMAIN = "companion"
ENGLISH = "en"
# The languages there is a catalogue for, each under its own name (as the language choice lists them).
LANGUAGES = {"en": "English", "it": "Italiano", "de": "Deutsch"}

# What parts a message's context from its text in a constant NC_ marks (as gettext's compiled catalogues do).
CONTEXT = "\x04"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def _(message: str) -> str:
    """`message` in the language in use (one NC_ marked, in its context)."""
    if CONTEXT in message:
        context, text = message.split(CONTEXT, 1)
        return _translations.pgettext(context, text)
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for `n`, by the language's own plural rule."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the language in use, as meant in `context` (a word with two meanings: "Players")."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` in `context`."""
    return _translations.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for the catalogues without translating it now (it is translated where it is shown)."""
    return message


def NC_(context: str, message: str) -> str:
    """N_ in `context`: marks `message` and keeps its context with it, for `_()` where it is shown (never show the
    value itself: `_()` in English gives `message` alone)."""
    return f"{context}{CONTEXT}{message}"


def listing(items: Sequence[str]) -> str:
    """Items in a sentence: "A, B and C" as the language says it."""
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the last two items of a list ("Origami and Origin Story"); {first} may hold several, with commas.
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def language() -> str:
    """The language in use (a key of LANGUAGES)."""
    return _language


def speak(code: str, translations: gettext.NullTranslations) -> None:
    """Speak `code` (a key of LANGUAGES) from now on, with its catalogue (companion/languages.py reads it)."""
    global _translations, _language
    _translations, _language = translations, code
