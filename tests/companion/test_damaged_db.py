"""A database damaged outside the companion (a row edited by hand, a disk fault, another program's bytes): every
kind of damaged row is named by its game, and the rest of the history keeps working, on the command line
(`games`, `replay`, `export`, `history`) and in the app (Home lists the sound games and names the damaged one).

SQLite only: PostgreSQL's column types (jsonb, integer, timestamptz) refuse these values when they are written."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from textual.widgets import OptionList

from companion.app import make_app
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.store import Store
from tests.companion.test_exchange import history, run
from tests.recorded import script
from tests.screens.settle import settled
from tests.screens.test_app import text

# The history (tests/companion/test_exchange.py): game 1 finished with its log, game 2 in play with its log,
# game 3 quick-scored. Game 4, in play, is added below so that Home has a sound game to list beside a damaged one.
BAD_TABLE = b'CREATE TABLE "n\xff" (a)'.hex()  # a table whose name is not UTF-8
LAST = "(SELECT max(seq) FROM events WHERE game_id = {g})"


def _copy_event(game: int, **columns: str) -> str:
    """An INSERT of game `game`'s first event again as its next one, with `columns` replaced (SQL expressions)."""
    values = {"game_id": "game_id", "seq": f"{LAST.format(g=game)} + 1", "type": "type", "version": "version",
              "payload": "payload", "action": f"{LAST.format(g=game)} + 1", "idempotency_key": "NULL",
              "recorded_at": "recorded_at", **columns}
    return (f"INSERT INTO events ({', '.join(values)}) SELECT {', '.join(values.values())} FROM events "
            f"WHERE game_id = {game} AND seq = 1")


DAMAGE: dict[str, tuple[int, str]] = {  # kind of damage -> (the game damaged, SQL)
    "event: payload not JSON": (2, _copy_event(2, payload="'{not json'")),
    "event: payload a list": (2, _copy_event(2, type="'line_drawn'", payload="'[1]'")),
    "event: payload of wrong types": (2, _copy_event(2, type="'line_drawn'",
                                                     payload='\'{"player": "x", "cards": 5, "action": 1}\'')),
    "event: unknown type": (2, _copy_event(2, type="'chess_move'", payload="'{}'")),
    "event: type not UTF-8": (2, _copy_event(2, type="CAST(X'6cff' AS TEXT)")),
    "event: version text": (2, _copy_event(2, version="'one'")),
    "event: seq text": (2, _copy_event(2, seq="'x'", action="3")),
    "event: seq missing": (2, _copy_event(2, seq=f"{LAST.format(g=2)} + 3", action=f"{LAST.format(g=2)} + 3")),
    "event: duplicated": (2, "INSERT INTO events SELECT game_id, seq + 100, type, version, payload, seq + 100, NULL, "
                             "recorded_at FROM events WHERE game_id = 2 AND type = 'cards_dealt'"),
    "event: time not a time": (2, _copy_event(2, recorded_at="'yesterday'")),
    "game: families a number": (2, "UPDATE games SET families = '5' WHERE id = 2"),
    "game: families not JSON": (2, "UPDATE games SET families = '[oops' WHERE id = 2"),
    "game: characters an object": (2, "UPDATE games SET characters = '{\"a\": 1}' WHERE id = 2"),
    "game: rules a list": (2, "UPDATE games SET rules = '[1, 2]' WHERE id = 2"),
    "game: status unknown": (2, "UPDATE games SET status = 'paused' WHERE id = 2"),
    "game: finished without results": (2, "UPDATE games SET status = 'finished', finished_at = started_at "
                                          "WHERE id = 2"),
    "game: start not a time": (2, "UPDATE games SET started_at = 'yesterday' WHERE id = 2"),
    "game: start a number": (2, "UPDATE games SET started_at = 12 WHERE id = 2"),
    "game: end not a time": (1, "UPDATE games SET finished_at = 'never' WHERE id = 1"),
    "game: kind unknown": (2, "UPDATE games SET kind = 'go' WHERE id = 2"),
    "results: sheet {}": (3, "UPDATE results SET sheet = '{}' WHERE game_id = 3"),
    "results: sheet not JSON": (3, "UPDATE results SET sheet = '{oops' WHERE game_id = 3"),
    "results: score text": (3, "UPDATE results SET score = 'lots' WHERE game_id = 3"),
    "results: one missing": (1, "DELETE FROM results WHERE game_id = 1 AND seat = 1"),
    "schema: a table name not UTF-8": (0, "CREATE TABLE notes (a); PRAGMA writable_schema = ON; UPDATE sqlite_master "
                                          "SET name = CAST(X'6eff' AS TEXT), tbl_name = CAST(X'6eff' AS TEXT), "
                                          f"sql = CAST(X'{BAD_TABLE}' AS TEXT) "
                                          "WHERE name = 'notes'"),
    "players: a name not UTF-8": (0, "UPDATE players SET name = CAST(X'50ff' AS TEXT) WHERE id = 1"),
}


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sound") / "companion.db"
    url = f"sqlite:///{path}"
    history(url)
    catalogue = filled(shipped())
    game = script(catalogue, seed=3)
    store = Store.open(url, KINDS)
    session = GameSession.start(store, game.script[0], catalogue, key="fourth")
    assert isinstance(session, GameSession) and session.game_id == 4
    session.submit(game.script[1], "fourth-deal")
    store.close()
    return path


