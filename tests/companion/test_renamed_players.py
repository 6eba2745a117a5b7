"""Names are not identity: a log keeps the names players had when it was written, and a profile renamed since
breaks neither export and import (own format and BG Stats') nor a game in progress, whose table and `NAME:`
prefix follow the profile's name now."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import KINDS
from companion.origami.session import GameSession
from companion.origin.bgstats import first_dealer, first_dealer_stored
from companion.origin.session import OriginSession
from db.store import Store
from scoring.errors import InputError
from scoring.origami import events as e
from scoring.origami.notation import parse
from scoring.origin import events as oe
from tests.companion.test_bgstats import finished
from tests.companion.test_exchange import CATALOGUE, history, run
from tests.companion.test_origin_exchange import recorded


@pytest.fixture
def url(tmp_path: Path) -> str:
    """test_exchange's history (P1 and P2 finished a game turn by turn; P1, P2 and P3 are playing one; P1 and Zoë
    scored one at once), then P1 renamed Pia and P2 renamed Paolo."""
    url = f"sqlite:///{tmp_path}/a.db"
    history(url)
    store = Store.open(url, KINDS)
    try:
        store.profiles.rename("P1", "Pia")
        store.profiles.rename("p2", "Paolo")
    finally:
        store.close()
    return url


def test_a_renamed_player_goes_through_export_and_import(url: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    own = tmp_path / "own.json"
    assert run(capsys, "--db", url, "export", str(own))[0] == 0
    data = json.loads(own.read_text(encoding="utf-8"))
    logged = next(g for g in data["games"] if g["status"] == "finished" and g["events"])
    assert logged["players"] == ["Pia", "Paolo"]
    assert logged["events"][0]["payload"]["players"] == ["P1", "P2"]  # history is not rewritten
    assert logged["renamed"] == {"P1": "Pia", "P2": "Paolo"}  # and the file says who is who now
    assert "renamed" not in next(g for g in data["games"] if g["source"] == "quick")  # no log: nothing to say
    target = f"sqlite:///{tmp_path}/b.db"
    code, out, err = run(capsys, "--db", target, "import", str(own))
    assert code == 0 and out.strip() == "3 games added, 0 already here", err
    assert finished(target) == finished(url)
    store = Store.open(target, KINDS)
    try:
        assert sorted(p.name for p in store.profiles.all()) == ["P3", "Paolo", "Pia", "Zoë"]
        playing = GameSession(store, next(g.id for g in store.games.all(status="playing")), CATALOGUE)
        assert [p.name for p in playing.state.players] == ["Pia", "Paolo", "P3"]
    finally:
        store.close()
    # BG Stats' file too: the plays come back to the same games under the new names.
    bg = tmp_path / "bg.json"
    assert run(capsys, "--db", url, "export", "--bgstats", str(bg))[0] == 0
    assert {p["name"] for p in json.loads(bg.read_text(encoding="utf-8"))["players"]} == {"Pia", "Paolo", "Zoë"}
    code, out, _ = run(capsys, "--db", url, "import", "--yes", str(bg))
    assert code == 0 and out.strip().endswith("0 games added, 2 already here")


def test_a_game_in_progress_shows_and_answers_to_the_new_name(url: str) -> None:
    store = Store.open(url, KINDS)
    try:
        game_id = next(g.id for g in store.games.all(status="playing"))
        session = GameSession(store, game_id, CATALOGUE)
        started = next(x.event for x in session.log if isinstance(x.event, e.GameStarted))
        assert started.players == ("P1", "P2", "P3")  # the log as written
        assert [p.name for p in session.state.players] == ["Pia", "Paolo", "P3"]  # the table as shown
        assert session.problems == []
        assert parse("Paolo: draw", session.state, session.catalogue).player == 1  # type: ignore[union-attr]
        with pytest.raises(InputError, match="no single player called 'P2' at this table \\(players: Pia, Paolo"):
            parse("P2: draw", session.state, session.catalogue)
        store.profiles.rename("Paolo", "Paolino")  # renamed again mid-game: the next load follows
        session.reload()
        assert [p.name for p in session.state.players] == ["Pia", "Paolino", "P3"]
    finally:
        store.close()


def test_a_file_whose_players_do_not_match_its_log_is_still_refused(url: str, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    own = tmp_path / "own.json"
    assert run(capsys, "--db", url, "export", str(own))[0] == 0
    data = json.loads(own.read_text(encoding="utf-8"))
    logged = next(g for g in data["games"] if g["status"] == "finished" and g["events"])
    logged["renamed"] = {"P1": "Pia"}  # P2 is not said to be Paolo
    own.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "--db", f"sqlite:///{tmp_path}/c.db", "import", str(own))
    assert code == 2 and out == "" and "the log starts with the game's setup, with the same players" in err
    logged["renamed"] = ["P1", "Pia"]
    own.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "--db", f"sqlite:///{tmp_path}/c.db", "import", str(own))
    assert code == 2 and "renamed: an object" in err


def test_a_renamed_origin_story_player_goes_through_export_and_import(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    recorded(url)
    store = Store.open(url, KINDS)
    try:
        game = store.games.all()[0]
        store.profiles.rename(game.players[0], "Renamed")
    finally:
        store.close()
    own = tmp_path / "own.json"
    assert run(capsys, "--db", url, "export", str(own))[0] == 0
    assert json.loads(own.read_text(encoding="utf-8"))["games"][0]["renamed"] == {game.players[0]: "Renamed"}
    code, out, err = run(capsys, "--db", f"sqlite:///{tmp_path}/p.db", "import", str(own))
    assert code == 0 and "1 game added" in out, err


def test_an_origin_story_game_in_progress_follows_a_rename_and_its_log_keeps_the_names_it_started_with(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from scoring.origin import commands as c
    from scoring.origin.evolve import project
    from scoring.origin.round_input import parse_card
    from tests.companion.test_origin_session import H, Keys, V, started, submitter

    url = f"sqlite:///{tmp_path}/o.db"
    store = Store.open(url, KINDS)
    try:
        session = started(store)  # Ann, Bob, Cat
        keys = Keys()
        submit = submitter(session, keys)
        submit(c.ChooseDealer("Cat"))
        submit(c.StartRound())
        submit(c.RevealAlignments((("Ann", H), ("Bob", V), ("Cat", H))))
        submit(c.PlayCard("Ann", parse_card("7br")))
        store.profiles.rename("Bob", "Bea")
        resumed = OriginSession(store, session.game_id)  # the app opening the game again
        assert resumed.state.players == ("Ann", "Bea", "Cat")
        assert resumed.state.round is not None and dict(resumed.state.round.alignment or ())["Bea"] == V
        with pytest.raises(InputError, match="'Bob' is not a seat: the seats are Ann, Bea, Cat"):
            resumed.submit(c.PlayCard("Bob", parse_card("10br")), "old-name")
        assert resumed.submit(c.PlayCard("Bea", parse_card("10br")), keys()).recorded
        assert resumed.submit(c.PlayCard("Cat", parse_card("13sp")), keys()).recorded
        assert resumed.state.round is not None and resumed.state.round.won() == {"Bea": 1}
        written = [x.event for x in store.log.events(session.game_id)]
        assert {x.seat for x in written if isinstance(x, oe.CardPlayed)} == {"Ann", "Bob", "Cat"}  # as it started
        assert project(written).round.won() == {"Bob": 1}  # type: ignore[union-attr]
        again = OriginSession(store, session.game_id)
        assert again.state == resumed.state and again.problems == []
        assert first_dealer(store.log.events(session.game_id), ("Ann", "Bea", "Cat")) == "Cat"
        store.profiles.rename("Cat", "Cy")
        assert first_dealer(store.log.events(session.game_id), ("Ann", "Bea", "Cy")) == "Cy"
        [whole] = store.exchange.whole([session.game_id])  # as an export reads it
        assert first_dealer_stored(whole.events, whole.players) == "Cy"
    finally:
        store.close()
    code, out, err = run(capsys, "--db", url, "origin", "replay", str(session.game_id))
    assert code == 0, out + err
