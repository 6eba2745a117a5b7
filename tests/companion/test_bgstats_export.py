"""`export --bgstats` read the way the public readers of BG Stats files read it: bgstats-merger (userInfo.meRefId
must name a player; games keyed by bggId, players, locations and plays by uuid) and bgstats-wrapped (every game's
bggId and name; every play's playDate, gameRefId, ignored; every seat's playerRefId, winner, startPlayer).
A reader that indexes exactly those fields stops with a KeyError where theirs would crash."""
from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.render import sheet_json
from db.store import Store
from scoring.origami.sheet import score
from scoring.origami.table import parse_table
from tests.companion.test_bgstats import finished
from tests.companion.test_exchange import history, run
from tests.conftest import empty_seats

UPPER_UUID = re.compile(r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}")


def index_like_the_public_readers(data: dict[str, Any]) -> dict[str, Any]:
    """What bgstats-merger and bgstats-wrapped look up, looked up the same way (a missing field is a KeyError)."""
    players = {p["id"]: p for p in data["players"]}
    me = players[data["userInfo"]["meRefId"]]  # merger: the main file's owner, then .bggUsername || .name
    owner = me["bggUsername"] or me["name"]
    games_by_bgg = {g["bggId"]: g for g in data["games"]}  # merger: keyBy(games, 'bggId')
    games = {g["id"]: (g["bggId"], g["name"]) for g in data["games"]}  # wrapped: Game(game['bggId'], game['name'])
    locations = {loc["uuid"]: loc for loc in data["locations"]}
    locations_by_id = {loc["id"]: loc for loc in data["locations"]}
    by_uuid = {p["uuid"]: p for p in data["plays"]}
    plays = []
    for play in data["plays"]:
        year = datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S").year
        name = games[play["gameRefId"]][1]
        place = locations_by_id[play["locationRefId"]]["name"] if play.get("locationRefId") else None
        extra = [games[x["gameRefId"]][1] for x in play["expansionPlays"]]
        seats = [(players[s["playerRefId"]]["name"], s["score"], bool(s["winner"]) and not play["ignored"],
                  bool(s["startPlayer"])) for s in play["playerScores"]]
        plays.append((year, name, extra, place, seats))
    return {"owner": owner, "games_by_bgg": games_by_bgg, "locations": locations, "by_uuid": by_uuid,
            "plays": plays}


@pytest.fixture
def url(tmp_path: Path) -> str:
    """The history of test_exchange (a logged game, a game in play, a quick one) and a mixed game."""
    url = f"sqlite:///{tmp_path}/a.db"
    history(url)
    store = Store.open(url, KINDS)
    try:
        sheet = score(parse_table({"game": "mixed", "players": [
            {"name": "Ugo", "collections": [["Chick"], []], "hand": 1}, *empty_seats("P1")]}, shipped()))
        store.results.record(variant="mixed", players=["Ugo", "P1"], families=["farm", "polar"], characters=[],
                            rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origami")
    finally:
        store.close()
    return url


def test_the_export_is_read_by_what_the_public_readers_index(url: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--db", url, "share", "--location", "Casa di Anna")[0] == 0
    path = tmp_path / "bg.json"
    code, out, err = run(capsys, "--db", url, "export", "--bgstats", str(path))
    assert code == 0 and out.strip() == f"3 finished game(s) written to {path}", err
    data = json.loads(path.read_text(encoding="utf-8"))
    read = index_like_the_public_readers(data)
    # The owner is the player at the most tables: P1 sits at all three.
    assert read["owner"] == "P1"
    assert set(read["games_by_bgg"]) == {0}  # no BoardGameGeek id is known: 0, as BG Stats writes, never invented
    assert sorted(g["name"] for g in data["games"]) == ["Origami", "Origami Legends"]
    assert all(UPPER_UUID.fullmatch(u) for u in [*read["by_uuid"], *read["locations"],
                                                 *(p["uuid"] for p in data["players"]),
                                                 *(g["uuid"] for g in data["games"])])
    assert [loc["name"] for loc in read["locations"].values()] == ["Casa di Anna"]
    assert all(place == "Casa di Anna" for *_, place, _ in read["plays"])
    [mixed] = [(name, extra, seats) for _, name, extra, _, seats in read["plays"] if extra]
    assert mixed[0] == "Origami" and mixed[1] == ["Origami Legends"]  # Origami, with Legends as its expansion
    legends = next(g for g in data["games"] if g["name"] == "Origami Legends")
    assert legends["isExpansion"] == 1 and legends["isBaseGame"] == 1  # a standalone game that is also added on
    # Only the game recorded turn by turn knows who started: one seat of one play.
    assert [sum(start for *_, start in seats) for *_, seats in read["plays"]].count(1) == 1
    assert sum(start for *_, seats in read["plays"] for *_, start in seats) == 1
    # And back: the same games, the mixed one still mixed.
    target = f"sqlite:///{tmp_path}/b.db"
    code, out, err = run(capsys, "--db", target, "import", str(path))
    assert code == 0 and out.strip().endswith("3 games added, 0 already here"), err
    assert finished(target) == finished(url)
    assert ("mixed", (("Ugo", 3, 1, True), ("P1", 0, 2, False))) in finished(target)


def test_without_a_location_no_place_is_written(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bg.json"
    assert run(capsys, "--db", url, "export", "--bgstats", str(path))[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["locations"] == [] and all("locationRefId" not in p for p in data["plays"])
    index_like_the_public_readers(data)
