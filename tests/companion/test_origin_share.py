"""A finished Origin Story game for BG Stats, on a real SQLite file through the real command line: the createPlay
link (`companion share`), `export --bgstats` with the game "Origin Story" (solo: the Vancardians as players, the
difficulty in the comment), `import` of those plays back into finished Origin Story games, and the `b` key on the
Origin Story score sheet in the real app."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from companion import qr
from companion.app import make_app
from companion.bgstats import read_bgstats
from companion.games import KINDS
from companion.origin.playout import play_round
from companion.origin.session import OriginSession
from companion.share import LINK, bgstats_link, shared_play
from db.store import Store
from scoring.origin import commands as c
from scoring.origin.round_input import Alignment
from screens.origin.sheet import OriginSheetScreen
from screens.share import QrScreen
from tests.companion.test_exchange import run
from tests.companion.test_share import read_back
from tests.screens.settle import settled

H, V = Alignment.HERO, Alignment.VILLAIN


class Keys:
    def __init__(self, prefix: str) -> None:
        self.n, self.prefix = 0, prefix

    def __call__(self) -> str:
        self.n += 1
        return f"{self.prefix}{self.n}"


def table_game(store: Store, prefix: str, shared: bool, more: tuple[str, ...] = ()) -> int:
    """Ann, Bob, Cat (and `more`, who win nothing); Cat deals first (Ann leads). `shared`: every round ends level,
    so all three share the victory; else Ann wins each round's tricks as a hero while Bob stays a clean villain."""
    session = OriginSession.start(store, c.StartGame("table", ("Ann", "Bob", "Cat", *more)), key=f"{prefix}start",
                                  rng=random.Random(7))
    assert isinstance(session, OriginSession)
    key = Keys(prefix)
    assert session.submit(c.ChooseDealer("Cat"), key()).recorded
    for r in range(5):
        assert session.submit(c.StartRound(), key()).recorded
        villain = "Cat" if shared else "Bob"
        alignment = tuple((p, V if p == villain else H) for p in ("Ann", "Bob", "Cat", *more))
        assert session.submit(c.RevealAlignments(alignment), key()).recorded
        for n in range(8):
            winner = ("Ann" if n % 2 else "Bob") if shared else ("Ann" if n < 6 or r == 0 else "Cat")
            assert session.submit(c.NameWinner(winner), key()).recorded
        assert session.submit(c.EndRound(), key()).recorded
    session.finish()
    return session.game_id


def solo_game(store: Store) -> int:
    session = OriginSession.start(store, c.StartGame("solo", ("Ann",), deck="app", difficulty=2,
                                                     difficulty_colour="red"), key="solo-start",
                                  rng=random.Random(7))
    assert isinstance(session, OriginSession)
    key = Keys("solo")
    assert session.draw_dealer(key()).recorded

    def submit(command: Any) -> Any:
        done = session.submit(command, key())
        assert done.accepted and done.recorded, done.decision
        return done

    def deal(line: str) -> None:
        assert session.deal_app_deck(key(), line).recorded

    def vancardian() -> None:
        assert session.vancardian_plays(key()).recorded

    rng = random.Random(3)
    for _ in range(5):
        play_round(submit, lambda: session.state, rng, deal=deal, vancardian=vancardian, surrender=True)
    session.finish()
    return session.game_id


@pytest.fixture
def url(tmp_path: Path) -> str:
    """Game 1: a table game Ann wins; game 2: a shared victory of all three; game 3: a solo game."""
    url = f"sqlite:///{tmp_path}/os.db"
    store = Store.open(url, KINDS)
    try:
        table_game(store, "one", shared=False)
        table_game(store, "two", shared=True)
        solo_game(store)
    finally:
        store.close()
    return url


def sheet(url: str, game_id: int) -> tuple[list[dict[str, Any]], Any, str | None]:
    store = Store.open(url, KINDS)
    try:
        session = OriginSession(store, game_id)
        return store.results.of(game_id), session.score(), session.state.first_dealer
    finally:
        store.close()


