"""The history verbs: players, games, history, replay; --db and COMPANION_DB; faults as clear messages."""
from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import languages
from companion.cli import main
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.store import Store
from scoring import i18n
from scoring.origami import events as e
from scoring.origami.sheet import PlayerScore, ScoreSheet
from tests.recorded import script

CATALOGUE = filled(shipped())
GAME = script(CATALOGUE, seed=21)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A database with one game recorded turn by turn (one action undone) and one quick-scored game."""
    url = f"sqlite:///{tmp_path}/history.db"
    store = Store.open(url, KINDS)
    session = GameSession.start(store, GAME.script[0], CATALOGUE, key="start")
    assert isinstance(session, GameSession)
    for i, command in enumerate(GAME.script[1:6], 1):
        session.submit(command, f"k{i}")
    session.undo("misread the card", "undo")
    store.results.record(variant="origami", players=["P1", "Zoe"], families=["birds", "sea"], characters=[],
                        rules={}, sheet=ScoreSheet((PlayerScore("P1", 30, 1, 2, (), ()),
                                                    PlayerScore("Zoe", 30, 1, 2, (), ())), ("P1", "Zoe"), "shared"),
                        sheets=[{}, {}], finished_at=datetime(2026, 3, 1, tzinfo=UTC), kind="origami")
    store.close()
    return url


def test_players_listed_added_renamed_merged(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = run(capsys, "--db", db, "players", "--json")
    assert code == 0
    assert [(p["name"], p["games"], p["wins"]) for p in json.loads(out)] == [
        ("P1", 1, 1), ("P2", 0, 0), ("P3", 0, 0), ("Zoe", 1, 1)]
    assert run(capsys, "--db", db, "players", "add", "Zed")[1].strip() == "added Zed"
    assert run(capsys, "--db", db, "players", "rename", "zed", "Zac")[1].strip() == "zed is now Zac"
    code, out, _ = run(capsys, "--db", db, "players", "merge", "Zoe", "Zac")
    assert code == 0 and "all games follow" in out
    code, out, _ = run(capsys, "--db", db, "history", "Zac", "--json")
    assert json.loads(out)["games"] == 1 and json.loads(out)["wins"] == 1


@pytest.mark.parametrize("argv, message", [
    (["players", "add"], "give 1 name: companion players add NAME"),
    (["players", "add", "P1"], "there is already a player called 'P1'"),
    (["players", "rename", "Nobody", "X"], "no player 'Nobody'"),
    (["players", "merge", "P1", "P2"], "sat at the same table"),
    (["history", "P9"], "no player 'P9'; players: P1, P2, P3, Zoe"),
    (["history", "Zoey"], "no player 'Zoey'; did you mean Zoe?"),
    (["history", "--vs", "P2"], "name the player to compare"),
    (["replay", "99"], "no game 99; `companion games` lists them"),
])
def test_bad_requests_exit_2_and_say_why(capsys: pytest.CaptureFixture[str], db: str, argv: list[str],
                                         message: str) -> None:
    code, out, err = run(capsys, "--db", db, *argv)
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err


def test_games_newest_first_with_status(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = run(capsys, "--db", db, "games", "--json")
    games = json.loads(out)
    assert [(g["status"], g["source"]) for g in games] == [("playing", "log"), ("finished", "quick")]
    assert games[1]["winners"] == ["P1", "Zoe"] and games[1]["tie_break"] == "shared"
    assert games[0]["events"] > 6
    code, out, _ = run(capsys, "--db", db, "games", "--unfinished")
    assert code == 0 and out.count("\n") == 1 and "in play" in out
    assert run(capsys, "--db", db, "games", "--player", "zoe", "--json")[1].count('"id"') == 1


def test_history_of_one_player_and_head_to_head(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = run(capsys, "--db", db, "history", "P1")
    assert code == 0
    assert out.splitlines()[0] == "P1: 1 game, 1 win (100%), average 30.0, best 30"
    assert "in deck  birds" in out and "players  2 players" in out
    try:
        code, out, _ = run(capsys, "--db", db, "--lang", "de", "history", "P1")
        assert out.splitlines()[0] == "P1: 1 Partie, 1 Sieg (100\xa0%), Schnitt 30,0, Bestwert 30"
        assert "im Stapel birds" in out and "Spieler   2 Spieler" in out
    finally:
        languages.use(i18n.ENGLISH)
    code, out, _ = run(capsys, "--db", db, "history", "P1", "--vs", "Zoe", "--json")
    assert json.loads(out) == {"a": "P1", "b": "Zoe", "games": 1, "a_ahead": 0, "b_ahead": 0, "level": 1,
                               "by_game": {"origami": {"games": 1, "a_ahead": 0, "b_ahead": 0, "level": 1},
                                           "origin-story": {"games": 0, "a_ahead": 0, "b_ahead": 0, "level": 0}}}


def test_replay_shows_every_event_the_undo_and_the_checks(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = run(capsys, "--db", db, "replay", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["checks"] == "ok"
    steps = data["steps"]
    assert [s["seq"] for s in steps] == list(range(1, len(steps) + 1))
    undone = [s for s in steps if s["undone"]]
    assert undone and all(s["undone"]["reason"] == "misread the card" for s in undone)
    assert steps[-1]["event"] == "Undone" and steps[-1]["text"] == f"took back: {undone[0]['text']} (misread the card)"
    code, out, _ = run(capsys, "--db", db, "replay", "1")
    assert "[undone " in out and out.strip().splitlines()[-1].startswith("game 1: ")


def test_replay_exits_1_when_the_log_breaks_an_invariant(capsys: pytest.CaptureFixture[str], db: str) -> None:
    store = Store.open(db, KINDS)
    seq = store.games.get(1).last_seq
    store.log.append(1, seq, (e.DeckRanOut(1, 50),), key="bogus")  # fifty cards from a discard pile that has none
    store.close()
    code, out, _ = run(capsys, "--db", db, "replay", "1")
    assert code == 1
    assert "!! " in out and "cards are accounted for" in out
    assert re.search(r"^game 1: \d+ events, 1 event fails a check", out.strip().splitlines()[-1]), out


def test_the_database_comes_from_companion_db(capsys: pytest.CaptureFixture[str], db: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DB", db)
    assert "P1" in run(capsys, "players")[1]


def test_a_file_that_is_not_a_database_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 200)
    code, out, err = run(capsys, "--db", f"sqlite:///{notes}", "games")
    assert code == 2 and f"{notes} is not a companion database" in err
    assert notes.read_text().startswith("not a database")
