"""`p` on Home imports the players screen and its controller on the way to the screen's first frame: they load no
more than that frame needs (no history records, no plain history reads beyond the names, no dialog, no SQLAlchemy;
screens/given.py, by which the screen's fill takes the names), checked in a fresh process after what Home's start
imports."""
from __future__ import annotations

import subprocess
import sys

OURS = ("companion.", "db.", "scoring.", "screens.", "sqlalchemy")


def test_the_players_screen_and_its_controller_import_only_themselves_after_homes_start() -> None:
    probe = ("import sys; import companion.app, companion.local_time; before = set(sys.modules); "
             "import companion.players, screens.players; "
             f"print(sorted(m for m in set(sys.modules) - before if m.startswith({OURS!r})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(["companion.players", "screens.given", "screens.players"])
