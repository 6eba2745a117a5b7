"""Origin Story games in a database beside Origami's: the companion's own export carries them and its import checks
them by replaying their logs; the verbs made for Origami say so instead of misreading them."""
from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import KINDS
from companion.origin.playout import Engine, play_game
from companion.origin.session import OriginSession
from companion.watch import current_game
from db.store import Store
from tests.companion.test_catalog_cli import run


def recorded(url: str, *, mode: str = "table", players: tuple[str, ...] = ("Ann", "Bob", "Cat"), moves: int | None = None,
             seed: int = 3) -> int:
    """A game recorded through the session: whole and finished, or its first `moves` commands."""
    engine, commands = Engine(), []

    def keep(command: Any) -> Any:
        commands.append(command)
        return engine.submit(command)

    play_game(keep, lambda: engine.state, random.Random(seed), mode=mode, players=players,  # type: ignore
              deck="app" if mode == "solo" else "table")
    store = Store.open(url, KINDS)
    try:
        session = OriginSession.start(store, commands[0], key=f"{seed}-start")
        assert isinstance(session, OriginSession)
        for i, command in enumerate(commands[1:moves]):
            assert session.submit(command, f"{seed}-{i}").recorded
        if moves is None:
            session.finish()
        return session.game_id
    finally:
        store.close()


@pytest.fixture
def two_games(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path}/games.db"
    recorded(url)
    recorded(url, mode="solo", players=("Ann",), moves=40, seed=5)
    return url


def test_the_own_format_carries_origin_story_games_both_ways(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                             two_games: str) -> None:
    out = tmp_path / "all.json"
    assert run(capsys, "--db", two_games, "export", str(out))[0] == 0
    games = json.loads(out.read_text())["games"]
    assert [g["kind"] for g in games] == ["origin-story", "origin-story"]
    fresh = f"sqlite:///{tmp_path}/fresh.db"
    code, text, err = run(capsys, "--db", fresh, "import", str(out))
    assert (code, err) == (0, "") and "2 games added" in text
    store = Store.open(fresh, KINDS)
    try:
        imported = store.games.all()
        assert {(g.kind, g.variant, g.status) for g in imported} == {("origin-story", "table", "finished"),
                                                                      ("origin-story", "solo", "playing")}
        finished = next(g for g in imported if g.finished)
        assert [r["winner"] for r in store.results.of(finished.id)] == [
            r["winner"] for r in json.loads(out.read_text())["games"][0]["results"]]
    finally:
        store.close()
    for game in imported:
        assert run(capsys, "--db", fresh, "origin", "replay", str(game.id))[0] == 0
    assert "0 games added, 2 already here" in run(capsys, "--db", fresh, "import", str(out))[1]


@pytest.mark.parametrize("damage", ["score", "winner", "event", "players"])
def test_an_origin_story_game_that_cannot_be_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        two_games: str, damage: str) -> None:
    out = tmp_path / "all.json"
    run(capsys, "--db", two_games, "export", str(out))
    data = json.loads(out.read_text())
    finished = data["games"][0]
    if damage == "score":
        finished["results"][0]["score"] += 1
    elif damage == "winner":
        finished["results"][0]["winner"] = not finished["results"][0]["winner"]
    elif damage == "event":
        played = next(e for e in finished["events"] if e["type"] == "os.CardPlayed")
        played["payload"]["card"] = "14br"
    else:
        finished["players"] = ["Ann", "Bob", "Dan"]
    out.write_text(json.dumps(data))
    fresh = f"sqlite:///{tmp_path}/fresh.db"
    code, _, err = run(capsys, "--db", fresh, "import", str(out))
    assert code == 2 and "game 1" in err and "Traceback" not in err
    assert not Path(f"{tmp_path}/fresh.db").exists() or Store.open(fresh, KINDS).games.all() == []


