"""The console script as a person meets it: `companion` in a real terminal against a bare Textual app (one Static),
first paint and Home usable (a key pressed the moment Home shows has acted: the players screen is on); `companion
--help`, `--version` and a non-app verb against `python -c pass`; and Home's first paint in Italian against the same
in English (its catalogue compiled once, as after a user's first start)."""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from companion.languages import use
from scoring.i18n import ENGLISH, _

from .terminal import BARE_KEY, BIN, run_time, screen_times

# A round is about a second; at 7 rounds Home usable moved 1.34–1.84× between two runs on the same code (load 1–2),
# at 80 alternated rounds 1.47–1.51×: the start-up's medians need more than a handful.
ROUNDS = 21
FIRST_PAINT = "Origami: new game"  # Home's menu, there from the first frame
PLAYERS = "Head-to-head"  # the players screen's footer: `p`, pressed on Home, has acted
BARE_PUSHED = "A pushed screen"
TABLE = Path(__file__).resolve().parent.parent / "examples"


def in_language(code: str, text: str) -> str:
    """`text` as the companion shows it in the language `code`."""
    use(code)
    try:
        return _(text)
    finally:
        use(ENGLISH)


def companion_screen(url: str, timeout: float = 60.0, language: str = ENGLISH, cache: str = "") -> list[float]:
    """First paint, and Home usable: `p` typed the moment Home shows, until the players screen is on (a key pressed
    while the database opens waits for it: Home is usable when that key has acted)."""
    env = {"COMPANION_DB": url, **({"COMPANION_CACHE": cache} if cache else {})}
    marks = [in_language(language, FIRST_PAINT), in_language(language, PLAYERS)]
    return screen_times([str(BIN / "companion"), "--lang", language], marks, env=env, timeout=timeout,
                        keys={0: b"p"})


def bare_screen() -> list[float]:
    """A bare app's paint, and its own key acting (a screen of one Static pushed)."""
    return screen_times([sys.executable, "-c", BARE_KEY], ["Hello from a bare app", BARE_PUSHED], keys={0: b"p"})


def ratio_line(name: str, seconds: float, base_name: str, base: float, target: str) -> None:
    print(f"{name:<44} {seconds * 1000:9.1f} ms   {seconds / base:5.2f}× {base_name} ({base * 1000:.1f} ms)"
          f"   target ≤ {target}")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        cache = str(Path(folder) / "cache")
        companion_screen(url)  # creates the database, as a first run does once
        companion_screen(url, language="it", cache=cache)  # compiles the Italian catalogue, as a first start does
        bare, bare_key, paint, usable, italian = [], [], [], [], []
        for _round in range(ROUNDS):  # alternated: all see the same moments of a noisy machine
            shown, pushed = bare_screen()
            bare.append(shown)
            bare_key.append(pushed)
            first, ready = companion_screen(url, cache=cache)
            paint.append(first)
            usable.append(ready)
            italian.append(companion_screen(url, language="it", cache=cache)[0])
        b = statistics.median(bare)
        print(f"console script in a terminal (median of {ROUNDS}, each its own process):")
        ratio_line("  `companion` first paint", statistics.median(paint), "a bare Textual app", b, "1.3×")
        ratio_line("  `companion` Home usable (`p` acted)", statistics.median(usable), "a bare Textual app",
                   b, "1.6×")
        ratio_line("    (against the bare app's own key)", statistics.median(usable), "a bare app's key",
                   statistics.median(bare_key), "(report)")
        ratio_line("  `companion --lang it` first paint", statistics.median(italian), "English's",
                   statistics.median(paint), "1×")
        table = next(iter(sorted(TABLE.glob("*.json"))), None)
        commands = [("--help", ["--help"]), ("--version", ["--version"])]
        if table is not None:
            commands.append((f"score {table.name}", ["score", str(table)]))
        times: dict[str, list[float]] = {"pass": [], **{name: [] for name, _argv in commands}}
        for _round in range(ROUNDS):
            times["pass"].append(run_time([sys.executable, "-c", "pass"])[0])
            for name, argv in commands:
                times[name].append(run_time([str(BIN / "companion"), *argv], env={"COMPANION_DB": url})[0])
        base = statistics.median(times["pass"])
        for name, _argv in commands:
            ratio_line(f"  `companion {name}`", statistics.median(times[name]), "`python -c pass`", base,
                       "4×" if name.startswith("--") else "(report)")


if __name__ == "__main__":
    main()
