"""`companion referee FILE [--json]`, run as the installed console script: exit 0 when every line is accepted,
1 at the first refused line (nothing after it is run), 2 for bad input; the JSON shape of the contract."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

COMPANION = str(Path(sys.executable).parent / "companion")

# The issue's example: the Lion's one free play is spent by the second line.
LION: dict[str, Any] = {
    "game": "origami", "players": ["Ann", "Bob"], "families": ["savannah", "farm"], "characters": [],
    "cards": {"Lion": {"cost": 6, "folds": 3, "points": 2}}, "rules": {},
    "position": {"collections": {"Ann": [["Lion"], ["Cat"]], "Bob": [[], []]}, "hands": {"Ann": 5, "Bob": 5},
                 "rice": {}, "in_play": [], "line": ["Cat", "Pig", "Gorilla", "Rhino"], "discard": [],
                 "started": "Ann", "turn": "Ann", "exhaustions": 0},
    "actions": ["special 1", "play raccoon via lion free to 2", "play snake via lion free to 1"]}


def referee(tmp_path: Path, data: Any, *flags: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return subprocess.run([COMPANION, "--db", f"sqlite:///{tmp_path}/c.db", "referee", str(path), *flags],
                          capture_output=True, text=True, check=False, timeout=60)


def test_the_issues_example_is_refused_at_its_third_line(tmp_path: Path) -> None:
    done = referee(tmp_path, LION, "--json")
    assert done.returncode == 1, done.stderr
    lines = json.loads(done.stdout)["lines"]
    assert [set(x) for x in lines] == [{"line", "accepted", "rule", "why"}] * 3
    assert [(x["line"], x["accepted"], x["rule"]) for x in lines] == [
        ("special 1", True, None), ("play raccoon via lion free to 2", True, None),
        ("play snake via lion free to 1", False, "EFFECT-AMOUNT")]
    assert "Lion allowed it once for Ann" in lines[2]["why"]
    text = referee(tmp_path, LION)
    assert text.returncode == 1 and "✗ EFFECT-AMOUNT" in text.stdout and "refused at line 3" in text.stdout


def test_every_line_accepted_exits_0(tmp_path: Path) -> None:
    game = {**LION, "actions": ["special 1", "play raccoon via lion free to 2", "end", "Bob: draw cat, pig refill "
                                "rhino, lion", "end"]}
    game["position"] = {**LION["position"], "line": ["Cat", "Pig", "Gorilla", "Elephant"]}
    done = referee(tmp_path, game, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert [x["accepted"] for x in json.loads(done.stdout)["lines"]] == [True] * 5


def test_nothing_after_the_refused_line_is_run(tmp_path: Path) -> None:
    done = referee(tmp_path, {**LION, "actions": [*LION["actions"], "play unicorn", "end"]}, "--json")
    assert done.returncode == 1  # the unreadable line after the refusal is never read
    assert len(json.loads(done.stdout)["lines"]) == 3


@pytest.mark.parametrize(("data", "message"), [
    ("{not json", "not valid JSON"),
    ({**LION, "actions": "special 1"}, "actions: must be a list of action lines"),
    ({k: v for k, v in LION.items() if k != "position"}, '"position" is missing'),
    ({**LION, "actions": ["special 1", "play unicorn to 1"]}, "actions[2] 'play unicorn to 1'"),
    ({**LION, "position": {**LION["position"], "collections": {"Ann": [["Lion", "Cat", "Pig"], []]}}},
     "COLL-BALANCE"),
    ({**LION, "position": {**LION["position"], "turn": "Cy"}}, "turn: must name whose turn it is, one of Ann, Bob"),
    ({**LION, "families": ["savannah"]}, "the setup cannot be: SETUP-FAMILIES"),
    ({**LION, "cards": {}, "actions": ["play lion pay cat to 2"]}, 'companion catalog set "Lion" cost'),
])
def test_bad_input_exits_2_with_a_message_and_prints_nothing(tmp_path: Path, data: Any, message: str) -> None:
    done = referee(tmp_path, data, "--json")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == "" and message in done.stderr and "Traceback" not in done.stderr


def test_a_missing_file_is_bad_input(tmp_path: Path) -> None:
    done = subprocess.run([COMPANION, "--db", f"sqlite:///{tmp_path}/c.db", "referee", str(tmp_path / "no.json")],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 2 and "no such game file" in done.stderr


def test_an_effects_amount_nobody_knows_is_asked_for_and_kept(tmp_path: Path) -> None:
    """A card whose effect's amount is not known stops the file with the command that supplies it; once kept
    in the user's catalogue, the same file is refereed with it."""
    game = {"game": "legends", "players": ["Ann", "Bob"], "families": ["polar", "legendary"],
            "characters": ["Ninja", "Merchant"],
            "cards": {"Seal": {"do": [{"step": "take_rice"}]}},
            "position": {"hands": {"Ann": 5, "Bob": 5}, "line": ["Walrus", "Phoenix", "Reindeer", "Arctic Hare"],
                         "started": "Ann", "turn": "Ann"},
            "actions": ["play seal pay kappa, kappa to 1", "rice 3"]}
    asked = referee(tmp_path, game)
    assert asked.returncode == 2, asked.stdout + asked.stderr
    assert "Seal: how many cards its effect moves is not known" in asked.stderr
    assert '`companion catalog set "Seal" amount VALUE`' in asked.stderr
    kept = subprocess.run([COMPANION, "--db", f"sqlite:///{tmp_path}/c.db", "catalog", "set", "Seal", "amount", "3"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert kept.returncode == 0, kept.stderr
    done = referee(tmp_path, game, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert [x["accepted"] for x in json.loads(done.stdout)["lines"]] == [True, True]


def test_the_docs_example_file_says_what_the_docs_show(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "referee.json"
    assert json.loads(example.read_text(encoding="utf-8")) == LION
    done = subprocess.run([COMPANION, "--db", f"sqlite:///{tmp_path}/c.db", "referee", str(example)],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 1
    page = (example.parents[1] / "docs" / "origami-cli.md").read_text(encoding="utf-8")
    shown = page.split("$ companion referee examples/referee.json\n", 1)[1].split("```", 1)[0]
    assert done.stdout == shown