def test_the_shared_verbs_carry_an_origin_story_game(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     two_games: str) -> None:
    code, replayed, err = run(capsys, "--db", two_games, "replay", "1")  # the game's own replay, as `origin replay`
    assert code == 0 and "every check passed" in replayed, err
    assert run(capsys, "--db", two_games, "origin", "replay", "1") == (code, replayed, err)
    code, text, err = run(capsys, "--db", two_games, "share", "1", "--json")  # finished: it goes to BG Stats
    assert code == 0 and json.loads(text)["play"]["game"]["name"] == "Origin Story", err
    code, _, err = run(capsys, "--db", two_games, "share", "2")  # still in play
    assert code == 2 and "game 2 is not finished" in err and "Traceback" not in err
    code, text, err = run(capsys, "--db", two_games, "export", str(tmp_path / "x"), "--csv")
    assert code == 0 and text.startswith("1 finished game") and err == ""  # the finished one, a row per seat
    rows = list(csv.DictReader(io.StringIO((tmp_path / "x").read_text(encoding="utf-8-sig"))))
    assert [(r["game_name"], r["variant"], r["player"], r["seat"]) for r in rows] == [
        ("Origin Story", "table", name, str(seat)) for seat, name in enumerate(("Ann", "Bob", "Cat"), 1)]
    assert sorted(r["rank"] for r in rows) == ["1", "2", "3"] and all(r["score"].isdigit() for r in rows)
    code, text, err = run(capsys, "--db", two_games, "export", str(tmp_path / "x"), "--bgstats")
    assert code == 0 and text.startswith("1 finished game") and err == ""
    store = Store.open(two_games, KINDS)
    try:
        shown = current_game(store, None)  # the phones' table shows the latest game of either kind
        assert shown is not None and shown.kind == "origin-story"
    finally:
        store.close()


def quick_scored(url: str, grid: list[dict[str, str]], people: tuple[str, ...], variant: str) -> int:
    """A game saved as the quick-score screen saves it (`on_origin_quick_screen_save`)."""
    from companion.origin.session import FinalResults, SeatResult
    from scoring.origin.round_file_json import score_json
    from scoring.origin.sheet import quick_game

    sheet = quick_game(grid)
    data = score_json(sheet)
    lines = [p for p in sheet.players if p.name in people]
    details = [next(d for d in data["players"] if d["name"] == p.name) for p in lines]
    if len(lines) < len(sheet.players):
        others = [d for d in data["players"] if d["name"] not in people]
        details = [{**d, "opponents": others} for d in details]
    store = Store.open(url, KINDS)
    try:
        return store.results.record(variant=variant, players=list(people), families=[], characters=[], rules={},
                                   sheet=FinalResults(tuple(SeatResult(p.name, p.total, p.rank) for p in lines),
                                                      sheet.winners),
                                   sheets=details, kind="origin-story").id
    finally:
        store.close()


def test_quick_scored_origin_games_go_out_and_come_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/a.db"
    table = quick_scored(url, [{"Ann": "h3", "Bob": "v0 +2 Monologuing", "Cat": "h5"}] * 5, ("Ann", "Bob", "Cat"),
                         "table")
    solo = quick_scored(url, [{"Ann": "h4", "Automaton": "h2", "Factoryon": "h2"}] * 5, ("Ann",), "solo")
    out = tmp_path / "out.json"
    assert run(capsys, "--db", url, "export", str(out))[0] == 0
    again = f"sqlite:///{tmp_path}/b.db"
    code, _, err = run(capsys, "--db", again, "import", str(out))
    assert code == 0, err
    before, after = Store.open(url, KINDS), Store.open(again, KINDS)
    try:
        for game in (table, solo):
            uid = before.games.get(game).uid
            copy = next(g for g in after.games.all() if g.uid == uid)
            assert (copy.kind, copy.source, copy.variant) == ("origin-story", "quick", before.games.get(game).variant)
            assert after.results.of(copy.id) == before.results.of(game)
    finally:
        before.close()
        after.close()
    data = json.loads(out.read_text())
    ann = data["games"][0]["results"][0]
    ann["rank"] = ann["sheet"]["rank"] = 2 if ann["rank"] == 1 else 1  # Ann's rank no longer fits the VP
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    fresh = f"sqlite:///{tmp_path}/c.db"
    code, _, err = run(capsys, "--db", fresh, "import", str(bad))
    assert code == 2 and "ranks: 1 + the number of seats with more VP" in err
