"""A finished game for BG Stats: the createPlay payload, the link, and its QR code read back by a real decoder
(zxing-cpp) from the very characters drawn in the terminal."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import UTC, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
import zxingcpp

from companion import qr
from companion.bgstats import read_bgstats
from companion.cli import main
from companion.games import KINDS
from companion.origami.bgstats import bgstats_play
from companion.origami.catalogue import shipped
from companion.origami.render import sheet_json
from companion.session import in_effect
from companion.share import LINK, bgstats_link, shared_play, shorter
from db.store import Store
from scoring.origami.evolve import project
from scoring.origami.sheet import score
from scoring.origami.table import parse_table
from tests.companion.test_bgstats import PLAYS, bgstats_file
from tests.companion.test_exchange import history
from tests.conftest import empty_seats

FORTY_ONE = {"game": "origami", "players": [
    {"name": "Ann", "collections": [["Chick", "Chicken", "Magpie", "Ant"], ["Chick", "Rabbit", "Bee", "Ant"]],
     "hand": 3}, *empty_seats("Bob", "Zoë")]}
HALVES = {ch: pair for pair, ch in qr.HALVES.items()}
QUADRANTS = {ch: quad for quad, ch in qr.QUADRANTS.items()}


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A history with the rulebook's 41-point game (quick-scored) and a game still being played."""
    url = f"sqlite:///{tmp_path}/s.db"
    store = Store.open(url, KINDS)
    sheet = score(parse_table(FORTY_ONE, shipped()))
    store.results.record(variant="origami", players=["Ann", "Bob", "Zoë"], families=["farm", "sky", "lawn"],
                        characters=[], rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origami")
    store.close()
    return url


def read_back(drawn: list[str]) -> str:
    """The modules the characters show (either drawing), as an image for the decoder, decoded."""
    compact = any(ch in QUADRANTS and ch not in HALVES for line in drawn for ch in line)
    rows: list[list[bool]] = []
    for line in drawn:
        if compact:
            quads = [QUADRANTS[ch] for ch in line]
            rows += [[v for q in quads for v in q[:2]], [v for q in quads for v in q[2:]]]
        else:
            pairs = [HALVES[ch] for ch in line]
            rows += [[p[0] for p in pairs], [p[1] for p in pairs]]
    scale_x, scale_y = (3, 6) if compact else (4, 4)  # a compact module is twice as tall as wide on screen
    pixels = bytearray()
    for row in rows:
        line = b"".join((b"\x00" if dark else b"\xff") * scale_x for dark in row)
        pixels += line * scale_y
    image = memoryview(bytes(pixels)).cast("B", (len(rows) * scale_y, len(rows[0]) * scale_x))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, "the decoder found no QR code"
    return found[0].text


# The createPlay fields as BG Stats documents them ("Push plays to BG Stats from other apps or websites").
DOCUMENTED = {"board", "durationMin", "comments", "game", "location", "playDate", "players", "sourceName",
              "sourcePlayId"}
DOCUMENTED_GAME = {"bggId", "highestWins", "name", "noPoints", "sourceGameId"}
DOCUMENTED_PLAYER = {"startPlayer", "name", "rank", "role", "score", "sourcePlayerId", "winner"}


def decoded(link: str) -> Any:
    return json.loads(unquote(link.removeprefix(LINK)))


def test_the_play_has_bg_stats_fields_and_the_link_carries_it_exactly(url: str) -> None:
    store = Store.open(url, KINDS)
    game = store.games.get(1)
    play = bgstats_play(game, store.results.of(1))
    store.close()
    assert set(play) <= DOCUMENTED and set(play["game"]) <= DOCUMENTED_GAME
    assert all(set(p) <= DOCUMENTED_PLAYER for p in play["players"])
    assert play["sourceName"] == "Origami companion" and play["sourcePlayId"] == game.uid
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert play["game"] == {"name": "Origami", "sourceGameId": "origami", "highestWins": True, "noPoints": False}
    assert "durationMin" not in play and "location" not in play  # scored at once; no place named
    assert play["players"] == [  # nobody is known to have started a game scored at once: every flag is false
        {"name": "Ann", "sourcePlayerId": "1", "score": 41, "winner": True, "rank": 1, "startPlayer": False,
         "role": ""},
        {"name": "Bob", "sourcePlayerId": "2", "score": 0, "winner": False, "rank": 2, "startPlayer": False,
         "role": ""},
        {"name": "Zoë", "sourcePlayerId": "3", "score": 0, "winner": False, "rank": 2, "startPlayer": False,
         "role": ""}]
    # The families are the game's set-up (one deck for everybody), never a player's role.
    assert play["board"] == "Families: farm, sky, lawn"
    link = bgstats_link(play)
    assert link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22:")
    assert decoded(link) == play
    assert " " not in link and '"' not in link and "{" not in link


def test_a_game_recorded_turn_by_turn_sends_who_started_how_long_and_where(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    history(url)  # game 1: recorded turn by turn to its end, with an undo
    store = Store.open(url, KINDS)
    try:
        game, results = store.games.get(1), store.results.of(1)
        starting = project(in_effect(store.log.events(1))).starting  # the engine's own view of who started
    finally:
        store.close()
    assert game.finished_at is not None
    assert main(["--db", url, "share", "--location", "  Casa  di Anna "]) == 0
    assert capsys.readouterr().out.strip() == "Plays are sent to BG Stats from Casa di Anna."
    assert main(["--db", url, "share", "1", "--json"]) == 0
    sent = json.loads(capsys.readouterr().out)
    play = sent["play"]
    assert decoded(sent["link"]) == play
    assert set(play) <= DOCUMENTED and all(set(p) <= DOCUMENTED_PLAYER for p in play["players"])
    assert play["location"] == "Casa di Anna"
    assert "durationMin" not in play  # the scripted game took less than half a minute: no length worth sending
    later = replace(game, finished_at=game.started_at + timedelta(minutes=42, seconds=31))
    assert bgstats_play(later, results, starting=starting)["durationMin"] == 43
    assert play["playDate"] == f"{game.started_at.astimezone(UTC):%Y-%m-%d %H:%M:%S}"
    assert [p["startPlayer"] for p in play["players"]] == [seat == starting for seat in range(len(results))]
    assert {p["role"] for p in play["players"]} == {""} and play["board"] == f"Families: {', '.join(game.families)}"
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        (r["name"], r["score"], r["rank"], r["winner"]) for r in results]
    assert main(["--db", url, "share", "--location", ""]) == 0  # forgotten: no location is sent
    assert "No location is set" in capsys.readouterr().out
    assert main(["--db", url, "share", "1", "--json"]) == 0
    assert "location" not in json.loads(capsys.readouterr().out)["play"]


def test_a_mixed_game_goes_as_origami_with_the_legends_expansion_said(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/m.db"
    store = Store.open(url, KINDS)
    sheet = score(parse_table(FORTY_ONE, shipped()))
    store.results.record(variant="mixed", players=["Ann", "Bob", "Zoë"], families=["farm", "polar", "lawn"],
                        characters=[], rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"], kind="origami")
    play = shared_play(store, 1)
    store.close()
    assert play["game"]["name"] == "Origami" and play["game"]["sourceGameId"] == "mixed"
    assert play["comments"] == "Played with the Origami Legends expansion"


@pytest.mark.parametrize("compact", [False, True])
def test_the_drawn_qr_code_decodes_to_the_exact_link(url: str, compact: bool) -> None:
    store = Store.open(url, KINDS)
    link = bgstats_link(bgstats_play(store.games.get(1), store.results.of(1)))
    store.close()
    modules = qr.matrix(link)
    drawn = qr.lines(modules, compact)
    assert len(drawn[0]) == (len(modules) + 1) // 2 if compact else len(modules)
    assert read_back(drawn) == link


def test_the_code_takes_the_whole_terminal_or_says_it_cannot_and_offers_the_file(
        url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store.open(url, KINDS)
    play = shared_play(store, 1)
    store.close()
    link = bgstats_link(play)
    side = len(qr.matrix(link))
    # Exactly the room the square drawing needs, the prompt's line included: the code alone fills the screen.
    monkeypatch.setenv("COLUMNS", str(side))
    monkeypatch.setenv("LINES", str((side + 1) // 2 + 1))
    assert main(["--db", url, "share", "1", "--qr"]) == 0
    out, err = capsys.readouterr()
    lines = out.rstrip("\n").split("\n")
    drawn = lines[-((side + 1) // 2):]
    assert err == "" and lines[0] == link and read_back(drawn) == link
    assert all(len(line) == side for line in drawn)
    monkeypatch.setenv("COLUMNS", str(side - 1))  # too narrow for square modules: the compact drawing
    assert main(["--db", url, "share", "1", "--qr"]) == 0
    out, _ = capsys.readouterr()
    drawn = out.rstrip("\n").split("\n")[-((side + 1) // 2):]
    assert len(drawn[0]) < side and read_back(drawn) == link

    # Room for the shortest play but not the whole: the fullest shorter one that fits, said under the link.
    short, left = shorter(play)[-1]
    least = (len(qr.matrix(bgstats_link(short))) + 1) // 2
    assert least < (side + 1) // 2
    monkeypatch.setenv("COLUMNS", str(least))
    monkeypatch.setenv("LINES", str(least + 2))
    assert main(["--db", url, "share", "1", "--qr"]) == 0
    out, _ = capsys.readouterr()
    lines = out.rstrip("\n").split("\n")
    assert lines[0] == link and lines[1].startswith(f"To fit this terminal the code leaves out the {left} (")
    sent = decoded(read_back(lines[-least:]))
    assert [(p["name"], p["score"]) for p in sent["players"]] == [(p["name"], p["score"]) for p in play["players"]]

    # 80×24: a createPlay link with BG Stats' fields never fits there. 23 lines under the prompt are 46 rows of
    # modules: a QR code of version 6 at most (41 modules and the quiet zone), 134 bytes, and the link is several
    # times that. Said, a failure status, and the file BG Stats opens instead.
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    assert main(["--db", url, "share", "1", "--qr"]) == 2
    out, err = capsys.readouterr()
    assert out.strip() == link
    assert f"the QR code needs at least {least} columns and {least + 2} lines" in err
    assert "this terminal has 80×24" in err and "companion share 1 --save play.bgsplay" in err
    saved = tmp_path / "play.bgsplay"
    assert main(["--db", url, "share", "1", "--qr", "--save", str(saved)]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == link and f"The play is saved in {saved}" in out
    assert f"the play is saved in {saved}: open that file with BG Stats" in err
    single = json.loads(saved.read_text(encoding="utf-8"))
    assert single["about"].startswith("This is a Play file that can be read by Board Game Stats")
    reading = read_bgstats(single, str(saved))  # read as an export: one play, the same game
    assert len(reading.plays) == 1 and reading.plays[0].uid == decoded(link)["sourcePlayId"]
    assert [(n, s) for n, s in zip(reading.plays[0].players, reading.plays[0].scores, strict=True)] == [
        (p["name"], p["score"]) for p in decoded(link)["players"]]


def test_a_share_needs_a_game_or_a_location(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", url, "share"]) == 2
    assert "give the number of a finished game" in capsys.readouterr().err
    assert main(["--db", url, "share", "--location", "x" * 61]) == 2
    assert "at most 60 characters" in capsys.readouterr().err


def test_only_a_finished_game_can_be_shared(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store.open(url, KINDS)
    store.games.create(variant="origami", players=["Ann", "Bob"], families=["sky", "lawn"], characters=[],
                      rules={}, first=(), key="k", kind="origami")
    store.close()
    assert main(["--db", url, "share", "2"]) == 2
    assert "game 2 is not finished: only a scored game can go to BG Stats" in capsys.readouterr().err
    assert main(["--db", url, "share", "9"]) == 2
    assert "9" in capsys.readouterr().err


def test_every_player_carries_every_documented_field_even_without_a_family(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BG Stats for Android reads a player's fields strictly: a play that came from BG Stats (no families, no
    log) still sends each one."""
    url = f"sqlite:///{tmp_path}/i.db"
    path = tmp_path / "bg.json"
    path.write_text(json.dumps(bgstats_file(PLAYS[:1])), encoding="utf-8")
    assert main(["--db", url, "import", str(path)]) == 0
    capsys.readouterr()
    assert main(["--db", url, "share", "1", "--json"]) == 0
    play = json.loads(capsys.readouterr().out)["play"]
    assert all(set(p) == DOCUMENTED_PLAYER for p in play["players"])
    assert [(p["name"], p["role"], p["startPlayer"]) for p in play["players"]] == [
        ("Anna", "", False), ("Bruno", "", False)]
    assert play["durationMin"] == 40  # BG Stats' own length of the play


def test_a_settings_file_nested_deep_or_a_location_too_long_is_named_not_used(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    settings = tmp_path / "settings.json"
    monkeypatch.setenv("COMPANION_SETTINGS", str(settings))
    settings.write_text('{"location": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    assert main(["--db", url, "share", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion share: ") and "nested too deeply" in err and "fix or delete" in err, err
    assert main(["--db", url, "share", "--location", "Home"]) == 2  # the file is not rewritten over the damage
    assert settings.read_text(encoding="utf-8").startswith('{"location": [[[')
    capsys.readouterr()
    settings.write_text(json.dumps({"location": "x" * 5000}), encoding="utf-8")
    assert main(["--db", url, "share", "1"]) == 2
    err = capsys.readouterr().err
    assert "(5000 characters) is not a place's name" in err and "companion share --location NAME" in err, err
    assert main(["--db", url, "share", "--location", "The club"]) == 0  # set again: used
    assert main(["--db", url, "share", "1", "--json"]) == 0
    assert "The club" in capsys.readouterr().out


def test_share_save_on_a_full_disk_leaves_no_file(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    from companion import catalogue

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(catalogue.os, "fsync", full)
    target = tmp_path / "play.bgsplay"
    assert main(["--db", url, "share", "1", "--save", str(target)]) == 2
    assert "cannot write the play: No space left on device" in capsys.readouterr().err
    assert not target.exists() and [p.name for p in tmp_path.iterdir() if ".part" in p.name] == []
    target.write_text("kept", encoding="utf-8")
    assert main(["--db", url, "share", "1", "--save", str(target)]) == 2
    assert target.read_text(encoding="utf-8") == "kept"  # what was there stays
