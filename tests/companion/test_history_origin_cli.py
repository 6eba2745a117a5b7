"""`companion history PLAYER` with Origin Story games: its own block after the Origami one, and in --json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import KINDS
from db.store import Store
from tests.db.test_origin_stats import history


def test_history_shows_the_origin_story_block(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    store = Store.open(url, KINDS)
    try:
        history(store)
        store.profiles.add("Dee")
    finally:
        store.close()
    assert main(["--db", url, "history", "Ann"]) == 0
    out = capsys.readouterr().out
    origin = out[out.index("Origin Story:"):]
    assert origin.startswith("Origin Story: 6 games 4 wins (1 with no rounds recorded)")
    assert "4 as hero, 2 as villain" in origin
    assert "3 players: 0 of 1 round clean" in origin and "2 players: 1 of 1 round clean" in origin
    assert "15 from alignment, 1 from abilities, 0 from surrender" in origin
    assert "difficulty 2: 1 played 1 won" in origin and "difficulty 3: 1 played 0 won" in origin
    assert "highest difficulty beaten: 2" in origin
    assert main(["--db", url, "history", "Ann", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 0  # the Origami figures
    assert data["origin_story"]["highest_beaten"] == 2
    assert data["origin_story"]["by_mode"]["duo"] == {"games": 2, "wins": 2}
    assert data["origin_story"]["vp"] == {"alignment": 15, "abilities": 1, "surrender": 0}
    assert main(["--db", url, "history", "Dee", "--json"]) == 0
    assert "origin_story" not in json.loads(capsys.readouterr().out)
