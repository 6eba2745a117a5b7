"""Times are stored in UTC and shown in the user's time zone (TZ, or the machine's), with the zone named."""
from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.games import KINDS
from companion.local_time import clock, day, when
from db.store import Store
from tests.companion.test_exchange import history, run

WINTER = datetime(2026, 11, 21, 20, 0, 5, tzinfo=UTC)
SUMMER = datetime(2026, 7, 1, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def restore_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test sets TZ as it likes; the C library's zone is put back afterwards."""
    monkeypatch.delenv("TZ", raising=False)
    yield  # type: ignore[misc]
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(("zone", "winter", "summer"), [
    ("Europe/Rome", "2026-11-21 21:00 CET", "2026-07-01 22:00 CEST"),
    ("America/Sao_Paulo", "2026-11-21 17:00 UTC-03", "2026-07-01 17:00 UTC-03"),
    ("Asia/Kolkata", "2026-11-22 01:30 IST", "2026-07-02 01:30 IST"),
    ("UTC", "2026-11-21 20:00 UTC", "2026-07-01 20:00 UTC"),
    ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-11-21 21:00 CET", "2026-07-01 22:00 CEST"),  # a POSIX rule, as TZ allows
])
def test_a_time_is_shown_in_the_users_zone_with_the_zone(monkeypatch: pytest.MonkeyPatch, zone: str, winter: str,
                                                         summer: str) -> None:
    monkeypatch.setenv("TZ", zone)
    assert (when(WINTER), when(SUMMER)) == (winter, summer)
    assert when(WINTER, seconds=True) == f"{winter[:16]}:05{winter[16:]}"
    assert day(WINTER) == winter[:10] and clock(WINTER) == winter[11:16] + ":05" + winter[16:]


def test_without_tz_the_machines_zone_is_used() -> None:
    time.tzset()
    at = WINTER.astimezone()
    assert when(WINTER).startswith(f"{at:%Y-%m-%d %H:%M} ")


def test_the_games_list_and_the_replay_show_local_times_and_json_keeps_utc(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    history(url)
    store = Store.open(url, KINDS)
    try:
        game = store.games.get(1)
        first = store.log.events(1)[0].recorded_at
    finally:
        store.close()
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+05:30 all year: every time shown moves by it
    code, out, _ = run(capsys, "--db", url, "games")
    assert code == 0
    line = next(x for x in out.splitlines() if x.strip().startswith("1 "))
    local = game.started_at.astimezone(UTC).replace(tzinfo=None) + (datetime(2000, 1, 1, 5, 30) - datetime(2000, 1, 1))
    assert f"{local:%Y-%m-%d %H:%M} IST" in line
    code, out, _ = run(capsys, "--db", url, "games", "--json")
    started = next(g["started_at"] for g in json.loads(out) if g["id"] == 1)
    assert datetime.fromisoformat(started) == game.started_at and datetime.fromisoformat(started).utcoffset() == (
        datetime(2000, 1, 1, tzinfo=UTC).utcoffset())  # stored and written in UTC
    code, out, _ = run(capsys, "--db", url, "replay", "1")
    shown = re.search(r"^\s+1 (\d\d:\d\d:\d\d) IST ", out, re.M)
    assert shown is not None
    expected = first.astimezone(UTC).replace(tzinfo=None) + (datetime(2000, 1, 1, 5, 30) - datetime(2000, 1, 1))
    assert shown.group(1) == f"{expected:%H:%M:%S}"
