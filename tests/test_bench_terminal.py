"""bench/terminal.py's measuring process closes what it opens: its child's stderr pipe, and the child reaped; the
program it times runs in a user's environment."""
from __future__ import annotations

import subprocess
import sys

import pytest

from bench.terminal import SPAWN, user_env


def test_the_measuring_process_leaves_nothing_open() -> None:
    child = "import sys; sys.stderr.write('said'); sys.exit(3)"
    done = subprocess.run([sys.executable, "-X", "dev", "-W", "error::ResourceWarning", "-c", SPAWN,
                           sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    took, code, peak = done.stdout.split()
    assert (code, done.stderr) == ("3", "said")
    assert float(took) > 0 and int(peak) > 0


def test_a_program_timed_runs_its_own_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not the modules on the benchmark's own import path (PYTHONPATH): a companion installed elsewhere, timed
    against this one, would run this one's code. Compiled modules are kept, as a user's Python keeps them."""
    monkeypatch.setenv("PYTHONPATH", "/somewhere/else")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("LANG", "C.UTF-8")
    env = user_env({"TERM": "xterm-256color"})
    assert "PYTHONPATH" not in env and "PYTHONDONTWRITEBYTECODE" not in env
    assert env["LANG"] == "C.UTF-8" and env["TERM"] == "xterm-256color"
