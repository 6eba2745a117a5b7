"""BG Stats' dates and points read at once where they are plain take the same values, and are refused the same,
as the general reading (strptime; the sums of whole numbers)."""
from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from companion import bgstats
from companion.share import DATE
from scoring.errors import InputError

DATES = ["2026-11-21 20:00:00", "1900-01-01 00:00:00", "8999-12-31 23:59:59", "2024-02-29 12:30:45",
         "2023-02-29 12:30:45", "2026-13-01 00:00:00", "2026-00-10 00:00:00", "2026-01-00 00:00:00",
         "2026-01-32 00:00:00", "2026-01-01 24:00:00", "2026-01-01 23:60:00", "2026-01-01 23:59:60",
         "2026-01-01 23:59:61", "0000-01-01 00:00:00", "0999-05-05 05:05:05", "2026-1-2 3:4:5", "2026-01-02T03:04:05",
         "2026-01-02 03:04:05.5", "2026-01-02 03:04:05+00:00", "2026-01-02 03:04", "２０２６-01-02 03:04:05",
         " 2026-01-02 03:04:05", "2026-01-02 03:04:05 ", "None", ""]


@pytest.mark.parametrize("text", DATES)
def test_a_date_reads_as_strptime_reads_it(text: str) -> None:
    try:
        expected: datetime | None = datetime.strptime(text, DATE).replace(tzinfo=UTC)
    except ValueError:
        expected = None
    try:
        found: datetime | None = bgstats._date(text)
    except ValueError:
        found = None
    assert found == expected


def _summed(value: object) -> int | None | str:
    """The general reading alone, points or the refusal: the value given as text with a space before it (spaces
    are allowed between the terms of a sum), which no shortcut takes; the refusal quoting the value as given."""
    plain = isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    try:
        return bgstats._score(f" {value}" if plain else value, "here")
    except InputError as exc:
        return str(exc).replace(repr(f" {value}"), repr(value))


SCORES: list[object] = [None, 0, 7, -3, 1_000_000, -1_000_000, 1_000_001, -1_000_001, 10**13, True, False, 2.5,
                        "", "0", "007", "33", "1000000", "1000001", "999999999999", "9999999999999", "+5", "-5",
                        "5+4+3", "١٢", "²", "x", [1]]


@pytest.mark.parametrize("value", SCORES, ids=repr)
def test_points_read_as_the_sums_read_them(value: object) -> None:
    try:
        found: int | None | str = bgstats._score(value, "here")
    except InputError as exc:
        found = str(exc)
    assert found == _summed(value)


def test_many_plain_points() -> None:
    rng = random.Random(3)
    for _ in range(2_000):
        n = rng.randint(-2_000_000, 2_000_000)
        for value in (n, str(abs(n))):
            try:
                found: int | None | str = bgstats._score(value, "here")
            except InputError as exc:
                found = str(exc)
            assert found == _summed(value)
