"""Tables that cannot exist are refused by `check`, `payments` and `score` with what is wrong: more Characters
in play than pairs in the game, rice paper without the polar animals, cards of a family not in the game; and
rice paper cannot pay from a hand given as a number (it is listed, never counted)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

LEGENDS: dict[str, Any] = {"game": "legends", "players": [
    {"name": "Ann", "collections": [["Phoenix"], ["Seal"]], "hand": ["Walrus", "Kappa", "Seal", "Arctic Hare"]},
    {"name": "Bob", "collections": [["Kappa"], []], "hand": 4}]}


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, table: dict[str, Any], *argv: str) -> tuple[int, str, str]:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    code = main(["--db", f"sqlite:///{tmp_path}/c.db", argv[0], str(path), *argv[1:]])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_payment_card_from_a_family_not_in_the_game_is_refused(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    # Polar and legendary are on the table, one family per player: the Macaw (exotic) is not in this game.
    code, out, _ = run(capsys, tmp_path, LEGENDS, "check", "--player", "Ann", "--play", "Walrus",
                       "--pay", "Macaw,Macaw", "--to", "1")
    assert code == 1 and "CARD-COUNT" in out and "Macaw (exotic) is not in this game" in out
    code, _, err = run(capsys, tmp_path, LEGENDS, "payments", "--player", "Ann", "--play", "Walrus",
                       "--hand", "Macaw,Macaw,Kappa")
    assert code == 2 and "--hand: Macaw (exotic) is not in this game: the families are legendary, polar" in err
    code, _, err = run(capsys, tmp_path, {**LEGENDS, "families": ["polar", "exotic"]}, "score")
    assert code == 2 and "legendary cards are on the table, but this game's families are polar, exotic" in err


def test_rice_paper_needs_the_polar_animals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = {"game": "legends", "players": [
        {"name": "Ann", "collections": [["Phoenix"], ["Macaw"]], "hand": ["Rice Paper", "Kappa"]},
        {"name": "Bob", "collections": [["Kappa"], []], "hand": 4}]}
    code, _, err = run(capsys, tmp_path, table, "check", "--player", "Ann", "--play", "Kappa", "--pay",
                       "Rice Paper")
    assert code == 2 and "rice paper in Ann's hand, but rice paper is used only with the polar animals" in err
    code, _, err = run(capsys, tmp_path, LEGENDS, "payments", "--player", "Ann", "--play", "Kappa",
                       "--hand", "Rice Paper,Rice Paper,Seal")
    assert code == 0  # polar is in this game


def test_more_characters_in_play_than_pairs_in_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = {**LEGENDS, "characters": ["Ninja (red)", "Geisha (yellow)", "Merchant (yellow)"]}
    code, _, err = run(capsys, tmp_path, table, "check", "--player", "Ann", "--play", "Kappa", "--pay", "Seal")
    assert code == 2 and "3 Characters in play, but a game with 2 players uses 2 Character pairs" in err


def test_families_listed_must_be_one_per_player(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, tmp_path, {**LEGENDS, "families": ["polar"]}, "score")
    assert code == 2 and "a game with 2 players uses 2 families, not 1" in err


def test_rice_paper_cannot_pay_from_a_hand_given_as_a_number(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    code, out, _ = run(capsys, tmp_path, LEGENDS, "check", "--player", "Bob", "--play", "Seal",
                       "--pay", "Rice Paper,Rice Paper", "--to", "2")
    assert code == 1 and "PAY-RICE" in out and "list the hand's cards, rice paper included" in out
