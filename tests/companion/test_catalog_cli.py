"""`companion catalog`: what is known of each card and where it came from; `catalog set` keeps a value read off
a card in the user's catalogue (the database), which every verb then uses."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.games import KINDS
from db.store import Store
from tests.conftest import empty_seats

TableFile = Callable[[Any], Path]
SHEEP_TABLE = {"game": "origami", "players": [
    {"name": "Ann", "collections": [["Sheep"], []], "hand": 0}, *empty_seats("Bob")]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_family_is_listed_with_unknown_values_marked(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "catalog", "farm")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["card", "game", "family", "qty", "cost", "folds", "points", "effect"]
    sheep = next(line for line in lines if line.startswith("Sheep"))
    assert sheep.split()[3:] == ["4", "?", "?", "?", "?"]
    assert "companion catalog set CARD FIELD VALUE" in out


def test_one_card_in_any_language_shows_where_each_value_came_from(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalog", "Küken")
    assert code == 0
    assert out.startswith("Chick · origami")
    assert "points          3 (from rulebook)" in out
    code, out, _ = run(capsys, "catalog", "--json", "ninja", "red")
    [ninja] = json.loads(out)
    assert ninja["id"] == "Ninja (red)" and ninja["unknown"] == ["hand_modifier"]
    assert ninja["sources"]["cost"] == "rulebook" and ninja["values"]["hand_modifier"] is None


def test_a_value_set_is_kept_and_used_by_score(capsys: pytest.CaptureFixture[str], table_file: TableFile) -> None:
    table = str(table_file(SHEEP_TABLE))
    code, _, err = run(capsys, "score", table)
    assert code == 2 and 'keep its value with `companion catalog set "Sheep" points VALUE`' in err
    code, out, _ = run(capsys, "catalog", "set", "shep", "points", "2")  # a small typo is forgiven
    assert code == 0 and out.strip() == "Sheep: points = 2 (kept in your catalogue)"
    code, _, err = run(capsys, "score", table)
    assert code == 2 and "Sheep: its kind of effect (instant, scoring, ongoing or special) is not known" in err
    assert run(capsys, "catalog", "set", "sheep", "effect", "Instant")[0] == 0
    code, out, _ = run(capsys, "catalog", "farm")
    assert next(line for line in out.splitlines() if line.startswith("Sheep")).split()[6] == "2*"
    code, out, err = run(capsys, "score", table)
    assert code == 0, err
    assert "1. Ann: 2 points" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("set", "Sheep", "points", "two"), "points takes a whole number, e.g. `points 3`, not 'two'"),
    (("set", "Sheep", "colour", "red"), "'colour' cannot be set; fields: quantity"),
    (("set", "Sheep", "points", "-4"), "Sheep.points: must be a whole number of at least 0"),
    (("set", "ninja", "hand_modifier", "1"), "'ninja' could be Ninja (red), Ninja (yellow)"),
    (("set", "Sheep", "points"), "give a card, a field and a value: companion catalog set CARD FIELD VALUE"),
    (("zzyzx",), "no card matches 'zzyzx'"),
])
def test_bad_input_is_named_and_stores_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               argv: tuple[str, ...], message: str) -> None:
    url = f"sqlite:///{tmp_path}/c.db"
    Store.open(url, KINDS).close()
    code, out, err = run(capsys, "--db", url, "catalog", *argv)
    assert code == 2 and out == "" and message in err, err
    store = Store.open(url, KINDS)
    try:
        assert store.catalogue.values("origami") == []
    finally:
        store.close()


def test_reading_the_catalogue_creates_no_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/none.db"
    assert run(capsys, "--db", url, "catalog", "sheep")[0] == 0
    assert not (tmp_path / "none.db").exists()


def test_a_cards_effect_text_is_shown_in_the_language_and_json_keeps_the_english(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion import languages
    from scoring import i18n

    try:
        assert main(["--lang", "de", "catalog", "Schwein"]) == 0
        assert "Sobald das Schwein bezahlt ist" in capsys.readouterr().out
        assert main(["--lang", "it", "catalog", "--game", "origin-story", "Trance"]) == 0
        assert "Limita il modo in cui gli altri giocatori" in capsys.readouterr().out
        assert main(["--lang", "de", "--json", "catalog", "Schwein"]) == 0
        assert "Once the Pig is paid for" in capsys.readouterr().out
    finally:
        languages.use(i18n.ENGLISH)
