"""The console script loads only what a verb needs: no Textual, SQLAlchemy or qrcode for the verbs that do not use
them, and no Alembic unless a migration is due (each checked in a fresh process, as a person runs it)."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import _parser, _wanted, verbs

BIN = Path(sys.executable).parent
TABLE = Path(__file__).resolve().parents[2] / "examples" / "41.json"
HEAVY = ("textual", "sqlalchemy", "qrcode", "alembic")


def imported(argv: list[str], db: Path) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """The modules the real console script imported for `argv` (Python's own import log, read off stderr)."""
    done = subprocess.run([str(BIN / "companion"), *argv], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COMPANION_DB": f"sqlite:///{db}", "PYTHONPROFILEIMPORTTIME": "1"})
    names = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return names, done


def heavy(names: set[str]) -> list[str]:
    return sorted(n for n in names if n.split(".")[0] in HEAVY)


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["score", str(TABLE)], ["rules", "scoring"],
                                  ["score", "--help"], ["games", "--help"]])
def test_a_verb_that_needs_no_database_loads_no_heavy_library(tmp_path: Path, argv: list[str]) -> None:
    names, done = imported(argv, tmp_path / "none.db")
    assert done.returncode == 0, done.stderr[-500:]
    assert "argparse" in names  # the log was read
    assert heavy(names) == []
    assert not (tmp_path / "none.db").exists()  # and nothing was created


def test_score_reads_the_users_values_from_an_up_to_date_database_with_plain_sql(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    setup = subprocess.run([str(BIN / "companion"), "--db", f"sqlite:///{db}", "players", "add", "Ann"],
                           capture_output=True, text=True, timeout=120)
    assert setup.returncode == 0, setup.stderr
    names, done = imported(["score", str(TABLE)], db)
    assert done.returncode == 0 and "41" in done.stdout
    assert heavy(names) == []


def test_opening_an_up_to_date_database_does_not_import_alembic(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    probe = ("import sys; from db.store import Store; from companion.games import KINDS; s = Store.open(sys.argv[1], KINDS); "
             "s.profiles.all(); s.close(); "
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))")
    first = subprocess.run([sys.executable, "-c", probe, url], capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() != "[]"  # a new file is created by the migrations: Alembic ran then
    again = subprocess.run([sys.executable, "-c", probe, url], capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "[]"


def test_home_paints_and_lists_the_games_in_play_before_sqlalchemy_or_an_engine_loads(tmp_path: Path) -> None:
    """What the app imports before its first paint (the app module) and to list Home's games (the plain-SQL read
    and the local times): no SQLAlchemy, no rules engine (they load after the list is on the screen); of scoring
    only its errors and the language's words (scoring/i18n.py, the standard library's gettext alone)."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    setup = subprocess.run([str(BIN / "companion"), "--db", url, "players", "add", "Ann"], capture_output=True,
                           text=True, timeout=120)
    assert setup.returncode == 0, setup.stderr
    probe = ("import sys; import companion.app; from db.quick import games_in_play; "
             "from companion.local_time import when; assert games_in_play(sys.argv[1]) == []; "
             "print(sorted(m for m in sys.modules if m.startswith(('sqlalchemy', 'scoring.', 'db.'))))")
    done = subprocess.run([sys.executable, "-c", probe, url], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(["db.errors", "db.location", "db.quick", "scoring.errors", "scoring.i18n"])


def test_the_history_verbs_still_load_the_store_they_need(tmp_path: Path) -> None:
    names, done = imported(["players"], tmp_path / "games.db")
    assert done.returncode == 0, done.stderr[-500:]
    assert "sqlalchemy" in names and "textual" not in names and "qrcode" not in names


def test_version_names_the_installed_companion() -> None:
    done = subprocess.run([str(BIN / "companion"), "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("companion 0.")


def _helps(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {c.dest: c.help for c in sub._choices_actions}


def test_each_verb_is_listed_with_the_help_its_own_module_gives() -> None:
    listed = _helps(_parser(None))
    assert list(listed)[:6] == ["score", "check", "payments", "limit", "referee", "origin"]  # the games' own first
    assert list(listed) == [v.name for v in verbs()]
    for v in verbs():
        assert _helps(_parser(v.name))[v.name] == listed[v.name], v.name


@pytest.mark.parametrize(("argv", "verb"), [
    (["games"], "games"), (["--db", "sqlite:///x.db", "games"], "games"), (["--db=sqlite:///x.db", "share", "1"], "share"),
    (["--d", "u", "history"], "history"), (["--catalog", "games", "--db", "u", "export", "f"], "export"),
    (["--json"], None), ([], None), (["-h"], None), (["--", "replay"], "replay")])
def test_the_verb_is_found_where_argparse_finds_it(argv: list[str], verb: str | None) -> None:
    assert _wanted(argv) == verb


def test_companion_alone_starts_the_app_with_what_parsing_nothing_gives() -> None:
    """`main` skips building the parser for `companion` alone: the arguments it assumes are the parser's."""
    assert vars(_parser(None).parse_args([])) == {"catalog": [], "db": None, "verb": None}
