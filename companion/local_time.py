"""Times as the user reads them: stored in UTC, shown in the user's time zone with the zone's name. Light to
import (Home lists the games in progress with it before anything else loads)."""
from __future__ import annotations

import os
import time
from datetime import datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# Stored in UTC; shown in the user's time zone: TZ when it names one ("Europe/Rome"), else the machine's.
_seen_tz: list[str | None] = [os.environ.get("TZ")]  # the TZ the C library last read


def local_zone() -> tzinfo | None:
    """The zone TZ names, or None for the machine's own or a POSIX rule ("CET-1CEST,M3.5.0,M10.5.0/3"), which
    the C library applies. TZ is read again each time (it may change while the app runs)."""
    given = os.environ.get("TZ")
    if given != _seen_tz[0]:
        _seen_tz[0] = given
        time.tzset()
    name = (given or "").removeprefix(":")
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def local(moment: datetime) -> datetime:
    """`moment` in the user's zone, with the rules of that date (summer time included)."""
    zone = local_zone()
    return moment.astimezone(zone) if zone is not None else moment.astimezone()


def when(moment: datetime, seconds: bool = False) -> str:
    """A time as shown everywhere: the user's date and time, and the zone ("2026-11-21 21:00 CET")."""
    at = local(moment)
    shown = f"{at:%Y-%m-%d %H:%M:%S}" if seconds else f"{at:%Y-%m-%d %H:%M}"
    return f"{shown} {zone_name(at)}"


def day(moment: datetime) -> str:
    """The date in the user's zone as a person reads it: "2026-11-21" in English, else as the language in use
    writes a date ("21/11/26", "21.11.26")."""
    from scoring.i18n import ENGLISH, language

    if language() == ENGLISH:
        return f"{local(moment):%Y-%m-%d}"
    from babel.dates import format_date  # only once a date is shown in another language

    return str(format_date(local(moment), "short", locale=language()))


def shown(moment: datetime) -> str:
    """A time as a person reads it on a screen: `when` in English, else the date and time as the language in use
    writes them (companion/languages.py's date_time), with the zone. Files and `--json` keep `when`."""
    from scoring.i18n import ENGLISH, language

    if language() == ENGLISH:
        return when(moment)
    from .languages import date_time

    at = local(moment)
    return f"{date_time(at)} {zone_name(at)}"


def clock(moment: datetime) -> str:
    """The time of day in the user's zone, to the second, and the zone ("21:00:05 CET")."""
    at = local(moment)
    return f"{at:%H:%M:%S} {zone_name(at)}"


def zone_name(at: datetime) -> str:
    """The zone's abbreviation ("CET", "CEST", "UTC"), or its offset where it has none ("UTC-03", "UTC+05:30")."""
    name = at.tzname() or ""
    if name.isalpha():
        return name
    offset = int((at.utcoffset() or timedelta()).total_seconds() // 60)
    sign, hours, minutes = "+" if offset >= 0 else "-", abs(offset) // 60, abs(offset) % 60
    return f"UTC{sign}{hours:02d}" + (f":{minutes:02d}" if minutes else "") if offset else "UTC"
