"""Reading JSON text a person handed over (a table file, an import file): every number is one a database and the
engines can hold, and anything else is an InputError naming the file, never a crash.

Pure: the caller reads the file and hands over its text."""
from __future__ import annotations

import json
from typing import Any

from .errors import InputError

# Whole numbers are at most 64-bit signed (what SQLite and PostgreSQL keep); anything longer is refused while
# parsing, before Python's own limit on converting long digit strings (4,300 digits) raises.
LIMIT = 2**63 - 1
_DIGITS = len(str(LIMIT)) + 1  # a sign and 19 digits


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
    raise json.JSONDecodeError(f"{text} is not a JSON value", text, 0)


def loads(text: str, where: str, invalid: str = "not valid JSON") -> Any:
    """The document in `text`; a syntax error, a number too large to keep, or a nesting too deep names `where`."""
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _TooLarge as exc:
        raise InputError(f"the number {exc} is too large (whole numbers go up to {LIMIT})", where=where) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{invalid} (line {exc.lineno}, column {exc.colno}: {exc.msg})",
                         where=where) from None
    except RecursionError:
        raise InputError("nested too deeply to be read", where=where) from None
