"""`companion catalog --game origin-story`: Origin Story's cards with where each value came from; a user's file for
this game goes over the shipped catalogue and is left alone by Origami's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import KINDS
from db.store import Store
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


def test_an_unknown_card_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "catalog", "--game", "origin-story", "kraken")
    assert code == 2 and "no Origin Story card matches 'kraken'" in err and "Trance" in err


def test_catalog_set_keeps_a_value_in_the_database_apart_from_origamis(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path}/games.db"]
    code, out, err = run(capsys, *db, "catalog", "--game", "origin-story", "set", "trance", "cost", "1,2")
    assert code == 0 and err == "" and out.strip() == "Trance: cost = 1, 2 (from user) (kept in your catalogue)"
    code, out, _ = run(capsys, *db, "catalog", "--game", "origin-story", "trance", "--json")
    trance = json.loads(out)["cards"][0]
    assert trance["values"]["cost"] == [1, 2] and trance["sources"]["cost"] == "user"
    # A card nobody recorded: its kind first, then its values.
    code, _, err = run(capsys, *db, "catalog", "--game", "origin-story", "set", "Gadget", "Belt", "amount", "2")
    assert code == 2 and '"kind" must be one of' in err
    assert run(capsys, *db, "catalog", "--game", "origin-story", "set", "Gadget", "Belt", "kind", "story")[0] == 0
    code, out, _ = run(capsys, *db, "catalog", "--game", "origin-story", "set", "Gadget", "Belt", "timing",
                       "whenever-you-lead")
    assert code == 0 and "Gadget Belt: timing = whenever-you-lead (from user)" in out
    # Origami's catalogue and verbs do not see them.
    code, out, err = run(capsys, *db, "catalog", "sheep")
    assert code == 0 and err == "" and out.startswith("Sheep · origami")


@pytest.mark.parametrize(("words", "message"), [
    (["Trance", "cost", "two"], "cost takes one or two whole numbers"),
    (["Trance", "cost", "1,2,3"], "cost: must be a list of one or two whole numbers"),
    (["Trance", "solo_banned", "maybe"], "solo_banned takes yes or no"),
    (["Trance", "template", "win"], "template: must be one of"),
    (["Trance", "power", "9"], "give a card, a field"),
    (["cost", "2"], "give a card, a field"),
])
def test_a_bad_value_is_refused_and_nothing_is_kept(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    words: list[str], message: str) -> None:
    db = ["--db", f"sqlite:///{tmp_path}/games.db"]
    code, _, err = run(capsys, *db, "catalog", "--game", "origin-story", "set", *words)
    assert code == 2 and message in err
    assert not (tmp_path / "games.db").exists() or Store.open(db[1], KINDS).catalogue.values("origin-story") == []


@pytest.mark.parametrize("field", ["kind", "template", "timing", "colour"])
@pytest.mark.parametrize("value", ['["story"]', '{ a = 1 }', '[["end-of-round"]]', '[{ a = 1 }]'])
def test_a_users_file_with_an_array_or_table_where_a_name_goes_is_bad_input(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, field: str, value: str) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(f'game = "origin-story"\n\n[[card]]\nname = "Monologuing"\n{field} = {value}\n', encoding="utf-8")
    code, out, err = run(capsys, "--catalog", str(mine), "catalog", "--game", "origin-story", "monologuing")
    assert code == 2 and out == "" and f"{mine}: card 1 (Monologuing)" in err and "internal error" not in err, err
