"""BG Stats' export file both ways, and the history as CSV: a round trip keeps every finished game's players,
points, ranks and winners; importing twice adds nothing; players join existing profiles only once agreed; a
bad file is refused and changes nothing."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.games import KINDS
from companion.origami.render import sheet_text, stored_sheet
from companion.origami.statistics import figures as origami_figures
from db.store import Store
from scoring.origami.sheet_words import SCORES_ONLY
from screens.origami.sheet import sheet_text as screen_sheet
from tests.companion.test_exchange import history, run


def finished(url: str) -> list[tuple[str, tuple[tuple[str, int, int, bool], ...]]]:
    """Each finished game as BG Stats can hold it: variant, and per seat name, points, rank, winner."""
    store = Store.open(url, KINDS)
    try:
        return sorted(((g.variant, tuple((r["name"], r["score"], r["rank"], r["winner"]) for r in store.results.of(g.id)))
                       for g in store.games.all(status="finished")), key=str)  # str: points may be unknown (None)
    finally:
        store.close()


def bgstats_file(plays: list[dict[str, Any]]) -> dict[str, Any]:
    """A file as BG Stats writes it, with another game and more fields than the companion reads."""
    return {
        "userInfo": {"meRefId": 1},
        "games": [{"id": 7, "name": "Origami", "bggId": 0, "highestWins": True},
                  {"id": 8, "name": "Origami Legends"}, {"id": 9, "name": "Azul", "bggId": 230802}],
        "players": [{"id": 1, "name": "Anna", "isAnonymous": False}, {"id": 2, "name": "Bruno"},
                    {"id": 3, "name": "Carla"}],
        "locations": [{"id": 1, "name": "Home"}],
        "plays": plays,
    }


def play(game: int, date: str, *scores: tuple[int, str, bool], uid: str | None = None,
         **more: Any) -> dict[str, Any]:
    return {"uuid": uid, "gameRefId": game, "playDate": date, "durationMin": 40, "locationRefId": 1,
            "playerScores": [{"playerRefId": p, "score": s, "winner": w, "seatOrder": i, "rank": 0}
                             for i, (p, s, w) in enumerate(scores)], **more}


PLAYS = [
    play(7, "2026-10-02 20:15:00", (1, "48", True), (2, "41", False), uid="6a0a8f0e-0f5e-4c36-9b43-1d1c1f3f8a01"),
    play(8, "2026-10-09 21:00:00", (2, "55", False), (3, "55", True), (1, "30", False),  # tie broken by hands
         uid="6a0a8f0e-0f5e-4c36-9b43-1d1c1f3f8a02"),
    play(7, "2026-10-16 19:30:00", (1, "39", False), (3, "44", False)),  # no uuid, winners left to BG Stats
    play(9, "2026-10-16 22:00:00", (1, "60", True), (2, "52", False)),  # another game
    play(7, "2026-10-20 20:00:00", (1, "10", True), (2, "8", False), ignored=True),
]


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_companions_games_go_to_bgstats_and_come_back_the_same(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = f"sqlite:///{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"
    history(source)
    export = tmp_path / "bgstats.json"
    code, out, _ = run(capsys, "--db", source, "export", "--bgstats", str(export))
    assert code == 0 and out.strip() == f"2 finished games written to {export}"  # the game in play stays out
    data = json.loads(export.read_text(encoding="utf-8"))
    assert {g["name"] for g in data["games"]} == {"Origami", "Origami Legends"}
    assert all(g["highestWins"] and not g["noPoints"] and g["bggId"] == 0 for g in data["games"])
    names = {p["id"]: p["name"] for p in data["players"]}
    quick = next(p for p in data["plays"] if {names[s["playerRefId"]] for s in p["playerScores"]} == {"P1", "Zoë"})
    assert [(names[s["playerRefId"]], s["score"], s["winner"], s["seatOrder"]) for s in quick["playerScores"]] == [
        ("P1", "3", True, 0), ("Zoë", "0", False, 1)]
    assert quick["comments"] == "Families: farm, sky"
    # Into an empty history: new profiles only, so nobody is asked.
    code, out, _ = run(capsys, "--db", target, "import", str(export))
    assert code == 0 and out.strip().endswith("2 games added, 0 already here"), out
    assert finished(target) == finished(source)
    code, out, _ = run(capsys, "--db", target, "import", str(export))
    assert code == 0 and out.strip().endswith("0 games added, 2 already here")
    # Back into the history it came from: every play is recognised by its id.
    code, out, _ = run(capsys, "--db", source, "import", "--yes", str(export))
    assert code == 0 and out.strip().endswith("0 games added, 2 already here")
    assert finished(source) == finished(target)


def test_a_bgstats_file_adds_its_origami_plays_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    export = write(tmp_path / "BGStatsExport.json", bgstats_file(PLAYS))
    code, out, err = run(capsys, "--db", url, "import", str(export))
    assert code == 0, err
    assert out.splitlines() == [
        "BG Stats file: 3 Origami plays to add (1 play of other games; 1 marked ignored left out)",
        "  Anna  → Anna (a new profile)", "  Bruno → Bruno (a new profile)", "  Carla → Carla (a new profile)",
        "3 games added, 0 already here"]
    assert finished(url) == [
        ("legends", (("Bruno", 55, 2, False), ("Carla", 55, 1, True), ("Anna", 30, 3, False))),
        ("origami", (("Anna", 39, 2, False), ("Carla", 44, 1, True))),
        ("origami", (("Anna", 48, 1, True), ("Bruno", 41, 2, False))),
    ]
    store = Store.open(url, KINDS)
    try:
        legends = next(g for g in store.games.all() if g.variant == "legends")
        assert legends.source == "bgstats" and legends.tie_break == "hand" and legends.families == ()
        assert f"{legends.started_at:%Y-%m-%d %H:%M}" == "2026-10-09 21:00"
        assert (legends.finished_at - legends.started_at).total_seconds() == 40 * 60  # type: ignore[operator]
        text = sheet_text(stored_sheet(store.results.of(legends.id), legends.tie_break))
        assert "1. Carla: 55 points\n" in text and "in hand" not in text.split("\n")[0] and SCORES_ONLY in text
        drawn = screen_sheet(stored_sheet(store.results.of(legends.id), legends.tie_break)).plain  # the app's view
        assert "in hand" not in drawn.split("\n")[0] and SCORES_ONLY in drawn and "None" not in drawn
        stats = origami_figures(store.stats.player("Carla")).overall
        assert (stats.games, stats.wins) == (2, 2)
    finally:
        store.close()
    # Read again (the play without a uuid too): nothing new.
    code, out, _ = run(capsys, "--db", url, "import", "--yes", str(export))
    assert code == 0 and out.strip().endswith("0 games added, 3 already here")


def test_players_join_profiles_already_here_only_once_agreed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    assert run(capsys, "--db", url, "players", "add", "anna")[0] == 0
    export = write(tmp_path / "bg.json", bgstats_file(PLAYS[:1]))
    # Nobody to ask (not a terminal): refused, with what would happen.
    code, out, err = run(capsys, "--db", url, "import", str(export))
    assert code == 2 and out == ""
    assert "  Anna  → anna (a profile already here)" in err and "--yes" in err and "nothing was imported" in err
    assert finished(url) == []
    # Asked at a terminal: "no" adds nothing, "yes" adds the play to anna's games.
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    answers = iter(["n", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    code, out, _ = run(capsys, "--db", url, "import", str(export))
    assert code == 0 and out.strip().endswith("Nothing imported.") and finished(url) == []
    code, out, _ = run(capsys, "--db", url, "import", str(export))
    assert code == 0 and out.splitlines()[1:] == [
        "  Anna  → anna (a profile already here)", "  Bruno → Bruno (a new profile)", "1 game added, 0 already here"]
    assert finished(url) == [("origami", (("anna", 48, 1, True), ("Bruno", 41, 2, False)))]


def test_a_bgstats_player_can_be_sent_to_another_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    run(capsys, "--db", url, "players", "add", "Anna")
    export = write(tmp_path / "bg.json", bgstats_file(PLAYS[:1]))
    code, out, _ = run(capsys, "--db", url, "import", "--as", "anna=Anna K.", str(export))  # all new: not asked
    assert code == 0 and "Anna  → Anna K. (a new profile)" in out
    assert finished(url) == [("origami", (("Anna K.", 48, 1, True), ("Bruno", 41, 2, False)))]
    code, _, err = run(capsys, "--db", url, "import", "--as", "Dora=Anna", str(export))
    assert code == 2 and "no player 'Dora' in the file's plays of the companion's games" in err


def test_a_play_sent_from_the_companion_is_not_added_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BG Stats gives a play it received from the companion's QR code its own id: the same players with the
    same points within a day is the same game."""
    url = f"sqlite:///{tmp_path}/a.db"
    history(url)
    store = Store.open(url, KINDS)
    try:
        quick = next(g for g in store.games.all(status="finished") if g.source == "quick")
    finally:
        store.close()
    assert quick.finished_at is not None
    data = bgstats_file([play(7, f"{quick.finished_at:%Y-%m-%d %H:%M:%S}", (1, "3", True), (2, "0", False),
                              uid="11111111-2222-4333-8444-555555555555")])
    data["players"] = [{"id": 1, "name": "P1"}, {"id": 2, "name": "zoë"}]
    code, out, _ = run(capsys, "--db", url, "import", "--yes", str(write(tmp_path / "bg.json", data)))
    assert code == 0 and f"1 the same as game {quick.id} left out" in out
    assert out.strip().endswith("0 games added, 1 already here")


