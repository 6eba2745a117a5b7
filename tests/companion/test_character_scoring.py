"""A Character whose scoring nobody knows (Actor, Samurai, Sumo wrestler) blocks the score with a message whose
command works: the user defines its scoring template and parameters (`catalog set`, the table file's "cards")."""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

COMPANION = str(Path(sys.executable).parent / "companion")
TABLE: dict[str, Any] = {"game": "legends", "characters": ["Actor (red)"], "players": [
    {"name": "Ann", "collections": [["Phoenix"], ["Kappa"]], "hand": 3},
    {"name": "Bob", "collections": [["Macaw"], []], "hand": 1}]}


def companion(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([COMPANION, "--db", f"sqlite:///{tmp_path}/c.db", *argv], capture_output=True, text=True,
                          check=False, timeout=60)


def table(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_suggested_command_defines_the_scoring_and_the_score_follows(tmp_path: Path) -> None:
    blocked = companion(tmp_path, "score", table(tmp_path, TABLE))
    assert blocked.returncode == 2 and "Actor (red): its scoring effect is not known" in blocked.stderr
    suggested = re.search(r"e\.g\. `(companion catalog set [^`]+)`", blocked.stderr)
    assert suggested, blocked.stderr
    words = shlex.split(suggested.group(1))[1:]
    done = companion(tmp_path, *words)
    assert done.returncode == 0, done.stderr
    assert "+3 to the player(s) with the most cards in hand" in done.stdout
    scored = companion(tmp_path, "score", table(tmp_path, TABLE), "--json")
    assert scored.returncode == 0, scored.stderr
    ann = json.loads(scored.stdout)["players"][0]
    assert ann["name"] == "Ann"
    assert {"source": "Actor (red)", "owner": None, "points": 3, "why": "most cards in hand (3)"} in ann["awards"]
    shown = companion(tmp_path, "catalog", "Actor (red)")
    assert "scoring         +3 to the player(s) with the most cards in hand (from user)" in shown.stdout


def test_a_character_takes_only_an_award_template(tmp_path: Path) -> None:
    done = companion(tmp_path, "catalog", "set", "Samurai (yellow)", "scoring", "per_family", "family=lawn",
                     "amount=1")
    assert done.returncode == 2 and "most_in_hand" in done.stderr and "Traceback" not in done.stderr
    typo = companion(tmp_path, "catalog", "set", "Samurai (yellow)", "scoring", "most_in_hand", "amount")
    assert typo.returncode == 2 and "NAME=VALUE" in typo.stderr


def test_the_table_files_cards_define_it_for_one_table(tmp_path: Path) -> None:
    data = {**TABLE, "cards": {"Actor (red)": {"scoring": {"template": "fewest_in_hand", "amount": 2}}}}
    done = companion(tmp_path, "score", table(tmp_path, data))
    assert done.returncode == 0, done.stderr
    assert "Actor (red)" in done.stdout and "+2" in done.stdout
