"""The export streams a game at a time and writes exactly the text it wrote whole; an export that fails half-way
leaves no file behind."""
from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import exchange_cli, import_stream
from companion.cli import main
from companion.exchange import to_json
from companion.games import KINDS
from companion.history_csv import history_csv
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.exchange import Exchange
from db.store import Store
from tests.companion.test_listing import scored
from tests.recorded import script


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store.open(url, KINDS)
    catalogue = filled(shipped())
    game = script(catalogue, seed=8)
    session = GameSession.start(store, game.script[0], catalogue, key="start")
    assert isinstance(session, GameSession)
    for i, command in enumerate(game.script[1:8], 1):
        session.submit(command, f"k{i}")
    for day in range(4):
        scored(store, day, "Ann", "Bé ☃")
    store.close()
    return url


@pytest.mark.parametrize("count", [0, 1, 5])
def test_the_streamed_json_is_the_text_written_whole(url: str, count: int) -> None:
    store = Store.open(url, KINDS)
    games = store.exchange.whole()[:count]
    store.close()
    now = datetime(2026, 5, 1, tzinfo=UTC)
    whole = json.dumps(to_json(games, now), indent=1, ensure_ascii=False) + "\n"
    assert "".join(exchange_cli._json_chunks(iter(games), now)) == whole


@pytest.mark.parametrize(("count", "location"), [(0, None), (1, "Casa di Anna"), (5, "Casa di Anna"), (5, None)])
def test_the_streamed_bgstats_export_is_the_text_written_whole(url: str, count: int, location: str | None) -> None:
    """Plays a game at a time, the players, games, place and owner they name written before them, as whole."""
    from companion.bgstats_export import Export, bgstats_chunks, to_bgstats

    store = Store.open(url, KINDS)
    games = store.exchange.whole()[:count]
    store.close()
    now = datetime(2026, 5, 1, tzinfo=UTC)
    whole = json.dumps(to_bgstats(games, now, location), indent=1, ensure_ascii=False) + "\n"
    export = Export(now, location)
    assert "".join(bgstats_chunks(iter(games), export)) == whole
    assert export.plays == len(json.loads(whole)["plays"]) == sum(g.finished_at is not None for g in games)


def test_the_streamed_csv_is_the_text_written_whole(url: str) -> None:
    store = Store.open(url, KINDS)
    games = store.exchange.whole()
    store.close()
    assert "".join(exchange_cli._csv_chunks(iter(games), batch=2)) == history_csv(games)


def test_an_export_round_trips_through_import(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "all.json"
    assert main(["--db", url, "export", str(file)]) == 0
    target = f"sqlite:///{tmp_path / 'copy.db'}"
    assert main(["--db", target, "import", str(file)]) == 0
    assert main(["--db", target, "import", str(file), "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out[out.index("{"):]) == {"added": 0, "skipped": 5}


def test_a_failure_while_streaming_leaves_no_file(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "all.json"
    file.write_text("the previous export\n")

    whole = Exchange.iter_whole

    def broken(self: Exchange, game_ids: object = None) -> object:
        yield from list(whole(self))[:2]
        raise RuntimeError("the database went away")

    monkeypatch.setattr(Exchange, "iter_whole", broken)
    assert main(["--db", url, "export", str(file)]) == 3
    assert file.read_text() == "the previous export\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_file_laid_out_otherwise_is_read_whole_with_the_same_result(url: str, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "all.json"
    assert main(["--db", url, "export", str(file)]) == 0
    data = json.loads(file.read_text(encoding="utf-8"))
    assert import_stream.games_in(file) is not None and len(list(import_stream.games_in(file))) == 5
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"games": data["games"], "version": 1, "format": data["format"]}), encoding="utf-8")
    with pytest.raises(import_stream.NotStreamable):
        list(import_stream.games_in(other))
    target = f"sqlite:///{tmp_path / 'copy.db'}"
    assert main(["--db", target, "import", str(other)]) == 0
    assert "5 games added" in capsys.readouterr().out


def test_a_bad_game_late_in_a_streamed_file_adds_nothing(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(import_stream, "BATCH", 2)  # the bad game is in the third batch
    monkeypatch.setattr(import_stream, "READ", 300)  # and games cross the parts read
    file = tmp_path / "all.json"
    assert main(["--db", url, "export", str(file)]) == 0
    text = file.read_text(encoding="utf-8")
    cut = text.rindex('"score": 20')
    (tmp_path / "bad.json").write_text(text[:cut] + '"score": -20' + text[cut + 11:], encoding="utf-8")
    target = f"sqlite:///{tmp_path / 'copy.db'}"
    assert main(["--db", target, "import", str(tmp_path / "bad.json")]) == 2
    assert ": game 4 (" in capsys.readouterr().err  # the game named as when the file is read whole
    store = Store.open(target, KINDS)
    assert store.games.all() == []
    store.close()
    assert main(["--db", target, "import", str(file)]) == 0
    assert main(["--db", target, "import", str(file)]) == 0
    assert "0 games added, 5 already here" in capsys.readouterr().out


def test_two_imports_of_one_file_at_once_add_each_game_once(url: str, tmp_path: Path) -> None:
    file = tmp_path / "all.json"
    assert main(["--db", url, "export", str(file)]) == 0
    target = f"sqlite:///{tmp_path / 'copy.db'}"
    Store.open(target, KINDS).close()
    codes: list[int] = []
    threads = [threading.Thread(target=lambda: codes.append(main(["--db", target, "import", str(file)])))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert codes == [0, 0]
    store = Store.open(target, KINDS)
    assert len(store.games.all()) == 5
    store.close()
