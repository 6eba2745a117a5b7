"""Every shape BG Stats writes, read back: files built field for field like a real BG Stats export (uppercase
uuids, every seat's seatOrder 0, scores as text: sums and blanks, "Anonymous player" seats, the Italian title
with BoardGameGeek's English name, expansion plays, other games, ignored plays)."""
from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from companion.bgstats import read_bgstats
from companion.games import KINDS
from db.store import Store
from scoring.errors import InputError
from tests.companion.test_bgstats import finished
from tests.companion.test_exchange import run

STAMP = "2026-10-01 18:00:00"


def game(ref: int, name: str, bgg_name: str = "", bgg_id: int = 0, expansion: int = 0) -> dict[str, Any]:
    return {"id": ref, "uuid": f"5D1C0000-0000-4000-8000-{ref:012d}", "name": name, "bggName": bgg_name,
            "bggId": bgg_id, "bggYear": 0, "highestWins": True, "noPoints": False, "cooperative": False,
            "usesTeams": False, "isBaseGame": 1, "isExpansion": expansion, "modificationDate": STAMP, "rating": 0,
            "copies": [], "designers": "", "metaData": "{}", "urlThumb": "", "urlImage": "", "minPlayerCount": 2,
            "maxPlayerCount": 5, "minPlayTime": 0, "maxPlayTime": 0, "minAge": 0, "preferredImage": 0}


def player(ref: int, name: str, anonymous: bool = False) -> dict[str, Any]:
    return {"id": ref, "uuid": f"A1630000-0000-4000-8000-{ref:012d}", "name": name, "isAnonymous": anonymous,
            "modificationDate": STAMP, "bggUsername": ""}


def play(n: int, game_ref: int, date: str, seats: list[tuple[int, str, bool]], *, expansions: tuple[int, ...] = (),
         ignored: bool = False) -> dict[str, Any]:
    """A play as BG Stats writes it: every seat's seatOrder is 0 (the order is the list's), ranks 0."""
    return {"uuid": uid(n), "gameRefId": game_ref, "playDate": date,
            "entryDate": date, "modificationDate": date, "durationMin": 35, "ignored": ignored, "manualWinner": False,
            "locationRefId": 1, "rounds": 0, "usesTeams": False, "bggId": 0, "importPlayId": 0, "nemestatsId": 0,
            "rating": 0, "scoringSetting": 0, "playImages": "[]",
            "expansionPlays": [{"gameRefId": ref, "bggId": 0} for ref in expansions],
            "playerScores": [{"playerRefId": p, "score": s, "winner": w, "seatOrder": 0, "rank": 0,
                              "startPlayer": i == 0, "newPlayer": False, "team": "0", "role": ""}
                             for i, (p, s, w) in enumerate(seats)]}


def uid(n: int) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"bgstats-play-{n}")).upper()


def guest(n: int, seat: int, whole: bool = False) -> str:
    return f"Anonymous player {uid(n).replace('-', '')[:None if whole else 10]}-{seat}"


def export(plays: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "groups": [], "tags": [], "challenges": [], "userInfo": {"meRefId": 2},
        "games": [game(11, "Origami", "Origami"), game(12, "Origami: Leggende", "Origami Legends"),
                  game(13, "Azul", "Azul", 230802), game(14, "Origami Leggende (ed. italiana)", "Origami Legends")],
        "players": [player(1, "Anonymous player", anonymous=True), player(2, "Anna"), player(3, "Bruno"),
                    player(4, "Carla")],
        "locations": [{"id": 1, "uuid": "C8F5F1E4-5FF8-4A79-80C8-C91DFBF817C3", "name": "Home",
                       "modificationDate": STAMP}],
        "plays": plays,
    }


