"""The store's refusals in Italian and German, through the command line: a duplicate player, an unknown game or
player, a newer or foreign database, a file that is no database. Each is said in the language chosen, the exit code
is the English one, and the database is left as it was."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion import languages
from companion.cli import main
from companion.games import KINDS
from db.store import Store


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database with two players and no games."""
    path = tmp_path / "players.db"
    store = Store.open(f"sqlite:///{path}", KINDS)
    store.profiles.add("Ann")
    store.profiles.add("Bob")
    store.close()
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as c:
        return c.execute("SELECT id, name FROM players ORDER BY id").fetchall()


@pytest.mark.parametrize(("argv", "english", "italian", "german"), [
    (["players", "add", "ann"], "there is already a player called 'Ann'", "c'è già un giocatore chiamato 'Ann'",
     "es gibt schon einen Spieler namens 'Ann'"),
    (["players", "rename", "Anne", "Zed"], "no player 'Anne'; did you mean Ann?",
     "nessun giocatore 'Anne'; intendevi Ann?", "kein Spieler 'Anne'; meintest du Ann?"),
    (["players", "merge", "Ann", "ann"], "'Ann' and 'Ann' are already one profile",
     "'Ann' e 'Ann' sono già un solo profilo", "'Ann' und 'Ann' sind schon ein Profil"),
    (["replay", "99"], "no game 99", "nessuna partita 99", "keine Partie 99"),
])
def test_a_refusal_is_said_in_the_language_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], db: Path, argv: list[str], english: str, italian: str,
        german: str) -> None:
    before = rows(db)
    code, out, err = run(capsys, "--db", f"sqlite:///{db}", *argv)
    assert (code, out) == (2, "") and english in err
    for lang, said in (("it", italian), ("de", german)):
        code_in, out_in, err_in = run(capsys, "--lang", lang, "--db", f"sqlite:///{db}", *argv)
        assert (code_in, out_in) == (code, "") and said in err_in and english not in err_in
        assert rows(db) == before


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "è stato scritto da una versione più recente del companion (schema 0099"),
    ("de", "wurde von einer neueren Version des Companions geschrieben (Schema 0099"),
])
def test_a_newer_database_is_refused_in_the_language_and_left_untouched(
        capsys: pytest.CaptureFixture[str], db: Path, lang: str, said: str) -> None:
    with sqlite3.connect(db) as c:
        c.execute("UPDATE alembic_version SET version_num = '0099'")
    before = db.read_bytes()
    code, out, err = run(capsys, "--lang", lang, "--db", f"sqlite:///{db}", "players")
    assert (code, out) == (2, "") and said in err and "Traceback" not in err
    assert db.read_bytes() == before
    assert not list(db.parent.glob("*.backup-*"))


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "non è un database del companion (non è affatto SQLite)"),
    ("de", "ist keine Datenbank des Companions (überhaupt kein SQLite)"),
])
def test_a_file_that_is_no_database_is_named_in_the_language(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 200)
    code, out, err = run(capsys, "--lang", lang, "--db", f"sqlite:///{notes}", "games")
    assert (code, out) == (2, "") and f"{notes} {said}" in err
    assert notes.read_text() == "not a database\n" * 200


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "contiene tabelle di un altro programma"),
    ("de", "enthält Tabellen eines anderen Programms"),
])
def test_another_programs_database_is_refused_in_the_language(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE recipes (name TEXT)")
    code, out, err = run(capsys, "--lang", lang, "--db", f"sqlite:///{path}", "players")
    assert (code, out) == (2, "") and said in err
    with sqlite3.connect(path) as c:
        assert [r[0] for r in c.execute("SELECT name FROM sqlite_master")] == ["recipes"]


@pytest.mark.parametrize(("lang", "words"), [
    ("it", ("non è un database del companion", "scegli un altro file per il database")),
    ("de", ("ist keine Datenbank des Companions", "wähle eine andere Datei für die Datenbank")),
])
async def test_home_says_why_the_database_cannot_be_opened_whole_at_80_by_24(
        tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    from companion.app import make_app
    from tests.screens.origami.test_friction import screen_text
    from tests.screens.settle import settled

    bad = tmp_path / "notes.db"
    bad.write_text("not a database\n" * 100)
    languages.use(lang)
    app = make_app(f"sqlite:///{bad}")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        shown = " ".join(" ".join(screen_text(app).split()).split())  # the words, however the lines wrap them
        for word in words:
            assert " ".join(word.split()) in shown, shown
