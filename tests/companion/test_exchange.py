"""Export and import in the companion's own format: a round trip keeps everything, importing twice adds nothing,
and a bad or foreign file is refused with a clear message and changes nothing."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.render import sheet_json
from companion.origami.session import GameSession
from companion.origami.statistics import figures as origami_figures
from db.store import Store
from scoring.origami.sheet import score
from scoring.origami.table import parse_table
from tests.conftest import empty_seats
from tests.recorded import script

CATALOGUE = filled(shipped())


def history(url: str) -> None:
    """A game recorded turn by turn to its end (with an undo), a game still in play, and a quick-scored one."""
    store = Store.open(url, KINDS)
    try:
        finished = script(CATALOGUE, seed=5, players=2)
        session = GameSession.start(store, finished.script[0], CATALOGUE, key="a0")  # type: ignore[arg-type]
        assert isinstance(session, GameSession)
        for i, command in enumerate(finished.script[1:]):
            assert session.submit(command, f"a{i + 1}").accepted
            if i == 3:
                session.undo("misread", "undo")
                assert session.submit(command, f"a{i + 1}-again").accepted
        session.finish()
        playing = script(CATALOGUE, seed=6, players=3)
        other = GameSession.start(store, playing.script[0], CATALOGUE, key="b0")  # type: ignore[arg-type]
        assert isinstance(other, GameSession)
        for i, command in enumerate(playing.script[1:6]):
            other.submit(command, f"b{i + 1}")
        sheet = score(parse_table({"game": "origami", "players": [
            {"name": "P1", "collections": [["Chick"], []], "hand": 2}, *empty_seats("Zoë")]}, shipped()))
        store.results.record(variant="origami", players=["P1", "Zoë"], families=["farm", "sky"], characters=[],
                            rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origami")
    finally:
        store.close()


def contents(url: str) -> list[Any]:
    store = Store.open(url, KINDS)
    try:
        return [(g, origami_figures(store.stats.player(g.players[0])).overall) for g in store.exchange.whole()]
    finally:
        store.close()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_round_trip_keeps_every_game_whole_and_importing_twice_adds_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = f"sqlite:///{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"
    history(source)
    export = tmp_path / "games.json"
    assert run(capsys, "--db", source, "export", str(export))[1].strip() == f"3 games written to {export}"
    data = json.loads(export.read_text(encoding="utf-8"))
    assert data["format"] == "origami-companion" and data["version"] == 1 and len(data["games"]) == 3
    code, out, _ = run(capsys, "--db", target, "import", str(export))
    assert code == 0 and out.strip() == "3 games added, 0 already here"
    assert contents(target) == contents(source)  # every field, event, time, key and result; the statistics
    code, out, _ = run(capsys, "--db", target, "import", str(export))
    assert code == 0 and out.strip() == "0 games added, 3 already here"
    assert contents(target) == contents(source)
    states = []
    for url in (source, target):  # the game in play resumes in the same position on both
        store = Store.open(url, KINDS)
        try:
            resumed = GameSession(store, store.games.all(status="playing")[0].id, CATALOGUE)
            states.append((resumed.seq, resumed.state))
        finally:
            store.close()
    assert states[0] == states[1] and states[0][0] > 5


def test_one_game_can_be_exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    history(url)
    export = tmp_path / "one.json"
    assert run(capsys, "--db", url, "export", "--game", "3", str(export))[0] == 0
    [game] = json.loads(export.read_text(encoding="utf-8"))["games"]
    assert game["source"] == "quick" and game["players"] == ["P1", "Zoë"] and game["events"] == []
    code, _, err = run(capsys, "--db", url, "export", "--game", "9", str(tmp_path / "none.json"))
    assert code == 2 and "no game 9" in err and not (tmp_path / "none.json").exists()


def damaged(data: dict[str, Any], how: str) -> Any:
    game = data["games"][0]
    if how == "payload":
        game["events"][5]["payload"] = {"nonsense": 1}
    elif how == "gap":
        del game["events"][3]
    elif how == "results":
        game["results"] = game["results"][:1]
    elif how == "impossible":  # well formed, but the log no longer adds up: five cards more than the game has
        game["events"][0]["payload"]["deck"] += 5
    elif how == "newer":
        data["version"] = 2
    elif how == "foreign":
        return {"players": [], "plays": []}
    return data


@pytest.mark.parametrize(("how", "message"), [
    ("payload", "event 6: cannot be read"),
    ("gap", "seq must run 1, 2, 3… without gaps"),
    ("results", "1 results for 2 players"),
    ("impossible", "the log cannot be replayed soundly: after event "),
    ("newer", "was written by a newer companion"),
    ("foreign", "not a companion export"),
])
def test_a_bad_or_foreign_file_is_refused_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, message: str) -> None:
    source, target = f"sqlite:///{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"
    history(source)
    export = tmp_path / "games.json"
    run(capsys, "--db", source, "export", str(export))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(damaged(json.loads(export.read_text(encoding="utf-8")), how)), encoding="utf-8")
    Store.open(target, KINDS).close()
    code, out, err = run(capsys, "--db", target, "import", str(bad))
    assert code == 2 and out == "" and message in err and str(bad) in err, err
    assert contents(target) == []


def test_a_file_that_is_not_json_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("games: none\n", encoding="utf-8")
    code, _, err = run(capsys, "--db", f"sqlite:///{tmp_path}/b.db", "import", str(bad))
    assert code == 2 and f"{bad}: not JSON (line 1, column 1" in err
