"""The languages the companion speaks: standard gettext catalogues, one `.po` file per language kept in the
repository (screens/locale/LANG/LC_MESSAGES/companion.po), English in the code itself.

Here, below both the command line and the screens (the layers of pyproject.toml), so that each marks its own
strings: `_("text")` where a string is shown, `ngettext(one, many, n)` where it counts, and `N_("text")` on a
module-level constant made before the language is chosen (it is translated with `_()` where it is shown).

A `.po` file is compiled to a `.mo` the first time its language is used, into the user's cache folder
(COMPANION_CACHE names another), keyed by the `.po` file's contents: later starts read the `.mo` alone, without
Babel, so the first paint is no slower than in English; an edited `.po` is compiled anew. Works from a clone
(`make run`) and from `pip install .` alike, with nothing to build. `make messages` extracts the marked strings
and updates the catalogues."""
from __future__ import annotations

import gettext
import hashlib
import io
import os
import struct
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path

DOMAIN = "companion"
ENGLISH = "en"
# The languages there is a catalogue for, each under its own name (as the language choice lists them).
LANGUAGES = {"en": "English", "it": "Italiano", "de": "Deutsch"}
LOCALE = Path(__file__).with_name("locale")
CACHE = "COMPANION_CACHE"  # the folder for the compiled catalogues (default: the user's cache folder)
# Where gettext looks for the user's language, in its order (the first one set decides, as in Python's gettext).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def _(message: str) -> str:
    """`message` in the language in use."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for `n`, by the language's own plural rule."""
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for the catalogues without translating it now (it is translated where it is shown)."""
    return message


def listing(items: Sequence[str]) -> str:
    """Items in a sentence: "A, B and C" as the language says it."""
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the last two items of a list ("Origami and Origin Story"); {first} may hold several, with commas.
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def language() -> str:
    """The language in use (a key of LANGUAGES)."""
    return _language


def use(code: str) -> None:
    """Speak `code` (a key of LANGUAGES) from now on."""
    global _translations, _language
    if code not in LANGUAGES:
        raise ValueError(f"no catalogue for the language {code!r}: one of {', '.join(LANGUAGES)}")
    _translations = gettext.NullTranslations() if code == ENGLISH else _catalogue(code)
    _language = code


def from_environment(environ: Mapping[str, str] = os.environ) -> str | None:
    """The language the locale asks for (LANGUAGE may list several: the first one there is a catalogue for), or None
    when it names none of LANGUAGES (C, POSIX, or a language without a catalogue)."""
    value = next((environ[name] for name in LOCALE_VARIABLES if environ.get(name)), "")
    for each in value.split(":"):
        code = each.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def number(value: float) -> str:
    """A number as the language writes it (1,234.5 · 1.234,5)."""
    from babel.numbers import format_decimal  # only once a number is shown: Babel stays out of the first paint

    return str(format_decimal(value, locale=_language))


def date_time(value: datetime) -> str:
    """A date and time as the language writes them, in short."""
    from babel.dates import format_datetime

    return str(format_datetime(value, "short", locale=_language))


def _catalogue(code: str) -> gettext.GNUTranslations:
    source = (LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po").read_bytes()
    folder = _cache() / code
    compiled = folder / f"{DOMAIN}-{hashlib.sha256(source).hexdigest()[:16]}.mo"
    try:
        return gettext.GNUTranslations(io.BytesIO(compiled.read_bytes()))
    except (OSError, ValueError, struct.error):  # not compiled yet, or damaged (bad magic, cut short): compiled now
        pass
    data = _compile(source, code)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob(f"{DOMAIN}-*.mo"):  # the catalogue as it was before the `.po` file changed
            old.unlink(missing_ok=True)
        partial = compiled.with_suffix(".partial")
        partial.write_bytes(data)
        os.replace(partial, compiled)
    except OSError:  # a cache that cannot be written: compiled again next time
        pass
    return gettext.GNUTranslations(io.BytesIO(data))


def _compile(source: bytes, code: str) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(source), locale=code, domain=DOMAIN))
    return out.getvalue()


def _cache() -> Path:
    given = os.environ.get(CACHE)
    if given:
        return Path(given)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("origami-companion")) / "locale"