def test_share_sends_the_play_with_scores_ranks_winners_and_the_first_leader(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--db", url, "share", "1", "--json")
    assert code == 0, err
    play = json.loads(out)["play"]
    results, score, dealer = sheet(url, 1)
    assert dealer == "Cat"
    assert play["game"] == {"name": "Origin Story", "sourceGameId": "origin-story", "highestWins": True,
                            "noPoints": False}
    players = play["players"]
    assert [p["name"] for p in players] == ["Ann", "Bob", "Cat"]
    assert [(p["score"], p["rank"], p["winner"]) for p in players] == [
        (r["score"], r["rank"], r["winner"]) for r in results]
    assert [p["winner"] for p in players] == [True, False, False] and players[0]["score"] > players[1]["score"]
    assert [p["startPlayer"] for p in players] == [True, False, False]  # Cat deals: Ann, at her left, leads
    assert {p["role"] for p in players} == {""}  # an alignment a round is no single BG Stats role
    assert "Ann: hero ×5" in play["comments"] and "Bob: villain ×5" in play["comments"]
    link = json.loads(out)["link"]
    assert link.startswith(LINK) and json.loads(unquote(link[len(LINK):])) == play


def test_a_shared_victory_marks_every_co_winner(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--db", url, "share", "2", "--json")
    play = json.loads(out)["play"]
    assert code == 0 and [(p["rank"], p["winner"]) for p in play["players"]] == [(1, True)] * 3
    assert "Shared victory" in play["comments"]


def test_a_solo_play_seats_the_vancardians_with_the_difficulty_in_the_comment(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--db", url, "share", "3", "--json")
    assert code == 0, err
    play = json.loads(out)["play"]
    _, score, dealer = sheet(url, 3)
    assert [p["name"] for p in play["players"]] == ["Ann", "Automaton", "Factoryon"]
    totals = {p.name: (p.total, p.rank, p.name in score.winners) for p in score.players}
    assert {p["name"]: (p["score"], p["rank"], p["winner"]) for p in play["players"]} == totals
    assert play["comments"].startswith("Solo against Automaton and Factoryon, difficulty 2 (red)")
    assert sum(p["startPlayer"] for p in play["players"]) == 1
    assert [p["sourcePlayerId"] for p in play["players"]][1:] == ["vancardian:Automaton", "vancardian:Factoryon"]
    assert dealer is not None


def test_export_bgstats_carries_origin_story_and_import_brings_the_plays_back(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "bg.json"
    code, text, err = run(capsys, "--db", url, "export", str(out_file), "--bgstats")
    assert code == 0 and text.startswith("3 finished games") and "left out" not in err
    data = json.loads(out_file.read_text())
    assert [g["name"] for g in data["games"]] == ["Origin Story"]
    names = {p["id"]: p["name"] for p in data["players"]}
    assert names[data["userInfo"]["meRefId"]] == "Ann"  # the file's owner is a person, never a Vancardian
    solo = data["plays"][2]
    # The Vancardians sit as BG Stats seats a bot: its anonymous player, the role the bot, marked a non-player.
    anonymous = {p["id"] for p in data["players"] if p["isAnonymous"]}
    assert [(names[s["playerRefId"]], s["role"]) for s in solo["playerScores"]] == [
        ("Ann", ""), ("Anonymous player", "Automaton"), ("Anonymous player", "Factoryon")]
    assert [s["playerRefId"] in anonymous for s in solo["playerScores"]] == [False, True, True]
    assert [json.loads(s["metaData"]) for s in solo["playerScores"][1:]] == [{"nonPlayer": True}] * 2
    assert "metaData" not in solo["playerScores"][0] and not any(s["newPlayer"] for s in solo["playerScores"][1:])
    assert {"Automaton", "Factoryon"}.isdisjoint(names.values())  # no person of a bot's name
    assert "difficulty 2" in solo["comments"]
    shared = data["plays"][1]
    assert [s["winner"] for s in shared["playerScores"]] == [True, True, True]
    assert [s["startPlayer"] for s in data["plays"][0]["playerScores"]] == [True, False, False]

    reading = read_bgstats(data, "bg.json")
    assert [(p.kind, p.variant) for p in reading.plays] == [("origin-story", "table")] * 2 + [("origin-story", "solo")]
    assert reading.plays[2].players == ("Ann",) and [o[0] for o in reading.plays[2].opponents] == ["Automaton",
                                                                                                   "Factoryon"]
    fresh = f"sqlite:///{tmp_path}/fresh.db"
    code, text, err = run(capsys, "--db", fresh, "import", str(out_file))
    assert code == 0, err
    assert "3 Origin Story plays to add" in text and "3 games added" in text
    before = {g: sheet(url, g)[0] for g in (1, 2, 3)}
    store = Store.open(fresh, KINDS)
    try:
        games = sorted(store.games.all(status="finished"), key=lambda g: g.id)
        assert [(g.kind, g.variant, g.players) for g in games] == [
            ("origin-story", "table", ("Ann", "Bob", "Cat"))] * 2 + [("origin-story", "solo", ("Ann",))]
        for g, old in zip(games, before.values(), strict=True):
            got = store.results.of(g.id)
            assert [(r["name"], r["score"], r["rank"], r["winner"]) for r in got] == [
                (r["name"], r["score"], r["rank"], r["winner"]) for r in old]
        solo_sheet = store.results.of(games[2].id)[0]["sheet"]
        assert [(o["name"], o["total"]) for o in solo_sheet["opponents"]] == [
            (o["name"], o["total"]) for o in before[3][0]["sheet"]["opponents"]]
        assert {p.name for p in store.profiles.all()} == {"Ann", "Bob", "Cat"}  # no profile for a Vancardian
    finally:
        store.close()
    code, text, _ = run(capsys, "--db", fresh, "import", str(out_file))
    assert code == 0 and "0 games added" in text  # the same plays twice: nothing new


def test_a_bg_stats_solo_play_with_the_player_alone_is_a_solo_game(tmp_path: Path) -> None:
    data = {"games": [{"id": 1, "name": "Origin Story"}], "players": [{"id": 1, "name": "Dee"}],
            "plays": [{"uuid": "2F1E3D4C-5B6A-4978-8695-A4B3C2D1E0F9", "gameRefId": 1,
                       "playDate": "2026-11-20 19:00:00", "durationMin": 40,
                       "playerScores": [{"playerRefId": 1, "score": "31", "winner": True, "seatOrder": 0}]}]}
    (play,) = read_bgstats(data, "solo.json").plays
    assert (play.kind, play.variant, play.players, play.scores, play.winners) == (
        "origin-story", "solo", ("Dee",), (31,), (True,))
    six = {**data, "players": [{"id": i, "name": f"P{i}"} for i in range(1, 7)],
           "plays": [{**data["plays"][0], "playerScores": [{"playerRefId": i, "score": "3", "seatOrder": i}
                                                           for i in range(1, 7)]}]}
    with pytest.raises(Exception, match="Origin Story seats 1 to 5"):
        read_bgstats(six, "six.json")
    lone = {**data, "players": [{"id": 1, "name": "Dee"}, {"id": 2, "name": "Automaton"}],
            "plays": [{**data["plays"][0], "playerScores": [{"playerRefId": 1, "score": "3", "seatOrder": 0},
                                                            {"playerRefId": 2, "score": "5", "seatOrder": 1}]}]}
    with pytest.raises(Exception, match="sit only at a solo game"):
        read_bgstats(lone, "lone.json")


async def test_b_on_the_origin_score_sheet_shows_the_bg_stats_code(url: str) -> None:
    results, score, _ = sheet(url, 3)
    store = Store.open(url, KINDS)
    try:
        link = bgstats_link(shared_play(store, 3))
    finally:
        store.close()
    app = make_app(url)
    async with app.run_test(size=(160, 80)) as pilot:
        await settled(pilot)
        await app.push_screen(OriginSheetScreen(score, "Game 3", game_id=3))
        await settled(pilot)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, QrScreen)
        assert app.screen.drawn is not None and read_back(app.screen.drawn) == link
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, OriginSheetScreen)
        unsaved = OriginSheetScreen(score, "after round 5")  # a game not in the history: said, nothing shown
        await app.push_screen(unsaved)
        await settled(pilot)
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is unsaved


async def test_a_four_player_table_fits_160x48_saying_what_the_code_leaves_out(tmp_path: Path) -> None:
    """The whole play needs more room than 160×48: the code leaves out what BG Stats can do without (said in the
    caption, with the file that keeps it), and still carries every player, score, winner and who started."""
    url = f"sqlite:///{tmp_path}/four.db"
    store = Store.open(url, KINDS)
    try:
        table_game(store, "four", shared=False, more=("Dana",))
        whole = shared_play(store, 1)
    finally:
        store.close()
    assert qr.drawing(qr.matrix(bgstats_link(whole)), 160, 48 - 1) is None  # the whole play does not fit
    app = make_app(url)
    async with app.run_test(size=(160, 48)) as pilot:
        await settled(pilot)
        app.show_play(1)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QrScreen) and screen.drawn is not None
        assert len(screen.drawn) <= 48 and len(screen.drawn[0]) <= 160
        sent = json.loads(unquote(read_back(screen.drawn).removeprefix(LINK)))
        assert "leaves out" in screen.caption and "companion share 1 --save play.bgsplay" in screen.caption
    assert (sent["sourceName"], sent["sourcePlayId"], sent["playDate"]) == \
        (whole["sourceName"], whole["sourcePlayId"], whole["playDate"])
    assert sent["game"]["name"] == "Origin Story"
    assert [(p["name"], p["score"], p.get("winner", False), p["startPlayer"]) for p in sent["players"]] == \
        [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in whole["players"]]
