"""`companion origin …` (ORIGIN_STORY.md §7): the golden cases as files through the command line, in the
documented JSON shapes, with the documented exit codes; bad input named, never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion import languages
from scoring import i18n
from scoring.origin.rules import RULES, translated
from tests.companion.test_catalog_cli import run

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def file(tmp_path: Path) -> Any:
    def write(data: Any, name: str = "round.json") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)
    return write


def table(tricks: list[Any], players: list[str] = FOUR, dealer: str = "Dan", **more: Any) -> dict[str, Any]:
    return {"game": "origin-story", "format": 1, "mode": "table", "players": players, "round": 1,
            "dealer": dealer, "tricks": tricks, **more}


def origin(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code, out, err = run(capsys, "origin", *argv, "--json")
    return code, (json.loads(out) if out else None), err


def test_g6_g7_winners_and_reasons(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, err = origin(capsys, "trick", file(table([["Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br"],
                                                            ["Bob 12st", "Cat 13st", "Dan 1lv", "Ann 10st"]])))
    assert code == 0 and err == ""
    first, second = data["tricks"]
    assert (first["winner"], first["winning_card"], first["next_leader"]) == ("Bob", "10br", "Bob")
    assert first["reason"] == "10br is the highest brains card, the lead suit: Bob wins"
    assert first["voids"] == [{"seat": "Cat", "suit": "br"}]
    assert [p["legal"] for p in first["plays"]] == [True, True, None, True]
    assert (second["winner"], second["winning_card"]) == ("Dan", "1lv")
    assert set(first) >= {"n", "leader", "lead_suit", "plays", "winner", "winning_card", "reason", "next_leader",
                          "voids", "flags"}


def test_a_stated_winner_the_cards_deny_is_illegal(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = origin(capsys, "trick", file(table([{"plays": ["Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br"],
                                                         "winner": "Cat"}])))
    assert code == 1
    assert data["tricks"][0]["refused"][0]["rule"] == "OS-WIN-LEAD"
    assert "13sp is not love and not brains: 10br wins" in data["tricks"][0]["refused"][0]["sentence"]


def test_d13_a_proven_revoke_is_flagged_with_both_tricks(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    tricks = [["Ann 2st", "Bob 3st", "Cat 4st", "Dan 5st"],            # Dan wins
              ["Dan 6st", "Ann 7st", "Bob 8st", "Cat 9st"],            # Cat wins
              ["Cat 10br", "Dan 11br", "Ann 12br", "Bob 2sp"],         # Bob shows out of brains
              ["Ann 13st", "Bob 3sp", "Cat 4sp", "Dan 5sp"],           # Ann wins
              ["Ann 6sp", "Bob 7sp", "Cat 8sp", "Dan 9sp"],            # Dan wins
              ["Dan 1br", "Ann 4br", "Bob 3br", "Cat 5br"]]            # Bob plays brains: proven
    code, data, _ = origin(capsys, "trick", file(table(tricks)))
    flags = [f for t in data["tricks"] for f in t["flags"]]
    assert code == 0 and [f["rule"] for f in flags] == ["OS-REVOKE"] and flags[0]["seat"] == "Bob"
    assert "3" in flags[0]["sentence"] and "6" in flags[0]["sentence"]


def test_d14_a_card_played_twice_is_refused_where_it_was_seen(capsys: pytest.CaptureFixture[str],
                                                               file: Any) -> None:
    code, data, _ = origin(capsys, "trick", file(table([["Ann 9br", "Bob 10br", "Cat 11br", "Dan 12br"],
                                                        ["Dan 9br", "Ann 2sp", "Bob 3sp", "Cat 4sp"]])))
    refused = data["tricks"][1]["refused"]
    assert code == 1 and refused[0]["rule"] == "OS-UNIQUE" and "Ann" in refused[0]["sentence"]


def test_g11_a_sidekicks_card_must_follow(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    duo = {"game": "origin-story", "format": 1, "mode": "duo", "players": ["A", "B"], "round": 1, "dealer": "A",
           "sidekicks": {"SK A": ["7br", "12sp"], "SK B": ["3st", "4st"]}, "tricks": [["B 9br", "SK A 12sp"]]}
    code, data, _ = origin(capsys, "trick", file(duo))
    assert code == 1 and data["tricks"][0]["leader"] == "B"
    assert data["tricks"][0]["refused"][0]["rule"] == "OS-SK-PLAY"
    code, data, _ = origin(capsys, "check", file(duo | {"tricks": [["B 9br"]]}), "--seat", "SK A", "--play", "7br")
    assert code == 0 and data["legal"] is True


def test_round_scores_and_the_next_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = origin(capsys, "round", str(ROOT / "examples" / "origin" / "round.json"))
    assert code == 0 and data["next_dealer"] == "Ann"
    scores = {s["player"]: s for s in data["scores"]}
    assert scores["Ann"]["abilities"] == [{"source": "Monologuing", "vp": 2}] and scores["Ann"]["round_vp"] == 2
    assert (scores["Bob"]["alignment"], scores["Bob"]["tricks"], scores["Bob"]["alignment_vp"]) == ("villain", 1, 0)
    assert (scores["Cat"]["tricks"], scores["Cat"]["round_vp"]) == (2, 2)


def test_g10_a_game_with_shared_victory(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    grid = {"game": "origin-story", "format": 1, "players": ["Ann", "Bob"], "rounds": [
        {"Ann": "h3", "Bob": "v0"}, {"Ann": "h4 +1 Monologuing", "Bob": "h4"}]}
    code, data, _ = origin(capsys, "score", file(grid))
    assert code == 0 and data["winners"] == ["Ann", "Bob"] and data["shared"] is True
    assert {p["name"]: (p["total"], p["rank"]) for p in data["players"]} == {"Ann": (8, 1), "Bob": (8, 1)}
    ann = next(p for p in data["players"] if p["name"] == "Ann")
    assert ann["rounds"][1]["abilities"] == [{"source": "Monologuing", "vp": 1}]


def test_setup_for_each_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = origin(capsys, "setup", "--players", "2", "--names", "A,B", "--dealer", "A")
    assert code == 0 and data["mode"] == "duo" and data["stamina_by_round"] == [2, 3, 4, 5, 5]
    assert data["rounds"][0] == {"round": 1, "dealer": "A", "first_leader": "B"}
    assert [r["dealer"] for r in data["rounds"]] == ["A", "B", "A", "B", "A"]


def test_the_rules_reference_per_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--game", "origin-story", "OS-SK-PLAY", "--json")
    rules = json.loads(out)
    assert code == 0 and [r["id"] for r in rules] == ["OS-SK-PLAY"] and rules[0]["players"] == ["2"]
    code, out, _ = run(capsys, "rules", "--game", "origin-story", "sidekick", "--players", "3-5", "--json")
    found = json.loads(out)
    assert code == 0 and all("3-5" in r["players"] for r in found)
    assert not {r["id"] for r in found} & {"OS-SK-PLAY", "OS-SK-SEATS", "OS-SK-TRICK", "OS-SK-NOLEAD"}
    code, _, err = run(capsys, "rules", "--game", "origin-story", "--players", "4")
    assert code == 2 and "1, 2 or 3-5" in err


@pytest.mark.parametrize(("code", "counted"), [("en", "(2 players and 3-5 players)"),
                                               ("it", "(2 giocatori e 3-5 giocatori)")])
def test_a_rule_for_a_range_of_player_counts_says_it(capsys: pytest.CaptureFixture[str], code: str,
                                                     counted: str) -> None:
    """OS-REVOKE holds for 2 and for 3-5 players: a range is counted as its largest number is."""
    try:
        found, said, err = run(capsys, "--lang", code, "rules", "--game", "origin-story", "OS-REVOKE")
        assert (found, err) == (0, "") and counted in said.splitlines()[0]
    finally:
        languages.use(i18n.ENGLISH)


@pytest.mark.parametrize(("code", "title", "trump"), [("it", "L'amore è briscola", "briscola"),
                                                      ("de", "Liebe ist Trumpf", "Trumpf")])
def test_the_rules_reference_speaks_the_language_and_finds_the_same_rules(capsys: pytest.CaptureFixture[str],
                                                                         code: str, title: str, trump: str) -> None:
    """Each rule reads in the language in use; its id, the JSON and what a search finds stay the same."""
    try:
        for rule in RULES.values():
            languages.use(code)
            there = translated(rule)
            languages.use(i18n.ENGLISH)
            assert there.id is rule.id and there.title != rule.title and there.text != rule.text
            assert translated(rule) == rule
        found, english, _ = run(capsys, "rules", "--game", "origin-story", "trump", "--json")
        assert found == 0 and [r["id"] for r in json.loads(english)] == ["OS-TRUMP"]
        found, said, _ = run(capsys, "--lang", code, "rules", "--game", "origin-story", "OS-TRUMP")
        assert found == 0 and said.startswith(f"OS-TRUMP — {title} (")
        for query in ("trump", trump):  # the English word, or the shown one
            assert run(capsys, "--lang", code, "rules", "--game", "origin-story", query, "--json")[1:] == (english, "")
    finally:
        languages.use(i18n.ENGLISH)


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "not valid JSON"),
    (json.dumps(table([["Ann 14br"]])), "14br"),
    (json.dumps(table([["Ann 9xx"]])), "not a suit"),
    (json.dumps(table([["Zed 9br"]])), "Zed"),
    (json.dumps([1, 2]), "round.json"),
    ('{"game": "origin-story", "players": ["A", "B", "C"], "round": ' + "9" * 4400 + "}", "is too large"),
])
def test_bad_files_are_named_and_exit_2(capsys: pytest.CaptureFixture[str], file: Any, content: str,
                                        message: str) -> None:
    code, data, err = origin(capsys, "trick", file(content))
    assert code == 2 and data is None and message in err and "round.json" in err and "Traceback" not in err


def test_the_console_script_in_a_real_process(tmp_path: Path) -> None:
    answer = subprocess.run([sys.executable, "-m", "companion", "origin", "score",
                             str(ROOT / "examples" / "origin" / "game.json")],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert answer.returncode == 0 and answer.stdout.splitlines()[0] == "1. Ann: 18 VP   (r1 h3 +3  r2 h2 +4  " \
        "r3 v0 +4  r4 h6 +6  r5 h1 +1)"
    assert answer.stdout.splitlines()[-1] == "Winner: Ann."
    missing = subprocess.run([sys.executable, "-m", "companion", "origin", "trick", "nowhere.json"],
                             capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert missing.returncode == 2 and "nowhere.json: no such round file" in missing.stderr