def bad(how: str) -> Any:
    plays = [dict(p) for p in PLAYS]
    if how == "score":
        plays[0] = play(7, "2026-10-02 20:15:00", (1, "lots", True), (2, "41", False))
    elif how == "winner":
        plays[0] = play(7, "2026-10-02 20:15:00", (1, "40", True), (2, "41", False))
    elif how == "player":
        plays[0] = play(7, "2026-10-02 20:15:00", (1, "48", True), (5, "41", False))
    elif how == "date":
        plays[0] = play(7, "last Tuesday", (1, "48", True), (2, "41", False))
    elif how == "twice":
        plays[0] = play(7, "2026-10-02 20:15:00", (1, "48", True), (1, "41", False))
    elif how == "alone":
        plays[0] = play(7, "2026-10-02 20:15:00", (1, "48", True))
    elif how == "uuid":
        plays[1]["uuid"] = plays[0]["uuid"]
    elif how == "refs":
        plays[0] = {**plays[0], "gameRefId": "Origami"}
    return bgstats_file(plays)


@pytest.mark.parametrize(("how", "message"), [
    ("score", "play 1 (2026-10-02 20:15): Anna: score 'lots': a whole number of points is needed"),
    ("winner", "Anna won without the most points"),
    ("player", "player 5 is not in the file's players"),
    ("date", 'play 1: playDate: a date and time such as "2026-11-21 20:00:00"'),
    ("twice", "a name sits at the table twice (Anna, Anna)"),
    ("alone", "playerScores: at least two players"),
    ("uuid", "a play is listed twice (the same uuid)"),
    ("refs", "play 1: gameRefId: a whole number is needed"),
])
def test_a_bad_bgstats_file_is_refused_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, message: str) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    Store.open(url, KINDS).close()
    path = write(tmp_path / "bg.json", bad(how))
    code, out, err = run(capsys, "--db", url, "import", "--yes", str(path))
    assert code == 2 and out == "" and message in err and str(path) in err, err
    assert finished(url) == []