def damaged(sound: Path, tmp_path: Path, how: str) -> str:
    path = tmp_path / "companion.db"
    path.write_bytes(sound.read_bytes())
    c = sqlite3.connect(path)
    c.isolation_level = None
    c.execute("DROP TRIGGER events_no_update")  # the log is append-only in the database: damage comes from outside
    c.execute("DROP TRIGGER events_no_delete")
    c.executescript(DAMAGE[how][1])
    c.close()
    return f"sqlite:///{path}"


@pytest.mark.parametrize("how", DAMAGE)
def test_the_command_line_names_the_damaged_game_and_the_rest_works(
        sound: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str) -> None:
    url, game = damaged(sound, tmp_path, how), DAMAGE[how][0]
    sound_games = [g for g in (1, 2, 3, 4) if g != game]

    code, out, err = run(capsys, "--db", url, "games", "--json")
    assert code == 0 and "Traceback" not in err, err
    listed = json.loads(out)
    assert sorted(r["id"] for r in listed if "damaged" not in r) in (sorted(sound_games), [1, 2, 3, 4])
    assert all(r["id"] == game for r in listed if "damaged" in r)

    for g in sound_games:
        code, out, err = run(capsys, "--db", url, "replay", str(g))
        assert code == (0 if g != 3 else 0) and f"game {g}:" in out, (g, err)
    if game:
        code, out, err = run(capsys, "--db", url, "replay", str(game))
        assert code in (0, 1, 2) and "Traceback" not in err and "internal error" not in err, err
        if code == 2:
            assert f"game {game}" in err

    for shape in ([], ["--bgstats"], ["--csv"]):
        target = tmp_path / f"all{''.join(shape)}.out"
        code, out, err = run(capsys, "--db", url, "export", *shape, str(target))
        assert code in (0, 2) and "internal error" not in err, err
        if code == 2:
            assert f"game {game} is damaged" in err and "left out" in err and target.exists()
    exported = json.loads((tmp_path / "all.out").read_text())["games"]
    assert len(exported) >= len(sound_games)

    for argv in (["history"], ["players"], ["history", "P2"]):
        code, out, err = run(capsys, "--db", url, *argv)
        assert code == 0 and "Traceback" not in err, (argv, err)


@pytest.mark.parametrize("how", DAMAGE)
async def test_home_lists_the_sound_games_and_names_the_damaged_one(sound: Path, tmp_path: Path, how: str) -> None:
    """Home never stays on "Opening your games…": it lists the sound games and names a damaged one; resuming the
    damaged game says what is wrong; the players screen opens; the app stays up."""
    app = make_app(damaged(sound, tmp_path, how))
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        status = text(app.screen, "#status")
        assert "Opening" not in status and "internal error" not in status, status
        menu = app.screen.query_one("#menu", OptionList)
        options = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any(o.startswith("Resume Origami game 4:") for o in options), (status, options)
        if how.startswith("game") and how not in ("game: finished without results", "game: kind unknown"):
            game = DAMAGE[how][0]
            assert f"game {game} is damaged" in status and not any(o.startswith("Resume")
                                                                   and f" game {game}:" in o for o in options)
        for game in (2, 4):
            app.open_chosen(f"resume:{game}")
            await settled(pilot)
            while len(app.screen_stack) > 1:
                app.pop_screen()
                await settled(pilot)
        await pilot.press("p")
        await settled(pilot)
        assert app.is_running and app.return_code is None


