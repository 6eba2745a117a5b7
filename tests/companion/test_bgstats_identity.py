"""Who sat at a BG Stats play, kept through import and export: an anonymous seat stays BG Stats' anonymous player
(also after the companion's own export), a player's BoardGameGeek username and BG Stats uuid come back out, a
renamed profile is still the one a later play under its old name goes to, newPlayer marks a first play, and a
database from before these were kept upgrades with none known."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from companion.games import KINDS
from db import schema
from db.engine import make_engine
from db.store import Store
from tests.companion.test_bgstats import finished
from tests.companion.test_bgstats_export import index_like_the_public_readers, summarise_like_the_year_summary
from tests.companion.test_exchange import run

ANNA = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
BRUNO = "3F2504E0-4F89-41D3-9A0C-0305E82C3302"
ANONYMOUS = "3F2504E0-4F89-41D3-9A0C-0305E82C3303"


def bgstats(*plays: dict[str, Any]) -> dict[str, Any]:
    """A BG Stats export: Anna with her BoardGameGeek username, Bruno without one, and BG Stats' anonymous player."""
    return {"userInfo": {"meRefId": 1}, "games": [{"id": 7, "name": "Origami", "bggId": 0}],
            "players": [{"id": 1, "uuid": ANNA, "name": "Anna", "isAnonymous": False, "bggUsername": "annaplays"},
                        {"id": 2, "uuid": BRUNO, "name": "Bruno", "isAnonymous": False, "bggUsername": ""},
                        {"id": 3, "uuid": ANONYMOUS, "name": "Anonymous player", "isAnonymous": True,
                         "bggUsername": ""}],
            "locations": [], "plays": list(plays)}


def play(n: int, date: str, *seats: tuple[int, str, bool]) -> dict[str, Any]:
    return {"uuid": f"6A0A8F0E-0F5E-4C36-9B43-1D1C1F3F8A{n:02d}", "gameRefId": 7, "playDate": date, "durationMin": 30,
            "playerScores": [{"playerRefId": p, "score": s, "winner": w, "seatOrder": i, "rank": 0, "role": ""}
                             for i, (p, s, w) in enumerate(seats)]}