def test_an_imported_play_travels_in_the_companions_own_format(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = f"sqlite:///{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"
    run(capsys, "--db", first, "import", str(write(tmp_path / "bg.json", bgstats_file(PLAYS))))
    own = tmp_path / "own.json"
    assert run(capsys, "--db", first, "export", str(own))[0] == 0
    assert all(r["hand"] is None for g in json.loads(own.read_text(encoding="utf-8"))["games"] for r in g["results"])
    code, out, _ = run(capsys, "--db", second, "import", str(own))
    assert code == 0 and out.strip() == "3 games added, 0 already here"
    assert finished(second) == finished(first)


def test_the_history_as_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    history(url)
    run(capsys, "--db", url, "import", "--yes", str(write(tmp_path / "bg.json", bgstats_file(PLAYS[:1]))))
    path = tmp_path / "history.csv"
    monkeypatch.setenv("TZ", "Europe/Rome")  # the times as the screens show them: the user's, with the zone
    code, out, _ = run(capsys, "--db", url, "export", "--csv", str(path))
    assert code == 0 and out.strip() == f"3 finished games written to {path}"
    assert path.read_text(encoding="utf-8").startswith("\ufeffgame,")  # the BOM a spreadsheet reads UTF-8 by
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    assert len(rows) == 6  # two seats in each finished game; the game in play is left out
    quick = [r for r in rows if r["source"] == "quick"]
    assert [(r["seat"], r["player"], r["score"], r["rank"], r["winner"], r["hand"], r["families"])
            for r in quick] == [("1", "P1", "3", "1", "yes", "2", "farm sky"), ("2", "Zoë", "0", "2", "no", "0",
                                                                          "farm sky")]
    imported = [r for r in rows if r["source"] == "bgstats"]
    assert [(r["finished"], r["variant"], r["player"], r["hand"], r["game_name"]) for r in imported] == [
        ("2026-10-02 22:55 CEST", "Origami", "Anna", "", "Origami"),
        ("2026-10-02 22:55 CEST", "Origami", "Bruno", "", "Origami")]
    logged = [r for r in rows if r["source"] == "log"]
    assert len(logged) == 2 and logged[0]["variant"] == "Origami Legends" and logged[0]["minutes"].isdigit()
