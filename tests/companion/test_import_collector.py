"""An import holds Python's cyclic garbage collector off while it runs, and gives it back however it ends: added,
refused, or a file that is not even JSON (a program that imports and goes on running keeps collecting)."""
from __future__ import annotations

import gc
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cli import main
from companion.exchange import to_json
from tests.db.test_import_batches import games


@pytest.fixture
def collecting() -> None:
    assert gc.isenabled()


def test_the_collector_is_back_after_every_import(tmp_path: Path, collecting: None,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'store.db'}"
    seen: list[bool] = []
    real = gc.disable

    def disable() -> None:
        seen.append(True)
        real()

    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    data = to_json(games(5), datetime(2026, 1, 1, tzinfo=UTC))
    good.write_text(json.dumps(data), encoding="utf-8")
    data["games"][-1]["results"][0]["rank"] = "first"
    bad.write_text(json.dumps(data), encoding="utf-8")
    broken.write_text("{not json", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gc, "disable", disable)
        for file, code in ((good, 0), (bad, 2), (broken, 2), (good, 0)):
            assert main(["--db", url, "import", str(file)]) == code
            assert gc.isenabled()
    assert len(seen) == 4  # it was held off each time
    capsys.readouterr()
