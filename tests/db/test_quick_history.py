"""The history's reads of the command line (`players`, `history`, `games`) in plain SQL give exactly what the store's
rooms give, on a history of both games (recorded, undone, quick-scored, imported, merged, abandoned, in play); on
anything unusual they step aside and the store answers; and the console script reads without loading SQLAlchemy."""
from __future__ import annotations

import argparse
import io
import json
import sqlite3
import subprocess
import sys
from contextlib import redirect_stdout
from datetime import UTC, datetime

import pytest

from companion import history
from companion.cli import _parser, _wanted, main
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.location import plain_sqlite_file
from db.quick_history import NotQuick, open_history
from db.store import Store
from scoring.origami.sheet import PlayerScore, ScoreSheet
from tests.db.test_origin_stats import history as origin_history
from tests.recorded import script

CATALOGUE = filled(shipped())
READS = (["players"], ["players", "--json"], ["history"], ["history", "--json"], ["history", "Ann"],
         ["history", "ann", "--json"], ["history", "Ann", "--vs", "Bob"],
         ["history", "Bob", "--vs", "Ann", "--json"], ["history", "Ann", "--vs", "Zed"],
         ["history", "Zoe"], ["games"], ["games", "--json"], ["games", "--limit", "2"], ["games", "--finished"],
         ["games", "--unfinished", "--json"], ["games", "--player", "Ann", "--since", "2026-03-01"],
         ["games", "--player", "zoe"])


def filled_history(store: Store) -> None:
    """Both games' kinds of history: Origin Story's quick-scored and imported games; an Origami game recorded turn by
    turn (one action undone) and left in play, another abandoned; a shared win; a merged profile."""
    origin_history(store)
    for seed, key in ((21, "a"), (22, "b")):
        game = script(CATALOGUE, seed=seed)
        session = GameSession.start(store, game.script[0], CATALOGUE, key=f"{key}start")
        assert isinstance(session, GameSession)
        for i, command in enumerate(game.script[1:6], 1):
            session.submit(command, f"{key}{i}")
    session.undo("misread the card", "undo")
    store.games.abandon(session.game_id - 1)
    store.results.record(variant="origami", players=["Ann", "Zed"], families=["birds", "sea"], characters=[],
                         rules={}, sheet=ScoreSheet((PlayerScore("Ann", 30, 1, 2, (), ()),
                                                     PlayerScore("Zed", 30, 1, 2, (), ())), ("Ann", "Zed"), "shared"),
                         sheets=[{}, {}], finished_at=datetime(2026, 3, 2, tzinfo=UTC), kind="origami")
    store.profiles.add("Zoe")
    store.profiles.merge("Zoe", "Bob")


def arguments(words: list[str], url: str) -> argparse.Namespace:
    args = _parser(_wanted(words)).parse_args(words)
    args.db = url
    return args


def answer(reads: object, url: str, words: list[str]) -> tuple[object, str]:
    """The verb's answer through `reads`, and what it printed itself (`games` prints as it reads)."""
    args = arguments(words, url)
    verb = history._read_only(args)
    assert verb is not None
    printed = io.StringIO()
    try:
        with redirect_stdout(printed):
            return verb(reads, args), printed.getvalue()  # type: ignore[arg-type]
    finally:
        reads.close()  # type: ignore[attr-defined]


def answers(url: str, words: list[str]) -> tuple[object, object]:
    """The verb's answer through the plain reads and through the store."""
    return answer(open_history(url, KINDS), url, words), answer(Store.open(url, KINDS), url, words)


def test_the_plain_reads_answer_as_the_store(any_url: str) -> None:
    store = Store.open(any_url, KINDS)
    filled_history(store)
    store.close()
    if plain_sqlite_file(any_url) is None:  # PostgreSQL: only the store reads it, through the same verbs
        assert open_history(any_url, KINDS) is None
        for words in READS:
            (_, data, text), printed = answer(Store.open(any_url, KINDS), any_url, words)
            assert text or printed, words
        return
    for words in READS:
        plain, stored = answers(any_url, words)
        assert plain == stored, words
    _, printed = answers(any_url, ["games"])[0]  # the history is all there: the comparison compared something
    assert "in play (" in printed and "abandoned (" in printed and "won by Ann and Zed" in printed
    _, printed = answers(any_url, ["games", "--json"])[0]  # written an object at a time, as the whole list was
    assert len(json.loads(printed)) == 9 and printed == json.dumps(json.loads(printed), indent=2,
                                                                   ensure_ascii=False) + "\n"


def test_what_only_the_store_can_say_it_says(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/history.db"
    store = Store.open(url, KINDS)
    filled_history(store)
    store.close()
    quick = open_history(url, KINDS)
    assert quick is not None
    with pytest.raises(NotQuick):  # the store names the closest names
        quick.stats.player("Nobody")
    quick.close()
    assert main(["--db", url, "history", "Nobody"]) == 2
    assert "no player 'Nobody'; players: Ann" in capsys.readouterr().err
    path = plain_sqlite_file(url)
    assert path is not None
    with sqlite3.connect(path) as c:  # a sheet damaged outside the companion
        c.execute("UPDATE results SET sheet = '[1]' WHERE game_id = (SELECT max(game_id) FROM results)")
    plain, stored = answers(url, ["games"])
    assert plain == stored and "score sheet is [1], not an object" in plain[1]
    with sqlite3.connect(path) as c:  # a row not as the companion writes it: the store reads it and names it
        c.execute("UPDATE games SET started_at = 'yesterday' WHERE id = 1")
    plain, stored = answers(url, ["games"])  # handed to the store from that game on
    assert plain == stored and "    1  damaged: its start time" in plain[1]
    assert main(["--db", url, "games", "--limit", "3"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_the_console_script_reads_without_sqlalchemy(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/history.db"
    store = Store.open(url, KINDS)
    filled_history(store)
    store.close()
    for words in (["players"], ["history"], ["games", "--limit", "20"]):
        probe = ("import sys; from companion.cli import main; code = main(sys.argv[1:]); "
                 "assert 'sqlalchemy' not in sys.modules, 'SQLAlchemy was loaded'; sys.exit(code)")
        done = subprocess.run([sys.executable, "-c", probe, "--db", url, *words], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip()
