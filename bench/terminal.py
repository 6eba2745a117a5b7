"""Programs as a person starts them: in a real pseudo-terminal, timed from the spawn to the moment a text is on
the screen (the program's own output read off the terminal, escape sequences stripped)."""
from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence
from pathlib import Path

ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[P^_][^\x1b]*\x1b\\|[()][0-9A-Za-z]|.)")
BIN = Path(sys.executable).parent


def user_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment a user's program starts in: this one, but with Python keeping compiled modules (a machine
    that sets PYTHONDONTWRITEBYTECODE would otherwise time compiling the companion's source at every start, which
    a user's Python does once; Textual's own modules are compiled when pip installs them), and without the import
    path the benchmark may run with (PYTHONPATH): a program is timed with its own code (a companion installed
    elsewhere, compared with this one, ran this one's modules under it)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    return {**env, **(extra or {})}

# The baseline: a bare Textual app with one Static, started the same way (a script run by the same Python).
BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("Hello from a bare app")

Bare().run()
"""

# The same bare app with a key that acts: `p` pushes a screen of one Static (what a key on Home does, at its least).
BARE_KEY = """
from textual.app import App
from textual.screen import Screen
from textual.widgets import Static

class Pushed(Screen):
    BINDINGS = [("escape", "app.pop_screen", "Back")]

    def compose(self):
        yield Static("A pushed screen")

class Bare(App):
    BINDINGS = [("p", "push", "Push")]

    def compose(self):
        yield Static("Hello from a bare app")

    def action_push(self):
        self.push_screen(Pushed())

Bare().run()
"""


def screen_times(argv: Sequence[str], marks: Sequence[str], env: dict[str, str] | None = None,
                 timeout: float = 60.0, keys: dict[int, bytes] | None = None,
                 pauses: dict[int, float] | None = None) -> list[float]:
    """Seconds from spawning `argv` in a 100×30 pseudo-terminal until each of `marks` (regular expressions) has
    appeared on it, in order; the program is then ended. `keys[i]` is typed the moment mark i is on screen (a
    person pressing a key as soon as they see it), or `pauses[i]` seconds later (the program's output read
    meanwhile): mark i's time is then the moment the key is typed."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, start_new_session=True, close_fds=True,
                             env=user_env({"TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30",
                                           **(env or {})}))
    os.close(slave)
    seen, found, pending = b"", [], list(marks)
    try:
        while pending:
            if time.perf_counter() - start > timeout:
                raise TimeoutError(f"{' '.join(argv)}: {pending[0]!r} not on screen after {timeout:.0f} s: "
                                   f"{ESCAPES.sub(b'', seen)[-600:]!r}")
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the program ended
                raise RuntimeError(f"{' '.join(argv)} ended before showing {pending[0]!r}: "
                                   f"{ESCAPES.sub(b'', seen)[-400:]!r}") from None
            seen += chunk
            text = ESCAPES.sub(b"", seen).decode("utf-8", "replace")
            while pending and re.search(pending[0], text):
                found.append(time.perf_counter() - start)
                pending.pop(0)
                if keys and len(found) - 1 in keys:
                    if pause := (pauses or {}).get(len(found) - 1, 0.0):
                        until = time.perf_counter() + pause
                        while (left := until - time.perf_counter()) > 0:
                            if select.select([master], [], [], left)[0]:
                                os.read(master, 65536)  # drawn before the key: not its answer
                        found[-1] = time.perf_counter() - start
                    os.write(master, keys[len(found) - 1])
                    # What was on screen before the key cannot be the key's answer: look at what comes after it.
                    seen = b""
                    break
    finally:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.wait()
        os.close(master)
    return found


# A measured program is started by this small Python process rather than by the benchmark itself: Linux counts
# a child's peak memory from its fork, when it still shares its parent's pages, so a benchmark of 130 MB would
# be every program's peak. Reading stderr to its end first: a program that writes much to it cannot block. The
# child is reaped by wait4 (for its peak memory), so Popen is told its exit status: leaving the `with` then closes
# the pipe without waiting again, and Popen does not take the child for one still running.
SPAWN = """
import os, subprocess, sys, time
start = time.perf_counter()
with subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as child:
    said = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    took = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
sys.stderr.buffer.write(said[-400:])
print(took, child.returncode, usage.ru_maxrss)
"""


def run_time(argv: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    """Seconds a command takes start to end (output to a pipe), and its own peak memory in kB."""
    done = subprocess.run([sys.executable, "-c", SPAWN, *argv], capture_output=True, text=True, env=user_env(env))
    took, code, peak = done.stdout.split()
    if code != "0":
        raise RuntimeError(f"{' '.join(argv)} failed ({code}): {done.stderr}")
    return float(took), int(peak)
