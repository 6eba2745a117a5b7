"""bench/terminal.py's measuring process closes what it opens: its child's stderr pipe, and the child reaped."""
from __future__ import annotations

import subprocess
import sys

from bench.terminal import SPAWN


def test_the_measuring_process_leaves_nothing_open() -> None:
    child = "import sys; sys.stderr.write('said'); sys.exit(3)"
    done = subprocess.run([sys.executable, "-X", "dev", "-W", "error::ResourceWarning", "-c", SPAWN,
                           sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    took, code, peak = done.stdout.split()
    assert (code, done.stderr) == ("3", "said")
    assert float(took) > 0 and int(peak) > 0
