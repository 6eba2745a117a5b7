"""A game is a plug-in: opening one game's screen loads none of the other game's screens or engine (what both use
lives in the shared screens/ modules). Each module is imported in a fresh interpreter, so nothing another test
loaded counts."""
from __future__ import annotations

import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OTHER = {"origin": ("scoring.origami", "screens.origami"), "origami": ("scoring.origin", "screens.origin")}
PROBE = """
import importlib, sys
importlib.import_module(sys.argv[1])
print(sorted(m for m in sys.modules if any(m == p or m.startswith(p + ".") for p in sys.argv[2:])))
"""


def screen_modules(game: str) -> list[str]:
    return [f"screens.{game}.{m.name}" for m in pkgutil.iter_modules([str(ROOT / "screens" / game)])]


@pytest.mark.parametrize(("game", "module"), [(g, m) for g in OTHER for m in screen_modules(g)])
def test_a_games_screen_loads_nothing_of_the_other_game(game: str, module: str) -> None:
    other = OTHER[game]
    done = subprocess.run([sys.executable, "-c", PROBE, module, *other], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.strip() == "[]", f"{module} loads {done.stdout.strip()}"


def test_every_screen_module_is_probed() -> None:
    assert len(screen_modules("origin")) >= 10 and len(screen_modules("origami")) >= 10


def test_every_shared_screen_module_is_held_to_knowing_neither_game() -> None:
    """The import-linter contract lists the shared modules by name: a new one must be added there too."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    shared = next(c for c in contracts["contracts"] if c["name"] == "What both games' screens share knows neither game")
    modules = {f"screens.{m.name}" for m in pkgutil.iter_modules([str(ROOT / "screens")]) if not m.ispkg}
    assert modules == set(shared["source_modules"])
