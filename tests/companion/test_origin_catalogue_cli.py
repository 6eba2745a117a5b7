"""`companion catalog --game origin-story`: Origin Story's cards with where each value came from; a user's file for
this game goes over the shipped catalogue and is left alone by Origami's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.companion.test_catalog_cli import run

MINE = '''game = "origin-story"

[[card]]
name = "Monologuing"
template = "vp_per_trick"
amount = 1
'''


def test_the_catalogue_lists_the_known_cards_and_the_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "catalog", "--game", "origin-story")
    assert code == 0 and err == ""
    assert "Trance" in out and "Transfer of Power" in out
    assert "story 64 (seed)" in out and "Not known: how many character, superhero, event cards" in out


def test_one_card_shows_what_is_not_known(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalog", "--game", "origin-story", "trance", "--json")
    data = json.loads(out)
    assert code == 0 and [c["name"] for c in data["cards"]] == ["Trance"]
    trance = data["cards"][0]
    assert trance["values"]["cost"] is None and "cost" in trance["unknown"] and trance["sources"]["name"] == "seed"


def test_a_users_file_goes_over_the_shipped_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(MINE, encoding="utf-8")
    code, out, _ = run(capsys, "--catalog", str(mine), "catalog", "--game", "origin-story", "monologuing")
    assert code == 0 and "template        vp_per_trick (from user)" in out
    # Origami's catalogue does not read another game's file.
    code, out, err = run(capsys, "--catalog", str(mine), "catalog", "sheep")
    assert code == 0 and out.startswith("Sheep · origami")


def test_unknown_cards_and_set_are_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "catalog", "--game", "origin-story", "kraken")
    assert code == 2 and "no Origin Story card matches 'kraken'" in err and "Trance" in err
    code, _, err = run(capsys, "catalog", "--game", "origin-story", "set", "Trance", "cost", "2")
    assert code == 2 and 'game = "origin-story"' in err