@pytest.mark.parametrize(("how", "problem"), [("event: seq missing", "are missing from the log"),
                                              ("event: duplicated", "cards are accounted for")])
def test_a_deleted_or_duplicated_event_is_flagged_when_the_game_is_resumed(
        sound: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, problem: str) -> None:
    store = Store.open(damaged(sound, tmp_path, how), KINDS)
    try:
        session = GameSession(store, 2, filled(shipped()))
        assert any(problem in p for p in session.problems), session.problems
        assert GameSession(store, 4, filled(shipped())).problems == []
    finally:
        store.close()


async def test_resuming_a_game_with_a_damaged_log_says_so(sound: Path, tmp_path: Path) -> None:
    app = make_app(damaged(sound, tmp_path, "event: duplicated"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        app.open_chosen("resume:2")
        await settled(pilot)
        assert any("Game 2's log is not sound" in n.message for n in app._notifications)


def test_a_damaged_score_sheet_is_bad_data_not_a_crash() -> None:
    from companion.origami.render import stored_sheet
    from scoring.errors import InputError

    with pytest.raises(InputError, match="P1's result is damaged: the score sheet's name must be text"):
        stored_sheet([{"name": "P1", "score": 3, "rank": 1, "winner": True, "hand": 0, "sheet": {}}], None)


# The figures kept beside the results (running totals, head-to-head records, skill ratings) damaged in their turn.
FIGURES = {"totals: games text": "UPDATE player_tallies SET games = 'x'",
           "totals: count and total text": "UPDATE player_tallies SET count = 'x', total = 'y'",
           "head-to-head: games text": "UPDATE pair_tallies SET games = 'x'",
           "ratings: mu text": "UPDATE rating_skills SET mu = 'x'",
           "ratings: sigma text": "UPDATE rating_skills SET sigma = 'x', games = 'y'",
           "ratings: a trend's mu text": "UPDATE rating_steps SET mu = 'x'",
           "ratings: a trend missing (no such player)": "UPDATE rating_skills SET player_id = 999 WHERE player_id = 1",
           "ratings: a trend missing (games too many)": "UPDATE rating_skills SET games = 100"}


@pytest.mark.parametrize("how", FIGURES)
def test_damaged_totals_or_ratings_are_named_never_an_internal_error(
        sound: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str) -> None:
    path = tmp_path / "companion.db"
    path.write_bytes(sound.read_bytes())
    with sqlite3.connect(path) as c:
        c.execute(FIGURES[how])
    c.close()
    said = []
    for argv in (["history"], ["history", "P1"], ["history", "P1", "--vs", "P2"], ["players"],
                 ["history", "--ratings"], ["history", "--ratings", "--chances", "P1,P2"]):
        code, _, err = run(capsys, "--db", f"sqlite:///{path}", *argv)
        assert code in (0, 2) and "internal error" not in err and "Traceback" not in err, (argv, err)
        if code == 2:
            assert "kept in the database are damaged" in err and "restore a backup copy" in err, err
            said.append(argv)
    assert said, "the damage was never read"


@pytest.mark.parametrize("how", [h for h in FIGURES if h.startswith("ratings: ") and "trend" not in h])
def test_a_game_finished_over_damaged_ratings_is_refused_by_name_and_nothing_is_written(
        sound: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str) -> None:
    """A finished game is rated on from its players' kept ratings (db/ratings.py): read damaged, they are named
    (exit 2), never rated into the new figures nor a crash, and the game is not half recorded."""
    path = tmp_path / "companion.db"
    path.write_bytes(sound.read_bytes())
    url = f"sqlite:///{path}"
    exported = tmp_path / "games.json"
    assert run(capsys, "--db", url, "export", str(exported))[0] == 0
    data = json.loads(exported.read_text(encoding="utf-8"))
    quick = next(g for g in data["games"] if g["source"] == "quick")  # game 3: P1 and Zoë, finished last
    data["games"] = [{**quick, "uid": "later", "finished_at": "2030-01-01T00:00:00+00:00"}]
    exported.write_text(json.dumps(data), encoding="utf-8")
    with sqlite3.connect(path) as c:
        c.execute(FIGURES[how])
        before = c.execute("SELECT count(*) FROM games").fetchone()
    c.close()
    code, _, err = run(capsys, "--db", url, "import", str(exported))
    assert code == 2 and "kept in the database are damaged" in err and "restore a backup copy" in err, err
    with sqlite3.connect(path) as c:
        assert c.execute("SELECT count(*) FROM games").fetchone() == before
    c.close()
