"""`export --bgstats` and `share --save` read the way the public readers of BG Stats files read them, each reader's
lookups written down below with its source (no network), a missing field being a KeyError (or, for the C# one, an
exception) where theirs would crash:

- bgstats-merger: userInfo.meRefId must name a player (then .bggUsername || .name); games keyed by bggId, players,
  locations and plays by uuid.
- bgstats-wrapped: every game's bggId and name; every play's playDate, gameRefId, ignored; every seat's
  playerRefId, winner, startPlayer.
- a `.bgsplay` year summary (Python, `year_json = json.load(…)`): every player's isAnonymous; every game's
  minPlayTime and maxPlayTime (`(game['minPlayTime'] + game['maxPlayTime']) / 2`); every play's ignored,
  gameRefId, playDate, playerScores; every seat's playerRefId and newPlayer (the owner's first play of a game);
  `len(players) - 2` friends (the owner and the anonymous player).
- Hermod.BGstats `PlayFile.MapToPlay` (C#, a `.bgsplay` single-play file): the first play's location by
  locationRefId (`?? throw` without one) and its game by gameRefId; every game's urlThumb, urlImage, bggName,
  bggYear, bggId, designers, isBaseGame, isExpansion, rating, minPlayerCount, maxPlayerCount, minPlayTime,
  maxPlayTime, minAge; each seat's player by playerRefId (`.First()`), with isAnonymous and bggUsername."""
from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from companion.bgstats import read_bgstats
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


GAME_KEYS = ("minPlayTime", "maxPlayTime", "minPlayerCount", "maxPlayerCount", "minAge", "metaData", "preferredImage",
             "urlImage", "urlThumb")  # what every game of a real BG Stats export carries


def summarise_like_the_year_summary(data: dict[str, Any]) -> dict[str, Any]:
    """What the `.bgsplay` year summary looks up, looked up the same way."""
    me = data["userInfo"]["meRefId"]
    anonymous = None
    for player in data["players"]:
        if player["isAnonymous"]:
            anonymous = player["id"]
    games = {g["id"]: {"name": g["name"], "plays": 0, "players": set(), "first": False,
                       "average": (g["minPlayTime"] + g["maxPlayTime"]) / 2} for g in data["games"]}
    for play in data["plays"]:
        if play["ignored"]:
            continue
        game = games[play["gameRefId"]]
        game["plays"] += 1
        play["playDate"].split(" ")[0]
        for seat in play["playerScores"]:
            if seat["playerRefId"] != anonymous:
                game["players"].add(seat["playerRefId"])
            if seat["playerRefId"] == me and seat["newPlayer"]:
                game["first"] = True
    return {"friends": len(data["players"]) - 2, "games": {g["name"]: g for g in games.values()}}


def map_like_hermod(data: dict[str, Any]) -> dict[str, Any]:
    """What Hermod.BGstats' PlayFile.MapToPlay looks up of a single-play file, looked up the same way."""
    play = data["plays"][0]
    location = next(loc for loc in data["locations"] if loc["id"] == play["locationRefId"])  # ?? throw
    game = next(g for g in data["games"] if g["id"] == play["gameRefId"])
    fields = ("urlThumb", "urlImage", "bggName", "bggYear", "bggId", "designers", "isBaseGame", "isExpansion",
              "rating", "minPlayerCount", "maxPlayerCount", "minPlayTime", "maxPlayTime", "minAge")
    games = [{k: g[k] for k in ("uuid", "name", "modificationDate", "cooperative", "highestWins", "noPoints",
                                "usesTeams", *fields)} for g in data["games"]]
    seats = [(next(p for p in data["players"] if p["id"] == s["playerRefId"]), s) for s in play["playerScores"]]
    return {"location": location["name"], "game": next(g for g in games if g["uuid"] == game["uuid"]),
            "board": play["board"], "seats": [(p["name"], p["isAnonymous"], p["bggUsername"], s.get("score"),
                                               s["newPlayer"], s["role"]) for p, s in seats]}


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
    assert code == 0 and out.strip() == f"3 finished games written to {path}", err
    data = json.loads(path.read_text(encoding="utf-8"))
    read = index_like_the_public_readers(data)
    # The owner is the player at the most tables: P1 sits at all three.
    assert read["owner"] == "P1"
    # No source the project keeps confirms a BoardGameGeek id for these games: 0, as BG Stats writes, never invented.
    assert set(read["games_by_bgg"]) == {0}
    assert all(key in g for g in data["games"] for key in GAME_KEYS)
    origami = next(g for g in data["games"] if g["name"] == "Origami")
    assert (origami["minPlayerCount"], origami["maxPlayerCount"], origami["minAge"]) == (2, 4, 8)
    summary = summarise_like_the_year_summary(data)
    assert summary["games"]["Origami"]["plays"] == 2 and summary["games"]["Origami"]["first"]  # P1's first Origami
    assert summary["friends"] == len(data["players"]) - 2
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
    assert families(target) == families(url) and ("farm", "polar") in families(target)  # back from the board


def families(url: str) -> list[tuple[str, ...]]:
    """Each finished game's families (the game's set-up)."""
    store = Store.open(url, KINDS)
    try:
        return sorted(g.families for g in store.games.all(status="finished"))
    finally:
        store.close()


@pytest.mark.parametrize(("board", "families"), [
    ("Families: farm, sky", ("farm", "sky")), ("Families: Farm ,  SKY", ("farm", "sky")),
    ("Families: farm, dragons", ()), ("Families: farm", ()), ("Families: farm, farm", ()), ("farm, sky", ()),
    ("", ())])
def test_only_a_board_naming_the_families_of_the_play_gives_its_families(board: str,
                                                                       families: tuple[str, ...]) -> None:
    """A board BG Stats users typed themselves is their text: only the variant's families, one per player, are read."""
    data = {"games": [{"id": 1, "name": "Origami"}], "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
            "plays": [{"gameRefId": 1, "playDate": "2026-11-20 19:00:00", "board": board,
                       "playerScores": [{"playerRefId": 1, "score": "30", "seatOrder": 0},
                                        {"playerRefId": 2, "score": "20", "seatOrder": 1}]}]}
    (play,) = read_bgstats(data, "board.json").plays
    assert play.families == families


def test_without_a_location_every_play_still_names_one(url: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """An older reader looks up every play's location: with none set, the plays name one that says so."""
    path = tmp_path / "bg.json"
    assert run(capsys, "--db", url, "export", "--bgstats", str(path))[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [loc["name"] for loc in data["locations"]] == ["Not recorded"]
    assert all(p["locationRefId"] == 1 for p in data["plays"])
    index_like_the_public_readers(data)
    summarise_like_the_year_summary(data)


def test_a_play_file_is_read_by_every_public_reader(url: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """`share --save`'s single-play file, with no location set: Hermod maps it, the others read it."""
    path = tmp_path / "play.bgsplay"
    code, _, err = run(capsys, "--db", url, "share", "3", "--save", str(path))
    assert code == 0, err
    data = json.loads(path.read_text(encoding="utf-8"))
    mapped = map_like_hermod(data)
    assert mapped["location"] == "Not recorded"
    assert mapped["game"]["name"] == "Origami" and mapped["game"]["maxPlayerCount"] == 4
    assert mapped["board"] == "Families: farm, sky"  # the game's set-up, never a player's role
    assert [(name, anonymous, role) for name, anonymous, _, _, _, role in mapped["seats"]] == [
        ("P1", False, ""), ("Zoë", False, "")]
    index_like_the_public_readers(data)
    summarise_like_the_year_summary(data)
