"""Reading JSON text a person handed over (a table file, an import file): every number is one a database and the
engines can hold, and anything else is an InputError naming the file, never a crash.

Pure: the caller reads the file and hands over its text."""
from __future__ import annotations

import json
import re
from typing import Any

from .errors import InputError
from .i18n import N_, _

# Whole numbers are at most 64-bit signed (what SQLite and PostgreSQL keep); anything longer is refused while
# parsing, before Python's own limit on converting long digit strings (4,300 digits) raises.
LIMIT = 2**63 - 1
_DIGITS = len(str(LIMIT)) + 1  # a sign and 19 digits
# Arrays and objects nest at most this deep (the companion's own files and rows nest a few levels): deeper is
# refused before parsing, so neither the parser nor what walks the result afterwards runs out of stack.
DEPTH = 100
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


class _TooLarge(ValueError):
    pass


def _int(text: str) -> int:
    if len(text) > _DIGITS or abs(value := int(text)) > LIMIT:
        raise _TooLarge(text if len(text) <= 24 else f"{text[:12]}…({len(text)} digits)")
    return value


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _TooLarge(text if len(text) <= 24 else f"{text[:12]}…")
    return value


def _constant(text: str) -> Any:
    raise json.JSONDecodeError(_("{text} is not a JSON value").format(text=text), text, 0)


def loads(text: str, where: str, invalid: str = N_("not valid JSON")) -> Any:
    """The document in `text`; a syntax error, a number too large to keep, or a nesting too deep names `where`.
    `invalid`: what a syntax error says, marked with N_ (translated here)."""
    if too_deep(text):
        raise InputError(_("nested too deeply to be read (more than {n} levels of arrays and objects)").format(
            n=DEPTH), where=where)
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _TooLarge as exc:
        raise InputError(_("the number {number} is too large (whole numbers go up to {limit})").format(
            number=exc, limit=LIMIT), where=where) from None
    except json.JSONDecodeError as exc:
        # TRANSLATORS: {problem} is Python's own description of the syntax error, in English.
        raise InputError(_("{invalid} (line {line}, column {column}: {problem})").format(
            invalid=_(invalid), line=exc.lineno, column=exc.colno, problem=exc.msg), where=where) from None
    except RecursionError:
        raise InputError(_("nested too deeply to be read"), where=where) from None


def decoder() -> json.JSONDecoder:
    """A decoder with `loads`' limits on numbers (beyond them a ValueError), for a reader that decodes a value where
    it finds it (`raw_decode`); the nesting is the reader's to check (`too_deep`)."""
    return json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant)


def too_deep(text: str) -> bool:
    """Whether arrays and objects nest more than DEPTH deep (brackets inside strings do not count). Counting the
    brackets first settles nearly every text at C speed."""
    if text.count("[") + text.count("{") <= DEPTH:
        return False
    depth = 0
    for bracket in re.findall(r"[\[\]{}]", _STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > DEPTH:
            return True
    return False
