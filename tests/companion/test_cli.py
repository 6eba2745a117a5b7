"""The scripting interface (PRODUCT.md §3): outputs, exit codes, and clear messages for bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from tests.conftest import empty_seats

TableFile = Callable[[Any], Path]

FORTY_ONE = {"game": "origami", "players": [
    {"name": "Ann", "collections": [["Chick", "Chicken", "Magpie", "Ant"], ["Chick", "Rabbit", "Bee", "Ant"]],
     "hand": 3}, *empty_seats("Bob", "Cy")]}
POSITION = {"game": "origami", "players": [
    {"name": "Ann", "collections": [["Shark"], ["Rabbit", "Owl"]],
     "hand": ["Raccoon", "Butterfly", "Owl", "Elephant", "Pig"]},
    {"name": "Bob", "collections": [[], []], "hand": 4}, *empty_seats("Cy", "Di", "Ed")]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_every_line_and_the_winner(capsys: pytest.CaptureFixture[str], table_file: TableFile) -> None:
    code, out, err = run(capsys, "score", str(table_file(FORTY_ONE)))
    assert code == 0 and err == ""
    assert "1. Ann: 41 points (3 cards in hand)" in out
    assert "1.2  Chicken            3   +4 =   7  2 Chicks × 2" in out
    assert out.strip().endswith("Winner: Ann.")


def test_score_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str], table_file: TableFile) -> None:
    code, out, _ = run(capsys, "score", str(table_file(FORTY_ONE)), "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"players", "winners", "tie_break"}
    ann = data["players"][0]
    assert set(ann) == {"name", "total", "rank", "hand", "lines", "awards"}
    assert ann["lines"][1] == {"card": "Chicken", "collection": 1, "position": 2, "printed": 3, "bonus": 4,
                               "why": "2 Chicks × 2"}
    assert (ann["total"], data["winners"], data["tie_break"]) == (41, ["Ann"], None)


def test_check_legal_says_where_the_card_may_go(capsys: pytest.CaptureFixture[str], table_file: TableFile) -> None:
    path = str(table_file(POSITION))
    code, out, _ = run(capsys, "check", path, "--player", "ann", "--play", "raccoon", "--pay", "Butterfly")
    assert (code, out.strip()) == (0, "legal: Ann plays Raccoon for 4 folds; it goes on collection 1")
    code, out, _ = run(capsys, "check", path, "--player", "Ann", "--play", "Raccoon", "--pay", "Owl,Elephant",
                       "--to", "1", "--json")
    assert code == 0 and json.loads(out)["placements"] == [{"collection": 1, "under": False}]


@pytest.mark.parametrize("args, rule", [
    (["--pay", "Pig,Owl"], "PAY-EXACT"),
    (["--pay", "Owl,Elephant", "--to", "2"], "COLL-BALANCE"),
    (["--pay", "Raccoon"], "PAY-HAND"),
    (["--pay", "Owl", "--discount", "1"], "PAY-EXACT"),
])
def test_check_illegal_names_the_rule(capsys: pytest.CaptureFixture[str], table_file: TableFile,
                                      args: list[str], rule: str) -> None:
    code, out, _ = run(capsys, "check", str(table_file(POSITION)), "--player", "Ann", "--play", "Raccoon",
                       *args, "--json")
    data = json.loads(out)
    assert code == 1 and data["legal"] is False and data["rule"] == rule and data["message"]


def test_check_discount_and_free_model_effects(capsys: pytest.CaptureFixture[str], table_file: TableFile) -> None:
    path = str(table_file(POSITION))
    assert run(capsys, "check", path, "--player", "Ann", "--play", "Raccoon", "--pay", "Owl",
               "--discount", "2")[0] == 0
    assert run(capsys, "check", path, "--player", "Ann", "--play", "Raccoon", "--free")[0] == 0


def test_payments_best_first(capsys: pytest.CaptureFixture[str], table_file: TableFile) -> None:
    code, out, _ = run(capsys, "payments", str(table_file(POSITION)), "--player", "Ann", "--play", "Raccoon",
                       "--hand", "Raccoon,Butterfly,Owl,Elephant,Pig", "--json")
    assert code == 0
    assert json.loads(out)["payments"] == [["Butterfly"], ["Elephant", "Owl"]]


def test_limit_names_each_modifier(capsys: pytest.CaptureFixture[str], table_file: TableFile) -> None:
    table = {"game": "legends", "characters": ["Ninja (red)"], "cards": {"Ninja (red)": {"hand_modifier": -1}},
             "players": [{"name": "Ann", "collections": [["Brontosaurus"], []], "hand": 0}, *empty_seats("Bob")]}
    code, out, _ = run(capsys, "limit", str(table_file(table)), "--player", "Ann", "--json")
    data = json.loads(out)
    assert code == 0 and data["hand_limit"] == {"value": 10, "base": 8, "modifiers": [
        {"source": "Brontosaurus", "amount": 3}, {"source": "Ninja (red)", "amount": -1}]}
    assert data["draw"]["value"] == 4


@pytest.mark.parametrize("table, fragment", [
    ("{not json", "not valid JSON (line 1, column 2"),
    ([1, 2], "must be a JSON object"),
    ({"game": "chess", "players": []}, 'game: must be "origami", "legends" or "mixed"'),
    ({"game": "origami", "players": [{"name": "A", "collections": [["Wahle"], []]}, *empty_seats("B")]},
     "player 'A': collection 1, card 1: unknown card 'Wahle'; did you mean"),
    ({"game": "origami", "players": [{"name": "A", "collections": [["Chick", "Chick", "Chick"], []]},
                                     *empty_seats("B")]}, "COLL-BALANCE"),
    ({"game": "origami", "players": [{"name": "A", "collections": [["Bee", "Bee", "Bee"], ["Ant", "Ant"]]},
                                     *empty_seats("B")]}, "3 × Bee on this table, but the game has only 2"),
    ({"game": "origami", "players": [{"name": "A", "collections": [["Macaw"], []]}, *empty_seats("B")]},
     "is a card of legends"),
    ({"game": "origami", "players": [{"name": "A", "collections": [["Sheep"], []]}, *empty_seats("B")]},
     "Sheep: its printed victory points are not known"),
    ({"game": "origami", "players": [{"name": "A", "collections": [[]]}, *empty_seats("B")]},
     "needs exactly two collections"),
    ({"game": "origami", "players": [{"name": "A", "collections": [[], []], "hand": -1}, *empty_seats("B")]},
     "hand: cannot be negative"),
    ({"game": "origami", "rules": {"whale": "fish"}, "players": empty_seats("A", "B")}, "rules.whale"),
])
def test_bad_tables_exit_2_with_a_message_naming_the_problem(
        capsys: pytest.CaptureFixture[str], table_file: TableFile, table: Any, fragment: str) -> None:
    path = table_file(table)
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and out == ""
    assert fragment in err and str(path) in err and "Traceback" not in err


def test_a_missing_file_and_an_unknown_player_are_bad_input(capsys: pytest.CaptureFixture[str],
                                                            table_file: TableFile, tmp_path: Path) -> None:
    code, _, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert code == 2 and "no such table file" in err
    code, _, err = run(capsys, "limit", str(table_file(FORTY_ONE)), "--player", "Zed")
    assert code == 2 and "no player called 'Zed' at this table (players: Ann, Bob, Cy)" in err


def test_a_user_catalogue_fills_in_unknown_values(capsys: pytest.CaptureFixture[str], table_file: TableFile,
                                                  tmp_path: Path) -> None:
    table = {"game": "origami", "players": [{"name": "A", "collections": [["Sheep"], []]}, *empty_seats("B")]}
    mine = tmp_path / "mine.toml"
    mine.write_text('[[card]]\nname = "Sheep"\npoints = 2\neffect = "instant"\n', encoding="utf-8")
    code, out, _ = run(capsys, "--catalog", str(mine), "score", str(table_file(table)), "--json")
    assert code == 0 and json.loads(out)["players"][0]["total"] == 2


def test_rules_reference_search(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "second", "time")
    assert code == 0 and out.startswith("END-TRIGGER — End of the game")
    assert "With " not in out
    code, out, _ = run(capsys, "rules", "--players", "3", "--json", "second", "time")
    [rule] = json.loads(out)
    assert rule["players"].startswith("With 3 players: after the round is finished, 3 final turns")


def test_python_dash_m_companion_runs(table_file: TableFile) -> None:
    done = subprocess.run([sys.executable, "-m", "companion", "score", str(table_file(FORTY_ONE)), "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["players"][0]["total"] == 41


CARD_NAMES = st.sampled_from(["Chick", "Chicken", "Ant", "Bee", "Sheep", "Macaw", "Kappa", "Ninja (red)",
                              "Rice Paper", "Whale", "ANT", "Küken", "", "?", "Phoenix"])
JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=8), CARD_NAMES)
ANY_JSON = st.recursive(JSON_LEAVES, lambda kids: st.lists(kids, max_size=4)
                        | st.dictionaries(st.sampled_from(["name", "hand", "collections", "game", "x"]), kids,
                                          max_size=4), max_leaves=20)
PLAYER = st.fixed_dictionaries({"name": st.one_of(st.text(max_size=4), st.sampled_from(["A", "B", "C"])),
                                "collections": st.one_of(ANY_JSON, st.lists(st.lists(CARD_NAMES, max_size=4),
                                                                             min_size=2, max_size=2)),
                                "hand": st.one_of(st.integers(-1, 9), st.lists(CARD_NAMES, max_size=4), ANY_JSON)})
TABLES = st.one_of(ANY_JSON, st.fixed_dictionaries(
    {"game": st.sampled_from(["origami", "legends", "mixed", "LEGENDS", "x", 3]),
     "players": st.one_of(st.lists(PLAYER, max_size=5), ANY_JSON)},
    optional={"characters": st.one_of(st.lists(CARD_NAMES, max_size=3), ANY_JSON),
              "rules": st.one_of(st.dictionaries(st.sampled_from(["whale", "macaw", "zzz"]),
                                                 st.sampled_from(["sea", "any", "once", 1]), max_size=2), ANY_JSON),
              "cards": st.one_of(st.dictionaries(CARD_NAMES, st.dictionaries(
                  st.sampled_from(["points", "cost", "folds", "wings", "scoring"]), JSON_LEAVES, max_size=2),
                  max_size=2), ANY_JSON)}))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=TABLES, verb=st.sampled_from(["score", "limit", "check"]))
def test_fuzzed_table_files_never_give_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   table: Any, verb: str) -> None:
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    extra = {"score": [], "limit": ["--player", "A"], "check": ["--player", "A", "--play", "Chick", "--pay", "Ant"]}
    code, _, err = run(capsys, verb, str(path), *extra[verb])
    assert code in (0, 1, 2), err
    assert "Traceback" not in err and "internal error" not in err
    if code == 2:
        assert err.startswith(f"companion {verb}: ") and len(err) > 20


@pytest.mark.parametrize("name, total", [("41.json", 41), ("48.json", 48)])
def test_the_readme_examples_score_as_the_rulebooks_do(capsys: pytest.CaptureFixture[str], name: str,
                                                       total: int) -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / name
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0 and json.loads(out)["players"][0]["total"] == total


def test_ctrl_c_ends_a_verb_without_a_traceback(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("companion.history.run", interrupted)
    assert main(["players"]) == 130
    out, err = capsys.readouterr()
    assert err == "companion players: interrupted\n" and out == ""


def test_the_app_exits_non_zero_after_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    class Crashed:
        return_code = 1

        def run(self) -> None:  # Textual catches the exception, shows it, and keeps the code
            pass

    monkeypatch.setattr("companion.app.make_app", lambda *_, **__: Crashed())
    assert main([]) == 1
