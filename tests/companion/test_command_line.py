"""The command line as people expect it, through the real console script: `-` reads standard input, a mistyped
verb gets the nearest one, shell completion, `-V`, `--json` before the verb, no colour codes where colour is not
wanted, Ctrl+C while a verb loads, and the CSV a spreadsheet opens."""
from __future__ import annotations

import csv
import io
import json
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.companion.test_exchange import history
from tests.companion.test_origin_exchange import recorded

COMPANION = str(Path(sys.executable).parent / "companion")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ESCAPE = "\x1b["


def companion(*argv: str, stdin: str | None = None, env: dict[str, str] | None = None,
              cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([COMPANION, *argv], input=stdin, capture_output=True, text=True, check=False, timeout=120,
                          env={**os.environ, **(env or {})}, cwd=cwd)


def test_a_dash_reads_the_table_or_the_game_from_standard_input() -> None:
    for argv, path in ((["score"], EXAMPLES / "41.json"), (["origin", "score"], EXAMPLES / "origin" / "game.json")):
        named = companion(*argv, str(path))
        piped = companion(*argv, "-", stdin=path.read_text(encoding="utf-8"))
        assert named.returncode == piped.returncode == 0, piped.stderr
        assert piped.stdout == named.stdout and "Winner" in piped.stdout
    bad = companion("score", "-", stdin="{")
    assert bad.returncode == 2 and bad.stderr.startswith("companion score: -: not valid JSON")
    assert "Traceback" not in bad.stderr and bad.stdout == ""


def test_a_dash_imports_an_export_from_standard_input_once(tmp_path: Path) -> None:
    source, target = f"sqlite:///{tmp_path}/source.db", f"sqlite:///{tmp_path}/target.db"
    history(source)
    exported = companion("--db", source, "export", "-")
    assert exported.returncode == 0, exported.stderr
    first = companion("--db", target, "import", "-", stdin=exported.stdout)
    assert (first.returncode, first.stdout.strip()) == (0, "3 games added, 0 already here"), first.stderr
    again = companion("--db", target, "import", "-", stdin=exported.stdout)
    assert (again.returncode, again.stdout.strip()) == (0, "0 games added, 3 already here"), again.stderr
    broken = companion("--db", target, "import", "-", stdin=exported.stdout[:200])
    assert broken.returncode == 2 and broken.stderr.startswith("companion import: -: ") and "Traceback" not in \
        broken.stderr


@pytest.mark.parametrize(("argv", "said"), [
    (["scroe", "x.json"], "invalid choice: 'scroe'; did you mean 'score'?"),
    (["histroy"], "did you mean 'history'?"),
    (["origin", "scroe", "x.json"], "did you mean 'score'?"),
    (["rules", "--game", "origin-stroy"], "did you mean 'origin-story'?"),
    (["xyzzy"], "invalid choice: 'xyzzy' (choose from 'score', "),  # nothing near: every verb
])
def test_a_mistyped_verb_or_game_gets_the_nearest(argv: list[str], said: str) -> None:
    done = companion(*argv)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_dash_v_is_the_version_as_dash_dash_version() -> None:
    short, long = companion("-V"), companion("--version")
    assert short.returncode == long.returncode == 0
    assert short.stdout == long.stdout and short.stdout.startswith("companion 0.")


def test_json_before_the_verb_is_the_verbs_own(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    history(url)
    after, before = companion("--db", url, "games", "--json"), companion("--json", "--db", url, "games")
    assert after.returncode == before.returncode == 0, before.stderr
    assert before.stdout == after.stdout and len(json.loads(before.stdout)) == 3
    nested = companion("--json", "origin", "score", str(EXAMPLES / "origin" / "game.json"))
    assert nested.returncode == 0 and json.loads(nested.stdout)["winners"] == ["Ann"]
    alone = companion("--json")
    assert alone.returncode == 2 and "--json goes with a command" in alone.stderr


def test_the_help_names_both_games() -> None:
    assert "Origin Story" in companion("--help").stdout
    assert "Origami and Origin Story plays of a BG Stats export" in " ".join(companion("import", "--help").stdout.split())


def completions(script: Path, words: list[str], cwd: Path) -> list[str]:
    """What bash offers for the last of `words` with the completion script loaded, as it does at a TAB."""
    line = " ".join(f"'{w}'" for w in words)
    done = subprocess.run(["bash", "-c", f'source "$1"; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; '
                                         '_shtab_companion; printf "%s\\n" "${COMPREPLY[@]}"', "bash", str(script)],
                          capture_output=True, text=True, check=False, timeout=60, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return sorted(filter(None, done.stdout.splitlines()))


def test_bash_completes_verbs_their_options_games_and_files(tmp_path: Path) -> None:
    script = tmp_path / "companion.bash"
    done = companion("--print-completion", "bash")
    assert done.returncode == 0, done.stderr
    script.write_text(done.stdout, encoding="utf-8")
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "41.json").write_text("{}", encoding="utf-8")
    assert completions(script, ["companion", "hi"], tmp_path) == ["history"]
    assert completions(script, ["companion", "--db", "x.db", "re"], tmp_path) == ["referee", "replay"]
    assert completions(script, ["companion", "origin", "s"], tmp_path) == ["score", "setup"]
    assert "--ratings" in completions(script, ["companion", "history", "--"], tmp_path)
    assert completions(script, ["companion", "rules", "--game", "or"], tmp_path) == ["origami", "origin-story"]
    assert completions(script, ["companion", "score", "tables/"], tmp_path) == ["tables/41.json"]
    for shell in ("zsh", "tcsh"):
        other = companion("--print-completion", shell)
        assert other.returncode == 0 and "origin-story" in other.stdout and "history" in other.stdout
    unknown = companion("--print-completion", "fish")
    assert unknown.returncode == 2 and "choose from 'bash', 'zsh', 'tcsh'" in unknown.stderr


HOLD = """
import os, signal, sys, time
from importlib.abc import MetaPathFinder

# Ctrl+C as a terminal's foreground process takes it: a test run started in the background (`make test &`, a CI
# job without job control) passes SIGINT on ignored, and Python then never raises KeyboardInterrupt.
signal.signal(signal.SIGINT, signal.default_int_handler)


class Hold(MetaPathFinder):
    # Stops the console script in the middle of importing HOLD_AT until a signal comes (as a slow disk would).
    # A sleeping loop, not signal.pause(): a SIGINT that lands between the write and pause() (the test reads the
    # line and signals at once; a loaded machine preempts the child right there) would leave pause() waiting forever.
    def find_spec(self, name, path=None, target=None):
        if name == os.environ["HOLD_AT"]:
            sys.meta_path.remove(self)
            os.write(2, b"holding\\n")
            while True:
                time.sleep(0.01)


sys.meta_path.insert(0, Hold())
"""


@pytest.mark.parametrize(("argv", "module", "said"), [
    (["players"], "companion.history", "companion players: interrupted"),  # the verb's module
    (["score", str(EXAMPLES / "41.json")], "companion.origami.cli", "companion score: interrupted"),
    (["--version"], "companion.cli", "companion: interrupted"),  # the command line itself
])
def test_ctrl_c_while_the_verb_loads_says_interrupted(tmp_path: Path, argv: list[str], module: str, said: str) -> None:
    (tmp_path / "sitecustomize.py").write_text(HOLD, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "HOLD_AT": module, "COMPANION_DB": f"sqlite:///{tmp_path}/g.db"}
    process = subprocess.Popen([COMPANION, *argv], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stderr is not None
        assert process.stderr.readline() == "holding\n"  # the import has begun
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (process.returncode, err.strip(), out) == (130, said, "")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_banner(tmp_path: Path, output: int, read: int, env: dict[str, str]) -> str:
    """`companion serve` with its output on `output` (a file, or a terminal's end), read back through `read` until
    the banner is out; then stopped as Ctrl+C stops it."""
    process = subprocess.Popen([COMPANION, "--db", f"sqlite:///{tmp_path}/g.db", "serve", "--port", str(free_port())],
                               stdin=subprocess.DEVNULL, stdout=output, stderr=output,
                               env={**os.environ, "COLUMNS": "200", **env})
    text = b""
    try:
        deadline = time.monotonic() + 60
        while b"Press Ctrl+C" not in text and time.monotonic() < deadline and process.poll() is None:
            if select.select([read], [], [], 0.5)[0]:
                text += os.read(read, 65536)
        process.send_signal(signal.SIGINT)
        process.wait(30)
    finally:
        process.kill()
    assert b"Press Ctrl+C" in text, text[-500:]
    return text.decode("utf-8")


def test_the_serve_banner_has_colour_codes_only_in_a_terminal_without_no_color(tmp_path: Path) -> None:
    written = tmp_path / "banner.txt"
    with written.open("wb") as file, written.open("rb") as back:
        into_a_file = serve_banner(tmp_path, file.fileno(), back.fileno(), {})
    assert "/table?key=" in into_a_file and "█" in into_a_file and ESCAPE not in into_a_file
    for env, coloured in (({}, True), ({"NO_COLOR": "1"}, False)):
        terminal, other_end = pty.openpty()
        try:
            shown = serve_banner(tmp_path, other_end, terminal, env)
        finally:
            os.close(terminal)
            os.close(other_end)
        assert "/table?key=" in shown and (ESCAPE in shown) == coloured, env


def test_the_csv_carries_origin_story_with_local_times_and_a_bom(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    history(url)
    recorded(url)  # an Origin Story game for three, finished
    done = companion("--db", url, "export", "--csv", "-", env={"TZ": "Asia/Kolkata"})  # no summer time: IST always
    assert done.returncode == 0 and done.stderr.strip() == "3 finished games written to -", done.stderr
    assert done.stdout.startswith("\ufeffgame,")
    rows = list(csv.DictReader(io.StringIO(done.stdout.removeprefix("\ufeff"))))
    assert [r["game_name"] for r in rows] == ["Origami"] * 4 + ["Origin Story"] * 3
    assert {r["variant"] for r in rows if r["game_name"] == "Origin Story"} == {"table"}
    utc = companion("--db", url, "export", "--csv", "-", env={"TZ": "UTC"})
    stored = [r["finished"] for r in csv.DictReader(io.StringIO(utc.stdout.removeprefix("\ufeff")))]
    assert stored and all(at.endswith(" UTC") for at in stored)
    assert [r["finished"] for r in rows] == [
        f"{datetime.strptime(at, '%Y-%m-%d %H:%M UTC') + timedelta(hours=5, minutes=30):%Y-%m-%d %H:%M} IST"
        for at in stored]
