"""Each crash the reliability audit found in a file a person hands over, kept as a case: the answer is exit 2 with
a message naming the file and the field, never exit 3. (tests/companion/test_fuzz.py looks for more of them.)"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.companion.test_bgstats import bgstats_file, play
from tests.companion.test_exchange import history, run

TABLE = {"game": "legends", "players": [{"name": "Ann", "collections": [["Phoenix"], []], "hand": 1},
                                        {"name": "Bob", "collections": [[], []], "hand": 1}]}


@pytest.mark.parametrize(("text", "message"), [
    (json.dumps(TABLE).replace('"hand": 1', '"hand": ' + "9" * 4301, 1), "(4301 digits) is too large"),
    (json.dumps(TABLE).replace('"hand": 1', f'"hand": {2**64}', 1), f"the number {2**64} is too large"),
    (json.dumps({**TABLE, "cards": {"Phoenix": {"effect": []}}}), "cards.Phoenix.effect: must be one of"),
    (json.dumps({**TABLE, "cards": {"Phoenix": {"effect": {}}}}), "cards.Phoenix.effect: must be one of"),
    (json.dumps({**TABLE, "cards": {"Phoenix": {"steps": [[1]]}}}), "cards.Phoenix.steps: must be a list drawn"),
    (json.dumps({**TABLE, "cards": {"Phoenix": {"scoring": {"template": []}}}}), "unknown scoring template []"),
])
def test_a_hostile_table_file_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                           message: str) -> None:
    path = tmp_path / "table.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and out == "" and str(path) in err and message in err, err


@pytest.mark.parametrize(("toml", "message"), [
    ("effect = []", "card 1 (Phoenix).effect: must be one of"),
    ("effect = {}", "card 1 (Phoenix).effect: must be one of"),
    ("steps = [[1]]", "card 1 (Phoenix).steps: must be a list drawn"),
    ('scoring = { template = [] }', "unknown scoring template []"),
    ('game = "legends"\nkind = "origami"\nfamily = "legendary"\nunknown = [[1]]', "'unknown' cannot be set"),
])
def test_a_hostile_catalogue_file_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], toml: str,
                                               message: str) -> None:
    path = tmp_path / "mine.toml"
    name = "Kraken" if "game" in toml else "Phoenix"
    path.write_text(f'[[card]]\nname = "{name}"\n{toml}\n', encoding="utf-8")
    table = tmp_path / "table.json"
    table.write_text(json.dumps(TABLE), encoding="utf-8")
    code, out, err = run(capsys, "--catalog", str(path), "score", str(table))
    assert code == 2 and out == "" and str(path) in err and message in err, err


def _bg(how: str) -> dict[str, Any]:
    data = bgstats_file([play(7, "2026-11-20 19:00:00", (1, "52", True), (2, "48", False))])
    p = data["plays"][0]
    if how == "score 2**64":
        p["playerScores"][0]["score"] = 2**64
    elif how == "score text 2**64":
        p["playerScores"][0]["score"] = str(2**64)
    elif how == "seatOrder":
        p["playerScores"][0]["seatOrder"] = "first"
    elif how == "durationMin":
        p["durationMin"] = 10**12
    elif how == "year 1":
        p["playDate"] = "0001-01-01 00:00:00"
    elif how == "overflow":
        p["playDate"], p["durationMin"] = "9999-12-31 23:00:00", 120
    return data


@pytest.mark.parametrize(("how", "message"), [
    ("score 2**64", "the number 18446744073709551616 is too large"),
    ("score text 2**64", "score '18446744073709551616': a whole number of points is needed"),
    ("seatOrder", "seatOrder 'first': a whole number is needed"),
    ("durationMin", "durationMin: a whole number of minutes from 0 to"),
    ("overflow", "is not a date a play can have"),
    ("year 1", "is not a date a play can have"),
])
def test_a_hostile_bgstats_file_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str,
                                             message: str) -> None:
    path = tmp_path / "bg.json"
    path.write_text(json.dumps(_bg(how)), encoding="utf-8")
    code, out, err = run(capsys, "--db", f"sqlite:///{tmp_path}/c.db", "import", "--yes", str(path))
    assert code == 2 and out == "" and str(path) in err and message in err, err


def _own(data: dict[str, Any], how: str) -> str:
    logged = next(g for g in data["games"] if g["source"] == "log")
    quick = next(g for g in data["games"] if g["source"] == "quick")
    if how == "players a number":
        logged["events"][0]["payload"]["players"] = 2
    elif how == "seq beyond 64 bits":
        logged["events"][0]["seq"] = 2**64
    elif how == "digits":
        return json.dumps(data).replace('"seq": 1,', '"seq": ' + "1" * 4301 + ",", 1)
    elif how == "sheet {}":
        quick["results"][0]["sheet"] = {}
    elif how == "score beyond 32 bits":
        quick["results"][0]["score"] = 2**40
    elif how == "a winner with fewer points":
        low = min(range(2), key=lambda i: quick["results"][i]["score"])
        for i, r in enumerate(quick["results"]):
            r["winner"] = i == low
    elif how == "year 1":
        quick["started_at"] = "0001-01-01T00:00:00-23:59"
    elif how == "finished, never ended":
        logged["events"] = logged["events"][:12]
    elif how == "setup differs from the log":
        logged["families"] = list(reversed(logged["families"]))
    return json.dumps(data)


@pytest.mark.parametrize(("how", "message"), [
    ("players a number", "game_started: players must be a list of text, not 2"),
    ("seq beyond 64 bits", "the number 18446744073709551616 is too large"),
    ("digits", "(4301 digits) is too large"),
    ("sheet {}", "result 1: the score sheet's name must be text"),
    ("score beyond 32 bits", "result 1: score, rank and hand: at most 1,000,000"),
    ("a winner with fewer points", "a winner has fewer points than"),
    ("year 1", "started_at: '0001-01-01T00:00:00-23:59' is not a time a game can have"),
    ("finished, never ended", 'status is "finished" but the log never reaches the end of the game'),
    ("setup differs from the log", "the game's families differ from the setup its log starts with"),
])
def test_a_hostile_companion_export_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str,
                                                 message: str) -> None:
    source = f"sqlite:///{tmp_path}/a.db"
    history(source)
    export = tmp_path / "games.json"
    run(capsys, "--db", source, "export", str(export))
    path = tmp_path / "bad.json"
    path.write_text(_own(json.loads(export.read_text(encoding="utf-8")), how), encoding="utf-8")
    code, out, err = run(capsys, "--db", f"sqlite:///{tmp_path}/b.db", "import", str(path))
    assert code == 2 and out == "" and str(path) in err and message in err, err


def test_a_null_value_in_a_table_s_cards_means_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """null is "this card has none" (as for a hand modifier): for the extra actions' costs too, not a crash."""
    path = tmp_path / "table.json"
    path.write_text(json.dumps({**TABLE, "cards": {"Phoenix": {"extra_action_costs": None, "points": 4}}}))
    code, out, err = run(capsys, "score", str(path))
    assert code == 0 and "Winner: Ann" in out, err
