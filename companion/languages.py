"""Choosing the language the companion speaks (scoring/i18n.py says the words in it): the catalogue of a language
read from its `.po` file (scoring/locale/LANG/LC_MESSAGES/companion.po), the user's locale, and numbers and dates
as the language writes them.

A `.po` file is compiled to a `.mo` the first time its language is used, into the user's cache folder
(COMPANION_CACHE names another), keyed by the `.po` file's contents: later starts read the `.mo` alone, without
Babel, so the first paint is no slower than in English; an edited `.po` is compiled anew. Works from a clone
(`make run`) and from `pip install .` alike, with nothing to build."""
from __future__ import annotations

import gettext
import hashlib
import io
import os
import struct
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from scoring import i18n
from scoring.i18n import DOMAIN, ENGLISH, LANGUAGES

if TYPE_CHECKING:  # Home starts without the engine's modules (tests/companion/test_light_entry.py)
    from scoring.rulebook import Rule

LOCALE = Path(i18n.__file__).with_name("locale")
CACHE = "COMPANION_CACHE"  # the folder for the compiled catalogues (default: the user's cache folder)
# Where gettext looks for the user's language, in its order (the first one set decides, as in Python's gettext).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def use(code: str) -> None:
    """Speak `code` (a key of LANGUAGES) from now on."""
    if code not in LANGUAGES:
        raise ValueError(f"no catalogue for the language {code!r}: one of {', '.join(LANGUAGES)}")
    i18n.speak(code, gettext.NullTranslations() if code == ENGLISH else _catalogue(code))


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

    return str(format_decimal(value, locale=i18n.language()))


def decimal(value: float, digits: int = 1) -> str:
    """`value` with `digits` decimals as the language writes it (30.5 · 30,5); English without loading Babel."""
    if i18n.language() == i18n.ENGLISH:
        return f"{value:.{digits}f}"
    from babel.numbers import format_decimal

    return str(format_decimal(round(value, digits), format="0." + "0" * digits, locale=i18n.language()))


def percent(value: float) -> str:
    """A share (0.42) as a whole percentage as the language writes it (42% · 42 %)."""
    if i18n.language() == i18n.ENGLISH:
        return f"{value:.0%}"
    from babel.numbers import format_percent

    return str(format_percent(value, locale=i18n.language()))


def date_time(value: datetime) -> str:
    """A date and time as the language writes them, in short."""
    from babel.dates import format_datetime

    return str(format_datetime(value, "short", locale=i18n.language()))


def searchable(rules: Iterable[Rule]) -> dict[str, str]:
    """Each rule's id, title and text in every language the companion speaks, casefolded: a search finds a rule by
    the words a person read in any of them, whatever the language in use (`--json` speaks English)."""
    catalogues = [gettext.NullTranslations(), *(_catalogue(code) for code in LANGUAGES if code != ENGLISH)]
    return {r.id: " ".join([r.id, *(c.gettext(r.title) + " " + c.gettext(r.text) for c in catalogues)]).casefold()
            for r in rules}


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