FIRST = play(1, "2026-10-02 20:00:00", (1, "48", True), (3, "41", False))
SECOND = play(2, "2026-10-09 20:00:00", (1, "30", False), (2, "35", True), (3, "20", False))


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def exported(url: str, path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, _, err = run(capsys, "--db", url, "export", "--bgstats", str(path))
    assert code == 0, err
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    index_like_the_public_readers(data)
    summarise_like_the_year_summary(data)
    return data


def seats(data: dict[str, Any]) -> list[list[tuple[str, bool, str, bool]]]:
    """Each play's seats: the player's name, whether anonymous, their BoardGameGeek username, and newPlayer."""
    players = {p["id"]: p for p in data["players"]}
    return [[(players[s["playerRefId"]]["name"], players[s["playerRefId"]]["isAnonymous"],
              players[s["playerRefId"]]["bggUsername"], s["newPlayer"]) for s in p["playerScores"]]
            for p in sorted(data["plays"], key=lambda p: p["playDate"])]


def test_anonymous_seats_and_bgg_usernames_come_back_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = f"sqlite:///{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"
    code, _, err = run(capsys, "--db", first, "import", str(write(tmp_path / "bg.json", bgstats(FIRST, SECOND))))
    assert code == 0, err
    out = exported(first, tmp_path / "out.json", capsys)
    assert seats(out) == [
        [("Anna", False, "annaplays", True), ("Anonymous player", True, "", False)],
        [("Anna", False, "annaplays", False), ("Bruno", False, "", True), ("Anonymous player", True, "", False)]]
    uuids = {p["name"]: p["uuid"] for p in out["players"]}
    assert (uuids["Anna"], uuids["Bruno"]) == (ANNA, BRUNO)  # the players BG Stats knows, not new ones
    assert len(out["players"]) == 3  # both anonymous seats are the one anonymous player, as in BG Stats
    assert out["players"][out["userInfo"]["meRefId"] - 1]["name"] == "Anna"  # a guest is never the owner
    # Into another history and out again: the same plays, the same seats.
    code, _, err = run(capsys, "--db", second, "import", str(tmp_path / "out.json"))
    assert code == 0, err
    assert finished(second) == finished(first)
    assert seats(exported(second, tmp_path / "again.json", capsys)) == seats(out)
    # Through the companion's own export too: the guests are still nobody BG Stats knows by name.
    own, third = tmp_path / "own.json", f"sqlite:///{tmp_path}/c.db"
    assert run(capsys, "--db", first, "export", str(own))[0] == 0
    assert run(capsys, "--db", third, "import", str(own))[0] == 0
    assert [[(name, anonymous) for name, anonymous, _, _ in play] for play in
            seats(exported(third, tmp_path / "third.json", capsys))] == [
        [(name, anonymous) for name, anonymous, _, _ in play] for play in seats(out)]


def test_a_renamed_profile_keeps_its_bg_stats_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    assert run(capsys, "--db", url, "import", str(write(tmp_path / "one.json", bgstats(FIRST))))[0] == 0
    code, _, err = run(capsys, "--db", url, "players", "rename", "Anna", "Annie")
    assert code == 0, err
    # A later BG Stats play, where she is still called Anna: it goes to Annie, no new profile is made.
    code, out, err = run(capsys, "--db", url, "import", "--yes", str(write(tmp_path / "two.json", bgstats(SECOND))))
    assert code == 0, err
    assert re.search(r"^  Anna +→ Annie \(a profile already here\)$", out, re.MULTILINE), out
    store = Store.open(url, KINDS)
    try:
        assert "Anna" not in {p.name for p in store.profiles.all()}
        assert [r["name"] for r in store.results.of(2)] == ["Annie", "Bruno", store.results.of(2)[2]["name"]]
    finally:
        store.close()
    out_file = exported(url, tmp_path / "out.json", capsys)
    annie = next(p for p in out_file["players"] if p["name"] == "Annie")
    assert (annie["uuid"], annie["bggUsername"]) == (ANNA, "annaplays")
    assert seats(out_file)[0][0] == ("Annie", False, "annaplays", True)
    # A --as given for the same BG Stats player sends the plays where it says, and the uuid goes with them.
    third = play(3, "2026-10-16 20:00:00", (1, "40", True), (2, "30", False))
    code, _, err = run(capsys, "--db", url, "import", "--yes", "--as", "Anna=Ada",
                       str(write(tmp_path / "three.json", bgstats(third))))
    assert code == 0, err
    store = Store.open(url, KINDS)
    try:
        assert store.profiles.by_bgstats(ANNA.replace("-", "").lower()).name == "Ada"  # type: ignore[union-attr]
        assert "annie" not in store.profiles.bgstats()
    finally:
        store.close()


def test_a_shared_play_file_knows_the_players_as_an_export_does(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """`share --save`'s file for one play: the BG Stats uuid and username each profile came with, and newPlayer for
    a first play, as `export --bgstats` writes them."""
    url = f"sqlite:///{tmp_path}/a.db"
    assert run(capsys, "--db", url, "import", str(write(tmp_path / "bg.json", bgstats(FIRST, SECOND))))[0] == 0
    path = tmp_path / "play.bgsplay"
    code, _, err = run(capsys, "--db", url, "share", "2", "--save", str(path))
    assert code == 0, err
    data = json.loads(path.read_text(encoding="utf-8"))
    assert seats(data) == [[("Anna", False, "annaplays", False), ("Bruno", False, "", True),
                            ("Anonymous player", True, "", False)]]
    assert {p["name"]: p["uuid"] for p in data["players"]}["Bruno"] == BRUNO


def test_a_database_from_before_upgrades_with_no_bg_stats_player_known(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/old.db"
    engine = make_engine(url)
    schema.migrate(engine, "0011")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO players (name, name_key, created_at) VALUES ('Ann', 'ann', '2026-01-01')"))
    engine.dispose()
    store = Store.open(url, KINDS)
    try:
        assert [p.name for p in store.profiles.all()] == ["Ann"]
        assert store.profiles.bgstats() == {} and store.profiles.by_bgstats(ANNA.replace("-", "").lower()) is None
    finally:
        store.close()
