from __future__ import annotations

import asyncio
import gc
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import languages
from companion.origami.catalogue import shipped
from scoring import i18n
from scoring.origami.catalog import Catalogue
from scoring.origami.sheet import ScoreSheet, score
from scoring.origami.table import Table, parse_table


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say loudly what did not run: the store on PostgreSQL, the browser tests without Chromium."""
    if not os.environ.get("COMPANION_TEST_PG"):
        terminalreporter.write_sep("!", "PostgreSQL NOT TESTED: the store ran on SQLite only "
                                        "(set COMPANION_TEST_PG, or run .ci/run)", red=True, bold=True)
    if not shutil.which("chromium") and not shutil.which("chromium-browser"):
        terminalreporter.write_sep("!", "BROWSER NOT TESTED: no Chromium (apt-get install chromium, or run .ci/run)",
                                   red=True, bold=True)


def pytest_sessionstart(session: pytest.Session) -> None:
    """No event loop until a test makes one. pytest-asyncio 1.3 saves "the current loop" around each async test with
    asyncio.get_event_loop(), which on Python 3.11 creates one when none was ever set, and never closes it; the next
    asyncio.run() (a snapshot test's app) unsets it and the collector finds it open (pytest-asyncio#724, fixed
    upstream by #1430). With the loop set to none, as asyncio.run() leaves it, nothing is created."""
    asyncio.set_event_loop(None)


_frozen = [0]  # how many objects the suite froze (the modules and what they hold): a test's collection skips them


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is alive once the tests are collected (the modules imported, their caches) lives to the end: frozen, it
    is no longer walked by the collection after every test (a full walk was a large share of the suite's time)."""
    gc.collect()
    gc.freeze()
    _frozen[0] = gc.get_freeze_count()


@pytest.fixture(autouse=True)
def collected_after() -> Iterator[None]:
    """A connection, file or event loop left open and dropped is found by the garbage collector at the end of the
    test that dropped it, and fails that test (pyproject's filterwarnings), not whichever test it is found in; even
    when an app froze it (gc.freeze) and did not unfreeze it."""
    yield
    if gc.get_freeze_count() == _frozen[0]:
        gc.collect()  # only what the test made: the suite's frozen objects were alive before it
        return
    gc.unfreeze()  # an app froze what was alive when its database opened (companion/shell.py): garbage included
    gc.collect()
    gc.freeze()  # what survives is alive again: frozen for the next tests
    _frozen[0] = gc.get_freeze_count()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A test that speaks another language leaves the companion in English for the next one."""
    yield
    languages.use(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def own_database(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's real database, catalogue, settings or cache: a fresh file of each per test."""
    own = tmp_path_factory.mktemp("default")
    monkeypatch.setenv("COMPANION_DB", f"sqlite:///{own}/companion.db")
    monkeypatch.setenv("COMPANION_SETTINGS", f"{own}/settings.json")
    monkeypatch.delenv("COMPANION_CATALOG", raising=False)
    # English whatever the machine's locale (tests/test_i18n.py sets the others); catalogues compiled in the test's
    # own folder
    monkeypatch.setenv("LANGUAGE", "en")
    monkeypatch.setenv("COMPANION_CACHE", f"{own}/cache")


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return shipped()


def empty_seats(*names: str) -> list[dict[str, Any]]:
    return [{"name": n, "collections": [[], []], "hand": 0} for n in names]


@pytest.fixture
def table(catalogue: Catalogue) -> Callable[..., Table]:
    def make(game: str, players: list[dict[str, Any]], **extra: Any) -> Table:
        return parse_table({"game": game, "players": players, **extra}, catalogue)
    return make


@pytest.fixture
def scored(table: Callable[..., Table]) -> Callable[..., ScoreSheet]:
    def make(game: str, players: list[dict[str, Any]], **extra: Any) -> ScoreSheet:
        return score(table(game, players, **extra))
    return make


@pytest.fixture
def table_file(tmp_path: Path) -> Callable[[Any], Path]:
    def write(data: Any) -> Path:
        path = tmp_path / "table.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return path
    return write
