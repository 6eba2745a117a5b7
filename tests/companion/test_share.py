"""A finished game for BG Stats: the createPlay payload, the link, and its QR code read back by a real decoder
(zxing-cpp) from the very characters drawn in the terminal."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
import zxingcpp

from companion import qr
from companion.catalogue import shipped
from companion.cli import main
from companion.render import sheet_json
from companion.share import LINK, bgstats_link, bgstats_play
from db.store import Store
from scoring.origami.sheet import score
from scoring.origami.table import parse_table
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
    store = Store.open(url)
    sheet = score(parse_table(FORTY_ONE, shipped()))
    store.record_scored(variant="origami", players=["Ann", "Bob", "Zoë"], families=["farm", "sky", "lawn"],
                        characters=[], rules={}, sheet=sheet, sheets=sheet_json(sheet)["players"])
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


def test_the_play_has_bg_stats_fields_and_the_link_carries_it_exactly(url: str) -> None:
    store = Store.open(url)
    game = store.game(1)
    play = bgstats_play(game, store.results(1))
    store.close()
    assert play["sourceName"] == "Origami companion" and play["sourcePlayId"] == game.uid
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert play["game"] == {"name": "Origami", "sourceGameId": "origami"}
    assert play["players"] == [
        {"name": "Ann", "sourcePlayerId": "1", "score": 41, "winner": True},
        {"name": "Bob", "sourcePlayerId": "2", "score": 0, "winner": False},
        {"name": "Zoë", "sourcePlayerId": "3", "score": 0, "winner": False}]
    link = bgstats_link(play)
    assert link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22:")
    assert json.loads(unquote(link.removeprefix(LINK))) == play
    assert " " not in link and '"' not in link and "{" not in link


@pytest.mark.parametrize("compact", [False, True])
def test_the_drawn_qr_code_decodes_to_the_exact_link(url: str, compact: bool) -> None:
    store = Store.open(url)
    link = bgstats_link(bgstats_play(store.game(1), store.results(1)))
    store.close()
    modules = qr.matrix(link)
    drawn = qr.lines(modules, compact)
    assert len(drawn[0]) == (len(modules) + 1) // 2 if compact else len(modules)
    assert read_back(drawn) == link


def test_the_terminal_gets_the_drawing_that_fits_or_a_warning_and_the_file(
        url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LINES", "100")
    assert main(["--db", url, "share", "1", "--qr"]) == 0
    out, err = capsys.readouterr()
    *drawn, link = out.rstrip("\n").split("\n")
    assert err == "" and read_back(drawn) == link and link.startswith(LINK)
    monkeypatch.setenv("COLUMNS", "60")  # too narrow for square modules: the compact drawing
    assert main(["--db", url, "share", "1", "--qr"]) == 0
    out, _ = capsys.readouterr()
    *drawn, link = out.rstrip("\n").split("\n")
    assert len(drawn[0]) <= 60 and read_back(drawn) == link

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    saved = tmp_path / "play.json"
    assert main(["--db", url, "share", "1", "--qr", "--save", str(saved)]) == 0
    out, err = capsys.readouterr()
    assert "the QR code needs" in err and "this terminal has 80×24" in err and "--save FILE" in err
    assert out.splitlines()[0] == link and f"The play is saved in {saved}" in out
    assert json.loads(saved.read_text(encoding="utf-8")) == json.loads(unquote(link.removeprefix(LINK)))


def test_only_a_finished_game_can_be_shared(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store.open(url)
    store.create_game(variant="origami", players=["Ann", "Bob"], families=["sky", "lawn"], characters=[],
                      rules={}, first=(), key="k")
    store.close()
    assert main(["--db", url, "share", "2"]) == 2
    assert "game 2 is not finished: only a scored game can go to BG Stats" in capsys.readouterr().err
    assert main(["--db", url, "share", "9"]) == 2
    assert "9" in capsys.readouterr().err
