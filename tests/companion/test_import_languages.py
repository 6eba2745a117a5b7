"""`companion import FILE` refuses a damaged file in the language in use (--lang it, --lang de): the refusal is the
catalogue's sentence, the exit code 2, and the database is left as it was."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import companion.languages
import scoring.i18n
from companion.cli import main
from companion.games import KINDS
from db.store import Store
from tests.companion.test_exchange import damaged, history
from tests.companion.test_origin_exchange import recorded


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    companion.languages.use(scoring.i18n.ENGLISH)


def held(url: str) -> list[Any]:
    """Every game in the database, whole (its fields, log and results)."""
    store = Store.open(url, KINDS)
    try:
        return list(store.exchange.whole())
    finally:
        store.close()


def refused(capsys: pytest.CaptureFixture[str], url: str, bad: Path, lang: str) -> str:
    before = held(url)
    code = main(["--lang", lang, "--db", url, "import", str(bad)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and str(bad) in err and "Traceback" not in err, err
    assert held(url) == before and before  # nothing added, nothing changed
    return err


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "): results: 1 per 2 giocatori"),
    ("de", "): results: 1 für 2 Spieler"),
])
def test_an_origami_file_is_refused_in_the_language_in_use(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str) -> None:
    source, target = f"sqlite:///{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"
    history(source)
    history(target)
    export = tmp_path / "games.json"
    assert main(["--db", source, "export", str(export)]) == 0
    capsys.readouterr()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(damaged(json.loads(export.read_text(encoding="utf-8")), "results")), encoding="utf-8")
    err = refused(capsys, target, bad, lang)
    assert said in err and "results for" not in err, err


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "results: punteggio, posizione o vittoria di un giocatore non sono quelli che dà il log"),
    ("de", "results: Punkte, Platz oder Sieg eines Spielers sind nicht das, was das Protokoll ergibt"),
])
def test_an_origin_story_file_is_refused_in_the_language_in_use(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str) -> None:
    source, target = f"sqlite:///{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"
    recorded(source)
    recorded(target, seed=4)
    export = tmp_path / "games.json"
    assert main(["--db", source, "export", str(export)]) == 0
    capsys.readouterr()
    data = json.loads(export.read_text(encoding="utf-8"))
    data["games"][0]["results"][0]["winner"] = not data["games"][0]["results"][0]["winner"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    err = refused(capsys, target, bad, lang)
    assert said in err and "is not what the log scores" not in err, err
