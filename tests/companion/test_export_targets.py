"""`companion export` to what is not a plain file: `-` is standard output; a link is written through (it stays a
link); a pipe or a device is written into, never replaced by a file; a folder is refused."""
from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest

from tests.companion.test_exchange import history, run


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path}/a.db"
    history(url)
    return url


def test_a_dash_is_standard_output(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--db", url, "export", "-")
    assert code == 0 and len(json.loads(out)["games"]) == 3 and "3 games written to -" in err


def test_a_link_is_written_through_and_stays_a_link(url: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "games.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    code, _, err = run(capsys, "--db", url, "export", str(link))
    assert code == 0, err
    assert link.is_symlink() and len(json.loads(target.read_text(encoding="utf-8"))["games"]) == 3


def test_a_pipe_is_written_into_not_replaced(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    try:
        code, _, err = run(capsys, "--db", url, "export", "--csv", str(fifo))
    finally:
        if reader.is_alive():  # nothing may have been written into the pipe: let the reader go
            try:  # without blocking: the reader may have read all and gone since it was seen alive
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:  # ENXIO: no reader left
                pass
        reader.join(10)
    assert code == 0, err
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and received and received[0].startswith("\ufeffgame,")


def test_a_folder_is_refused(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--db", url, "export", str(tmp_path))
    assert code == 2 and "is a folder" in err