PLAYS = [
    play(1, 11, "2026-10-02 20:15:00", [(2, "5+4+3+10", True), (3, "24-12", False)]),  # 22 v 12
    play(2, 12, "2026-10-03 20:15:00", [(4, " -10 + 7 + 22 ", False), (2, "40", True), (3, "19", False)]),  # 19
    play(3, 11, "2026-10-04 20:15:00", [(2, "", False), (4, "", True)]),  # kept only who won
    play(4, 11, "2026-10-05 20:15:00", [(1, "30", True), (2, "28", False), (1, "12", False)]),  # two guests
    play(5, 11, "2026-10-06 20:15:00", [(2, "33", False), (3, "41", True)], expansions=(12,)),  # with Legends
    play(6, 13, "2026-10-06 22:15:00", [(2, "60", True), (3, "52", False)]),  # Azul
    play(7, 11, "2026-10-07 20:15:00", [(2, "10", True), (3, "8", False)], ignored=True),
    play(8, 14, "2026-10-08 20:15:00", [(1, "44", True), (3, "40", False)]),  # another guest
]


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_every_shape_bg_stats_writes_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    path = write(tmp_path / "BGStatsExport.json", export(PLAYS))
    code, out, err = run(capsys, "--db", url, "import", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "BG Stats file: 6 Origami plays to add (1 play of other games; 1 marked ignored left out)"
    assert lines[1].startswith("  1 of the plays kept only who won: they join with their winners and ranks, points "
                               "unknown")
    guests = [guest(4, 1), guest(4, 3), guest(8, 1)]
    width = len(guests[0])
    assert sorted(lines[2:-1]) == sorted([*[f"  {n:<{width}} → {n} (a new profile)" for n in ("Anna", "Bruno", "Carla")],
                                          *[f"  {g:<{width}} → a guest (a new profile of their own)" for g in guests]])
    assert lines[-1] == "6 games added, 0 already here"
    assert sorted(finished(url), key=str) == sorted([
        ("origami", (("Anna", None, 2, False), ("Carla", None, 1, True))),  # kept only who won: points unknown
        ("origami", (("Anna", 22, 1, True), ("Bruno", 12, 2, False))),
        ("legends", (("Carla", 19, 2, False), ("Anna", 40, 1, True), ("Bruno", 19, 2, False))),
        ("origami", ((guests[0], 30, 1, True), ("Anna", 28, 2, False), (guests[1], 12, 3, False))),
        ("mixed", (("Anna", 33, 2, False), ("Bruno", 41, 1, True))),
        ("legends", ((guests[2], 44, 1, True), ("Bruno", 40, 2, False))),
    ], key=str)


def test_guests_are_never_one_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two anonymous seats at one table, and anonymous seats in two plays: each its own guest."""
    reading = read_bgstats(export([PLAYS[3], PLAYS[7]]), "f")
    seats = [n for p in reading.plays for n, g in zip(p.players, p.guests, strict=True) if g]
    assert seats == [guest(4, 1), guest(4, 3), guest(8, 1)]
    # Two plays whose uuids begin alike: their guests take the whole uuid, and stay apart.
    other = export([PLAYS[3], {**PLAYS[7], "uuid": uid(4)[:-1] + ("0" if uid(4)[-1] != "0" else "1")}])
    seats = [n for p in read_bgstats(other, "f").plays for n, g in zip(p.players, p.guests, strict=True) if g]
    assert len(seats) == len(set(seats)) == 3 and seats[:2] == [guest(4, 1, whole=True), guest(4, 3, whole=True)]
    url = f"sqlite:///{tmp_path}/a.db"
    code, out, err = run(capsys, "--db", url, "import", str(write(tmp_path / "g.json", other)))
    assert code == 0, err
    store = Store.open(url, KINDS)
    try:
        assert sorted(p.name for p in store.profiles.all() if p.name.startswith("Anonymous")) == sorted(seats)
    finally:
        store.close()
    # Once here, a guest is asked about no more than a new player: importing again adds nothing and asks nothing.
    code, out, _ = run(capsys, "--db", url, "import", str(tmp_path / "g.json"))
    assert code == 0 and out.strip().endswith("0 games added, 2 already here")


def test_a_play_that_kept_only_who_won_is_read_with_its_winners(tmp_path: Path) -> None:
    reading = read_bgstats(export(PLAYS), "f")
    [kept] = [p for p in reading.plays if not p.points_known]
    assert kept.players == ("Anna", "Carla") and kept.scores == (None, None) and kept.winners == (False, True)
    assert reading.winners_only == ()  # an Origami play joins: only Origin Story's are left out


def test_points_unknown_count_in_games_wins_and_ratings_not_in_averages(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Carla: 19 points in one game, a win with points unknown in another. Her average stays 19 (said so),
    her wins count it, the head-to-head and ratings count it; it goes round through both exports."""
    url = f"sqlite:///{tmp_path}/a.db"
    path = write(tmp_path / "BGStatsExport.json", export(PLAYS))
    assert run(capsys, "--db", url, "import", str(path))[0] == 0
    code, out, _ = run(capsys, "--db", url, "history", "Carla", "--json")
    stats = json.loads(out)
    assert code == 0 and (stats["games"], stats["wins"], stats["average"], stats["best"]) == (2, 1, 19.0, 19)
    assert stats["points_unknown"] == 1 and [t["score"] for t in stats["trend"]] == [19]
    code, out, _ = run(capsys, "--db", url, "history", "Carla")
    assert "1 game with points unknown (BG Stats plays that kept only who won)" in out
    code, out, _ = run(capsys, "--db", url, "history", "Carla", "--vs", "Anna", "--json")
    assert json.loads(out)["games"] == 2 and json.loads(out)["a_ahead"] == 1  # the winners-only game counts
    code, out, _ = run(capsys, "--db", url, "history", "--ratings", "--json")
    assert code == 0 and "Carla" in out
    store = Store.open(url, KINDS)
    try:
        blank = next(g for g in store.games.all(status="finished") if store.results.of(g.id)[0]["score"] is None)
        from db.ratings import stored

        assert any(blank.id in {g for g, _ in steps} for steps in stored(store.database).trend.values())
    finally:
        store.close()
    own = tmp_path / "own.json"
    assert run(capsys, "--db", url, "export", str(own))[0] == 0
    other = f"sqlite:///{tmp_path}/b.db"
    code, out, err = run(capsys, "--db", other, "import", str(own))
    assert code == 0, err
    assert sorted(finished(other), key=str) == sorted(finished(url), key=str)
    bg = tmp_path / "bg.json"
    assert run(capsys, "--db", url, "export", "--bgstats", str(bg))[0] == 0
    plays = json.loads(bg.read_text(encoding="utf-8"))["plays"]
    # BG Stats' way for a play without points: no score at all (createPlay documents a number), never ""
    assert sum(all("score" not in s for s in p["playerScores"]) for p in plays) == 1
    assert all(s.get("score") != "" for p in plays for s in p["playerScores"])


@pytest.mark.parametrize(("text", "points"), [
    ("52", 52), (" 52 ", 52), ("5+4+3", 12), ("24-12", 12), ("-10+7+22", 19), ("- 3", -3), ("+7", 7),
    ("2+7+8+9-20+2+6-20+9+18+21+27-60+2+7+9+10-20+7+8+10-20", 22), ("0", 0)])
def test_a_score_written_as_a_sum_is_worked_out(text: str, points: int) -> None:
    data = export([play(1, 11, "2026-10-02 20:15:00", [(2, text, True), (3, "-1000", False)])])
    assert read_bgstats(data, "f").plays[0].scores[0] == points


@pytest.mark.parametrize("text", ["5*3", "2**8", "1e3", "47.3", "__import__('os')", "5+", "+-5", "٣", "0x10",
                                  "1" * 13, "9" * 7 + "+" + "9" * 7, "1+" * 150 + "1"])
def test_nothing_but_whole_numbers_added_and_taken_away_is_a_score(text: str) -> None:
    data = export([play(1, 11, "2026-10-02 20:15:00", [(2, text, True), (3, "1", False)])])
    with pytest.raises(InputError, match="a whole number of points is needed, or a sum of them"):
        read_bgstats(data, "f")


def test_some_blank_scores_among_others_are_refused_with_who(tmp_path: Path) -> None:
    data = export([play(1, 11, "2026-10-02 20:15:00", [(2, "40", True), (3, "", False)])])
    with pytest.raises(InputError, match="Bruno has no score while others have one"):
        read_bgstats(data, "f")
    data = export([play(1, 11, "2026-10-02 20:15:00", [(2, "", False), (3, "", False)])])
    with pytest.raises(InputError, match="no scores and no winner"):
        read_bgstats(data, "f")


def test_games_are_found_by_name_bgg_name_or_italian_title() -> None:
    data = export([play(1, 12, "2026-10-02 20:15:00", [(2, "40", True), (3, "39", False)]),
                   play(2, 14, "2026-10-03 20:15:00", [(2, "40", True), (3, "39", False)]),
                   play(3, 15, "2026-10-04 20:15:00", [(2, "40", True), (3, "39", False)]),
                   play(4, 12, "2026-10-05 20:15:00", [(2, "40", True), (3, "39", False)], expansions=(11,))])
    data["games"].append(game(15, "Mein Origami", "Origami"))  # renamed in the app: BoardGameGeek's name tells
    assert [p.variant for p in read_bgstats(data, "f").plays] == ["legends", "legends", "origami", "mixed"]
